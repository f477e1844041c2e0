package campaign

import (
	"bytes"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

func exampleMap(t testing.TB) *Map {
	t.Helper()
	data, err := os.ReadFile("../examples/riverlands/map.txt")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseMap("map.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func mustCoord(t testing.TB, s string) Coord {
	t.Helper()
	c, err := ParseCoord(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func exampleState(t testing.TB, m *Map) *State {
	t.Helper()
	s, err := NewState(m, "riverlands", "seed", []PlayerSetup{
		{ID: "empire", Race: "Empire", Capital: mustCoord(t, "E11"), Allies: []string{"dwarfs"}, Armies: []int{500, 500}},
		{ID: "dwarfs", Race: "Dwarfs", Capital: mustCoord(t, "Q3"), Allies: []string{"empire"}, Armies: []int{500, 500}},
		{ID: "orcs", Race: "Orcs & Goblins", Capital: mustCoord(t, "P11"), Armies: []int{1000}},
		{ID: "chaos", Race: "Chaos", Capital: mustCoord(t, "H2"), Armies: []int{500}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestNewState(t *testing.T) {
	m := exampleMap(t)
	s := exampleState(t, m)
	if got := s.Square(mustCoord(t, "E11")); got != (SquareState{Owner: "empire", Value: 10, Explored: true}) {
		t.Errorf("capital: %+v (§1: value 10, explored D4)", got)
	}
	if got := s.Square(mustCoord(t, "K5")); got != (SquareState{Value: 3, Explored: true}) {
		t.Errorf("preset K5: %+v (D4: a map may preset values)", got)
	}
	if s.Player("chaos").Reserves != 500 || s.Player("orcs").Reserves != 0 {
		t.Errorf("reserves: chaos %d orcs %d (D6)", s.Player("chaos").Reserves, s.Player("orcs").Reserves)
	}
	if a := s.Army("a5"); a == nil || a.Owner != "orcs" || a.Points != 1000 {
		t.Errorf("army A5: %+v", a)
	}
	if !s.Enemy("empire", "orcs") || s.Enemy("empire", "dwarfs") || s.Enemy("empire", "empire") {
		t.Error("D11: enemy = another player, not allied")
	}
	if s.Garrison(mustCoord(t, "E11")) != 1000 {
		t.Errorf("garrison = 100 × value (§6.2)")
	}
}

func TestNewStateErrors(t *testing.T) {
	m := exampleMap(t)
	const capitalHint = "\nhint: a capital is a land or coast square on the map, one per player (§1)"
	const armiesHint = "\nhint: starting armies are 500–2500 points in 500-point blocks, together at most the capital's 1000 (§3.1)"
	cases := []struct {
		setup PlayerSetup
		field string
		want  string
	}{
		{PlayerSetup{ID: "x", Capital: mustCoord(t, "Z99")}, "capital", "campaign: player x: capital Z99 is off the map (A1–T15)" + capitalHint},
		{PlayerSetup{ID: "x", Capital: mustCoord(t, "A1")}, "capital", "campaign: player x: capital A1 is a sea square" + capitalHint},
		{PlayerSetup{ID: "x", Capital: mustCoord(t, "E11"), Armies: []int{700}}, "armies", "campaign: player x: a starting army of 700 points is not 500–2500 in 500 blocks" + armiesHint},
		{PlayerSetup{ID: "x", Capital: mustCoord(t, "E11"), Armies: []int{1000, 500}}, "armies", "campaign: player x: starting armies total 1500 points, more than the capital's 1000" + armiesHint},
		{PlayerSetup{ID: "x", Capital: mustCoord(t, "Q3")}, "capital", "campaign: player x: capital Q3 is already the capital of dwarfs" + capitalHint},
	}
	for _, c := range cases {
		_, err := NewState(m, "c", "s", []PlayerSetup{{ID: "dwarfs", Capital: mustCoord(t, "Q3")}, c.setup})
		if err == nil || ErrorText(err) != c.want {
			t.Errorf("got %v, want %q", err, c.want)
		}
		var se *SetupError
		if !errors.As(err, &se) || se.Player != "x" || se.Field != c.field {
			t.Errorf("%v: want a *SetupError for player x, field %s; got %#v", err, c.field, se)
		}
	}
}

func TestSnapshotRoundTrip(t *testing.T) {
	m := exampleMap(t)
	s := exampleState(t, m)
	s.Fleets = append(s.Fleets, Fleet{ID: "F1", Owner: "empire", At: mustCoord(t, "C10")})
	var a bytes.Buffer
	if err := s.Encode(&a); err != nil {
		t.Fatal(err)
	}
	back, err := DecodeState("turn-001.json", bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := back.Encode(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatalf("round trip changed the snapshot:\n%s\n---\n%s", a.String(), b.String())
	}
	if !strings.Contains(a.String(), `"at": "E11"`) {
		t.Error("squares must be written as player-facing coordinates")
	}
}

func TestEncodeSortsUnitsByID(t *testing.T) {
	s := exampleState(t, exampleMap(t))
	e11 := mustCoord(t, "E11")
	s.Armies = []Army{{ID: "A10", Owner: "empire", At: e11, Points: 500}, {ID: "A2", Owner: "empire", At: e11, Points: 500}, {ID: "A1", Owner: "empire", At: e11, Points: 500}}
	s.Fleets = []Fleet{{ID: "F12", Owner: "empire", At: mustCoord(t, "C10")}, {ID: "F3", Owner: "empire", At: mustCoord(t, "C10")}}
	var b bytes.Buffer
	if err := s.Encode(&b); err != nil {
		t.Fatal(err)
	}
	back, err := DecodeState("s.json", &b)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range back.Armies {
		got = append(got, a.ID)
	}
	for _, f := range back.Fleets {
		got = append(got, f.ID)
	}
	if want := []string{"A1", "A2", "A10", "F3", "F12"}; !slices.Equal(got, want) {
		t.Errorf("snapshot order %q, want %q", got, want)
	}
	if s.Armies[0].ID != "A10" {
		t.Error("Encode must not reorder the state it writes")
	}
}

func TestDecodeStateErrors(t *testing.T) {
	good := func() string {
		var b bytes.Buffer
		exampleState(t, exampleMap(t)).Encode(&b)
		return b.String()
	}()
	cases := []struct{ name, text, want string }{
		{"not json", "{\n  \"format\": tur", "campaign: s.json:2:14: invalid character 'u' in literal true (expecting 'r')"},
		{"truncated", "{\"format\": \"turnproc-state\",\n\"version\": 1, \"turn\": ", "campaign: s.json:2:22: unexpected end of JSON input"},
		{"other format", `{"format":"x","version":1}`, `campaign: s.json: not a turnproc state file (format "x", want "turnproc-state")`},
		{"future version", `{"format":"turnproc-state","version":9}`, "campaign: s.json: state version 9 is not supported (this turnproc reads version 1); use the turnproc release that wrote it"},
		{"unknown field", strings.Replace(good, `"turn":`, `"turns": 1, "turn":`, 1), `campaign: s.json: json: unknown field "turns"`},
		{"wrong type", strings.Replace(good, `"turn": 1`, `"turn": "one"`, 1), "campaign: s.json:5:15: json: cannot unmarshal string into Go struct field snapshot.turn of type int"},
		{"bad owner", strings.Replace(good, `"owner": "orcs"`, `"owner": "elves"`, 1), `campaign: s.json: square P11: owner "elves" is not a player`},
		{"bad army", strings.Replace(good, `"points": 1000`, `"points": 900`, 1), "campaign: s.json: army A5: 900 points is not 500–2500 in 500 blocks"},
		{"bad coord", strings.Replace(good, `"at": "E11"`, `"at": "11E"`, 1), `campaign: s.json: "11E" is not a square: write column letters then a row number, like C4`},
		// Without its seed every roll would follow from a seed anyone knows.
		{"empty seed", strings.Replace(good, `"seed": "seed"`, `"seed": ""`, 1), "campaign: s.json: the dice seed is empty: the snapshot is damaged (init writes a secret seed into every snapshot)"},
		{"blank seed", strings.Replace(good, `"seed": "seed"`, `"seed": " "`, 1), "campaign: s.json: the dice seed is empty: the snapshot is damaged (init writes a secret seed into every snapshot)"},
		{"no seed", strings.Replace(good, `"seed": "seed",`, ``, 1), "campaign: s.json: the dice seed is empty: the snapshot is damaged (init writes a secret seed into every snapshot)"},
		// A counter past any campaign's size would overflow into a snapshot
		// turnproc then cannot read.
		{"huge next_army", strings.Replace(good, `"next_army": 6`, `"next_army": 9223372036854775807`, 1), "campaign: s.json: next_army 9223372036854775807 is not 0–1000000"},
		{"negative next_fleet", strings.Replace(good, `"next_fleet": 0`, `"next_fleet": -1`, 1), "campaign: s.json: next_fleet -1 is not 0–1000000"},
		{"huge turn", strings.Replace(good, `"turn": 1`, `"turn": 9223372036854775807`, 1), "campaign: s.json: turn 9223372036854775807 is not 1–1000000"},
		{"huge reserves", strings.Replace(good, `"reserves": 0`, `"reserves": 9223372036854775807`, 1), `campaign: s.json: player "empire": reserves 9223372036854775807 is not 0–1000000`},
		{"huge value", strings.Replace(good, `"value": 10`, `"value": 9223372036854775807`, 1), "campaign: s.json: square H2: value 9223372036854775807 is not 0–1000000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeState("s.json", strings.NewReader(c.text))
			if err == nil || ErrorText(err) != c.want {
				t.Errorf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}

func TestCoord(t *testing.T) {
	for _, c := range []struct {
		s    string
		want Coord
	}{{"A1", Coord{0, 0}}, {"c4", Coord{2, 3}}, {"Z10", Coord{25, 9}}, {"AA1", Coord{26, 0}}, {"CV100", Coord{99, 99}}} {
		got, err := ParseCoord(c.s)
		if err != nil || got != c.want {
			t.Errorf("ParseCoord(%q) = %v, %v", c.s, got, err)
		}
		if strings.ToUpper(c.s) != got.String() {
			t.Errorf("%v.String() = %q", got, got.String())
		}
	}
	for _, bad := range []string{"", "A", "4", "A0", "4A", "A-1", "ABCD1", "Ñ4"} {
		if _, err := ParseCoord(bad); err == nil {
			t.Errorf("ParseCoord(%q) accepted", bad)
		}
	}
}

func TestCalendar(t *testing.T) {
	cases := []struct {
		turn, year int
		season     Season
		ofSeason   int
		closes     bool
	}{{1, 1, Spring, 1, false}, {3, 1, Spring, 3, true}, {4, 1, Summer, 1, false}, {12, 1, Winter, 3, true}, {13, 2, Spring, 1, false}}
	for _, c := range cases {
		got := CalendarOf(c.turn)
		if got.Year != c.year || got.Season != c.season || got.TurnOfSeason != c.ofSeason || got.ClosesSeason() != c.closes {
			t.Errorf("turn %d: %+v (D7: turns 3, 6, 9, 12 close a season)", c.turn, got)
		}
	}
}

// TestBattleSideOf: the main players by name, any other player by his
// armies in the battle (a reinforcement [A54]); a player with no army there
// is not in it, nor is "" in a siege of a garrison against its own pillager
// ([A44], no defending player).
func TestBattleSideOf(t *testing.T) {
	b := Battle{ID: "B1-1", Attacker: "empire", Defender: "orcs", Forces: []Force{
		{Army: "A1", Player: "empire", Side: Attacker, Role: MainForce},
		{Army: "A2", Player: "dwarfs", Side: Attacker, Role: Reinforcement},
		{Army: "A3", Player: "orcs", Side: Defender, Role: Reinforcement}}}
	own := Battle{ID: "B1-2", Attacker: "orcs", Cause: "own-pillage", Forces: []Force{{Army: "A4", Player: "orcs", Side: Attacker, Role: MainForce}}}
	cases := []struct {
		b      Battle
		player string
		side   Side
		role   Role
		in     bool
	}{
		{b, "empire", Attacker, MainForce, true},
		{b, "orcs", Defender, MainForce, true},
		{b, "dwarfs", Attacker, Reinforcement, true},
		{b, "elves", "", "", false},
		{own, "orcs", Attacker, MainForce, true},
		{own, "", "", "", false},
	}
	for _, c := range cases {
		side, role, in := c.b.SideOf(c.player)
		if side != c.side || role != c.role || in != c.in {
			t.Errorf("%s.SideOf(%q) = %q, %q, %v; want %q, %q, %v", c.b.ID, c.player, side, role, in, c.side, c.role, c.in)
		}
	}
	s := &State{Battles: []Battle{b, own}}
	if got := s.Battle("B1-2"); got == nil || got != &s.Battles[1] {
		t.Errorf("State.Battle(B1-2) = %v", got)
	}
	if s.Battle("B9-9") != nil {
		t.Error("State.Battle(B9-9) must be nil")
	}
}
