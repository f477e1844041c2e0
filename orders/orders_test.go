package orders

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

const (
	onlySails     = "hint: a fleet only sails, as in F1 MOVE C4 C5"
	pointsHint    = "hint: armies come in blocks of 500, up to 2500"
	pointsList    = "is not 500, 1000, 1500, 2000 or 2500 points; " + pointsHint
	reorgHint     = "hint: write: REORGANIZE A1 A2 INTO 1000 1000 (REORGANIZAR A1 A2 EN 1000 1000)"
	oneOrderHint  = "hint: put one order on each line"
	notArmyHint   = "hint: armies are A and a number, like A1"
	goToSeaHint   = "hint: an army goes to sea aboard a fleet: A1 EMBARK F1, then F1 SAIL C4 C5"
	offMapHint    = "hint: the map runs A1–T15"
	notSquareHint = "hint: name squares by column letter and row number, like E10"
)

// lines numbers the order lines after the header: line 2, 3, …
func lines(orders ...string) string { return header + "\n" + strings.Join(orders, "\n") + "\n" }

func TestParseOrders(t *testing.T) {
	m := riverlands(t)
	tests := []struct {
		name     string
		text     string
		echo     []string
		problems []string
	}{
		{
			name: "every order in English",
			text: lines("A1 MOVE E10 E9", "F1 MOVE C4 C5", "f2 sail b5", "A2 EMBARK f1", "A2 DISEMBARK", "A3 CLAIM",
				"A3 PILLAGE", "a4 pillage d5", "A4 IMPROVE", "A5 BUILD", "MERGE A1 a2 A3", "SPLIT A4 500 500",
				"REORGANIZE A1 A2 INTO 1000 1000", "reorganise A6 into 1500 500", "RAISE C4 1000", "REINFORCE A1 500",
				"DISBAND A2", "REDUCE A3 500"),
			echo: []string{echoHeader, "line 2: A1 MOVE E10 E9", "line 3: F1 MOVE C4 C5", "line 4: F2 MOVE B5",
				"line 5: A2 EMBARK F1", "line 6: A2 DISEMBARK", "line 7: A3 CLAIM", "line 8: A3 PILLAGE",
				"line 9: A4 PILLAGE D5", "line 10: A4 IMPROVE", "line 11: A5 BUILD", "line 12: MERGE A1 A2 A3",
				"line 13: REORGANIZE A4 INTO 500 500", "line 14: REORGANIZE A1 A2 INTO 1000 1000",
				"line 15: REORGANIZE A6 INTO 1500 500", "line 16: RAISE C4 1000", "line 17: REINFORCE A1 500",
				"line 18: DISBAND A2", "line 19: REDUCE A3 500"},
		},
		{
			name: "every order in Spanish, with the second spellings",
			text: lines("A1 MOVER E10 E9", "F1 MOVER C4 C5", "F2 NAVEGAR B5", "A2 EMBARCAR F1", "A2 DESEMBARCAR",
				"A3 RECLAMAR", "A4 ANEXAR", "A3 SAQUEAR", "A4 SAQUEAR D5", "A4 MEJORAR", "A5 CONSTRUIR", "UNIR A1 A2",
				"DIVIDIR A4 500 500 500", "REORGANIZAR A1 A2 EN 1.000 1.000", "RECLUTAR C4 2.500", "REFORZAR A1 500",
				"DISOLVER A2", "LICENCIAR A7", "REDUCIR A3 1.500"),
			echo: []string{echoHeader, "line 2: A1 MOVE E10 E9", "line 3: F1 MOVE C4 C5", "line 4: F2 MOVE B5",
				"line 5: A2 EMBARK F1", "line 6: A2 DISEMBARK", "line 7: A3 CLAIM", "line 8: A4 CLAIM", "line 9: A3 PILLAGE",
				"line 10: A4 PILLAGE D5", "line 11: A4 IMPROVE", "line 12: A5 BUILD", "line 13: MERGE A1 A2",
				"line 14: REORGANIZE A4 INTO 500 500 500", "line 15: REORGANIZE A1 A2 INTO 1000 1000",
				"line 16: RAISE C4 2500", "line 17: REINFORCE A1 500", "line 18: DISBAND A2", "line 19: DISBAND A7",
				"line 20: REDUCE A3 1500"},
		},
		{
			name: "orders before the header",
			text: "F1 MOVE C4\nSPLIT A1 500 500\nRECLUTAR C4 1000\nEND\n" + header,
			echo: []string{"line 5: CAMPAIGN riverlands PLAYER empire TURN 1"},
			problems: []string{
				"line 1: orders come before the header line; hint: put the header line first: " + headerForm,
				"line 2: orders come before the header line; hint: put the header line first: " + headerForm,
				"line 3: orders come before the header line; hint: put the header line first: " + headerForm,
			},
		},
		{
			name: "army orders given to a fleet, and sailing armies",
			text: lines("F1 CLAIM", "F1 EMBARK F2", "F1 DISEMBARK", "F1 PILLAGE", "F1 IMPROVE", "F1 BUILD",
				"A1 SAIL C4", "F1 ANEXAR", "A1 NAVEGAR C4"),
			echo: []string{echoHeader},
			problems: []string{
				"line 2: F1 is a fleet: only armies make claims; " + onlySails,
				"line 3: F1 is a fleet: only armies embark; " + onlySails,
				"line 4: F1 is a fleet: only armies disembark; " + onlySails,
				"line 5: F1 is a fleet: only armies pillage; " + onlySails,
				"line 6: F1 is a fleet: only armies improve squares; " + onlySails,
				"line 7: F1 is a fleet: only armies build fleets; " + onlySails,
				"line 8: A1 is an army: only fleets sail; " + goToSeaHint,
				"line 9: F1 is a fleet: only armies make claims; " + onlySails,
				"line 10: A1 is an army: only fleets sail; " + goToSeaHint,
			},
		},
		{
			name: "unit order errors",
			text: lines("A1 EMBARK", "A1 EMBARK A2", "A1 EMBARK F1 F2", "A1 CLAIM E10", "A1 PILLAGE Z99",
				"A1 PILLAGE D5 D6", "F1 SAIL", "F1 MOVE C4 X", "F1", "A1 EMBARCAR", "A2 SAQUEAR D5O", "F3 NAVEGAR"),
			echo: []string{echoHeader},
			problems: []string{
				"line 2: A1 EMBARK names no fleet; hint: write: A1 EMBARK F1",
				`line 3: "A2" is not a fleet; hint: fleets are F and a number, like F1`,
				`line 4: unexpected "F2" after the order; ` + oneOrderHint,
				`line 5: unexpected "E10" after the order; ` + oneOrderHint,
				`line 6: unknown square "Z99"; ` + offMapHint,
				`line 7: unexpected "D6" after the order; ` + oneOrderHint,
				"line 8: F1 SAIL names no square; hint: list the squares to go through, one step each: F1 SAIL C4 C5",
				`line 9: "X" is not a square; ` + notSquareHint,
				"line 10: F1 has no order; hint: write: F1 MOVE C4 C5",
				"line 11: A1 EMBARCAR names no fleet; hint: write: A1 EMBARCAR F1",
				`line 12: "D5O" is not a square; ` + notSquareHint,
				"line 13: F3 NAVEGAR names no square; hint: list the squares to go through, one step each: F3 NAVEGAR C4 C5",
			},
		},
		{
			name: "words in the wrong order",
			text: lines("SAIL F1 C4", "CLAIM A1", "EMBARK A1 F1", "A1 DISBAND", "A1 RAISE 1000", "A3 SPLIT 500 500",
				"A1 MERGE A2", "A1 INITIATIVE LAST", "A1 END", "NAVEGAR F1 C4", "SAQUEAR A1", "A2 DISOLVER", "A2 REORGANIZAR"),
			echo: []string{echoHeader},
			problems: []string{
				"line 2: SAIL needs the fleet first; hint: write: F1 SAIL C4 C5",
				"line 3: CLAIM needs the army first; hint: write: A1 CLAIM",
				"line 4: EMBARK needs the army first; hint: write: A1 EMBARK F1",
				"line 5: DISBAND comes first in the line; hint: write: DISBAND A1",
				"line 6: RAISE comes first in the line; hint: write: RAISE C4 1000",
				"line 7: SPLIT comes first in the line; hint: write: SPLIT A3 500 500",
				"line 8: MERGE comes first in the line; hint: write: MERGE A1 A2",
				"line 9: INITIATIVE comes first in the line; hint: write: INITIATIVE FIRST (INICIATIVA PRIMERO)",
				"line 10: END comes first in the line; hint: write: END",
				"line 11: NAVEGAR needs the fleet first; hint: write: F1 NAVEGAR C4 C5",
				"line 12: SAQUEAR needs the army first; hint: write: A1 SAQUEAR",
				"line 13: DISOLVER comes first in the line; hint: write: DISOLVER A2",
				"line 14: REORGANIZAR comes first in the line; " + reorgHint,
			},
		},
		{
			name: "merge and split errors",
			text: lines("MERGE", "MERGE A1", "MERGE A1 A1", "MERGE A1 F1", "MERGE A1 E10", "SPLIT", "SPLIT A1",
				"SPLIT A3 1000", "SPLIT A1 600 400", "SPLIT A1 A2 500", "SPLIT F1 500 500", "UNIR A1", "DIVIDIR A1 500",
				"UNIR A2 a2", "DIVIDIR"),
			echo: []string{echoHeader},
			problems: []string{
				"line 2: MERGE names no army; hint: write: MERGE A1 A2",
				"line 3: MERGE needs two armies or more; hint: write: MERGE A1 A2",
				"line 4: A1 is named twice; hint: name each army once",
				"line 5: F1 is a fleet: only armies merge; " + onlySails,
				`line 6: "E10" is not an army; ` + notArmyHint,
				"line 7: SPLIT names no army; hint: write: SPLIT A1 500 500",
				"line 8: SPLIT needs two sizes or more; hint: write: SPLIT A1 500 500",
				"line 9: SPLIT needs two sizes or more; hint: write: SPLIT A3 500 500",
				`line 10: "600" ` + pointsList,
				`line 11: "A2" ` + pointsList,
				"line 12: F1 is a fleet: only armies split; " + onlySails,
				"line 13: UNIR needs two armies or more; hint: write: UNIR A1 A2",
				"line 14: DIVIDIR needs two sizes or more; hint: write: DIVIDIR A1 500 500",
				"line 15: A2 is named twice; hint: name each army once",
				"line 16: DIVIDIR names no army; hint: write: DIVIDIR A1 500 500",
			},
		},
		{
			name: "reorganise errors",
			text: lines("REORGANIZE A1 A2 1000 1000", "REORGANIZE INTO 1000", "REORGANIZE A1 INTO", "REORGANIZE A1 A2 A1 INTO 1500",
				"REORGANIZE A1 INTO 3000", "REORGANIZE A1 INTO 500 INTO 500", "REORGANISE A1 F2 INTO 1000",
				"REORGANIZE C4 INTO 1000", "REORGANIZAR A1 A2 1000", "REORGANIZAR A1 EN", "REORGANIZAR EN 500"),
			echo: []string{echoHeader},
			problems: []string{
				"line 2: REORGANIZE needs INTO (EN) between the armies and the sizes; " + reorgHint,
				"line 3: REORGANIZE names no army; " + reorgHint,
				"line 4: REORGANIZE names no size after INTO; " + reorgHint,
				"line 5: A1 is named twice; hint: name each army once",
				`line 6: "3000" ` + pointsList,
				`line 7: "INTO" ` + pointsList,
				"line 8: F2 is a fleet: only armies are reorganised; " + onlySails,
				`line 9: "C4" is not an army; ` + notArmyHint,
				"line 10: REORGANIZAR needs INTO (EN) between the armies and the sizes; " + reorgHint,
				"line 11: REORGANIZAR names no size after EN; " + reorgHint,
				"line 12: REORGANIZAR names no army; " + reorgHint,
			},
		},
		{
			name: "muster errors",
			text: lines("RAISE", "RAISE Z99 1000", "RAISE C4", "RAISE C4 750", "RAISE C4 1000 A1", "REINFORCE", "REINFORCE A2",
				"REINFORCE F1 500", "REINFORCE A2 -500", "DISBAND", "DISBAND C4", "DISBAND A1 500", "DISBAND F2",
				"REDUCE A1", "REDUCE A1 0", "REDUCE A1 +500", "RAISE 1000 C4"),
			echo: []string{echoHeader},
			problems: []string{
				"line 2: RAISE names no square; hint: write: RAISE C4 1000",
				`line 3: unknown square "Z99"; ` + offMapHint,
				"line 4: RAISE C4 gives no points; hint: write: RAISE C4 1000",
				`line 5: "750" ` + pointsList,
				`line 6: unexpected "A1" after the order; ` + oneOrderHint,
				"line 7: REINFORCE names no army; hint: write: REINFORCE A1 500",
				"line 8: REINFORCE A2 gives no points; hint: write: REINFORCE A2 500",
				"line 9: F1 is a fleet: only armies are reinforced; " + onlySails,
				`line 10: "-500" ` + pointsList,
				"line 11: DISBAND names no army; hint: write: DISBAND A1",
				`line 12: "C4" is not an army; ` + notArmyHint,
				`line 13: unexpected "500" after the order; ` + oneOrderHint,
				"line 14: F2 is a fleet: only armies are disbanded; " + onlySails,
				"line 15: REDUCE A1 gives no points; hint: write: REDUCE A1 500",
				`line 16: "0" ` + pointsList,
				`line 17: "+500" ` + pointsList,
				`line 18: "1000" is not a square; ` + notSquareHint,
			},
		},
		{
			name: "muster errors in Spanish",
			text: lines("RECLUTAR", "RECLUTAR D5", "REFORZAR", "REFORZAR A3", "DISOLVER", "LICENCIAR F1", "REDUCIR A1",
				"REDUCIR A1 2.600", "REDUCIR A1 1.0000"),
			echo: []string{echoHeader},
			problems: []string{
				"line 2: RECLUTAR names no square; hint: write: RECLUTAR C4 1000",
				"line 3: RECLUTAR D5 gives no points; hint: write: RECLUTAR D5 1000",
				"line 4: REFORZAR names no army; hint: write: REFORZAR A1 500",
				"line 5: REFORZAR A3 gives no points; hint: write: REFORZAR A3 500",
				"line 6: DISOLVER names no army; hint: write: DISOLVER A1",
				"line 7: F1 is a fleet: only armies are disbanded; " + onlySails,
				"line 8: REDUCIR A1 gives no points; hint: write: REDUCIR A1 500",
				`line 9: "2.600" ` + pointsList,
				`line 10: "1.0000" ` + pointsList,
			},
		},
		{
			name: "misspelt orders get a suggestion",
			text: lines("A1 MOVVE E10", "DISBNAD A1", "A1 SAQEAR", "RECLUTRA C4 1000", "A1 EMBRAK F1", "REORGANICE A1 INTO 500",
				"A1 MARCH E10", "F1 SALI C4", "Iniciativo LAST", "A1 XY"),
			echo: []string{echoHeader},
			problems: []string{
				`line 2: unknown order "MOVVE"; hint: did you mean MOVE?`,
				`line 3: unknown order "DISBNAD"; hint: did you mean DISBAND?`,
				`line 4: unknown order "SAQEAR"; hint: did you mean SAQUEAR?`,
				`line 5: unknown order "RECLUTRA"; hint: did you mean RECLUTAR?`,
				`line 6: unknown order "EMBRAK"; hint: did you mean EMBARK?`,
				`line 7: unknown order "REORGANICE"; hint: did you mean REORGANIZE?`,
				`line 8: unknown order "MARCH"; hint: ` + orderKeywords,
				`line 9: unknown order "SALI"; hint: did you mean SAIL?`,
				`line 10: unknown order "Iniciativo"; hint: did you mean INICIATIVA?`,
				`line 11: unknown order "XY"; hint: ` + orderKeywords,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Parse(tt.text, m)
			if got := echoStrings(s); !slices.Equal(got, tt.echo) {
				t.Errorf("echo:\n got %q\nwant %q", got, tt.echo)
			}
			if got := problemStrings(s); !slices.Equal(got, tt.problems) {
				t.Errorf("problems:\n got %q\nwant %q", got, tt.problems)
			}
		})
	}
}

// TestParseOrderSet checks the values handed to campaign, line numbers
// included, for every kind of order.
func TestParseOrderSet(t *testing.T) {
	s := Parse(lines("a1 mover e10", "f1 navegar c4 c5", "A2 EMBARK F1", "A2 DISEMBARK", "A3 CLAIM", "A3 PILLAGE",
		"A4 PILLAGE D5", "A4 IMPROVE", "A5 BUILD", "UNIR A1 A2", "SPLIT A4 500 1000", "REORGANIZE A1 A2 INTO 1000 1000",
		"RAISE C4 1000", "REINFORCE A1 500", "DISBAND A2", "REDUCE A3 2000", "INITIATIVE LAST"), riverlands(t))
	if len(s.Problems) > 0 {
		t.Fatalf("problems: %q", problemStrings(s))
	}
	c := func(col, row int) campaign.Coord { return campaign.Coord{Col: col, Row: row} }
	d5 := c(3, 4)
	want := campaign.OrderSet{
		Player:     "empire",
		Initiative: campaign.InitiativeLast,
		Orders: []campaign.Order{
			campaign.Move{Army: "A1", Path: []campaign.Coord{c(4, 9)}, SourceLine: 2},
			campaign.Sail{Fleet: "F1", Path: []campaign.Coord{c(2, 3), c(2, 4)}, SourceLine: 3},
			campaign.Embark{Army: "A2", Fleet: "F1", SourceLine: 4},
			campaign.Disembark{Army: "A2", SourceLine: 5},
			campaign.Claim{Army: "A3", SourceLine: 6},
			campaign.Pillage{Army: "A3", SourceLine: 7},
			campaign.Pillage{Army: "A4", Bonus: &d5, SourceLine: 8},
			campaign.Improve{Army: "A4", SourceLine: 9},
			campaign.Build{Army: "A5", SourceLine: 10},
		},
		Reorganisations: []campaign.Reorganise{
			{Armies: []string{"A1", "A2"}, SourceLine: 11},
			{Armies: []string{"A4"}, Sizes: []int{500, 1000}, SourceLine: 12},
			{Armies: []string{"A1", "A2"}, Sizes: []int{1000, 1000}, SourceLine: 13},
		},
		Muster: []campaign.Muster{
			{Kind: campaign.Raise, At: c(2, 3), Points: 1000, SourceLine: 14},
			{Kind: campaign.Reinforce, Army: "A1", Points: 500, SourceLine: 15},
			{Kind: campaign.Disband, Army: "A2", SourceLine: 16},
			{Kind: campaign.Reduce, Army: "A3", Points: 2000, SourceLine: 17},
		},
	}
	if !reflect.DeepEqual(s.Set, want) {
		t.Errorf("set:\n got %#v\nwant %#v", s.Set, want)
	}
	if s.Set.Reorganisations[0].Sizes != nil {
		t.Error("MERGE must leave Sizes nil for campaign to sum")
	}
}

func TestNewProblemCodes(t *testing.T) {
	s := Parse(lines("A1 DISBAND", "F1 CLAIM", "A1 SAIL C4", "A1 EMBARK", "A1 EMBARK A2", "MERGE", "MERGE A1 E10",
		"MERGE A1 A1", "MERGE A1", "REORGANIZE A1 1000", "SPLIT A1 500", "RAISE", "RAISE C4", "RAISE C4 600"), riverlands(t))
	var codes []string
	for _, p := range s.Problems {
		codes = append(codes, p.Code)
	}
	want := []string{CodeOrderFirst, CodeArmyOnly, CodeFleetOnly, CodeNoFleet, CodeBadFleet, CodeNoArmy, CodeBadArmy,
		CodeRepeatedArmy, CodeFewArmies, CodeNoInto, CodeFewSizes, CodeNoSquare, CodeNoPoints, CodeBadPoints}
	if !slices.Equal(codes, want) {
		t.Errorf("codes %q, want %q", codes, want)
	}
}

func TestSuggest(t *testing.T) {
	tests := map[string]string{
		"MOVVE": "MOVE", "movr": "MOVE", "mover": "MOVER", "DISBNAD": "DISBAND", "saqear": "SAQUEAR",
		"BUIDL": "BUILD", "PILAGE": "PILLAGE", "Reorganice": "REORGANIZE", "RECLAMR": "RECLAMAR",
		"MARCH": "", "my": "", "A1": "", "INTO": "", "ULTIMO": "", "CAMPAIGN": "", "": "",
	}
	for word, want := range tests {
		if got := suggest(word); got != want {
			t.Errorf("suggest(%q) = %q, want %q", word, got, want)
		}
	}
}

func TestParseEquip(t *testing.T) {
	m := riverlands(t)
	s := Parse("CAMPAIGN riverlands PLAYER empire TURN 2\nEQUIP B1-1 ladders 4, ram 1\nEQUIPAR b1-1 ram 1 for Boyz, ram 1 for Grunts # two rams\nEQUIP\nEQUIP B1-2\n", m)
	want := []Equipment{{Line: 3, Battle: "B1-1", Items: "ram 1 for Boyz, ram 1 for Grunts"}}
	if !slices.Equal(s.Equipment, want) {
		t.Errorf("equipment %+v, want %+v (a later line for the same battle replaces the earlier)", s.Equipment, want)
	}
	var got []string
	for _, p := range s.Problems {
		got = append(got, p.String())
	}
	wantProblems := []string{
		"line 4: EQUIP names no battle; hint: write: EQUIP B3-1 ladders 4, ram 1 (the battle's id is in your report)",
		"line 5: EQUIP B1-2 names no equipment; hint: write: EQUIP B3-1 ladders 4, ram 1 (the battle's id is in your report)",
	}
	if !slices.Equal(got, wantProblems) {
		t.Errorf("problems %q", got)
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"campaña": "CAMPANA", "Último": "ULTIMO", "mover": "MOVER", "U\u0301LTIMO": "ULTIMO",
		"ＭＯＶＥ": "MOVE", "MO\u200dVE": "MOVE", "ção": "CAO",
	} {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}
