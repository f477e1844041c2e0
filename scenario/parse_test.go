package scenario

import (
	"reflect"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

const minimal = `# a case
=== map
[grid]
   1 ..
=== before
player empire capital=A1
army A1 empire A1 500
=== orders empire
A1 MOVE B1
=== dice
5 5
=== after
player empire capital=A1
square B1 value=0
army A1 empire B1 500
`

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"no cases", "# only a comment\n", "scenario: f.txt:1: no cases\nhint: a case starts with a `# title` line then `=== map`"},
		{"text first", "hello\n", "scenario: f.txt:1: \"hello\" before the first case\nhint: a file holds cases, each a `# title` line then `=== map`; comments start with #"},
		{"no title", "=== map\n", "scenario: f.txt:1: the case has no title\nhint: put a `# title` line right above `=== map`, citing the rules it tests (§4.1, D2…)"},
		{"unknown section", "# t\n=== map\n=== maps\n", "scenario: f.txt:3: unknown section \"=== maps\"\nhint: sections are === map, === rules, === before, === orders, === results, === dice, === after, === events, === error"},
		{"section first", "# t\n=== before\n", "scenario: f.txt:2: === before before the first === map\nhint: every case starts with a `# title` line and `=== map`"},
		{"twice", strings.Replace(minimal, "=== dice", "=== dice\n=== dice", 1), "scenario: f.txt:11: === dice again (first on line 10)\nhint: each section appears once per case"},
		{"bad map", strings.Replace(minimal, "   1 ..", "   1 .?", 1), "campaign: f.txt:4:7: unknown grid character '?' at B1\nhint: define it in [legend], e.g. \"? = land forest\""},
		{"bad rule", strings.Replace(minimal, "=== before", "=== rules\nblunder = yes\n=== before", 1), "scenario: f.txt:6: rules: unknown rule \"blunder\"\nhint: rules are adjacency, blunder_on_12, written key = value"},
		{"bad rule value", strings.Replace(minimal, "=== before", "=== rules\nblunder_on_12 = maybe\n=== before", 1), "scenario: f.txt:6: rules: blunder_on_12 = \"maybe\" is not true or false\nhint: rules are adjacency, blunder_on_12, written key = value"},
		{"bad adjacency", strings.Replace(minimal, "=== before", "=== rules\nadjacency = hex\n=== before", 1), "scenario: f.txt:6: rules: unknown adjacency \"hex\"\nhint: adjacency is orthogonal or octile (D3)"},
		{"no before", strings.Replace(minimal, "=== before", "=== results", 1), "scenario: f.txt:2: the case has no === before section\nhint: write the state before the turn: turn, players, squares, armies…"},
		{"bad order", strings.Replace(minimal, "A1 MOVE B1", "A1 MARCH B1", 1), "scenario: f.txt:9: orders: unknown order \"MARCH\"\nhint: " + orderHint(t)},
		{"orders for nobody", strings.Replace(minimal, "=== orders empire", "=== orders elves", 1), "scenario: f.txt:8: orders: no player \"elves\" in the state before\nhint: give orders only for players listed in === before"},
		{"bad die", strings.Replace(minimal, "5 5", "5 7", 1), "scenario: f.txt:11: dice: \"7\" is not a die face 1–6\nhint: list the faces the dice show, in the order they are rolled"},
		{"no after", strings.Replace(minimal, "=== after", "=== events", 1), "scenario: f.txt:2: the case has neither === after nor === error\nhint: write the state expected after the turn, or the error Resolve must return"},
		{"after and error", minimal + "=== error\nboom\n", "scenario: f.txt:16: error: === error with === after or === events\nhint: a case expects either an error or a state after"},
		{"unknown line", strings.Replace(minimal, "army A1 empire A1 500", "legion A1", 1), "scenario: f.txt:7: unknown state line \"legion\"\nhint: " + stateHint},
		{"repeated army", strings.Replace(minimal, "army A1 empire A1 500", "army A1 empire A1 500\narmy A1 empire A1 500", 1), "scenario: f.txt:8: army A1 is already listed on line 7\nhint: each thing is listed once"},
		{"owner unknown", strings.Replace(minimal, "army A1 empire A1 500", "army A1 orcs A1 500", 1), "scenario: f.txt:6: army A1: owner \"orcs\" is not a player\nhint: every owner is a listed player, armies are 500–2500 in 500 blocks, ids are unique"},
		{"off the map", strings.Replace(minimal, "army A1 empire A1 500", "army A1 empire C1 500", 1), "scenario: f.txt:5: before: army A1: square C1 is off the map (A1–B1)\nhint: a state must be one the campaign could reach: the map runs A1–B1"},
		{"no capital", strings.Replace(minimal, "player empire capital=A1\narmy", "player empire\narmy", 1), "scenario: f.txt:6: player empire has no capital\nhint: write capital=E11"},
		{"unclosed", strings.Replace(minimal, "capital=A1\narmy", "capital=A1 race=\"Orcs\narmy", 1), "scenario: f.txt:6: unclosed quote in \"race=\\\"Orcs\"\nhint: put quotes and brackets in pairs"},
		{"force alone", strings.Replace(minimal, "army A1 empire A1 500", "force A1 empire 500 attacker main from=A1", 1), "scenario: f.txt:7: force outside a battle\nhint: put force, note and result lines right below their battle line"},
		{"bad check", strings.Replace(minimal, "army A1 empire A1 500", "army A1 empire A1 500\nbattle B1-1 turn=1 at=B1 kind=field attacker=empire\n  force A1 empire 500 attacker main from=A1 combine=(combine base=9 mods=[] n=1 D=9 roll=[4 4])", 1),
			"scenario: f.txt:9: combine: a check needs: action base=… mods=[…] n=… D=… roll=[…] pass|fail\nhint: " + forceHint},
		{"bad result", strings.Replace(minimal, "=== dice", "=== results\nB1-1 sideways 1 1\n=== dice", 1),
			"scenario: f.txt:11: results: winner \"sideways\" is not attacker, defender or draw\nhint: write: B1-1 attacker 230 450 (winner attacker, defender or draw; the victory points each side suffered)"},
		{"loss twice", strings.Replace(minimal, "=== dice", "=== results\nB1-1 draw 1 1 A1=5 a1=5\n=== dice", 1),
			"scenario: f.txt:11: results: loss for A1 is given twice\nhint: give each army, the garrison and each player's reserves once"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("f.txt", []byte(tt.text))
			if err == nil || campaign.ErrorText(err) != tt.want {
				t.Errorf("got  %v\nwant %s", err, tt.want)
			}
		})
	}
}

// orderHint is the orders parser's hint for an unknown order, which
// another package owns and may reword.
func orderHint(t *testing.T) string {
	t.Helper()
	_, err := Parse("f.txt", []byte(strings.Replace(minimal, "A1 MOVE B1", "A1 MARCH B1", 1)))
	if err == nil {
		t.Fatal("MARCH parsed")
	}
	return campaign.HintOf(err)
}

func TestParseCase(t *testing.T) {
	cases, err := Parse("f.txt", []byte("# file comment\n\n"+minimal+"# second\n"+minimal[len("# a case\n"):]))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 2 || cases[0].Title != "a case" || cases[1].Title != "second" || cases[1].Line != 19 {
		t.Fatalf("cases: %+v", cases)
	}
	c := cases[0]
	if got := c.Input.Orders[0].Orders[0]; got.String() != "A1 MOVE B1" || got.Line() != 11 {
		t.Errorf("order %q on line %d, want A1 MOVE B1 on line 11 (the file's line)", got, got.Line())
	}
	if !reflect.DeepEqual(c.Dice, []int{5, 5}) || c.After.Turn != 2 || c.Events != nil {
		t.Errorf("dice %v, after turn %d, events %v", c.Dice, c.After.Turn, c.Events)
	}
}

// battleState holds every field of a battle, to prove the syntax round-trips.
const battleState = `campaign riverlands
turn 4
seed 5eed
next-army 9
next-fleet 2
player empire name="Karl Franz" race=Empire capital=E11 allies=dwarfs,elves reserves=300 initiative=last
player orcs race="Orcs & Goblins" capital=P11 reserves=0
square F9 owner=orcs value=0 unexplored
square E10 value=5
square E11 owner=empire value=10
army A1 empire E10 1000
army A2 empire E10 500 aboard=F1
army A10 orcs F9 2500
fleet F1 empire E10 cargo=A2
battle B3-1 turn=3 at=E10 kind=siege attacker=orcs defender=empire garrison=500 cause=own-pillage
  force A10 orcs 2500 attacker main from=F9 crossed=2 edge=west combine=(combine base=8 mods=[size-4 "odd reason"+1] n=1 D=5 roll=[3 4] fail)
  force A1 empire 1000 defender reinforcement from=E10
  note "two armies arrive from the west [A53]"
  note "second \"note\""
  result attacker 230 450 A1=500 garrison=300 reserves:empire=200`

func TestStateRoundTrip(t *testing.T) {
	s, err := ParseState("f.txt", lines(battleState), 1)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(FormatState(s), "\n")
	if got != battleState {
		t.Errorf("printed\n%s\nwant\n%s", got, battleState)
	}
	b := s.Battles[0]
	f := b.Forces[0]
	if f.Combine == nil || f.Combine.Modifiers[1].Reason != "odd reason" || f.Edge != "west" || f.Crossed != 2 {
		t.Errorf("force %+v", f)
	}
	if b.Result.Battle != "B3-1" || b.Result.Losses["reserves:empire"] != 200 || b.Notes[1] != `second "note"` {
		t.Errorf("result %+v notes %q", b.Result, b.Notes)
	}
	if s.NextArmy != 9 || s.NextFleet != 2 || s.Player("empire").Allies[1] != "elves" || s.Squares[campaign.Coord{Col: 5, Row: 8}].Explored {
		t.Errorf("state %+v", s)
	}
	again, err := ParseState("f.txt", lines(got), 1)
	if err != nil || !reflect.DeepEqual(again, s) {
		t.Errorf("parse(print(s)) != s: %v", err)
	}
}

func TestNextIDsDefaultToHighest(t *testing.T) {
	s, err := ParseState("f.txt", lines("player p capital=A1\narmy A3 p A1 500\narmy A12 p A1 500\nfleet F2 p A1"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if s.NextArmy != 12 || s.NextFleet != 2 {
		t.Errorf("next army %d fleet %d, want 12 and 2", s.NextArmy, s.NextFleet)
	}
	if got := FormatState(s); got[2] != "army A3 p A1 500" || got[3] != "army A12 p A1 500" || len(got) != 5 {
		t.Errorf("printed %q: armies by number, no next-army line", got)
	}
}

func lines(text string) []Line {
	var out []Line
	for i, l := range strings.Split(text, "\n") {
		out = append(out, Line{i + 1, l})
	}
	return out
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(minimal))
	f.Add([]byte("# t\n=== map\n[grid]\n 1 .\n=== before\n" + battleState + "\n=== error\nx\n"))
	f.Add([]byte("# t\n=== map\n=== rules\nadjacency=octile\n=== results\nB1-1 draw 1 2 A1=3\n=== events\nx\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cases, err := Parse("fuzz.txt", data)
		if err == nil {
			for _, c := range cases {
				FormatState(c.Before)
			}
		}
	})
}

// TestResultKeys: a results section reads keys as the moderator's RESULT
// lines do (one grammar): battle and armies upper case, the garrison and
// reserves lower case, the winner in either language.
func TestResultKeys(t *testing.T) {
	cases, err := Parse("f.txt", []byte(strings.Replace(minimal, "=== dice", "=== results\nb1-1 Atacante 1 2 a1=5 Garrison=3 Reserves:Empire=1\n=== dice", 1)))
	if err != nil {
		t.Fatal(err)
	}
	want := campaign.BattleResult{Battle: "B1-1", Winner: campaign.Attacker, AttackerVP: 1, DefenderVP: 2,
		Losses: map[string]int{"A1": 5, "garrison": 3, "reserves:empire": 1}}
	if got := cases[0].Input.Results; len(got) != 1 || !reflect.DeepEqual(got[0], want) {
		t.Errorf("results %+v, want %+v", got, want)
	}
}
