package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var firstDie = regexp.MustCompile(`"dice": \[\s*([1-6])`)

// TestVerify: the demo's two turns verify; a changed event log, or a
// revealed seed that does not match its published SHA-256, does not.
func TestVerify(t *testing.T) {
	out := filepath.Join(t.TempDir(), "demo")
	if code, _, stderr := run(t, afterTurn1, "demo", "--out", out); code != exitOK {
		t.Fatal(stderr)
	}
	code, stdout, stderr := run(t, afterTurn1, "verify", "--dir", out)
	if code != exitOK || !strings.Contains(stdout, "turn 1: dice and outcome verified") || !strings.Contains(stdout, "2 played turns verified.") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	events := filepath.Join(out, "turns", "002", "events.json")
	data, _ := os.ReadFile(events)
	os.WriteFile(events, []byte(strings.Replace(string(data), `"passed": true`, `"passed": false`, 1)), 0o644)
	dice := filepath.Join(out, "turns", "001", "dice.json")
	data, _ = os.ReadFile(dice)
	os.WriteFile(dice, []byte(strings.Replace(string(data), `"seed": "`, `"seed": "0`, 1)), 0o644)
	code, stdout, stderr = run(t, afterTurn1, "verify", "--dir", out)
	if code != exitFailure || !strings.Contains(stdout, "turn 1: NOT verified: the revealed seed does not match its published SHA-256") ||
		!strings.Contains(stdout, "turn 2: NOT verified: playing it again does not give the archived event log") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestVerifySieges: the dice of "siege damage" and "siege prebattle" come
// from the seed of the turn they are rolled in, so once that turn is played
// and its seed revealed, verify rolls each archived siege record again from
// its recorded inputs; one changed byte of either record fails it.
func TestVerifySieges(t *testing.T) {
	dir := withPendingBattle(t)
	for _, args := range [][]string{
		{"siege", "damage", "B0-1", "W1", "--strength", "10", "--wounds", "D6"},
		{"siege", "damage", "B0-1", "G", "--weapon", "ram", "--models", "5", "--strength", "5", "--turn", "2"},
		{"siege", "prebattle", "B0-1", "--attacker", "cannon:a1 tower:t1:beasts mantlet:m1", "--defender", "bolt-thrower:d1"},
		{"result", "B0-1", "defender", "500", "100"},
		{"run"},
	} {
		if code, _, stderr := run(t, afterTurn1, append(args, "--dir", dir)...); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	code, stdout, stderr := run(t, afterTurn1, "verify", "--dir", dir)
	if code != exitOK || !strings.Contains(stdout, "turn 1: dice and outcome verified, and 2 siege attacks and 1 pre-battle phase\n") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	sieges := filepath.Join(dir, "turns", "000", "sieges")
	for _, c := range []struct {
		file, old, new, want string
	}{
		{"B0-1.json", `"wounds": 12`, `"wounds": 13`,
			"turn 1: NOT verified: rolling the attacks of turns/000/sieges/B0-1.json again from the castle and the turn's seed does not give the record\n"},
		{"B0-1.json", "", "",
			"turn 1: NOT verified: rolling the attacks of turns/000/sieges/B0-1.json again from the castle and the turn's seed does not give the record\n"},
		{"B0-1-prebattle.json", "", "",
			"turn 1: NOT verified: rolling turns/000/sieges/B0-1-prebattle.json again from its declarations and the turn's seed does not give the record\n"},
	} {
		p := filepath.Join(sieges, c.file)
		data, err := os.ReadFile(p)
		if c.old == "" { // one die of the record, turned to the next face
			loc := firstDie.FindSubmatchIndex(data)
			if loc == nil {
				t.Fatalf("%s has no dice:\n%s", c.file, data)
			}
			c.old = string(data[:loc[3]])
			c.new = c.old[:len(c.old)-1] + string(rune('1'+(data[loc[2]]-'0')%6))
		}
		if err != nil || !strings.Contains(string(data), c.old) {
			t.Fatalf("%s lacks %q: %v\n%s", c.file, c.old, err, data)
		}
		os.WriteFile(p, []byte(strings.Replace(string(data), c.old, c.new, 1)), 0o600)
		code, stdout, stderr := run(t, afterTurn1, "verify", "--dir", dir)
		if code != exitFailure || !strings.Contains(stdout, c.want) {
			t.Errorf("%s changed: exit %d\n%s%s", c.file, code, stdout, stderr)
		}
		os.WriteFile(p, data, 0o600)
	}
	// A record without its dice turn cannot be rolled again: that is said,
	// and the turn is not verified.
	p := filepath.Join(sieges, "B0-1-prebattle.json")
	data, _ := os.ReadFile(p)
	os.WriteFile(p, []byte(strings.Replace(string(data), `"dice_turn": 1,`, "", 1)), 0o600)
	code, stdout, _ = run(t, afterTurn1, "verify", "--dir", dir)
	if code != exitFailure || !strings.Contains(stdout, "turn 1: NOT verified: turns/000/sieges/B0-1-prebattle.json holds no dice turn") {
		t.Errorf("a record without its dice turn: exit %d\n%s", code, stdout)
	}
}

// TestVerifyLogBeforeRecordedPenalty: an event log archived before checks
// recorded their order penalty and blunder still verifies (both follow
// from what it holds); a changed penalty does not.
func TestVerifyLogBeforeRecordedPenalty(t *testing.T) {
	out := filepath.Join(t.TempDir(), "demo")
	if code, _, stderr := run(t, afterTurn1, "demo", "--out", out); code != exitOK {
		t.Fatal(stderr)
	}
	events := filepath.Join(out, "turns", "001", "events.json")
	data, _ := os.ReadFile(events)
	penalty := regexp.MustCompile(`\n\s*"penalty": -\d+,`)
	if !penalty.Match(data) {
		t.Fatalf("the demo's turn 1 has no order penalty:\n%s", data)
	}
	os.WriteFile(events, penalty.ReplaceAll(data, nil), 0o600)
	if code, stdout, stderr := run(t, afterTurn1, "verify", "--dir", out); code != exitOK || !strings.Contains(stdout, "turn 1: dice and outcome verified") {
		t.Errorf("a log without penalties: exit %d\n%s%s", code, stdout, stderr)
	}
	os.WriteFile(events, []byte(strings.Replace(string(data), `"penalty": -1,`, `"penalty": -2,`, 1)), 0o600)
	if code, stdout, _ := run(t, afterTurn1, "verify", "--dir", out); code != exitFailure ||
		!strings.Contains(stdout, "turn 1: NOT verified: playing it again does not give the archived event log") {
		t.Errorf("a changed penalty: exit %d\n%s", code, stdout)
	}
}
