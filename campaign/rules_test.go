package campaign

import (
	"fmt"
	"strings"
	"testing"
)

// A small world for rule tests:
//
//	  ABCDE
//	1 ~~c..
//	2 ~c...
//	3 ~c.fh
//	4 ~~cs.
const smallMap = `[grid]
   1 ~~c..
   2 ~c...
   3 ~c.fh
   4 ~~cs.
`

type world struct {
	t *testing.T
	m *Map
	s *State
}

func newWorld(t *testing.T) *world {
	t.Helper()
	m, err := ParseMap("small.txt", []byte(smallMap))
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewState(m, "small", "seed", []PlayerSetup{
		{ID: "red", Race: "Empire", Capital: mustCoord(t, "E1"), Allies: []string{"green"}},
		{ID: "blue", Race: "Orcs", Capital: mustCoord(t, "E4")},
		{ID: "green", Race: "Dwarfs", Capital: mustCoord(t, "C1"), Allies: []string{"red"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return &world{t: t, m: m, s: s}
}

func (w *world) square(at, owner string, value int) *world {
	w.s.Squares[mustCoord(w.t, at)] = SquareState{Owner: owner, Value: value, Explored: true}
	return w
}

func (w *world) army(id, owner, at string, points int) *world {
	w.s.Armies = append(w.s.Armies, Army{ID: id, Owner: owner, At: mustCoord(w.t, at), Points: points})
	return w
}

func (w *world) fleet(id, owner, at string) *world {
	w.s.Fleets = append(w.s.Fleets, Fleet{ID: id, Owner: owner, At: mustCoord(w.t, at)})
	return w
}

// play resolves a turn with scripted dice; the turn order comes first:
// red, blue, green roll the first three faces.
func (w *world) play(in Input, faces ...int) *Outcome {
	w.t.Helper()
	d := ScriptedDice(faces...)
	out, err := Resolve(w.m, Rules{}, w.s, in, d)
	if err != nil {
		w.t.Fatal(err)
	}
	if d.Remaining() != 0 {
		w.t.Fatalf("%d scripted faces unused; events:\n%s", d.Remaining(), brief(out.Events))
	}
	return out
}

func orders(player string, os ...Order) Input {
	return Input{Orders: []OrderSet{{Player: player, Orders: os}}}
}

// brief renders the events after the turn order, one short line each.
func brief(events []Event) string {
	var b strings.Builder
	for _, e := range events {
		if e.Kind == EventTurnOrder {
			continue
		}
		fmt.Fprintf(&b, "%s %s", e.Kind, e.Unit)
		if e.To != nil {
			fmt.Fprintf(&b, " %s", e.To)
		}
		if e.Check != nil {
			c := e.Check
			if c.Automatic {
				fmt.Fprintf(&b, " %s auto", c.Action)
			} else {
				var mods []string
				for _, m := range c.Modifiers {
					mods = append(mods, fmt.Sprintf("%s%+d", m.Reason, m.Value))
				}
				fmt.Fprintf(&b, " %s %d[%s] n=%d D=%d %v %v", c.Action, c.Base, strings.Join(mods, " "), c.OrderN, c.Target, c.Roll.Dice, c.Passed)
			}
		}
		if e.Problem != nil {
			fmt.Fprintf(&b, " %s", e.Problem.Code)
		}
		if e.Battle != "" {
			fmt.Fprintf(&b, " %s", e.Battle)
		}
		if e.Note != "" {
			fmt.Fprintf(&b, " (%s)", e.Note)
		}
		if e.Value != 0 {
			fmt.Fprintf(&b, " =%d", e.Value)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func expect(t *testing.T, out *Outcome, want string) {
	t.Helper()
	if got := brief(out.Events); got != want {
		t.Errorf("events:\n%s\nwant:\n%s", got, want)
	}
}

func TestEmbarkSailLand(t *testing.T) {
	w := newWorld(t).army("A9", "red", "C1", 500).fleet("F1", "red", "C1").square("C1", "red", 2)
	out := w.play(orders("red",
		Embark{Army: "A9", Fleet: "F1"},
		Sail{Fleet: "F1", Path: []Coord{mustCoord(t, "B1"), mustCoord(t, "B2")}},
		Disembark{Army: "A9"},
		Move{Army: "A9", Path: []Coord{mustCoord(t, "C3")}},
	),
		6, 5, 4, // turn order
		4, 5, // embark: flat 9, no penalty even as… first order [A25]
		3, 3, // F1 → B1: 9, n=2 (the embark counted for the fleet [A26]) → D 8
		2, 2, // F1 → B2: n=3 → D 7
		1, 2, // land in B2: free +1, n=2 for the army → D 9
		3, 3, // explore B2: value 1
	)
	expect(t, out, `check A9 C1 embark 9[] n=1 D=9 [4 5] true
embarked A9 C1
check F1 B1 sail 9[] n=2 D=8 [3 3] true
sailed F1 B1
check F1 B2 sail 9[] n=3 D=7 [2 2] true
sailed F1 B2
check A9 B2 disembark 9[dest-free+1] n=2 D=9 [1 2] true
landed A9 B2 =500
explored A9 B2 =1
rejected A9 landed
`)
	a := out.State.Army("A9")
	if a.At != mustCoord(t, "B2") || a.Aboard != "" || out.State.Fleet("F1").Cargo != "" {
		t.Errorf("after landing: %+v %+v", a, out.State.Fleet("F1"))
	}
}

func TestPortIsAutomaticButCounts(t *testing.T) {
	w := newWorld(t).army("A9", "red", "C1", 500).fleet("F1", "red", "C1").square("C1", "red", 5)
	out := w.play(orders("red",
		Embark{Army: "A9", Fleet: "F1"},
		Sail{Fleet: "F1", Path: []Coord{mustCoord(t, "B1")}},
	), 6, 5, 4, 6, 6) // 12 > 8: the automatic embark still counted for the fleet [A29]
	expect(t, out, `check A9 C1 embark auto
embarked A9 C1
check F1 B1 sail 9[] n=2 D=8 [6 6] false
halted F1 B1
`)
}

func TestWaterRefusals(t *testing.T) {
	w := newWorld(t).army("A9", "red", "C2", 1000).army("A8", "red", "D2", 500).fleet("F1", "red", "B2")
	out := w.play(orders("red",
		Embark{Army: "A9", Fleet: "F1"},                      // too big
		Embark{Army: "A8", Fleet: "F1"},                      // not in the fleet's square
		Sail{Fleet: "F1", Path: []Coord{mustCoord(t, "C2")}}, // land: no water
		Disembark{Army: "A8"},                                // not aboard
		Embark{Army: "A8", Fleet: "F7"},                      // no such fleet
		Move{Army: "A8", Path: []Coord{mustCoord(t, "D3")}},  // forest: moderate, fine for 500
	), 6, 5, 4, 1, 1, 3, 4)
	expect(t, out, `rejected A9 too-big-to-embark
rejected A8 not-with-fleet
rejected F1 no-water
rejected A8 not-aboard
rejected A8 unknown-fleet
check A8 D3 move 9[dest-free+1 terrain-moderate-1] n=1 D=9 [1 1] true
moved A8 D3 =500
explored A8 D3
`)
}
