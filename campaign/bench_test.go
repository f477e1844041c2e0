package campaign

import (
	"fmt"
	"testing"
)

// BenchmarkResolveTurn resolves one turn of a large campaign (the
// large size: 64 players, 100×100 squares, 1,000 armies, 5,000 orders) and of
// one half its size, to show that the cost grows linearly. Each army gets
// five orders: a three-step move, an embark attempt, a claim, an improve
// and a one-step move.
func BenchmarkResolveTurn(b *testing.B) {
	for _, size := range []struct{ players, side, armies int }{{32, 71, 500}, {64, 100, 1000}} {
		b.Run(fmt.Sprintf("players=%d/map=%dx%d/armies=%d/orders=%d", size.players, size.side, size.side, size.armies, 5*size.armies), func(b *testing.B) {
			m, s, in := largeCampaign(b, size.players, size.side, size.armies)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Resolve(m, Rules{}, s, in, NewDice("seed", 1)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func largeCampaign(b *testing.B, players, side, armies int) (*Map, *State, Input) {
	m := NewMap("bench", side, side)
	var setups []PlayerSetup
	for p := range players {
		setups = append(setups, PlayerSetup{ID: fmt.Sprintf("p%02d", p), Capital: Coord{Col: p % 8 * (side / 8), Row: p / 8 * (side / 8)}})
	}
	s, err := NewState(m, "bench", "seed", setups)
	if err != nil {
		b.Fatal(err)
	}
	var in Input
	for i := range armies {
		owner := setups[i%players].ID
		at := Coord{Col: i % (side - 3), Row: i / (side - 3) * 9 % (side - 2)}
		id := s.newArmyID()
		s.Armies = append(s.Armies, Army{ID: id, Owner: owner, At: at, Points: 500})
		path := []Coord{{at.Col + 1, at.Row}, {at.Col + 1, at.Row + 1}, {at.Col + 2, at.Row + 1}}
		in.Orders = append(in.Orders, OrderSet{Player: owner, Orders: []Order{Move{Army: id, Path: path},
			Embark{Army: id, Fleet: "F1"}, Claim{Army: id}, Improve{Army: id}, Move{Army: id, Path: path[:1]}}})
	}
	return m, s, in
}
