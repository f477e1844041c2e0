package templates

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"text/template/parse"

	"github.com/turnproc/turnproc/campaign"
)

func mustLookup(t *testing.T, lang string) *Set {
	t.Helper()
	s, err := Lookup(lang)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestLanguagesDefineTheSameNames(t *testing.T) {
	if got := Languages(); !slices.Equal(got, []string{"en", "es"}) {
		t.Fatalf("Languages() = %v, want [en es]", got)
	}
	en, es := mustLookup(t, "en").Names(), mustLookup(t, "es").Names()
	for _, n := range en {
		if !slices.Contains(es, n) {
			t.Errorf("es lacks %q", n)
		}
	}
	for _, n := range es {
		if !slices.Contains(en, n) {
			t.Errorf("en lacks %q", n)
		}
	}
}

// TestLanguagesUseTheSameFields catches a translation that drops or renames
// a value the caller passes in.
func TestLanguagesUseTheSameFields(t *testing.T) {
	en, es := mustLookup(t, "en"), mustLookup(t, "es")
	for _, name := range en.Names() {
		if !es.Has(name) {
			continue // reported by TestLanguagesDefineTheSameNames
		}
		fe, fs := fields(en.lookup(name).Tree.Root), fields(es.lookup(name).Tree.Root)
		if !slices.Equal(fe, fs) {
			t.Errorf("%s: en uses %v, es uses %v", name, fe, fs)
		}
	}
}

// fields lists the .Field names a template reads, sorted and unique.
func fields(n parse.Node) []string {
	var out []string
	var walk func(parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n != nil {
				for _, c := range n.Nodes {
					walk(c)
				}
			}
		case *parse.ActionNode:
			walk(n.Pipe)
		case *parse.PipeNode:
			if n != nil {
				for _, c := range n.Cmds {
					walk(c)
				}
			}
		case *parse.CommandNode:
			for _, a := range n.Args {
				walk(a)
			}
		case *parse.FieldNode:
			out = append(out, strings.Join(n.Ident, "."))
		case *parse.IfNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.RangeNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.WithNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		}
	}
	walk(n)
	slices.Sort(out)
	return slices.Compact(out)
}

// The codes campaign emits (campaign/event.go, check.go and the order_*.go
// files); every one needs a sentence in every language.
// TestCampaignCodesAreListed keeps these lists in step with the sources.
var (
	eventKinds = []campaign.EventKind{campaign.EventTurnOrder, campaign.EventRejected, campaign.EventCheck,
		campaign.EventMoved, campaign.EventExplored, campaign.EventHalted, campaign.EventSkipped,
		campaign.EventEmbarked, campaign.EventLanded, campaign.EventSailed, campaign.EventClaimed,
		campaign.EventPillaged, campaign.EventBonus, campaign.EventImproved, campaign.EventBuilt,
		campaign.EventFleet, campaign.EventFailed, campaign.EventReorganised, campaign.EventBattle,
		campaign.EventCombine, campaign.EventResult, campaign.EventLoss, campaign.EventRetreat,
		campaign.EventDestroyed, campaign.EventConquered, campaign.EventDefected, campaign.EventBalance,
		campaign.EventMuster}
	// eventNotes are the Event.Note values that pick a sentence of their own
	// (event.<kind>.<note>), and the report's own variants (.free: no owner;
	// halted.<action>: what the unit failed to do).
	eventNotes = map[campaign.EventKind][]string{
		campaign.EventFailed:    {"nothing", "battle", "siege"},
		campaign.EventBonus:     {"lost"},
		campaign.EventPillaged:  {"battle"},
		campaign.EventLoss:      {"garrison", "reserves", "army", "trim"},
		campaign.EventDestroyed: {"losses", "no-retreat"},
		campaign.EventResult:    {string(campaign.Attacker), string(campaign.Defender), string(campaign.Draw)},
		campaign.EventBattle:    {string(campaign.FieldBattle), string(campaign.GarrisonBattle), string(campaign.Siege)},
		campaign.EventMuster: {string(campaign.Raise), string(campaign.Reinforce), string(campaign.Reduce),
			string(campaign.Disband), "auto-disband"},
		campaign.EventClaimed:  {"free"},
		campaign.EventDefected: {"free"},
		campaign.EventHalted:   {"sail", "embark", "disembark"},
	}
	actions     = []string{"move", "sail", "embark", "disembark", "claim", "pillage", "improve", "build", "combine"}
	reasonCodes = []string{"dest-free", "dest-own", "dest-enemy", "size", "enemy-in-start", "enemy-fleet-in-start",
		"terrain-moderate", "terrain-difficult", "terrain-very-difficult", "enemy-value", "adjacent-enemy",
		"adjacent-own", "size-bonus", "target-level", "value", "forest", "size-blocks", "squares-crossed", "cliffs"}
	problemCodes = []string{"no-path", "aboard", "off-map", "not-adjacent", "sea", "impassable",
		"impassable-edge", "too-big", "unknown-unit", "not-yours", "unsupported", "allied", "already-yours",
		"bad-size", "built-already", "enemy-army", "fleet-full", "fleet-halted", "free-square",
		"improved-already", "landed", "low-value", "max-value", "no-armies", "no-balance", "no-points",
		"no-water", "not-aboard", "not-coast", "not-linked", "not-own", "not-together", "not-with-fleet",
		"points-differ", "repeated-army", "second-special", "site-limit", "too-big-to-embark", "unknown-fleet"}
	battleKinds  = []campaign.BattleKind{campaign.FieldBattle, campaign.GarrisonBattle, campaign.Siege}
	battleCauses = []string{"claim", "pillage", "own-pillage"}
	edges        = []string{"none", "north", "south", "east", "west", "north-east", "north-west", "south-east",
		"south-west", "sea"}
	seasons = []campaign.Season{campaign.Spring, campaign.Summer, campaign.Autumn, campaign.Winter}
)

// TestCampaignCodesAreListed reads the rules' sources, so that a code
// added there without a sentence here fails a test instead of a report.
func TestCampaignCodesAreListed(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "campaign", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no campaign sources: %v", err)
	}
	patterns := []struct {
		what   string
		re     *regexp.Regexp
		have   []string
		ignore string // a match that needs no sentence
	}{
		{"event kind", regexp.MustCompile(`Event\w+\s+EventKind = "([a-z-]+)"`), kindNames(), ""},
		{"problem code", regexp.MustCompile(`problem\("([a-z-]+)"`), problemCodes, ""},
		{"modifier reason", regexp.MustCompile(`\{"§[^"]*", "([a-z-]+)"`), reasonCodes, ""},
		{"check action", regexp.MustCompile(`(?:newCheck\(|Action: )"([a-z-]+)"`), actions, ""},
		// a failed improvement brings no battle, so it is no battle cause
		{"battle cause", regexp.MustCompile(`failSpecial\(a, o, "([a-z-]+)"|cause :?= "([a-z-]+)"`), battleCauses, "improve"},
		{"entry edge", regexp.MustCompile(`return "([a-z-]+)"\n\t\}\n\tvar ns, ew`), edges, ""},
	}
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range patterns {
			for _, m := range p.re.FindAllStringSubmatch(string(src), -1) {
				code := strings.Join(m[1:], "") // the one group that matched
				found++
				if code == "terrain-" { // "terrain-" + the grade: one reason per graded terrain
					for _, g := range []campaign.Terrain{campaign.Moderate, campaign.Difficult, campaign.VeryDifficult} {
						if !slices.Contains(p.have, code+g.String()) {
							t.Errorf("%s: %s %q has no sentence in the templates' lists", filepath.Base(f), p.what, code+g.String())
						}
					}
					continue
				}
				if code != p.ignore && !slices.Contains(p.have, code) {
					t.Errorf("%s: %s %q has no sentence in the templates' lists", filepath.Base(f), p.what, code)
				}
			}
		}
	}
	if found < 50 {
		t.Errorf("found only %d codes in the campaign sources: the patterns no longer match them", found)
	}
}

// TestOrderCodesAreListed reads the order parser's sources: each problem
// code it gives needs a problem.orders.<code> text, so that the
// acknowledgement can say it in the player's language.
func TestOrderCodesAreListed(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "orders", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no orders sources: %v", err)
	}
	code := regexp.MustCompile(`(?m)^\s*Code\w+\s*=\s*"([a-z-]+)"`)
	en := mustLookup(t, "en")
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range code.FindAllStringSubmatch(string(src), -1) {
			found++
			if !en.Has("problem.orders." + m[1]) {
				t.Errorf("%s: problem code %q has no problem.orders.%s text", filepath.Base(f), m[1], m[1])
			}
		}
	}
	if found < 20 {
		t.Errorf("found only %d problem codes in the orders sources: the pattern no longer matches them", found)
	}
}

func kindNames() []string {
	out := make([]string, len(eventKinds))
	for i, k := range eventKinds {
		out[i] = string(k)
	}
	return out
}

// sample holds every field any text reads, so each text can be executed.
var sample = map[string]any{
	"Action": "A1 moves from E11 to E10", "Attachment": "riverlands-turn-001-empire.pdf",
	"Base": 9, "Calendar": "Turn 1 — spring of year 1", "Clock": "20:00", "Date": "Sunday 6 December 2026",
	"Day": 6, "Deadline": "Sunday 13 December 2026", "Dice": "4 + 3", "From": "E11", "Line": 3,
	"Month": "December", "N": 2, "Name": "Karl Franz", "OfSeason": "turn 1 of 3 of the season",
	"Order": "A1 MOVE E10", "Page": 1, "Pages": 4, "Percent": 72, "Place": 1, "Player": "Karl Franz",
	"Points": 500, "Problem": "there is no army A9", "Race": "Empire", "Range": "A1–T15", "Reason": "E10 is free land",
	"Prev": "P10", "Rolls": "6, 2", "Rule": "§4.1 #1", "Season": "spring", "Seed": "e9b30d35", "Commitment": "a7c13677", "Next": 2, "Side": "attacker", "Items": "ladders 4", "Cost": 60, "Refused": "over the budget", "Notes": "", "Square": "O10", "Terrain": "difficult", "Target": 8, "Text": "A3 enters F5 from F6.",
	"Title": "The Riverlands Campaign", "To": "E10", "Total": 7, "Turn": 1, "TurnOfSeason": 1, "Unit": "A1",
	"Value": "+1", "Weekday": "Sunday", "Year": 1, "Zone": "UTC",
	"Amount": 2, "Attacker": "Grimgor", "Battle": "B2-1", "Crossed": 1, "Defender": "Karl Franz", "Edge": "south",
	"Fleet": "F1", "Garrison": 300, "Head": "A1 (500 points), A7 (500 points)", "IsFleet": false,
	"Kind": "Field battle", "Last": "A9 (500 points)", "NextBalance": 4, "Other": "Grimgor", "Reserves": 200,
	"Units": "A7 (500 points) and A9 (500 points)", "Chance": "8 or less on 2D6, 72%",
	"Hint": "orders are MOVE, SAIL, …", "Replaces": "Orders turn 1",
	// the siege sheet
	"Material": "Wooden castle", "SquareValue": 6, "Capacity": 1800, "Inside": 1800, "Outside": 1000,
	"Walls": 5, "Towers": 4, "Gate": "W3", "Wall": "W3", "BasePoints": 1000, "Per": 1000, "Toughness": 9, "Wounds": 11,
	"Limits": "as many ranks as fit; at most 1 cauldron", "Elements": "W1–W5", "Troops": "infantry and war beasts",
	"Rules": "ES-ANA-W3, ES-EQD-02", "Machines": 1, "Models": 30, "Monstrous": 9, "Crew": 5, "Budget": 225,
	"Cauldrons": 5, "Attackers": "A9", "Defenders": "",
	// the reminder's header line
	"Campaign": "riverlands",
	// the battlefield and what is at stake
	"Navigable": true, "Cliffs": false, "Siege": false, "Edges": "west",
	"Effect": "Grimgor conquers D4 at −2, which will be worth 1 (§6.4)", "Retreat": true, "Freed": false,
	"Defects": false, "Owner": "Karl Franz", "Rest": true,
	// the order form
	"FormFile": "riverlands-turn-002-empire-orders.txt", "Placeholder": "????", "At": "H5", "Password": "????",
	"Cargo": "A2", "Allowed": 1200, "Fielded": 1000, "Moves": 12, "Squares": 2, "Battles": 1,
	"Files": "riverlands-turn-001-empire.pdf", "Played": 2,
	// the bounds of an answer, the password warning and the report's
	// count of refused mails
	"Limit": 5, "More": 12, "Count": 2,
}

func TestEveryTextExecutes(t *testing.T) {
	for _, lang := range Languages() {
		s := mustLookup(t, lang)
		for _, n := range s.Names() {
			out, err := s.Text(n, sample)
			if err != nil {
				t.Errorf("%v", err)
			}
			if strings.TrimSpace(out) == "" {
				t.Errorf("%s: %s is empty", lang, n)
			}
		}
	}
}

func TestSpanish(t *testing.T) {
	es := mustLookup(t, "ES ")
	tests := []struct {
		name string
		data map[string]any
		want string
	}{
		{"calendar", map[string]any{"Turn": 1, "Season": "primavera", "Year": 1}, "Turno 1 — primavera del año 1"},
		{"check.pass", map[string]any{"Dice": "4 + 3", "Total": 7, "Target": 8}, "Tirada 2D6: 4 + 3 = 7 ≤ 8: superada"},
		{"check.fail", map[string]any{"Dice": "6 + 5", "Total": 11, "Target": 8}, "Tirada 2D6: 6 + 5 = 11 > 8: fallada"},
		{"season.autumn", nil, "otoño"},
		{"ack.chance", map[string]any{"Target": 8, "Percent": 72}, "8 o menos en 2D6, 72 %"},
		{"problem.orders.unknown-order", map[string]any{"Text": `unknown order "MARCH"`}, `orden desconocida (unknown order "MARCH")`},
		{"siege.room.units", map[string]any{"N": 2}, "2 unidades"},
		{"siege.room.war-machines", map[string]any{"N": 1}, "como mucho 1 máquina de guerra"},
		{"siege.defenders", map[string]any{"Points": 2800, "Garrison": 1800, "Inside": 1800},
			"El defensor suma 2800 puntos, guarnición de 1800 incluida: 1800 dentro de las murallas."},
		{"siege.defenders", map[string]any{"Points": 1000, "Garrison": 0, "Inside": 1000},
			"El defensor suma 1000 puntos: 1000 dentro de las murallas."},
		{"battle.field.table.shore", map[string]any{"Edges": "norte y oeste", "N": 2, "Cliffs": false},
			"la orilla a lo largo de los bordes norte y oeste de la mesa, del lado del mar: las playas son terreno difícil"},
		{"battle.field.table.shore", map[string]any{"Edges": "", "N": 0, "Cliffs": true},
			"la orilla a lo largo del borde de la mesa que acuerden los jugadores: la bordean acantilados"},
		{"battle.stake.pillage", map[string]any{"Square": "D4", "Value": 0, "Freed": true},
			"D4 queda saqueada (−3), no conquistada, y pasará a valer 0 [A41]; como valía 1, queda libre [A39]"},
		{"siege.reinforcements", map[string]any{"Attackers": "A9 y A10", "Defenders": ""},
			"Los refuerzos no compran equipo de asedio (D19); los refuerzos del atacante cuentan como equipados con escalas y garfios [A73]. Refuerzos del atacante: A9 y A10."},
	}
	for _, tt := range tests {
		got, err := es.Text(tt.name, tt.data)
		if err != nil || got != tt.want {
			t.Errorf("Text(%q) = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

func TestErrors(t *testing.T) {
	if _, err := Lookup("fr"); err == nil || campaign.ErrorText(err) != "templates: no texts for language \"fr\"\nhint: the languages are en, es" {
		t.Errorf("Lookup(fr) error = %v", err)
	}
	en := mustLookup(t, "en")
	tests := []struct {
		name string
		data any
		want string
	}{
		{"no.such.text", nil, `templates: en: no text named "no.such.text"`},
		{"en/mail.tmpl", nil, `templates: en: no text named "en/mail.tmpl"`},
		{"mail.tmpl", nil, `templates: en: no text named "mail.tmpl"`},
		{"check.pass", map[string]any{"Dice": "4 + 3", "Total": 7},
			`templates: en: check.pass: template: events.tmpl:100:62: executing "check.pass" at <.Target>: map has no entry for key "Target"`},
	}
	for _, tt := range tests {
		if _, err := en.Text(tt.name, tt.data); err == nil || campaign.ErrorText(err) != tt.want {
			t.Errorf("Text(%q) error = %v\nwant %s", tt.name, err, tt.want)
		}
	}
}
