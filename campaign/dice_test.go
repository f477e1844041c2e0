package campaign

import (
	"slices"
	"testing"
)

func faces(d *Dice, n int) []int {
	var out []int
	for range n {
		out = append(out, d.Roll(1, "t").Dice[0])
	}
	return out
}

func TestDiceSameSeedSameRolls(t *testing.T) {
	a, b := faces(NewDice("abc", 3), 200), faces(NewDice("abc", 3), 200)
	if !slices.Equal(a, b) {
		t.Fatal("same seed and turn gave different rolls")
	}
	if slices.Equal(a, faces(NewDice("abc", 4), 200)) || slices.Equal(a, faces(NewDice("abd", 3), 200)) {
		t.Fatal("another turn or seed gave the same rolls")
	}
}

// The stream is part of the campaign record (players may recompute it), so
// its first faces are pinned: a change here breaks old campaigns.
func TestDiceStreamIsPinned(t *testing.T) {
	got := faces(NewDice("5eed0f7e1c0a2d3b", 1), 12)
	want := []int{4, 3, 3, 2, 3, 6, 3, 6, 6, 5, 5, 4}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestDiceFair(t *testing.T) {
	d := NewDice("fair", 1)
	var count [7]int
	const n = 60000
	for _, f := range faces(d, n) {
		count[f]++
	}
	for f := 1; f <= 6; f++ {
		if count[f] < n/6-600 || count[f] > n/6+600 { // > 6 standard deviations
			t.Errorf("face %d came %d times in %d", f, count[f], n)
		}
	}
}

func TestDiceRecordsEveryRoll(t *testing.T) {
	d := ScriptedDice(3, 4, 6)
	r := d.Roll(2, "A1 move E11→E10")
	d.Roll(1, "turn order: empire")
	if r.Total() != 7 || !slices.Equal(r.Dice, []int{3, 4}) {
		t.Fatalf("roll %+v", r)
	}
	log := d.Rolls()
	if len(log) != 2 || log[0].Purpose != "A1 move E11→E10" || log[1].Dice[0] != 6 {
		t.Fatalf("log %+v", log)
	}
	if d.Err() != nil || d.Remaining() != 0 {
		t.Fatal(d.Err(), d.Remaining())
	}
}

func TestScriptedDiceErrors(t *testing.T) {
	d := ScriptedDice(2)
	d.Roll(2, "x")
	if d.Err() == nil || d.Err().Error() != "campaign: the scripted dice ran out after 0 rolls" {
		t.Errorf("got %v", d.Err())
	}
	d = ScriptedDice(7)
	d.Roll(1, "x")
	if d.Err() == nil || d.Err().Error() != "campaign: scripted die face 7 is not 1–6" {
		t.Errorf("got %v", d.Err())
	}
}

func TestTurnSeedsAndCommitments(t *testing.T) {
	a, b := TurnSeed("secret", 1), TurnSeed("secret", 2)
	if a == b || a != TurnSeed("secret", 1) || a == TurnSeed("other", 1) || len(a) != 32 {
		t.Fatalf("turn seeds %q %q", a, b)
	}
	if c := SeedCommitment(a); len(c) != 64 || c == SeedCommitment(b) || c != SeedCommitment(a) {
		t.Fatalf("commitment %q", c)
	}
	// Pinned: published commitments must keep verifying forever.
	if s := TurnSeed("5eed0f7e1c0a2d3b", 1); s != "e9b30d35589a8be4fce334d3f627dee2" ||
		SeedCommitment(s) != "a7c13677e106e03ac790ae9005838e9c19dd9e48c7daa1ccac42dfb1d8118773" {
		t.Fatalf("turn 1 seed %q, commitment %q", s, SeedCommitment(s))
	}
}

// TestCheckRecordsPenaltyAndBlunder: a check keeps the −(n−1) of its
// order (D2) and whether a 12 failed it within its target (D1's optional
// rule), so reports tell what was applied instead of working it out.
func TestCheckRecordsPenaltyAndBlunder(t *testing.T) {
	c := newCheck("move", 9, []Modifier{{"§4.1 #3", "size", -1}}, 3)
	if c.Penalty != -2 || c.Target != 6 {
		t.Errorf("third order: penalty %d, target %d; want -2, 6", c.Penalty, c.Target)
	}
	if c := newCheck("move", 9, nil, 1); c.Penalty != 0 || c.Target != 9 {
		t.Errorf("first order: penalty %d, target %d", c.Penalty, c.Target)
	}
	for _, tc := range []struct {
		target      int
		on12        bool
		passed, blu bool
	}{
		{12, true, false, true},  // within the target, but a 12 always fails
		{12, false, true, false}, // without D1's rule a 12 within the target passes
		{11, true, false, false}, // over the target: a plain failure
	} {
		c := Check{Action: "move", Base: tc.target, OrderN: 1, Target: tc.target}
		c.roll(ScriptedDice(6, 6), Rules{BlunderOn12: tc.on12}, "test")
		if c.Passed != tc.passed || c.Blunder != tc.blu {
			t.Errorf("12 against %d (rule %v): passed %v blunder %v; want %v %v", tc.target, tc.on12, c.Passed, c.Blunder, tc.passed, tc.blu)
		}
	}
}
