package campaign

import (
	"fmt"
	"testing"
)

// BenchmarkResolveMoves resolves a turn of a large campaign: an open
// 100×100 map, 64 players, 1,000 armies and 5,000 orders (each army a
// three-step move, an embark attempt, a claim, an improve and a second move).
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
		id := s.Armies[len(s.Armies)-1].ID
		sets = append(sets, OrderSet{Player: owner, Orders: []Order{Move{Army: id, Path: path},
			Embark{Army: id, Fleet: "F1"}, Claim{Army: id}, Improve{Army: id}, Move{Army: id, Path: path[:1]}}})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Resolve(m, Rules{}, s, Input{Orders: sets}, NewDice("seed", 1)); err != nil {
			b.Fatal(err)
		}
	}
}
