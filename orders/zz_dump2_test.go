package orders

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"
)

func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n { return s }
	r := []rune(s)
	return string(r[:n])
}

func TestZZDump2(t *testing.T) {
	files, _ := filepath.Glob("testdata/hostile/*.eml")
	w := riverlandsWindow(t)
	w.Ourselves = "turns@riverlands.example"
	h := hashOf(t, "Change-Is-Coming")
	w.Player = func(id string) (Credentials, bool) {
		if id == "chaos" {
			return Credentials{"archaon@ruinfort.example", h}, true
		}
		return lookupRiverlands(id)
	}
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		in := Collect([]Received{{filepath.Base(f), raw, time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)}}, w)
		r := in.Receipts[0]
		want := r.Reason
		if r.Status == StatusAccepted && r.Sheet != nil && len(r.Sheet.Problems) > 0 {
			want = r.Sheet.Problems[0].String()
		}
		want = clipRunes(want, 70)
		st := map[Status]string{StatusAccepted: "StatusAccepted", StatusRejected: "StatusRejected", StatusIgnored: "StatusIgnored", StatusLate: "StatusLate"}[r.Status]
		pl := clipRunes(r.Player, 10)
		fmt.Printf("\t\t{%q, %s, %q, %q},\n", filepath.Base(f), st, pl, want)
	}
}
