package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/gen"
)

// TestGenThenRun: a generated campaign is a campaign like any other: its
// turn 1 is due at once and runs with every player's orders accepted.
func TestGenThenRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gen")
	now := gen.DefaultDeadline.Add(30 * time.Minute)
	code, stdout, stderr := run(t, now, "gen", "--size", "small", "--password-cost", "4", dir)
	if code != exitOK {
		t.Fatal(stderr)
	}
	if !strings.Contains(stdout, "4 players on a 20×15 map, 62 armies") {
		t.Errorf("gen said %q", stdout)
	}
	if code, _, stderr := run(t, now, "run", "--dir", dir); code != exitOK {
		t.Fatal(stderr)
	}
	intake, err := os.ReadFile(filepath.Join(dir, "turns", "001", "intake.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(intake), "accepted"); n != 4 {
		t.Errorf("%d mails accepted, want 4:\n%s", n, intake)
	}
	for _, p := range []string{"p01", "p02", "p03", "p04", "moderator"} {
		if _, err := os.Stat(filepath.Join(dir, "turns", "001", "reports", p+".pdf")); err != nil {
			t.Error(err)
		}
	}
}

func TestGenErrors(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "x"), nil, 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"gen", "--size", "huge", "new"}, `turnproc: error: --size "huge" is not a size` + "\nhint: give small, medium or large\n"},
		{[]string{"gen", "--map", "100", "new"}, `turnproc: error: --map "100" is not a map size` + "\nhint: write WIDTHxHEIGHT, e.g. --map 100x100\n"},
		{[]string{"gen", "--password-cost", "99", "new"}, "turnproc: error: --password-cost 99 is not a bcrypt cost\nhint: give 0 (no passwords) or 4 to 31\n"},
		{[]string{"gen", "--players", "64", "--map", "20x20", "new"}, "turnproc: error: gen: 64 players do not fit on a 20×20 map: each needs a 4×4 block of land\nhint: give more map for the players, or fewer players\n"},
		{[]string{"gen", dir}, "turnproc: error: " + dir + " already exists and is not empty\nhint: a new campaign needs a directory of its own: name a new or empty one\n"},
	} {
		code, _, stderr := run(t, gen.DefaultDeadline, tc.args...)
		if code != exitUsage || stderr != tc.want {
			t.Errorf("%v: exit %d\n%s\nwant\n%s", tc.args, code, stderr, tc.want)
		}
	}
}
