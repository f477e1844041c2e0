package campaign

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func forces(b Battle) string {
	var out []string
	for _, f := range b.Forces {
		s := fmt.Sprintf("%s:%s:%s:%d from %s crossed %d edge %q", f.Army, f.Side, f.Role, f.Points, f.From, f.Crossed, f.Edge)
		if f.Combine != nil {
			s += fmt.Sprintf(" combine D=%d %v %v", f.Combine.Target, f.Combine.Roll.Dice, f.Combine.Passed)
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}

func TestFieldBattleRolesAndCombining(t *testing.T) {
	// Blue holds free D2; red attacks with A8 from next door and A9 from two
	// squares away (combine check: 9 − ⌈1/2⌉ = 8, D13); green, red's ally,
	// arrives later and reinforces ([A54]).
	w := newWorld(t).square("D2", "", 0).army("A5", "blue", "D2", 1000).
		army("A8", "red", "D1", 500).army("A9", "red", "E2", 500).army("A6", "green", "D3", 500)
	w.s.Squares[sq(t, "E2")] = SquareState{Explored: true}
	in := Input{Orders: []OrderSet{
		{Player: "red", Orders: []Order{Move{Army: "A8", Path: []Coord{sq(t, "D2")}},
			Move{Army: "A9", Path: []Coord{sq(t, "E3"), sq(t, "D3"), sq(t, "D2")}}}},
		{Player: "green", Orders: []Order{Move{Army: "A6", Path: []Coord{sq(t, "D2")}}}},
	}}
	w.s.Squares[sq(t, "E3")] = SquareState{Explored: true}
	w.s.Squares[sq(t, "D3")] = SquareState{Explored: true}
	out := w.play(in, 6, 5, 4, // red, blue, green
		1, 1, // A8 → D2
		1, 1, 1, 1, 1, 1, // A9 → E3 → D3 → D2
		1, 1, // A6 → D2
		6, 6) // A9's combine check fails: it reinforces instead
	if len(out.Battles) != 1 {
		t.Fatalf("battles: %+v", out.Battles)
	}
	b := out.Battles[0]
	if b.Kind != FieldBattle || b.Attacker != "red" || b.Defender != "blue" || b.Garrison != 0 || b.ID != "B1-1" {
		t.Errorf("battle %+v", b)
	}
	want := `A5:defender:main:1000 from D2 crossed 0 edge ""
A8:attacker:main:500 from D1 crossed 0 edge "north"
A9:attacker:reinforcement:500 from D3 crossed 2 edge "south" combine D=8 [6 6] false
A6:attacker:reinforcement:500 from D3 crossed 0 edge "south"`
	if got := forces(b); got != want {
		t.Errorf("forces:\n%s\nwant\n%s", got, want)
	}
}

func TestGarrisonAndSiege(t *testing.T) {
	w := newWorld(t).square("D2", "blue", 3).army("A8", "red", "D1", 500).army("A9", "red", "E3", 500)
	out := w.play(Input{Orders: []OrderSet{{Player: "red", Orders: []Order{
		Move{Army: "A8", Path: []Coord{sq(t, "D2")}}, Move{Army: "A9", Path: []Coord{sq(t, "E4")}}}}}},
		6, 5, 4, 1, 1, 1, 1)
	if len(out.Battles) != 2 {
		t.Fatalf("battles: %+v", out.Battles)
	}
	if b := out.Battles[0]; b.At != sq(t, "D2") || b.Kind != GarrisonBattle || b.Garrison != 300 {
		t.Errorf("D2: %+v (§6.2: a garrison of 300+ fights alone)", b)
	}
	if b := out.Battles[1]; b.At != sq(t, "E4") || b.Kind != Siege || b.Garrison != 1000 || b.Defender != "blue" {
		t.Errorf("E4: %+v (§6.5: blue's capital is fortified)", b)
	}
}

func TestNoBattleAmongAllies(t *testing.T) {
	w := newWorld(t).square("D2", "green", 4).army("A8", "red", "D1", 500)
	out := w.play(orders("red", Move{Army: "A8", Path: []Coord{sq(t, "D2")}}), 6, 5, 4, 1, 1)
	if len(out.Battles) != 0 {
		t.Errorf("allies do not fight (D11): %+v", out.Battles)
	}
}

// scheduled plays a turn that leaves one battle pending in D2: red's A8
// (1500) attacks blue's A5 (1000) holding free D2.
func scheduled(t *testing.T) *world {
	w := newWorld(t).square("D2", "", 0).square("D1", "", 1).square("E2", "blue", 1).army("A5", "blue", "D2", 1000).army("A8", "red", "D1", 1500)
	out := w.play(orders("red", Move{Army: "A8", Path: []Coord{sq(t, "D2")}}), 6, 5, 4, 1, 1)
	w.s = out.State
	return w
}

func TestMissingResultStopsTheTurn(t *testing.T) {
	w := scheduled(t)
	_, err := Resolve(w.m, Rules{}, w.s, Input{}, ScriptedDice())
	var missing *MissingResultsError
	if !errors.As(err, &missing) || ErrorText(err) != "campaign: turn 2 cannot be played: battle B1-1 of turn 1 has no result yet (D16)\nhint: enter the result of each battle fought on the table, then run the turn again" {
		t.Errorf("got %v", err)
	}
	_, err = Resolve(w.m, Rules{}, w.s, Input{Results: []BattleResult{{Battle: "B1-1", Winner: "nobody"}}}, ScriptedDice())
	if err == nil || err.Error() != `campaign: battle B1-1: result "nobody" is not attacker, defender or draw` || CodeOf(err) != CodeResultWinner {
		t.Errorf("got %v", err)
	}
}

func TestAttackerWins(t *testing.T) {
	w := scheduled(t)
	w.s.Player("red").Reserves, w.s.Player("blue").Reserves = 100, 0
	out := w.play(Input{Results: []BattleResult{{Battle: "B1-1", Winner: Attacker, AttackerVP: 230, DefenderVP: 450}}}, 6, 5, 4)
	expect(t, out, `result  D2 B1-1 (attacker)
loss  B1-1 (reserves) =100
loss A8 B1-1 (army) =100
loss A8 B1-1 (trim) =400
loss A5 B1-1 (army) =500
retreat A5 E2 B1-1
conquered  D2 B1-1
`)
	// Red (winner) loses 230 → 200 (D14): 100 from reserves, 100 from A8, which is trimmed to 1000.
	// Blue (loser) loses 450 → 500 from A5 (1000 → 500) and retreats to its own E2 (D15).
	// Red takes free D2 at −1, minimum 0 [A71].
	if a := out.State.Army("A8"); a.Points != 1000 || a.At != sq(t, "D2") {
		t.Errorf("A8 %+v", a)
	}
	if a := out.State.Army("A5"); a.Points != 500 || a.At != sq(t, "E2") {
		t.Errorf("A5 %+v", a)
	}
	if got := out.State.Square(sq(t, "D2")); got.Owner != "red" || got.Value != 0 {
		t.Errorf("D2 %+v", got)
	}
	if len(out.State.Battles) != 0 {
		t.Error("an applied battle is no longer pending")
	}
}

func TestDefenderWinsAndDraw(t *testing.T) {
	w := scheduled(t)
	w.s.Player("red").Reserves, w.s.Player("blue").Reserves = 0, 0
	out := w.play(Input{Results: []BattleResult{{Battle: "B1-1", Winner: Draw, AttackerVP: 1, DefenderVP: 0}}}, 6, 5, 4)
	// A draw: both round up (1 → 100); the attacker goes back where it came from [A65].
	expect(t, out, `result  D2 B1-1 (draw)
loss A8 B1-1 (army) =100
loss A8 B1-1 (trim) =400
retreat A8 D1 B1-1
`)
	w = scheduled(t)
	w.s.Player("red").Reserves = 0
	out = w.play(Input{Results: []BattleResult{{Battle: "B1-1", Winner: Defender, AttackerVP: 1200, DefenderVP: 0}}}, 6, 5, 4)
	// 1200 from a 1500 army leaves 300: below 500 it is destroyed (§6.4).
	expect(t, out, `result  D2 B1-1 (defender)
loss A8 B1-1 (army) =1200
destroyed A8 D2 B1-1 (losses) =300
`)
}

func TestSeasonBalance(t *testing.T) {
	w := newWorld(t).square("D1", "red", 5).army("A8", "red", "E1", 500).army("A9", "red", "C3", 500)
	w.s.Turn, w.s.NextArmy = 4, 9 // turn 3 closed the spring (D7)
	in := Input{Orders: []OrderSet{{Player: "red", Muster: []Muster{
		{Kind: Raise, At: sq(t, "D1"), Points: 1000}, // a value-5 square makes at most 500 [A10]
		{Kind: Raise, At: sq(t, "D1"), Points: 500},
		{Kind: Reinforce, Army: "A8", Points: 500},  // at the capital: no site limit
		{Kind: Raise, At: sq(t, "E1"), Points: 500}, // 1500 points (E1 10 + D1 5) all fielded: none left
	}}}}
	out := w.play(in, 6, 5, 4)
	var got []string
	for _, e := range out.Events {
		switch e.Kind {
		case EventMuster, EventBalance:
			got = append(got, fmt.Sprintf("%s %s %s %d %s", e.Kind, e.Player, e.Unit, e.Value, e.Note))
		case EventRejected:
			got = append(got, "rejected "+e.Order+" "+e.Problem.Code)
		}
	}
	want := []string{
		"rejected RAISE D1 1000 site-limit",
		"muster red A10 500 raise",
		"rejected REINFORCE A8 500 no-points",
		"rejected RAISE E1 500 no-points",
		"balance red  1500 ",
		"balance blue  1000 ",
		"balance green  1000 ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if p := out.State.Player("red"); p.Reserves != 0 || out.State.FieldedPoints("red") != 1500 {
		t.Errorf("red reserves %d fielded %d", p.Reserves, out.State.FieldedPoints("red"))
	}
}

func TestBalanceDisbandsFarthestFirst(t *testing.T) {
	w := newWorld(t).army("A7", "red", "E1", 500).army("A8", "red", "C3", 500).army("A9", "red", "D2", 500)
	w.s.Turn = 7
	out := w.play(Input{}, 6, 5, 4)
	// Red holds only its capital (10 → 1000 points) but fields 1500: the
	// farthest army (C3, 4 steps from E1) goes (D7, [A05]).
	if out.State.Army("A8") != nil || out.State.Army("A9") == nil || out.State.Player("red").Reserves != 0 {
		t.Errorf("armies %+v reserves %d", out.State.Armies, out.State.Player("red").Reserves)
	}
}

func TestMusterOutsideBalanceIsRefused(t *testing.T) {
	w := newWorld(t)
	out := w.play(Input{Orders: []OrderSet{{Player: "red", Muster: []Muster{{Kind: Raise, At: sq(t, "E1"), Points: 500}}}}}, 6, 5, 4)
	if e := out.Events[0]; e.Kind != EventRejected || e.Problem.Text != "muster orders are carried out only at a season balance: send them with the orders of turn 4 (D7)" {
		t.Errorf("got %+v", e)
	}
}

func TestScoutRestrictions(t *testing.T) {
	b := Battle{Defender: "blue", Garrison: 300, Forces: []Force{
		{Army: "A1", Side: Attacker, Role: MainForce, Points: 500},
		{Army: "A2", Side: Attacker, Role: Reinforcement, Points: 1000},
	}}
	// §6.6: a 500-point scout army and a 300 garrison alone both fight under the restrictions.
	if !b.ScoutRestrictions(Attacker) || !b.ScoutRestrictions(Defender) {
		t.Error("forces under 1000 use the §6.6 restrictions")
	}
	b.Forces = append(b.Forces, Force{Army: "A3", Side: Defender, Role: MainForce, Points: 500})
	// [A61]: a garrison joined by a scout army (800) uses the normal 1000-point list.
	if b.ScoutRestrictions(Defender) || b.SidePoints(Defender) != 800 {
		t.Errorf("garrison + scout army: restrictions %v, points %d", b.ScoutRestrictions(Defender), b.SidePoints(Defender))
	}
	b.Forces[0].Points = 1000
	if b.ScoutRestrictions(Attacker) {
		t.Error("a 1000-point army uses the normal list")
	}
}

func TestResultBounds(t *testing.T) {
	const vpHint = "victory points suffered are at most what a side brought to the battle: check the numbers from the table"
	const keysHint = "name the armies, garrison and reserves of that battle: garrison, reserves:red, reserves:blue, A5, A8"
	w := scheduled(t) // B1-1: red A8 (1500) attacks blue A5 (1000) in free D2
	cases := []struct {
		res              BattleResult
		code, want, hint string
	}{
		{BattleResult{Battle: "B1-1", Winner: Attacker, AttackerVP: 1501}, CodeResultVP, "campaign: battle B1-1: the attacker cannot suffer 1501 victory points: its forces hold 1500", vpHint},
		{BattleResult{Battle: "B1-1", Winner: Attacker, DefenderVP: 1001}, CodeResultVP, "campaign: battle B1-1: the defender cannot suffer 1001 victory points: its forces hold 1000", vpHint},
		{BattleResult{Battle: "B1-1", Winner: Attacker, AttackerVP: -1}, CodeResultVP, "campaign: battle B1-1: victory points cannot be negative", vpHint},
		{BattleResult{Battle: "B1-1", Winner: Attacker, Losses: map[string]int{"A5": 1500}}, CodeResultLoss, "campaign: battle B1-1: loss A5=1500 is more than its 1000 points", keysHint},
		{BattleResult{Battle: "B1-1", Winner: Attacker, Losses: map[string]int{"A9": 5}}, CodeResultKey, "campaign: battle B1-1: loss A9=5 names no army, garrison or reserves of the battle", keysHint},
		{BattleResult{Battle: "B1-1", Winner: "won"}, CodeResultWinner, `campaign: battle B1-1: result "won" is not attacker, defender or draw`, keysHint},
	}
	for _, c := range cases {
		p := CheckResult(w.s.Battles[0], c.res)
		if p == nil || p.Error() != c.want || p.Code != c.code || p.Hint != c.hint || p.Text != strings.TrimPrefix(c.want, "campaign: ") {
			t.Errorf("got %v (%s, hint %s)\nwant %s %s, hint %s", p, p.Code, p.Hint, c.code, c.want, c.hint)
		}
	}
	// An allocation that names only the defender leaves the attacker's losses to the rules.
	w.s.Player("red").Reserves = 0
	out := w.play(Input{Results: []BattleResult{{Battle: "B1-1", Winner: Draw, AttackerVP: 900, DefenderVP: 900, Losses: map[string]int{"A5": 500}}}}, 6, 5, 4)
	if a := out.State.Army("A8"); a == nil || a.Points != 500 {
		t.Errorf("A8 must lose its 900 VP by the rules (1500 → 600 → 500): %+v", a)
	}
}
