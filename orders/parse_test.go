package orders

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

// riverlands loads the example campaign's map (A1–T15).
func riverlands(t testing.TB) *campaign.Map {
	t.Helper()
	data, err := os.ReadFile("../examples/riverlands/map.txt")
	if err != nil {
		t.Fatal(err)
	}
	m, err := campaign.ParseMap("map.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func problemStrings(s *Sheet) []string {
	var out []string
	for _, p := range s.Problems {
		out = append(out, p.String())
	}
	return out
}

func echoStrings(s *Sheet) []string {
	var out []string
	for _, e := range s.Echo() {
		out = append(out, e.String())
	}
	return out
}

const header = "CAMPAIGN riverlands PLAYER empire TURN 1"
const echoHeader = "line 1: CAMPAIGN riverlands PLAYER empire TURN 1"

func TestParse(t *testing.T) {
	m := riverlands(t)
	tests := []struct {
		name     string
		text     string
		echo     []string
		problems []string
	}{
		{
			name: "english",
			text: header + "\nA1 MOVE E10 E9\na2 move f11, g11 h11\nINITIATIVE LAST\nEND\n",
			echo: []string{echoHeader, "line 2: A1 MOVE E10 E9", "line 3: A2 MOVE F11 G11 H11", "line 4: INITIATIVE LAST"},
		},
		{
			name: "spanish with accents and the unaccented forms",
			text: "CAMPAÑA riverlands JUGADOR dwarfs TURNO 2\nA3 MOVER Q4 Q5\nINICIATIVA ÚLTIMO\nINICIATIVA primero\nFIN",
			echo: []string{"line 1: CAMPAIGN riverlands PLAYER dwarfs TURN 2", "line 2: A3 MOVE Q4 Q5", "line 4: INITIATIVE FIRST"},
		},
		{
			name: "campana, ultimo and mixed languages",
			text: "campana Riverlands PLAYER Dwarfs turno 1\nA3 mover Q4\niniciativa ultimo",
			echo: []string{"line 1: CAMPAIGN riverlands PLAYER dwarfs TURN 1", "line 2: A3 MOVE Q4", "line 3: INITIATIVE LAST"},
		},
		{
			name: "decomposed accents",
			text: "CAMPAN\u0303A riverlands JUGADOR chaos TURNO 1\nINICIATIVA U\u0301LTIMO",
			echo: []string{"line 1: CAMPAIGN riverlands PLAYER chaos TURN 1", "line 2: INITIATIVE LAST"},
		},
		{
			name: "greeting, comments, blank lines, signature",
			text: "Hi Marta,\n\nhere are my orders.\n" + header + "  # header\n# a whole-line comment\n\nA1 MOVE E10 # north\n\n-- \nKarl\nA2 MOVE F11\n",
			echo: []string{"line 4: CAMPAIGN riverlands PLAYER empire TURN 1", "line 7: A1 MOVE E10"},
		},
		{
			name: "signature without its trailing space",
			text: header + "\nA1 MOVE E10\n--\nA2 MOVE F11",
			echo: []string{echoHeader, "line 2: A1 MOVE E10"},
		},
		{
			name: "quoted reply and its attribution line",
			text: header + "\nA1 MOVE E10\n\nOn Tue, 1 Dec 2026, Marta wrote:\n> A2 MOVE Z99\n> CAMPAIGN riverlands PLAYER empire TURN 1\nA2 MOVE F11",
			echo: []string{echoHeader, "line 2: A1 MOVE E10", "line 7: A2 MOVE F11"},
		},
		{
			name:     "a line ending in a colon is an order line unless a quote follows",
			text:     header + "\nmy orders:\nA1 MOVE E10",
			echo:     []string{echoHeader, "line 3: A1 MOVE E10"},
			problems: []string{`line 2: unknown order "my"; hint: orders are MOVE/MOVER, SAIL/NAVEGAR, EMBARK/EMBARCAR, DISEMBARK/DESEMBARCAR, CLAIM/RECLAMAR, PILLAGE/SAQUEAR, IMPROVE/MEJORAR, BUILD/CONSTRUIR, MERGE/UNIR, SPLIT/DIVIDIR, REORGANIZE/REORGANIZAR, RAISE/RECLUTAR, REINFORCE/REFORZAR, DISBAND/DISOLVER, REDUCE/REDUCIR, INITIATIVE/INICIATIVA, EQUIP/EQUIPAR, END/FIN`},
		},
		{
			name: "outlook original message",
			text: header + "\r\nA1 MOVE E10\r\n\r\n-----Original Message-----\r\nFrom: turns\r\nA2 MOVE F11\r\n",
			echo: []string{echoHeader, "line 2: A1 MOVE E10"},
		},
		{
			name: "outlook rule of underscores",
			text: header + "\nA1 MOVE E10\n________________________________\nDe: turns\n",
			echo: []string{echoHeader, "line 2: A1 MOVE E10"},
		},
		{
			name: "everything after END is ignored",
			text: header + "\nA1 MOVE E10\nend of my orders\nA2 MOVE Z99\nrubbish",
			echo: []string{echoHeader, "line 2: A1 MOVE E10"},
		},
		{
			name: "CR line endings",
			text: header + "\rA1 MOVE E10\r\rA2 MOVE F11",
			echo: []string{echoHeader, "line 2: A1 MOVE E10", "line 4: A2 MOVE F11"},
		},
		{
			name:     "no header",
			text:     "Hello\nsee you Saturday\n",
			problems: []string{"no header line; hint: start the orders with CAMPAIGN <campaign> PLAYER <player> TURN <turn> (or CAMPAÑA … JUGADOR … TURNO …)"},
		},
		{
			name: "orders before the header",
			text: "Hello\nA1 MOVE E10\nINITIATIVE LAST\n" + header + "\nA2 MOVE F11",
			echo: []string{"line 4: CAMPAIGN riverlands PLAYER empire TURN 1", "line 5: A2 MOVE F11"},
			problems: []string{
				"line 2: orders come before the header line; hint: put the header line first: CAMPAIGN <campaign> PLAYER <player> TURN <turn> (or CAMPAÑA … JUGADOR … TURNO …)",
				"line 3: orders come before the header line; hint: put the header line first: CAMPAIGN <campaign> PLAYER <player> TURN <turn> (or CAMPAÑA … JUGADOR … TURNO …)",
			},
		},
		{
			name:     "second header",
			text:     header + "\nA1 MOVE E10\nCAMPAIGN riverlands PLAYER orcs TURN 1\n",
			echo:     []string{echoHeader, "line 2: A1 MOVE E10"},
			problems: []string{"line 3: a second header line; the header is on line 1; hint: send one set of orders per mail"},
		},
		{
			name:     "header without turn",
			text:     "CAMPAIGN riverlands PLAYER empire\nA1 MOVE E10",
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER empire TURN 0", "line 2: A1 MOVE E10"},
			problems: []string{"line 1: the header line has no TURN; hint: write the header as CAMPAIGN <campaign> PLAYER <player> TURN <turn> (or CAMPAÑA … JUGADOR … TURNO …)"},
		},
		{
			name:     "header keyword without value",
			text:     "CAMPAÑA riverlands JUGADOR",
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER  TURN 0"},
			problems: []string{"line 1: JUGADOR has no value in the header line; hint: write the header as CAMPAIGN <campaign> PLAYER <player> TURN <turn> (or CAMPAÑA … JUGADOR … TURNO …)"},
		},
		{
			name:     "header with a stray word",
			text:     "CAMPAIGN riverlands FOR empire TURN 1",
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER  TURN 0"},
			problems: []string{`line 1: unexpected "FOR" in the header line; hint: write the header as CAMPAIGN <campaign> PLAYER <player> TURN <turn> (or CAMPAÑA … JUGADOR … TURNO …)`},
		},
		{
			name:     "header with a bad turn",
			text:     "CAMPAIGN riverlands PLAYER empire TURN one",
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER empire TURN 0"},
			problems: []string{`line 1: turn "one" is not a turn number; hint: the turn is a whole number from 1 up, as in TURN 3`},
		},
		{
			name: "errors skip their line only",
			text: header + "\nA1 MARCH E10\nMARCH A1 E10\nA1 MOVE Z99\nA1 MOVE E1O\nA1 MOVE\nA1\nMOVER E10\nA2 MOVE F11\n",
			echo: []string{echoHeader, "line 9: A2 MOVE F11"},
			problems: []string{
				`line 2: unknown order "MARCH"; hint: orders are MOVE/MOVER, SAIL/NAVEGAR, EMBARK/EMBARCAR, DISEMBARK/DESEMBARCAR, CLAIM/RECLAMAR, PILLAGE/SAQUEAR, IMPROVE/MEJORAR, BUILD/CONSTRUIR, MERGE/UNIR, SPLIT/DIVIDIR, REORGANIZE/REORGANIZAR, RAISE/RECLUTAR, REINFORCE/REFORZAR, DISBAND/DISOLVER, REDUCE/REDUCIR, INITIATIVE/INICIATIVA, EQUIP/EQUIPAR, END/FIN`,
				`line 3: unknown order "MARCH"; hint: orders are MOVE/MOVER, SAIL/NAVEGAR, EMBARK/EMBARCAR, DISEMBARK/DESEMBARCAR, CLAIM/RECLAMAR, PILLAGE/SAQUEAR, IMPROVE/MEJORAR, BUILD/CONSTRUIR, MERGE/UNIR, SPLIT/DIVIDIR, REORGANIZE/REORGANIZAR, RAISE/RECLUTAR, REINFORCE/REFORZAR, DISBAND/DISOLVER, REDUCE/REDUCIR, INITIATIVE/INICIATIVA, EQUIP/EQUIPAR, END/FIN`,
				`line 4: unknown square "Z99"; hint: the map runs A1–T15`,
				`line 5: "E1O" is not a square; hint: name squares by column letter and row number, like E10`,
				`line 6: A1 MOVE names no square; hint: list the squares to go through, one step each: A1 MOVE E10 E9`,
				`line 7: A1 has no order; hint: write: A1 MOVE E10 E9`,
				`line 8: MOVER needs the army first; hint: write: A1 MOVER E10 E9`,
			},
		},
		{
			name: "initiative errors",
			text: header + "\nINITIATIVE\nINICIATIVA SEGUNDO\nINITIATIVE LAST please\n",
			echo: []string{echoHeader},
			problems: []string{
				"line 2: INITIATIVE needs FIRST or LAST; hint: write INITIATIVE FIRST or INITIATIVE LAST (INICIATIVA PRIMERO / ÚLTIMO)",
				`line 3: unknown initiative "SEGUNDO"; hint: write INITIATIVE FIRST or INITIATIVE LAST (INICIATIVA PRIMERO / ÚLTIMO)`,
				`line 4: unexpected "please" after the order; hint: put one order on each line`,
			},
		},
		{
			name: "html spaces from a phone",
			text: "CAMPAIGN\u00a0riverlands PLAYER orcs TURN 1\n\u200bA5\u00a0MOVE\u00a0P10\n",
			echo: []string{"line 1: CAMPAIGN riverlands PLAYER orcs TURN 1", "line 2: A5 MOVE P10"},
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

func TestParseResult(t *testing.T) {
	s := Parse("CAMPAÑA Riverlands JUGADOR Empire TURNO 3\na1 mover e10 E9\nINICIATIVA ÚLTIMO\n", riverlands(t))
	if s.Campaign != "riverlands" || s.Player != "empire" || s.Turn != 3 || s.HeaderLine != 1 || s.InitiativeLine != 3 {
		t.Fatalf("header: %+v", s)
	}
	want := campaign.OrderSet{Player: "empire", Initiative: campaign.InitiativeLast, Orders: []campaign.Order{
		campaign.Move{Army: "A1", Path: []campaign.Coord{{Col: 4, Row: 9}, {Col: 4, Row: 8}}, SourceLine: 2},
	}}
	if got := s.Set; got.Player != want.Player || got.Initiative != want.Initiative || len(got.Orders) != 1 ||
		got.Orders[0].String() != want.Orders[0].String() || got.Orders[0].Line() != 2 {
		t.Fatalf("set: %+v, want %+v", got, want)
	}
}

func TestProblemCodes(t *testing.T) {
	s := Parse("A1 MOVE E10\n"+header+"\nA1 FOO\nA1 MOVE Z99\nA1 MOVE 9\nINITIATIVE\nMOVE\nA1\nA1 MOVE\nINITIATIVE LAST x\nCAMPAIGN", riverlands(t))
	var codes []string
	for _, p := range s.Problems {
		codes = append(codes, p.Code)
	}
	want := []string{CodeBeforeHeader, CodeUnknownOrder, CodeOffMap, CodeBadSquare, CodeBadInitiative, CodeArmyFirst, CodeNoOrder, CodeNoPath, CodeExtraWords, CodeSecondHeader}
	if !slices.Equal(codes, want) {
		t.Errorf("codes %q, want %q", codes, want)
	}
	if got := Parse("hello", riverlands(t)).Problems[0].Code; got != CodeNoHeader {
		t.Errorf("no header: code %q", got)
	}
	if got := Parse("CAMPAIGN x", riverlands(t)).Problems[0].Code; got != CodeBadHeader {
		t.Errorf("bad header: code %q", got)
	}
}

func FuzzParse(f *testing.F) {
	m := riverlands(f)
	f.Add(header + "\nA1 MOVE E10 E9\nINITIATIVE LAST\nEND")
	f.Add("Hola\nCAMPAÑA riverlands JUGADOR dwarfs TURNO 1\nA3 MOVER Q4\n-- \nfirma")
	f.Add("> quoted:\n\n" + header + "\nA1 MOVE AAAA99999999\nA1 MOVE ZZZ0\n\r\r#")
	f.Add(strings.Repeat("x:\n\n", 5) + "> a")
	f.Add(header + "\nF1 NAVEGAR C4 C5\nA2 EMBARK F1\nA2 DESEMBARCAR\nA3 ANEXAR\nA4 SAQUEAR D5\nA4 MEJORAR\nA5 BUILD")
	f.Add(header + "\nUNIR A1 A2\nSPLIT A4 500 500\nREORGANIZAR A1 A2 EN 1.000 1000\nRAISE C4 1000\nREFORZAR A1 500\nDISBAND A2\nREDUCE A3 500")
	f.Add(header + "\nMERGE A1 A1\nREORGANIZE A1 INTO\nA1 MOVVE\nDISBNAD A1\nSPLIT A1 -500 +500")
	f.Fuzz(func(t *testing.T, text string) {
		s := Parse(text, m)
		for _, e := range s.Echo() {
			if e.Line < 1 || strings.HasSuffix(e.Text, " ") {
				t.Fatalf("echo %q", e)
			}
		}
		onMap := func(cs ...campaign.Coord) {
			for _, c := range cs {
				if !m.Contains(c) {
					t.Fatalf("off-map square %v accepted", c)
				}
			}
		}
		for _, o := range s.Set.Orders {
			if o.Line() < 1 || unitOf(o.Unit()) == notUnit || o.Unit() != strings.ToUpper(o.Unit()) {
				t.Fatalf("order %q on line %d", o, o.Line())
			}
			switch o := o.(type) {
			case campaign.Move:
				onMap(o.Path...)
			case campaign.Sail:
				onMap(o.Path...)
			case campaign.Pillage:
				if o.Bonus != nil {
					onMap(*o.Bonus)
				}
			}
		}
		for _, r := range s.Set.Reorganisations {
			if len(r.Armies) == 0 || r.Sizes == nil && len(r.Armies) < 2 {
				t.Fatalf("reorganisation %+v", r)
			}
			for i, a := range r.Armies {
				if unitOf(a) != army || slices.Contains(r.Armies[:i], a) {
					t.Fatalf("reorganisation %+v", r)
				}
			}
			for _, p := range r.Sizes {
				if !campaign.LegalArmySize(p) {
					t.Fatalf("size %d accepted", p)
				}
			}
		}
		for _, o := range s.Set.Muster {
			switch o.Kind {
			case campaign.Raise:
				onMap(o.At)
			case campaign.Disband:
				if o.Points != 0 {
					t.Fatalf("disband with points: %+v", o)
				}
				continue
			}
			if !campaign.LegalArmySize(o.Points) {
				t.Fatalf("points %d accepted", o.Points)
			}
		}
	})
}
