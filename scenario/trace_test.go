package scenario

import (
	"reflect"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

func TestFormatEvent(t *testing.T) {
	b2, c2 := campaign.Coord{Col: 1, Row: 1}, campaign.Coord{Col: 2, Row: 1}
	tests := []struct {
		e    campaign.Event
		want string
	}{
		{campaign.Event{Kind: campaign.EventTurnOrder, Ranking: []campaign.Initiator{{Player: "empire", Rolls: []int{6, 6}}, {Player: "orcs", Rolls: []int{6, 2}}}, Public: true},
			"turn-order empire[6 6] orcs[6 2]"},
		{campaign.Event{Kind: campaign.EventCheck, Player: "empire", Unit: "A1", Order: "A1 MOVE C2", Line: 7, From: &b2, To: &c2,
			Check: &campaign.Check{Action: "move", Base: 9, OrderN: 1, Target: 9, Passed: true, Roll: campaign.Roll{Purpose: "x", Dice: []int{4, 4}},
				Modifiers: []campaign.Modifier{{Rule: "§4.1 #1", Reason: "dest-free", Value: 1}, {Reason: "terrain-moderate", Value: -1}}}},
			"check empire A1 B2→C2 move base=9 mods=[dest-free+1 terrain-moderate-1] n=1 D=9 roll=[4 4] pass"},
		{campaign.Event{Kind: campaign.EventExplored, Player: "empire", Unit: "A1", To: &c2, Value: 3, Roll: &campaign.Roll{Purpose: "explore", Dice: []int{6, 4}}},
			"explored empire A1 →C2 value=3 roll=[6 4]"},
		{campaign.Event{Kind: campaign.EventRejected, Player: "empire", Unit: "A1", Problem: &campaign.Problem{Code: "too-big", Text: "prose", At: &c2, From: &b2, Terrain: "difficult"}},
			"rejected empire A1 problem=(code=too-big at=C2 from=B2 terrain=difficult)"},
		{campaign.Event{Kind: "odd kind", Player: "two words"}, `"odd kind" "two words"`},
	}
	for _, tt := range tests {
		if got := FormatEvent(tt.e); got != tt.want {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
	}
}

// A field the engine adds later renders by its kind and JSON key.
func TestFormatValueGeneric(t *testing.T) {
	type loss struct {
		Unit   string         `json:"unit"`
		Points int            `json:"points_lost"`
		Whole  bool           `json:"whole,omitempty"`
		By     map[string]int `json:"by"`
		Where  *campaign.Coord
		Battle *campaign.Battle `json:"battle"`
		Skip   string
	}
	at := campaign.Coord{Col: 0, Row: 2}
	v := loss{Unit: "A1", Points: 300, Whole: true, By: map[string]int{"b": 2, "a": 1}, Where: &at,
		Battle: &campaign.Battle{ID: "B1-1", Forces: []campaign.Force{{Army: "A1", Side: campaign.Attacker}}}}
	want := `(unit=A1 points-lost=300 whole by=[a=1 b=2] where=A3 battle=(id=B1-1 at=A1 forces=[(army=A1 side=attacker from=A1)]))`
	if got := formatValue(reflect.ValueOf(v)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestCheckRoundTrip(t *testing.T) {
	for _, s := range []string{
		"move base=9 mods=[] n=3 D=7 roll=[6 6] fail",
		"combine base=9 mods=[crossed-2 \"two words\"+3] n=1 D=10 roll=[1 2] pass",
	} {
		words, _ := tokenize(s)
		c, err := parseCheck(words)
		if err != nil || FormatCheck(c) != s {
			t.Errorf("%s → %q, %v", s, FormatCheck(c), err)
		}
	}
}

func TestDiff(t *testing.T) {
	if d := Diff([]string{"a", "b"}, []string{"a", "b"}); d != nil {
		t.Errorf("equal lists differ: %q", d)
	}
	got := Diff([]string{"a", "b", "c"}, []string{"a", "x", "c", "d"})
	want := []string{"  a", "- b", "+ x", "  c", "+ d"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
