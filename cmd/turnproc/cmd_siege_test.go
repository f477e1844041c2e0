package main

import (
	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/siege"
)

func readSiege(t *testing.T, dir string) siege.SiegeDamage {
	t.Helper()
	p := filepath.Join(dir, "turns", "000", "sieges", "B0-1.json")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := siege.DecodeSiegeDamage(p, data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSiegeDamageCommand: the state is kept across calls in
// turns/000/sieges/B0-1.json, and every roll is shown.
func TestSiegeDamageCommand(t *testing.T) {
	dir := withPendingBattle(t)
	code, out, stderr := run(t, afterTurn1, "siege", "damage", "--dir", dir, "B0-1", "--show")
	// P11 is the orc capital: a stone castle (D20); 2000 defending points add
	// a fifth wall section and a fourth tower (ES-SCN-02).
	if code != exitOK || !strings.Contains(out, "Siege B0-1 at P11, profiles model, fire markers per_turn; turn 0, 0 attack(s) rolled\n") ||
		!strings.Contains(out, "  W1  wall T10 W12; 12 of 12 wounds left\n") || !strings.Contains(out, "  G   gate T8 W7; 7 of 7 wounds left\n") {
		t.Fatalf("--show: exit %d\n%s%s", code, out, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "turns", "000", "sieges")); err == nil {
		t.Error("--show wrote a file")
	}

	code, out, stderr = run(t, afterTurn1, "siege", "damage", "--dir", dir, "B0-1", "T1", "--model", "tables", "--strength", "10", "--wounds", "D6")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"Siege B0-1 at P11, tables model, turn 1, attack 1: cannon, Strength 10, wounds D6\n",
		"  roll  IT-DMG-07 damage roll 2D6 on T1: ",
		"  roll  IT-DMG-07 wounds D6: ",
		"  total ",
		"T1 now: tower T10 W15; ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	first := readSiege(t, dir)
	if first.Model != siege.ModelTables || first.Attacks != 1 || first.Turn != 1 {
		t.Fatalf("state after one attack: %+v", first)
	}

	// Cumulative: the next roll on T1 adds T1's modifier; the ram on the gate
	// burns it, and --show lists it all.
	code, out2, stderr := run(t, afterTurn1, "siege", "damage", "--dir", dir, "B0-1", "T1", "--strength", "10", "--wounds", "D6", "--turn", "2")
	if code != exitOK {
		t.Fatalf("second attack: %s", stderr)
	}
	if p, _ := first.Part("T1"); p.Modifier > 0 && !strings.Contains(out2, "earlier damage") {
		t.Errorf("the second roll must add T1's %+d:\n%s", p.Modifier, out2)
	}
	code, out3, stderr := run(t, afterTurn1, "siege", "damage", "--dir", dir, "B0-1", "g", "--weapon", "ram", "--models", "5", "--monstrous", "--strength", "5", "--fire")
	if code != exitOK || !strings.Contains(out3, "5 monstrous models pushing ×2") || !strings.Contains(out3, "IT-FIRE-01 ignition of G, 2+") {
		t.Fatalf("ram: exit %d\n%s%s", code, out3, stderr)
	}
	s := readSiege(t, dir)
	if s.Attacks != 3 || s.Turn != 2 {
		t.Errorf("after three attacks: %+v", s)
	}
	_, show, _ := run(t, afterTurn1, "siege", "damage", "--dir", dir, "B0-1", "--show")
	if !strings.Contains(show, "tables model, fire markers per_turn; turn 2, 3 attack(s) rolled") {
		t.Errorf("--show after the attacks:\n%s", show)
	}

	// Determinism: the same calls on a fresh copy give the same rolls.
	again := withPendingBattle(t)
	run(t, afterTurn1, "siege", "damage", "--dir", again, "B0-1", "T1", "--model", "tables", "--strength", "10", "--wounds", "D6")
	_, rerun, _ := run(t, afterTurn1, "siege", "damage", "--dir", again, "B0-1", "T1", "--strength", "10", "--wounds", "D6", "--turn", "2")
	if rerun != out2 {
		t.Errorf("a rerun differs:\n%s\nwant\n%s", rerun, out2)
	}
	// The dice are the turn's: there is no seed to choose (verify could not
	// roll them again).
	if code, _, stderr := run(t, afterTurn1, "siege", "damage", "--dir", again, "B0-1", "W1", "--strength", "10", "--seed", "a"); code != exitUsage ||
		!strings.Contains(stderr, "flag provided but not defined: -seed") {
		t.Errorf("--seed: exit %d %q", code, stderr)
	}
}

func TestSiegeDamageProfiles(t *testing.T) {
	dir := withPendingBattle(t)
	code, out, stderr := run(t, afterTurn1, "siege", "damage", "--dir", dir, "B0-1", "W3", "--strength", "10", "--wounds", "D6")
	if code != exitOK || !strings.Contains(out, "  roll  ES to wound W3: S10 vs T10, 4+: ") || !strings.Contains(out, "  W3 wall, S10 vs T10: 1 hit(s), needs 4+, ") {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	if s := readSiege(t, dir); s.Model != siege.ModelProfiles {
		t.Errorf("the config's default model is profiles (D17): %+v", s.Model)
	}
}

func TestSiegeDamageErrors(t *testing.T) {
	dir := withPendingBattle(t)
	// One roll fixes the model of the siege.
	if code, _, stderr := run(t, afterTurn1, "siege", "damage", "--dir", dir, "B0-1", "W1", "--strength", "3", "--weapon", "spell"); code != exitOK {
		t.Fatal(stderr)
	}
	cases := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"B9-9", "W1", "--strength", "10"}, exitUsage,
			"turnproc: error: no siege B9-9 is awaiting its result\nhint: sieges awaiting results: B0-1\n"},
		{[]string{"B0-1", "W9", "--strength", "10"}, exitUsage,
			"turnproc: error: siege: no castle part \"W9\"; the parts are W1, T1, W2, T2, W3, T3, W4, T4, W5, G\n" +
				"hint: see the castle with: turnproc siege damage B0-1 --show; and \"turnproc siege damage --help\"\n"},
		{[]string{"B0-1", "W1", "--strength", "11"}, exitUsage, "turnproc: error: siege: Strength 11 is not 1–10\n"},
		{[]string{"B0-1", "W1", "--weapon", "stone-thrower"}, exitUsage, "turnproc: error: siege damage needs --strength N, the Strength of the hit (a ram's or flyer's base Strength)\n"},
		{[]string{"B0-1", "W1", "--strength", "10", "--wounds", "D7"}, exitUsage,
			"turnproc: error: siege: wounds \"D7\" are not a number 1–10 or dice such as D3, D6, 2D6\n"},
		{[]string{"B0-1", "W1", "--strength", "10", "--weapon", "trebuchet"}, exitUsage, "weapon \"trebuchet\" is not one of cannon, stone-thrower"},
		{[]string{"B0-1", "W1", "--strength", "10", "--turn", "9"}, exitUsage, "turnproc: error: siege: turn 9 is not 1–7 (ES-SCN-07)\n"},
		{[]string{"B0-1", "T1", "--strength", "3", "--weapon", "ram", "--models", "6"}, exitUsage,
			"turnproc: error: siege: a ram attacks only gates and walls (ES-EQA-RAM-2), not tower T1\n"},
		{[]string{"B0-1", "W1", "--strength", "10", "--model", "tables"}, exitUsage,
			"turnproc: error: siege B0-1 is rolled with the profiles model since its first roll\nhint: leave out --model, or remove "},
		{[]string{"B0-1", "W1", "--strength", "10", "--model", "dice"}, exitUsage,
			"turnproc: error: damage model \"dice\" is not profiles or tables\nhint: D17: profiles (ES, the default) or tables (IT)\n"},
		{[]string{"B0-1"}, exitUsage, "turnproc: error: siege damage takes a battle and a part (or a battle and --show), got 1 argument(s)\n"},
		{[]string{"B0-1", "W1", "W2", "--strength", "10"}, exitUsage, "got 3 argument(s)"},
		{[]string{"B0-1", "W1", "--strength", "ten"}, exitUsage, "turnproc: error: siege damage: invalid value \"ten\" for flag -strength"},
	}
	for _, c := range cases {
		code, _, stderr := run(t, afterTurn1, append([]string{"siege", "damage", "--dir", dir}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.stderr) {
			t.Errorf("siege damage %v: exit %d, stderr %q; want %d, %q", c.args, code, stderr, c.code, c.stderr)
		}
	}
	if s := readSiege(t, dir); s.Attacks != 1 {
		t.Errorf("refused calls changed the state: %+v", s)
	}
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"siege"}, "turnproc: error: siege needs a subcommand\n"},
		{[]string{"siege", "bombard"}, "turnproc: error: unknown siege subcommand \"bombard\"\nhint: the siege subcommands are: damage, prebattle\n"},
	} {
		if code, _, stderr := run(t, afterTurn1, c.args...); code != exitUsage || !strings.HasPrefix(stderr, c.stderr) {
			t.Errorf("%v: exit %d %q", c.args, code, stderr)
		}
	}
	if code, out, _ := run(t, afterTurn1, "siege", "damage", "--help"); code != exitOK || !strings.Contains(out, "Usage: turnproc siege damage [flags] BATTLE PART | BATTLE --show") {
		t.Errorf("--help: %d %s", code, out)
	}
	// A damaged state file is bad input.
	p := filepath.Join(dir, "turns", "000", "sieges", "B0-1.json")
	if err := os.WriteFile(p, []byte(`{"model":"dice"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := run(t, afterTurn1, "siege", "damage", "--dir", dir, "B0-1", "--show")
	if code != exitBadInput || !strings.Contains(stderr, "B0-1.json: model \"dice\" is not profiles or tables\nhint: restore the file from your backup") {
		t.Errorf("bad state file: %d %q", code, stderr)
	}
}

func TestSiegePreBattle(t *testing.T) {
	dir := withPendingBattle(t)
	args := []string{"siege", "prebattle", "--dir", dir, "B0-1", "--attacker", "cannon:a1, tower:t1:beasts mantlet:m1", "--defender", "bolt-thrower:d1"}
	code, out1, stderr := run(t, afterTurn1, args...)
	if code != exitOK || !strings.Contains(out1, "Pre-battle phase of B0-1 (P11):") || !strings.Contains(out1, "RU-PRE") {
		t.Fatalf("exit %d\n%s%s", code, out1, stderr)
	}
	if code, _, stderr := run(t, afterTurn1, args...); code != exitUsage || !strings.Contains(stderr, "is already rolled") {
		t.Errorf("a second roll needs --replace: %d %q", code, stderr)
	}
	if _, out2, _ := run(t, afterTurn1, append(args, "--replace")...); out2 != out1 {
		t.Error("the same declarations must give the same rolls")
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"B0-1", "--attacker", "cannon"}, `--attacker: "cannon" is not KIND:ID`},
		{[]string{"B0-1", "--defender", "tower:t1"}, "--defender: tower is the besieger's"},
		{[]string{"B0-1", "--attacker", "dragon:d"}, `--attacker: unknown machine kind "dragon"`},
		{[]string{"B9-9"}, "no siege B9-9 is awaiting a result"},
	} {
		code, _, stderr := run(t, afterTurn1, append([]string{"siege", "prebattle", "--dir", dir}, c.args...)...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d %q, want %q", c.args, code, stderr, c.want)
		}
	}
}

// TestSiegeCastleOwnPillage: the castle is the square's, whoever defends
// it (D20): a capital of value 6 is of stone even when its owner's own
// garrison holds it against him and the siege has no defending player
// ([A44]). The report's siege sheet lays out the same castle.
func TestSiegeCastleOwnPillage(t *testing.T) {
	dir := newCampaign(t)
	d := &store.Dir{Root: dir}
	s, err := d.LoadState(1)
	if err != nil {
		t.Fatal(err)
	}
	p11, _ := campaign.ParseCoord("P11")
	sq := s.Squares[p11]
	sq.Value = 6
	s.Squares[p11] = sq
	s.Battles = []campaign.Battle{{ID: "B0-1", Turn: 0, At: p11, Kind: campaign.Siege, Attacker: "orcs", Garrison: 600, Cause: "own-pillage",
		Forces: []campaign.Force{{Army: "A5", Player: "orcs", Points: 1000, Side: campaign.Attacker, Role: campaign.MainForce, From: p11}}}}
	f, err := os.Create(d.StatePath(1))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Encode(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	code, out, stderr := run(t, afterTurn1, "siege", "damage", "--dir", dir, "B0-1", "--show")
	if code != exitOK || !strings.Contains(out, "  W1  wall T10 W12; 12 of 12 wounds left\n") {
		t.Fatalf("a capital's castle is of stone (D20): exit %d\n%s%s", code, out, stderr)
	}
}
