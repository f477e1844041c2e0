package campaign

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func move(t testing.TB, army string, squares ...string) Move {
	o := Move{Army: army, SourceLine: 1}
	for _, s := range squares {
		o.Path = append(o.Path, mustCoord(t, s))
	}
	return o
}

// trace renders the events compactly, one per line, for exact comparison.
func trace(events []Event) string {
	var b strings.Builder
	for _, e := range events {
		switch e.Kind {
		case EventTurnOrder:
			var ids []string
			for _, in := range e.Ranking {
				ids = append(ids, fmt.Sprintf("%s%v", in.Player, in.Rolls))
			}
			fmt.Fprintf(&b, "order %s\n", strings.Join(ids, " "))
		case EventCheck:
			c := e.Check
			var mods []string
			for _, m := range c.Modifiers {
				mods = append(mods, fmt.Sprintf("%s%+d", m.Reason, m.Value))
			}
			fmt.Fprintf(&b, "check %s %s→%s base %d [%s] n=%d D=%d roll %v pass=%v\n", e.Unit, e.From, e.To, c.Base, strings.Join(mods, " "), c.OrderN, c.Target, c.Roll.Dice, c.Passed)
		case EventMoved, EventHalted:
			fmt.Fprintf(&b, "%s %s %s→%s\n", e.Kind, e.Unit, e.From, e.To)
		case EventExplored:
			fmt.Fprintf(&b, "explored %s = %d roll %v\n", e.To, e.Value, e.Roll.Dice)
		case EventRejected:
			fmt.Fprintf(&b, "rejected %s %s: %s\n", e.Unit, e.Problem.Code, e.Problem.Text)
		case EventSkipped:
			fmt.Fprintf(&b, "skipped %s\n", e.Order)
		}
	}
	return b.String()
}

func resolve(t *testing.T, s *State, sets []OrderSet, faces ...int) *Outcome {
	t.Helper()
	d := ScriptedDice(faces...)
	out, err := Resolve(exampleMap(t), Rules{}, s, Input{Orders: sets}, d)
	if err != nil {
		t.Fatal(err)
	}
	if d.Remaining() != 0 {
		t.Fatalf("%d scripted faces unused", d.Remaining())
	}
	return out
}

func TestLandMoveChecks(t *testing.T) {
	s := exampleState(t, exampleMap(t))
	out := resolve(t, s, []OrderSet{{Player: "empire", Orders: []Order{move(t, "A1", "E10", "E9", "E8")}}},
		6, 5, 4, 3, // turn order (D5): empire 6, dwarfs 5, orcs 4, chaos 3
		5, 5, // E10: free +1, first order: D = 10; 10 passes
		6, 6, // explore E10: |12−7| = 5 (Table 1)
		4, 5, // E9: free +1, small river −1, second order: D = 8; 9 fails (D2: −(n−1))
	)
	want := `order empire[6] dwarfs[5] orcs[4] chaos[3]
check A1 E11→E10 base 9 [dest-free+1] n=1 D=10 roll [5 5] pass=true
moved A1 E11→E10
explored E10 = 5 roll [6 6]
check A1 E10→E9 base 9 [dest-free+1 terrain-moderate-1] n=2 D=8 roll [4 5] pass=false
halted A1 E10→E9
`
	if got := trace(out.Events); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if a := out.State.Army("A1"); a.At != mustCoord(t, "E10") {
		t.Errorf("A1 at %s, want E10: the first failure ends its turn (§4.1)", a.At)
	}
	if s.Army("A1").At != mustCoord(t, "E11") {
		t.Error("Resolve changed its input state")
	}
	if out.State.Turn != 2 || out.Turn != 1 {
		t.Errorf("turn %d → %d", out.Turn, out.State.Turn)
	}
}

func TestMoveModifiers(t *testing.T) {
	s := exampleState(t, exampleMap(t))
	s.Squares[mustCoord(t, "O11")] = SquareState{Owner: "orcs", Value: 2, Explored: true}
	s.Armies = append(s.Armies, Army{ID: "A9", Owner: "empire", At: mustCoord(t, "P11"), Points: 500})
	out := resolve(t, s, []OrderSet{{Player: "orcs", Orders: []Order{move(t, "A5", "O11")}}},
		1, 2, 3, 4, // turn order: chaos, orcs, dwarfs, empire
		4, 5) // own +2 [A17], 1000 points −1, enemy army in start −1 [A18]: D = 9; 9 passes
	want := `order chaos[4] orcs[3] dwarfs[2] empire[1]
check A5 P11→O11 base 9 [dest-own+2 size-1 enemy-in-start-1] n=1 D=9 roll [4 5] pass=true
moved A5 P11→O11
`
	if got := trace(out.Events); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestGarrisonIsNotAnEnemyForce(t *testing.T) {
	s := exampleState(t, exampleMap(t))
	s.Armies[0].At = mustCoord(t, "P10") // empire A1 in an orc-owned square, no orc army there
	s.Squares[mustCoord(t, "P10")] = SquareState{Owner: "orcs", Value: 4, Explored: true}
	out := resolve(t, s, []OrderSet{{Player: "empire", Orders: []Order{move(t, "A1", "P9")}}},
		6, 5, 4, 3, 1, 1, 3, 4) // D = 9 + 1 free − 2 swamp; explore P9: |7−7| = 0
	if !strings.Contains(trace(out.Events), "[dest-free+1 terrain-difficult-2] n=1 D=8") {
		t.Errorf("garrisons must not count as enemy forces [A18]:\n%s", trace(out.Events))
	}
}

func TestRejectedOrders(t *testing.T) {
	s := exampleState(t, exampleMap(t))
	sets := []OrderSet{{Player: "orcs", Orders: []Order{
		move(t, "A5", "O11", "N11"),               // N11 is impassable terrain
		move(t, "A5", "P13"),                      // not adjacent to P11
		move(t, "A1", "E10"),                      // not an orc army
		move(t, "A77", "E10"),                     // no such army
		move(t, "A5", "Q11", "R11", "S11", "T11"), // T11 is sea
		move(t, "A5", "P10", "P9"),                // P9 is swamp (difficult): 500-point armies only
		move(t, "A5", "P12", "P13"),               // fine: A5 plans to end in P13…
		move(t, "A5", "P11"),                      // …so the next move starts there
	}}, {Player: "empire", Orders: []Order{move(t, "A1", "E10", "E10")}}}
	out := resolve(t, s, sets, 6, 5, 4, 3, 1, 1, 3, 4, 1, 1, 3, 4)
	var got []string
	for _, e := range out.Events {
		if e.Kind == EventRejected {
			got = append(got, e.Unit+" "+e.Problem.Text)
		}
	}
	want := []string{
		"A1 E10 is not next to E10", // the empire acts first
		"A5 N11 is impassable terrain",
		"A5 P13 is not next to P11",
		"A1 army A1 is not yours",
		"A77 there is no army or fleet A77",
		"A5 T11 is sea: armies cross the sea only aboard a fleet",
		"A5 P9 is difficult terrain: only 500-point armies may enter, and A5 has 1000 points",
		"A5 P11 is not next to P13",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestImpassableEdgeIsDirectional(t *testing.T) {
	m := exampleMap(t)
	a := &Army{ID: "A1", At: mustCoord(t, "N9"), Points: 500}
	if p := validateMove(m, a, a.At, move(t, "A1", "N10")); p == nil || p.Code != "impassable-edge" {
		t.Errorf("N9>N10 must block [A20], got %v", p)
	}
	a.At = mustCoord(t, "N10")
	if p := validateMove(m, a, a.At, move(t, "A1", "N9")); p != nil {
		t.Errorf("N10→N9 must be open, got %v", p)
	}
}

func TestHaltedArmySkipsLaterOrders(t *testing.T) {
	s := exampleState(t, exampleMap(t))
	out := resolve(t, s, []OrderSet{{Player: "empire", Orders: []Order{move(t, "A1", "E10"), move(t, "A1", "F10")}}},
		6, 5, 4, 3, 6, 6) // 12 > D 10: fails; the second order is not tried
	want := `order empire[6] dwarfs[5] orcs[4] chaos[3]
check A1 E11→E10 base 9 [dest-free+1] n=1 D=10 roll [6 6] pass=false
halted A1 E11→E10
skipped A1 MOVE F10
`
	if got := trace(out.Events); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestTurnOrderTiesAndInitiative(t *testing.T) {
	s := exampleState(t, exampleMap(t))
	// empire and orcs tie on 6 and re-roll (orcs win 5–2); dwarfs 3, chaos 3 re-roll (chaos 4–1).
	// Orcs roll highest but stand on INITIATIVE LAST (D5).
	out := resolve(t, s, []OrderSet{{Player: "orcs", Initiative: InitiativeLast}}, 6, 3, 6, 3, 2, 5, 1, 4)
	want := "order empire[6 2] chaos[3 4] dwarfs[3 1] orcs[6 5]\n"
	if got := trace(out.Events); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if out.State.Player("orcs").Initiative != InitiativeLast {
		t.Error("INITIATIVE is a standing order: it must persist")
	}
}

func TestSameSeedSameOutcome(t *testing.T) {
	s := exampleState(t, exampleMap(t))
	sets := []OrderSet{{Player: "empire", Orders: []Order{move(t, "A1", "E10", "E9", "E8")}},
		{Player: "chaos", Orders: []Order{move(t, "A6", "H3", "H4")}}}
	a, err := Resolve(exampleMap(t), Rules{}, s, Input{Orders: sets}, NewDice("x", 1))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Resolve(exampleMap(t), Rules{}, s, Input{Orders: sets}, NewDice("x", 1))
	if trace(a.Events) != trace(b.Events) {
		t.Fatal("same seed, different events")
	}
}

func TestChance(t *testing.T) {
	want := map[int]int{1: 0, 2: 1, 7: 21, 8: 26, 9: 30, 11: 35, 12: 36, 15: 36}
	for d, n := range want {
		if got := Chance(d, Rules{}); got != n {
			t.Errorf("P(2D6 ≤ %d) = %d/36, want %d/36", d, got, n)
		}
	}
	// Annex B E06: difficulty 5 is harder than 7 (10/36 against 21/36).
	if Chance(5, Rules{}) != 10 || Chance(7, Rules{}) != 21 {
		t.Error("E06: P(2D6 ≤ 5) = 10/36, P(2D6 ≤ 7) = 21/36")
	}
	if Chance(12, Rules{BlunderOn12: true}) != 35 {
		t.Error("rules.blunder_on_12: a 12 always fails (D1)")
	}
}
