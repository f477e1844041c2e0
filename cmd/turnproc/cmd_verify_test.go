package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
