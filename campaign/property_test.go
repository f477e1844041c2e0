package campaign

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
)

// randomWorld makes a random map, state and orders from a seed.
func randomWorld(seed uint64) (*Map, *State, func(*State, *rand.Rand) Input) {
	rng := rand.New(rand.NewPCG(seed, 7))
	w, h := 4+rng.IntN(8), 4+rng.IntN(8)
	m := NewMap("random", w, h)
	if rng.IntN(2) == 0 {
		m.Adjacency = Octile
	}
	for i := range m.squares {
		sq := &m.squares[i]
		sq.Kind = Kind(rng.IntN(3))
		sq.Terrain = Terrain(rng.IntN(5))
		sq.Forest = rng.IntN(5) == 0
		sq.River = River(rng.IntN(4))
		sq.Navigable = rng.IntN(2) == 0
		sq.Cliffs = rng.IntN(6) == 0
	}
	var setups []PlayerSetup
	used := map[Coord]bool{}
	for p := range 2 + rng.IntN(3) {
		c := Coord{rng.IntN(w), rng.IntN(h)}
		if used[c] {
			continue
		}
		used[c] = true
		m.Square(c).Kind, m.Square(c).Terrain = Land, Open
		setups = append(setups, PlayerSetup{ID: fmt.Sprintf("p%d", p), Capital: c, Armies: []int{500, 500}})
	}
	s, err := NewState(m, "random", "seed", setups)
	if err != nil {
		panic(err)
	}
	if len(s.Players) > 2 {
		s.Players[0].Allies, s.Players[1].Allies = []string{s.Players[1].ID}, []string{s.Players[0].ID}
	}
	for range rng.IntN(6) {
		c := Coord{rng.IntN(w), rng.IntN(h)}
		s.Fleets = append(s.Fleets, Fleet{ID: s.newFleetID(), Owner: s.Players[rng.IntN(len(s.Players))].ID, At: c})
	}
	orders := func(s *State, rng *rand.Rand) Input {
		sq := func() Coord { return Coord{rng.IntN(w+2) - 1, rng.IntN(h+2) - 1} }
		var in Input
		for _, p := range s.Players {
			set := OrderSet{Player: p.ID}
			for range rng.IntN(8) {
				a := fmt.Sprintf("A%d", 1+rng.IntN(s.NextArmy+1))
				f := fmt.Sprintf("F%d", 1+rng.IntN(s.NextFleet+1))
				var o Order
				switch rng.IntN(9) {
				case 0:
					o = Move{Army: a, Path: []Coord{sq(), sq()}}
				case 1:
					o = Sail{Fleet: f, Path: []Coord{sq()}}
				case 2:
					o = Embark{Army: a, Fleet: f}
				case 3:
					o = Disembark{Army: a}
				case 4:
					o = Claim{Army: a}
				case 5:
					o = Pillage{Army: a}
				case 6:
					o = Improve{Army: a}
				case 7:
					o = Build{Army: a}
				default:
					set.Reorganisations = append(set.Reorganisations, Reorganise{Armies: []string{a}, Sizes: []int{500 * (1 + rng.IntN(3)), 500}})
					continue
				}
				set.Orders = append(set.Orders, o)
			}
			if rng.IntN(3) == 0 {
				set.Muster = append(set.Muster, Muster{Kind: Raise, At: p.Capital, Points: 500})
			}
			in.Orders = append(in.Orders, set)
		}
		for _, b := range s.Battles {
			in.Results = append(in.Results, BattleResult{Battle: b.ID, Winner: []Side{Attacker, Defender, Draw}[rng.IntN(3)],
				AttackerVP: rng.IntN(b.sidePointsAll(Attacker) + 1), DefenderVP: rng.IntN(b.sidePointsAll(Defender) + 1)})
		}
		return in
	}
	return m, s, orders
}

func encode(t *testing.T, out *Outcome) []byte {
	var b bytes.Buffer
	if err := out.State.Encode(&b); err != nil {
		t.Fatal(err)
	}
	ev, _ := json.Marshal(out.Events)
	return append(b.Bytes(), ev...)
}

// TestProperties plays random turns on random maps: no panic, every army
// on a legal square with a legal size, no points created outside a
// balance, and the same seed gives the same outcome.
func TestProperties(t *testing.T) {
	for seed := range uint64(300) {
		m, s, orders := randomWorld(seed)
		rng := rand.New(rand.NewPCG(seed, 11))
		for turn := 1; turn <= 5; turn++ {
			in := orders(s, rng)
			out, err := Resolve(m, Rules{}, s, in, NewDice("seed", s.Turn))
			if err != nil {
				t.Fatalf("seed %d turn %d: %v", seed, turn, err)
			}
			again, _ := Resolve(m, Rules{}, s, in, NewDice("seed", s.Turn))
			if !bytes.Equal(encode(t, out), encode(t, again)) {
				t.Fatalf("seed %d turn %d: same seed, different outcome", seed, turn)
			}
			checkInvariants(t, fmt.Sprintf("seed %d turn %d", seed, turn), m, s, out.State, balanceDue(s.Turn))
			s = out.State
		}
	}
}

func checkInvariants(t *testing.T, where string, m *Map, before, after *State, balance bool) {
	t.Helper()
	for _, a := range after.Armies {
		sq := m.Square(a.At)
		switch {
		case !LegalArmySize(a.Points):
			t.Fatalf("%s: army %s has %d points", where, a.ID, a.Points)
		case sq == nil:
			t.Fatalf("%s: army %s off the map at %s", where, a.ID, a.At)
		case a.Aboard == "" && !sq.Kind.HasLand():
			t.Fatalf("%s: army %s ashore in sea square %s", where, a.ID, a.At)
		case a.Aboard != "" && (after.Fleet(a.Aboard) == nil || after.Fleet(a.Aboard).At != a.At || after.Fleet(a.Aboard).Cargo != a.ID):
			t.Fatalf("%s: army %s aboard %s is not where its fleet is", where, a.ID, a.Aboard)
		}
	}
	for _, p := range after.Players {
		if p.Reserves < 0 {
			t.Fatalf("%s: %s has negative reserves", where, p.ID)
		}
		if !balance && after.FieldedPoints(p.ID)+p.Reserves > before.FieldedPoints(p.ID)+before.Player(p.ID).Reserves {
			t.Fatalf("%s: %s gained points outside a balance: %d+%d → %d+%d", where, p.ID,
				before.FieldedPoints(p.ID), before.Player(p.ID).Reserves, after.FieldedPoints(p.ID), p.Reserves)
		}
		if balance && after.FieldedPoints(p.ID)+p.Reserves > PointsPerValue*after.EmpireValue(p.ID) &&
			after.FieldedPoints(p.ID) > PointsPerValue*after.EmpireValue(p.ID) {
			t.Fatalf("%s: %s fields more than its empire after a balance", where, p.ID)
		}
	}
	var buf bytes.Buffer
	after.Encode(&buf)
	if _, err := DecodeState("after", &buf); err != nil {
		t.Fatalf("%s: the new state does not load: %v", where, err)
	}
}
