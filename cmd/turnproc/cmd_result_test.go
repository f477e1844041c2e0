package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
)

// withPendingBattle gives the example campaign's first state a battle
// awaiting its result: A1 (empire) attacks the orc capital P11.
func withPendingBattle(t *testing.T) string {
	t.Helper()
	dir := newCampaign(t)
	d := &store.Dir{Root: dir}
	s, err := d.LoadState(1)
	if err != nil {
		t.Fatal(err)
	}
	p11, _ := campaign.ParseCoord("P11")
	s.Armies[0].At = p11
	s.Battles = []campaign.Battle{{ID: "B0-1", Turn: 0, At: p11, Kind: campaign.Siege, Attacker: "empire", Defender: "orcs",
		Garrison: 1000, Forces: []campaign.Force{
			{Army: "A1", Player: "empire", Points: 500, Side: campaign.Attacker, Role: campaign.MainForce, From: p11},
			{Army: "A5", Player: "orcs", Points: 1000, Side: campaign.Defender, Role: campaign.MainForce, From: p11}}}}
	f, err := os.Create(d.StatePath(1))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := s.Encode(f); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestResultCommand(t *testing.T) {
	dir := withPendingBattle(t)
	cases := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"B9-9", "attacker", "1", "1"}, exitUsage,
			"turnproc: error: no battle B9-9 is awaiting a result\nhint: battles awaiting results: B0-1\n"},
		{[]string{"B0-1", "sideways", "1", "1"}, exitUsage,
			"turnproc: error: winner \"sideways\" is not attacker, defender or draw\nhint: write: turnproc result B3-1 attacker 230 450 (winner attacker, defender or draw; the victory points each side suffered)\n"},
		{[]string{"B0-1", "attacker", "-5", "1"}, exitUsage, "victory points \"-5\" are not a whole number from 0 up"},
		{[]string{"B0-1", "attacker", "1"}, exitUsage, "a result needs a battle, a winner and two victory point totals, got 3 word(s)"},
		{[]string{"B0-1", "attacker", "1", "1", "A99=500"}, exitUsage,
			"turnproc: error: campaign: battle B0-1: loss A99=500 names no army, garrison or reserves of the battle\nhint: name the armies, garrison and reserves of that battle: garrison, reserves:empire, reserves:orcs, A1, A5\n"},
		{[]string{"b0-1", "atacante", "230", "450"}, exitOK, ""},
		{[]string{"B0-1", "defender", "230", "450"}, exitUsage, "already has a result"},
		{[]string{"--replace", "B0-1", "draw", "230", "450", "A1=500"}, exitOK, ""},
	}
	for _, c := range cases {
		code, _, stderr := run(t, afterTurn1, append([]string{"result", "--dir", dir}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.stderr) {
			t.Errorf("result %v: exit %d, stderr %q; want %d, %q", c.args, code, stderr, c.code, c.stderr)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "turns", "000", "results", "B0-1.json"))
	if err != nil || !strings.Contains(string(data), `"winner": "draw"`) || !strings.Contains(string(data), `"A1": 500`) {
		t.Errorf("stored result: %s %v", data, err)
	}
}

// TestRunWaitsForResults: a turn with a battle lacking its result does not
// run (D16); once the result is entered, the run applies it.
func TestRunWaitsForResults(t *testing.T) {
	dir := withPendingBattle(t)
	code, _, stderr := run(t, afterTurn1, "run", "--dir", dir)
	want := "turnproc: error: campaign: turn 1 cannot be played: battle B0-1 of turn 0 has no result yet (D16)\n" +
		"hint: enter each result with: turnproc result B0-1 attacker|defender|draw ATTACKER-VP DEFENDER-VP\n"
	if code != exitBlocked || stderr != want {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if _, out, _ := run(t, afterTurn1, "status", "--dir", dir); !strings.Contains(out, "B0-1   siege    P11  empire vs orcs: no result yet") {
		t.Errorf("status must list the battle awaiting its result:\n%s", out)
	}
	if code, _, stderr := run(t, afterTurn1, "result", "--dir", dir, "B0-1", "defender", "500", "100"); code != exitOK {
		t.Fatalf("result: %s", stderr)
	}
	if _, out, _ := run(t, afterTurn1, "status", "--dir", dir); !strings.Contains(out, "result entered: defender, 500/100 VP") {
		t.Errorf("status after the result:\n%s", out)
	}
	if code, _, stderr := run(t, afterTurn1, "run", "--dir", dir); code != exitOK {
		t.Fatalf("run after the result: exit %d: %s", code, stderr)
	}
	s, err := (&store.Dir{Root: dir}).LoadState(2)
	if err != nil {
		t.Fatal(err)
	}
	// The beaten empire suffered 500 VP: it has no reserves, so A1 (500) takes the
	// loss and is destroyed (D14).
	if s.Army("A1") != nil || len(s.Battles) != 0 {
		t.Errorf("after the result: armies %+v battles %+v", s.Armies, s.Battles)
	}
}

func TestResultFlagsAfterArguments(t *testing.T) {
	dir := withPendingBattle(t)
	if code, _, stderr := run(t, afterTurn1, "result", "B0-1", "attacker", "1", "2", "--dir", dir); code != exitOK {
		t.Fatal(stderr)
	}
	if code, _, stderr := run(t, afterTurn1, "result", "B0-1", "draw", "1", "2", "--dir", dir, "--replace"); code != exitOK {
		t.Errorf("the hint's --replace after the arguments: %s", stderr)
	}
}

// TestResultKeysAsMail: turnproc result reads keys as the moderator's
// RESULT lines do, so Garrison, Reserves:Orcs and a1 name what they name
// in a mail.
func TestResultKeysAsMail(t *testing.T) {
	dir := withPendingBattle(t)
	code, _, stderr := run(t, afterTurn1, "result", "--dir", dir, "B0-1", "attacker", "1", "1", "Garrison=100", "Reserves:Orcs=50", "a1=0")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "turns", "000", "results", "B0-1.json"))
	for _, key := range []string{`"garrison": 100`, `"reserves:orcs": 50`, `"A1": 0`} {
		if err != nil || !strings.Contains(string(data), key) {
			t.Errorf("stored result lacks %s: %s %v", key, data, err)
		}
	}
}
