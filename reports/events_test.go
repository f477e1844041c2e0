package reports

import (
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

// TestCheckNarratesItsRecord: the order penalty and a blunder are told as
// the check recorded them (D1, D2, [A25]), in English and Spanish.
func TestCheckNarratesItsRecord(t *testing.T) {
	tt := testTurn(t)
	c3 := coord("C3")
	ev := func(c campaign.Check) campaign.Event {
		return campaign.Event{Kind: campaign.EventCheck, Player: "empire", Unit: "A2", Order: "A2 X", Line: 5, To: &c3, Check: &c}
	}
	cases := []struct {
		lang  string
		check campaign.Check
		want  []string
	}{
		{"en", campaign.Check{Action: "embark", Base: 9, OrderN: 2, Target: 9, Roll: campaign.Roll{Dice: []int{3, 4}}, Passed: true},
			[]string{"order 2 of A2 this turn: it counts, but embarking is a flat check with no penalty (D2, [A25])"}},
		{"en", campaign.Check{Action: "move", Base: 9, OrderN: 3, Penalty: -2, Target: 7, Roll: campaign.Roll{Dice: []int{6, 6}}, Blunder: false},
			[]string{"order 3 of A2 this turn (D2): −2", "Roll 2D6: 6 + 6 = 12 > 7: failed"}},
		{"en", campaign.Check{Action: "move", Base: 12, OrderN: 1, Target: 12, Roll: campaign.Roll{Dice: []int{6, 6}}, Blunder: true},
			[]string{"Roll 2D6: 6 + 6 = 12: a 12 always fails (D1)"}},
		{"es", campaign.Check{Action: "move", Base: 9, OrderN: 2, Penalty: -1, Target: 8, Roll: campaign.Roll{Dice: []int{1, 2}}, Passed: true},
			[]string{"orden n.º 2 de A2 este turno (D2): −1"}},
	}
	for _, c := range cases {
		w, err := newWords(c.lang)
		if err != nil {
			t.Fatal(err)
		}
		n := newNarrator(&tt, w)
		var text []string
		for _, l := range n.check(ev(c.check), args{"To": "C3", "Unit": "A2"}, 0) {
			text = append(text, l.text)
		}
		got := strings.Join(text, "\n")
		for _, want := range c.want {
			if !strings.Contains(got, want) {
				t.Errorf("%s %+v: lacks %q:\n%s", c.lang, c.check, want, got)
			}
		}
	}
}
