package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestReportRerender: a played turn's reports can be rendered again from
// the archive, byte for byte.
func TestReportRerender(t *testing.T) {
	out := filepath.Join(t.TempDir(), "demo")
	if code, _, stderr := run(t, afterTurn1, "demo", "--out", out); code != exitOK {
		t.Fatal(stderr)
	}
	for _, who := range []string{"dwarfs", "moderator"} {
		pdf := filepath.Join(t.TempDir(), who+".pdf")
		if code, _, stderr := run(t, afterTurn1, "report", "--dir", out, "--turn", "2", "--player", who, "--out", pdf); code != exitOK {
			t.Fatal(stderr)
		}
		got, _ := os.ReadFile(pdf)
		want, _ := os.ReadFile(filepath.Join(out, "turns", "002", "reports", who+".pdf"))
		if len(want) == 0 || !bytes.Equal(got, want) {
			t.Errorf("%s: the re-rendered report differs from the archived one", who)
		}
	}
	sheets := filepath.Join(t.TempDir(), "sheets.pdf")
	if code, stdout, stderr := run(t, afterTurn1, "report", "--dir", out, "--turn", "1", "--player", "sheets", "--out", sheets); code != exitOK {
		t.Fatal(stderr)
	} else if pdf, _ := os.ReadFile(sheets); !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains([]byte(stdout), []byte(sheets)) {
		t.Errorf("report --player sheets: %q, %d bytes written", stdout, len(pdf))
	}
	for args, want := range map[[2]string]string{
		{"3", "empire"}: "turn 3 has not been played",
		{"1", "elves"}:  `there is no player "elves"`,
	} {
		code, _, stderr := run(t, afterTurn1, "report", "--dir", out, "--turn", args[0], "--player", args[1])
		if code != exitUsage || !bytes.Contains([]byte(stderr), []byte(want)) {
			t.Errorf("%v: exit %d %q", args, code, stderr)
		}
	}
}
