package campaign

import (
	"strings"
	"testing"
)

func sq(t *testing.T, s string) Coord { return mustCoord(t, s) }

func TestClaimFreeSquare(t *testing.T) {
	w := newWorld(t).square("D1", "red", 2).square("E2", "blue", 1).square("D2", "", 3).army("A9", "red", "D2", 1000)
	out := w.play(orders("red", Claim{Army: "A9"}, Improve{Army: "A9"}),
		6, 5, 4,
		4, 4) // D = 7 − 1 adjacent enemy (E2) + 1 adjacent own (D1) + 1 size (1000) = 8 (Table 5.1a)
	expect(t, out, `check A9 D2 claim 7[adjacent-enemy-1 adjacent-own+1 size-bonus+1] n=1 D=8 [4 4] true
claimed A9 D2 =3
rejected A9 second-special
`)
	if got := out.State.Square(sq(t, "D2")); got.Owner != "red" || got.Value != 3 {
		t.Errorf("D2 = %+v: a free square is claimed at its value (§5.1)", got)
	}
}

func TestClaimEnemySquare(t *testing.T) {
	w := newWorld(t).square("D1", "red", 2).square("D2", "blue", 2).army("A9", "red", "D2", 500)
	out := w.play(orders("red", Claim{Army: "A9"}), 6, 5, 4,
		1, 2) // D = 7 − 2 (enemy value) + 1 own neighbour = 6
	expect(t, out, `check A9 D2 claim 7[enemy-value-2 adjacent-own+1] n=1 D=6 [1 2] true
claimed A9 D2 (blue) =1
`)
}

func TestFailedClaims(t *testing.T) {
	// Against a garrison under 300 nothing happens [A35]; against 300+ a
	// battle at the end of the turn; a fortified square means a siege with no roll [A76].
	w := newWorld(t).square("D1", "red", 2).square("C3", "red", 1).
		square("D2", "blue", 2).square("D3", "blue", 3).square("C2", "blue", 6).
		army("A7", "red", "D2", 500).army("A8", "red", "D3", 500).army("A9", "red", "C2", 500)
	out := w.play(orders("red", Claim{Army: "A7"}, Claim{Army: "A8"}, Claim{Army: "A9"}),
		6, 5, 4,
		6, 6, // A7: 7 − 2 value − 2 enemy neighbours (C2, D3) + 1 own (D1) = 4
		6, 6) // A8: 7 − 3 value − 1 enemy neighbour (D2) + 1 own (C3) = 4
	expect(t, out, `check A7 D2 claim 7[enemy-value-2 adjacent-enemy-2 adjacent-own+1] n=1 D=4 [6 6] false
failed A7 D2 (nothing)
check A8 D3 claim 7[enemy-value-3 adjacent-enemy-1 adjacent-own+1] n=1 D=4 [6 6] false
failed A8 D3 (battle)
failed A9 C2 (siege)
battle  C2 B1-1 (siege)
battle  D3 B1-2 (garrison)
`)
	if b := out.Battles[0]; b.Kind != Siege || b.Cause != "claim" || b.Garrison != 600 {
		t.Errorf("C2 siege: %+v", b)
	}
	if b := out.Battles[1]; b.Kind != GarrisonBattle || b.Garrison != 300 || b.Cause != "claim" || b.Defender != "blue" || b.Attacker != "red" {
		t.Errorf("D3 battle: %+v", b)
	}
	if len(out.State.Battles) != 2 {
		t.Error("the state must keep the battles awaiting results (D16)")
	}
}

func TestPillage(t *testing.T) {
	w := newWorld(t).square("D1", "red", 2).square("E2", "red", 4).square("D2", "blue", 4).square("C3", "blue", 1).
		army("A8", "red", "D2", 1000).army("A9", "red", "C3", 500)
	out := w.play(orders("red", Pillage{Army: "A8", Bonus: ptr(sq(t, "E2"))}, Pillage{Army: "A9"}),
		6, 5, 4,
		2, 2, // A8: D = 7 − 4 + 1 (size) = 4
		1, 2) // A9: D = 7 − 1 = 6
	expect(t, out, `check A8 D2 pillage 7[enemy-value-4 size-bonus+1] n=1 D=4 [2 2] true
pillaged A8 D2 =2
bonus A8 E2 =5
check A9 C3 pillage 7[enemy-value-1] n=1 D=6 [1 2] true
pillaged A9 C3
`)
	if got := out.State.Square(sq(t, "D2")); got.Owner != "blue" || got.Value != 2 {
		t.Errorf("D2 = %+v: −2, owner kept (§5.1)", got)
	}
	if got := out.State.Square(sq(t, "C3")); got.Owner != "" {
		t.Errorf("C3 = %+v: a value-1 square becomes free [A39]", got)
	}
	if len(out.Battles) != 0 {
		t.Errorf("no battle in squares of value < 3: %+v", out.Battles)
	}
}

func TestImproveAndBuild(t *testing.T) {
	w := newWorld(t).square("B2", "red", 3).square("D2", "red", 2).
		army("A7", "red", "D2", 500).army("A8", "red", "D2", 500).army("A9", "red", "B2", 1000)
	w.s.NextFleet = 0
	out := w.play(orders("red", Improve{Army: "A7"}, Improve{Army: "A8"}, Build{Army: "A9"},
		Move{Army: "A9", Path: []Coord{sq(t, "C2")}}),
		6, 5, 4,
		1, 2, // A7: D = 7 − 3 (level to reach) = 4
		2, 2) // A9 build: D = −1 (base, Annex B S08) + 3 value + 2 (1000 points = 2 blocks [A45]) = 4
	expect(t, out, `check A7 D2 improve 7[target-level-3] n=1 D=4 [1 2] true
improved A7 D2 =3
rejected A8 improved-already
check A9 B2 build -1[value+3 size-blocks+2] n=1 D=4 [2 2] true
built A9 B2
skipped A9
fleet F1 B2
`)
	if f := out.State.Fleet("F1"); f == nil || f.Owner != "red" || f.At != sq(t, "B2") {
		t.Errorf("fleet F1: %+v (D10: placed at the end of the turn)", f)
	}
}

func TestReorganise(t *testing.T) {
	w := newWorld(t).army("A8", "red", "E1", 500).army("A9", "red", "E1", 1500).army("A7", "red", "D1", 500)
	w.s.NextArmy = 9
	in := Input{Orders: []OrderSet{{Player: "red", Reorganisations: []Reorganise{
		{Armies: []string{"A8", "A9"}, Sizes: []int{1000, 1000}},
		{Armies: []string{"A8"}, Sizes: []int{500, 500}},
		{Armies: []string{"A7", "A9"}},                    // not together (D8)
		{Armies: []string{"A9"}, Sizes: []int{500, 1000}}, // points differ
	}}}}
	out := w.play(in, 6, 5, 4)
	var got []string
	for _, e := range out.Events {
		switch e.Kind {
		case EventReorganised:
			got = append(got, e.Order+" → "+strings.Join(e.Units, " "))
		case EventRejected:
			got = append(got, e.Order+" ✗ "+e.Problem.Code)
		}
	}
	want := []string{
		"REORGANIZE A8 A9 INTO 1000 1000 → A8 A9",
		"REORGANIZE A8 INTO 500 500 → A8 A10",
		"MERGE A7 A9 ✗ not-together",
		"REORGANIZE A9 INTO 500 1000 ✗ points-differ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if a := out.State.Army("A10"); a == nil || a.Points != 500 || out.State.FieldedPoints("red") != 2500 {
		t.Errorf("points must be conserved (D8): %+v", out.State.Armies)
	}
}

func ptr[T any](v T) *T { return &v }
