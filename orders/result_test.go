package orders

import (
	"maps"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

const resultExample = "RESULT B3-1 attacker 230 450"

func TestParseResultLine(t *testing.T) {
	shape := "write: RESULT B3-1 attacker 230 450 (winner attacker, defender or draw; the victory points each side suffered)"
	cases := []struct {
		line string
		want campaign.BattleResult
		text string // the problem's text; "" when the line is good
		hint string
	}{
		{line: "B3-1 attacker 230 450", want: campaign.BattleResult{Battle: "B3-1", Winner: campaign.Attacker, AttackerVP: 230, DefenderVP: 450}},
		{line: "b3-1 Atacante 0 0", want: campaign.BattleResult{Battle: "B3-1", Winner: campaign.Attacker}},
		{line: "B3-1 EMPATE 1 2", want: campaign.BattleResult{Battle: "B3-1", Winner: campaign.Draw, AttackerVP: 1, DefenderVP: 2}},
		// Keys are the same wherever a result is written: armies upper
		// case, the garrison and reserves lower case.
		{line: "B3-1 defensor 5 6 a7=500 Garrison=300 Reserves:Orcs=100",
			want: campaign.BattleResult{Battle: "B3-1", Winner: campaign.Defender, AttackerVP: 5, DefenderVP: 6,
				Losses: map[string]int{"A7": 500, "garrison": 300, "reserves:orcs": 100}}},
		{line: "B3-1 attacker 230", text: "a result needs a battle, a winner and two victory point totals, got 3 word(s)", hint: shape},
		{line: "X3 attacker 230 450", text: `battle "X3" is not a battle id like B3-1`, hint: shape},
		{line: "B3-1 sideways 230 450", text: `winner "sideways" is not attacker, defender or draw`, hint: shape},
		{line: "B3-1 draw -5 450", text: `victory points "-5" are not a whole number from 0 up`, hint: shape},
		{line: "B3-1 draw 5 many", text: `victory points "many" are not a whole number from 0 up`, hint: shape},
		{line: "B3-1 draw 5 5 A1", text: `loss "A1" is not KEY=POINTS`, hint: LossHint},
		{line: "B3-1 draw 5 5 =5", text: `loss "=5" is not KEY=POINTS`, hint: LossHint},
		{line: "B3-1 draw 5 5 A1=-1", text: `loss "A1=-1" is not KEY=POINTS`, hint: LossHint},
		{line: "B3-1 draw 5 5 A1=5 a1=6", text: "loss for A1 is given twice", hint: "give each army, the garrison and each player's reserves once"},
		{line: "B3-1 " + strings.Repeat("x", 100) + " 1 1", text: `winner "` + strings.Repeat("x", 80) + `…" is not attacker, defender or draw`, hint: shape},
	}
	for _, c := range cases {
		got, p := ParseResult(strings.Fields(c.line), resultExample)
		switch {
		case c.text == "" && p != nil:
			t.Errorf("%s: %v", c.line, p)
		case c.text == "" && !sameResult(got, c.want):
			t.Errorf("%s: got %+v, want %+v", c.line, got, c.want)
		case c.text != "" && (p == nil || p.Code != CodeBadResult || p.Text != c.text || p.Hint != c.hint):
			t.Errorf("%s: got %+v\nwant %q, hint %q", c.line, p, c.text, c.hint)
		}
	}
}

func sameResult(a, b campaign.BattleResult) bool {
	return a.Battle == b.Battle && a.Winner == b.Winner && a.AttackerVP == b.AttackerVP &&
		a.DefenderVP == b.DefenderVP && maps.Equal(a.Losses, b.Losses)
}

// FuzzParseResult: any words give a result or a problem, never a crash; a
// result read back from its own String is the same result; a problem
// quotes at most a short piece of the words.
func FuzzParseResult(f *testing.F) {
	for _, s := range []string{"B3-1 attacker 230 450", "b1-1 empate 0 0 a1=5 garrison=3 reserves:orcs=2",
		"B3-1 draw", "B3-1 draw 5 5 A1=5 A1=6", "B9-99 DEFENSOR 1 2 x=", "B1-1 atácante 1 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		res, p := ParseResult(strings.Fields(line), resultExample)
		if p != nil {
			if p.Code != CodeBadResult || p.Text == "" || p.Hint == "" || len(p.Text) > 4*maxQuoted+200 {
				t.Fatalf("%q: problem %+v", line, p)
			}
			return
		}
		again, p := ParseResult(strings.Fields(Result{Result: res}.String())[1:], resultExample)
		if p != nil || !sameResult(res, again) {
			t.Fatalf("%q: %+v reads back as %+v (%v)", line, res, again, p)
		}
	})
}

// TestResultMail: the moderator's RESULT lines are read by ParseResult: a
// loss given twice is a problem on its line, not the last one winning.
func TestResultMail(t *testing.T) {
	s := Parse("CAMPAIGN riverlands PLAYER moderator TURN 3\nRESULT B2-1 draw 5 5 A1=5 A1=6\nRESULTADO b2-2 Defensor 1 2 garrison=3\n", riverlands(t))
	if len(s.Problems) != 1 || s.Problems[0].Line != 2 || s.Problems[0].Code != CodeBadResult || s.Problems[0].Text != "loss for A1 is given twice" {
		t.Errorf("problems %+v", s.Problems)
	}
	want := campaign.BattleResult{Battle: "B2-2", Winner: campaign.Defender, AttackerVP: 1, DefenderVP: 2, Losses: map[string]int{"garrison": 3}}
	if len(s.Results) != 1 || s.Results[0].Line != 3 || !sameResult(s.Results[0].Result, want) {
		t.Errorf("results %+v", s.Results)
	}
}
