package orders

import (
	"slices"
	"testing"
)

func TestParseFinal(t *testing.T) {
	m := riverlands(t)
	tests := []struct {
		name      string
		text      string
		final     bool
		finalLine int
		echo      []string
		problems  []string
	}{
		{name: "english", text: header + "\nA1 MOVE E10\nFINAL\n", final: true, finalLine: 3,
			echo: []string{echoHeader, "line 2: A1 MOVE E10", "line 3: FINAL"}},
		{name: "spanish, any case", text: "CAMPAÑA riverlands JUGADOR dwarfs TURNO 1\ndefinitivo\nA3 MOVER Q4", final: true, finalLine: 2,
			echo: []string{"line 1: CAMPAIGN riverlands PLAYER dwarfs TURN 1", "line 2: FINAL", "line 3: A3 MOVE Q4"}},
		{name: "written twice: the first counts", text: header + "\nFINAL\nFINAL", final: true, finalLine: 2,
			echo: []string{echoHeader, "line 2: FINAL"}},
		{name: "not given", text: header + "\nA1 MOVE E10",
			echo: []string{echoHeader, "line 2: A1 MOVE E10"}},
		{name: "more words on its line", text: header + "\nFINAL orders",
			echo:     []string{echoHeader},
			problems: []string{`line 2: unexpected "orders" after the order; hint: put one order on each line`}},
		{name: "after END it is ignored", text: header + "\nEND\nFINAL",
			echo: []string{echoHeader}},
		{name: "before the header it is chatter", text: "Final orders below\n" + header,
			echo: []string{"line 2: CAMPAIGN riverlands PLAYER empire TURN 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Parse(tt.text, m)
			if s.Final != tt.final || s.FinalLine != tt.finalLine {
				t.Errorf("Final %v on line %d, want %v on line %d", s.Final, s.FinalLine, tt.final, tt.finalLine)
			}
			if got := echoStrings(s); !slices.Equal(got, tt.echo) {
				t.Errorf("echo:\n got %q\nwant %q", got, tt.echo)
			}
			if got := problemStrings(s); !slices.Equal(got, tt.problems) {
				t.Errorf("problems:\n got %q\nwant %q", got, tt.problems)
			}
		})
	}
}
