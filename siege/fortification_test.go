package siege

import (
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

func TestCapacity(t *testing.T) {
	// D18: 300 × value; the excess deploys outside. Annex B E17: value 5 holds 1500.
	cases := []struct{ value, points, capacity, outside int }{
		{5, 1500, 1500, 0}, {5, 2000, 1500, 500}, {10, 2500, 3000, 0}, {0, 500, 0, 500},
	}
	for _, c := range cases {
		if got := Capacity(c.value); got != c.capacity {
			t.Errorf("Capacity(%d) = %d, want %d", c.value, got, c.capacity)
		}
		if got := Outside(c.points, c.value); got != c.outside {
			t.Errorf("Outside(%d, %d) = %d, want %d", c.points, c.value, got, c.outside)
		}
	}
}

func TestEquipmentBudget(t *testing.T) {
	// D19, Annex B S12: ⌊15% × points⌋ for the main attacker and defender.
	for points, want := range map[int]int{1000: 150, 1500: 225, 2300: 345, 2510: 376, 0: 0} {
		if got := EquipmentBudget(points); got != want {
			t.Errorf("EquipmentBudget(%d) = %d, want %d", points, got, want)
		}
	}
}

func TestCastleMaterial(t *testing.T) {
	// D20: stone for a capital or value ≥8, else wood; the map may override.
	cases := []struct {
		sq      *campaign.Square
		value   int
		capital bool
		want    campaign.Material
	}{
		{nil, 5, false, campaign.Wood},
		{nil, 7, false, campaign.Wood},
		{nil, 8, false, campaign.Stone},
		{nil, 5, true, campaign.Stone},
		{&campaign.Square{Material: campaign.Wood}, 10, true, campaign.Wood},
		{&campaign.Square{Material: campaign.Stone}, 5, false, campaign.Stone},
	}
	for _, c := range cases {
		if got := CastleMaterial(c.sq, c.value, c.capital); got != c.want {
			t.Errorf("CastleMaterial(%v, %d, %v) = %s, want %s", c.sq, c.value, c.capital, got, c.want)
		}
	}
}
