package campaign

import (
	"fmt"
	"testing"
)

// BenchmarkResolveMoves resolves a turn on an open 100×100 map with 64
// players and 1,000 armies, each ordered three steps: the land-movement
// core of issue 3's large-campaign benchmark.
func BenchmarkResolveMoves(b *testing.B) {
	m := NewMap("bench", 100, 100)
	var setups []PlayerSetup
	for p := range 64 {
		setups = append(setups, PlayerSetup{ID: fmt.Sprintf("p%02d", p), Capital: Coord{Col: p % 8 * 12, Row: p / 8 * 12}})
	}
	s, err := NewState(m, "bench", "seed", setups)
	if err != nil {
		b.Fatal(err)
	}
	var sets []OrderSet
	for i := range 1000 {
		owner := setups[i%64].ID
		at := Coord{Col: i % 97, Row: i / 97 * 9}
		s.Armies = append(s.Armies, Army{ID: s.newArmyID(), Owner: owner, At: at, Points: 500})
		path := []Coord{{at.Col + 1, at.Row}, {at.Col + 1, at.Row + 1}, {at.Col + 2, at.Row + 1}}
		sets = append(sets, OrderSet{Player: owner, Orders: []Order{Move{Army: s.Armies[len(s.Armies)-1].ID, Path: path}}})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Resolve(m, Rules{}, s, Input{Orders: sets}, NewDice("seed", 1)); err != nil {
			b.Fatal(err)
		}
	}
}
