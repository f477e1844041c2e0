package reports

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/siege"
)

// siegeTurn resolves turn 2 of testdata/seaboard.txt into a siege:
//
//	turn order: empire 5, orcs 2 → empire first
//	empire  A1 (1000) MOVE D3: 1 + 1 passes; A3 (500) MOVE C3 D3: 1 + 1, 1 + 1
//	end     B2-1 siege in D3, orcish and worth 6 (wood, D20): A7 and A8
//	        (1000 each) and the garrison of 600 defend, 2600 points for
//	        walls that hold 1800 (D18); A1 attacks; A3 fails its combine
//	        check with 6 + 6 and reinforces the attacker
func siegeTurn(t testing.TB) Turn {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "seaboard.txt"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := campaign.ParseMap("seaboard.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	owned := func(owner string, v int) campaign.SquareState {
		return campaign.SquareState{Owner: owner, Value: v, Explored: true}
	}
	before := &campaign.State{Campaign: "seaboard", Turn: 2, Seed: "5eed",
		Players: []campaign.Player{
			{ID: "empire", Name: "Karl Franz", Race: "Empire", Capital: coord("B3"), Initiative: campaign.InitiativeFirst},
			{ID: "orcs", Name: "Grimgor", Race: "Orcs", Capital: coord("F4"), Initiative: campaign.InitiativeFirst},
		},
		Squares: map[campaign.Coord]campaign.SquareState{
			coord("B3"): owned("empire", 10), coord("C3"): owned("empire", 2),
			coord("D3"): owned("orcs", 6), coord("F4"): owned("orcs", 10),
		},
		Armies: []campaign.Army{
			{ID: "A1", Owner: "empire", At: coord("C3"), Points: 1000},
			{ID: "A3", Owner: "empire", At: coord("B3"), Points: 500},
			{ID: "A7", Owner: "orcs", At: coord("D3"), Points: 1000},
			{ID: "A8", Owner: "orcs", At: coord("D3"), Points: 1000},
		},
		NextArmy: 8,
	}
	sets := []campaign.OrderSet{{Player: "empire", Orders: []campaign.Order{mv("A1", 2, "D3"), mv("A3", 3, "C3", "D3")}}}
	dice := campaign.ScriptedDice(5, 2, 1, 1, 1, 1, 1, 1, 6, 6)
	out, err := campaign.Resolve(m, campaign.Rules{}, before, campaign.Input{Orders: sets}, dice)
	if err != nil {
		t.Fatal(err)
	}
	if n := dice.Remaining(); n != 0 {
		t.Fatalf("%d scripted dice unused", n)
	}
	return Turn{Title: "The Seaboard Campaign", Map: m, Before: before, After: out.State, Outcome: out,
		Deadline: deadline, Generated: generated}
}

func TestSiegeFixture(t *testing.T) {
	tt := siegeTurn(t)
	if len(tt.Outcome.Battles) != 1 || tt.Outcome.Battles[0].Kind != campaign.Siege {
		t.Fatalf("battles = %+v, want one siege", tt.Outcome.Battles)
	}
	s := tt.siegeSheet(tt.Outcome.Battles[0])
	got := []int{s.Value, s.DefenderPoints, s.Castle.Capacity, s.Castle.Inside, s.Castle.Outside,
		s.Castle.WallSections, s.AttackerPoints, s.AttackerBudget, s.DefenderBudget}
	want := []int{6, 2600, 1800, 1800, 800, 5, 1000, 150, 390}
	if !slices.Equal(got, want) {
		t.Errorf("sheet numbers = %v, want %v", got, want)
	}
	if s.Castle.Material != campaign.Wood || s.MaterialFrom != "low" || s.Capital {
		t.Errorf("material = %v from %q (capital %v), want wood from low", s.Castle.Material, s.MaterialFrom, s.Capital)
	}
	if r := s.Reinforcements[campaign.Attacker]; !slices.Equal(r, []string{"A3"}) {
		t.Errorf("attacker reinforcements = %v, want [A3]", r)
	}
}

// TestSiegeSheetMaterial covers each D20 reason and the D18/D19 numbers
// on a siege placed by hand in the fixture's square.
func TestSiegeSheetMaterial(t *testing.T) {
	base := siegeTurn(t)
	b := base.Outcome.Battles[0]
	tests := []struct {
		name     string
		value    int
		capital  bool
		mapSays  campaign.Material
		material campaign.Material
		from     string
		capacity int
		outside  int
	}{
		{"value under 8", 6, false, campaign.AutoMaterial, campaign.Wood, "low", 1800, 800},
		{"value 8", 8, false, campaign.AutoMaterial, campaign.Stone, "value", 2400, 200},
		{"capital", 5, true, campaign.AutoMaterial, campaign.Stone, "capital", 1500, 1100},
		{"map sets wood", 10, true, campaign.Wood, campaign.Wood, "map", 3000, 0},
		{"map sets stone", 5, false, campaign.Stone, campaign.Stone, "map", 1500, 1100},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tt := base
			tt.After = base.After.Clone()
			st := tt.After.Squares[b.At]
			st.Value = tc.value
			tt.After.Squares[b.At] = st
			if tc.capital {
				tt.After.Player("orcs").Capital = b.At
			}
			tt.Map = mapWithMaterial(t, base.Map, b.At, tc.mapSays)
			s := tt.siegeSheet(b)
			if s.Castle.Material != tc.material || s.MaterialFrom != tc.from {
				t.Errorf("material %v from %q, want %v from %q", s.Castle.Material, s.MaterialFrom, tc.material, tc.from)
			}
			if s.Castle.Capacity != tc.capacity || s.Castle.Outside != tc.outside {
				t.Errorf("capacity %d, outside %d; want %d, %d", s.Castle.Capacity, s.Castle.Outside, tc.capacity, tc.outside)
			}
		})
	}
}

// mapWithMaterial re-reads the seaboard map with the square's material set.
func mapWithMaterial(t *testing.T, m *campaign.Map, at campaign.Coord, mat campaign.Material) *campaign.Map {
	t.Helper()
	if mat == campaign.AutoMaterial {
		return m
	}
	data, err := os.ReadFile(filepath.Join("testdata", "seaboard.txt"))
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, []byte("\n[squares]\n"+at.String()+" material="+mat.String()+"\n")...)
	out, err := campaign.ParseMap("seaboard.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Square(at).Material; got != mat {
		t.Fatalf("map material of %s = %v, want %v", at, got, mat)
	}
	return out
}

func TestSiegeSheetText(t *testing.T) {
	tt := siegeTurn(t)
	tests := []struct {
		name   string
		render func() ([]byte, error)
		want   []string
	}{
		{"siege-moderator-en", func() ([]byte, error) { return RenderModerator(tt, "en") }, []string{
			"B2-1 — Siege in D3", "Siege sheet — B2-1 in D3",
			"Battlefield: D3, inland: open ground.",
			"Around the castle, when placing the scenery, for the players to agree (§4.1, Annex A): open ground, with at most crops or ruins (difficult terrain) and hedges, fences or walls (linear obstacles).",
			"• If the attacker wins: Karl Franz conquers D3 at −2, which will be worth 4 (§6.4); the defender's armies fall back (D15).",
			"Wooden castle: D3 is worth 6, under 8, and is not a capital (D20).",
			"Capacity of the fortifications: 300 × 6 = 1800 points (D18).",
			"The defender fields 2600 points, the garrison's 600 included: 1800 inside the walls.",
			"800 points must deploy outside the walls (D18).",
			"The castle has 5 wall sections, 4 towers, the gate in W3 and 4 courtyard quadrants",
			"Attacker: deploys facing the fortress, more than 24\" from any part of the castle (ES-SCN-05)",
			"Defender's table edge (A-06)",
			"W1 wall section left flank T9 W11 yes Wall walk: as many ranks as fit; at most 1 cauldron",
			"Top of the tower: 1 unit; up to 30 models", "Inside the tower: 1 unit; up to 20 models",
			"G gate in W3 T7 W7 yes none of its own: units hold W3",
			"Courtyard (Q1–Q4): any troops [ES-ANA-C1].",
			"Duration: 7 turns (ES-SCN-07).", "First turn: the defender plays first (ES-SCN-06). Note C-01",
			"the 800 points that do not fit deploy outside the walls (D18)",
			"Victory tally (ES-SCN-08)",
			"Section Turn 1 Turn 2 Turn 3 Turn 4 Turn 5 Turn 6 Turn 7 Held at the end",
			"W1 wall section T1 tower W2 wall section T2 tower W3 wall section T3 tower W4 wall section T4 tower W5 wall section Q1 courtyard quadrant Q2 courtyard quadrant Q3 courtyard quadrant Q4 courtyard quadrant Sections held (A / D)",
			"The attacker, Karl Franz, fields 1000 points from the start: up to 150 points of siege equipment",
			"The defender, Grimgor, fields 2600 points from the start: up to 390 points of siege equipment",
			"up to 5 cauldrons of boiling oil",
			"the attacker's reinforcements count as having ladders and grapnels [A73]. The attacker's reinforcements: A3.",
			"EQUIP B2-1",
		}},
		{"siege-orcs-es", func() ([]byte, error) { return RenderPlayer(tt, "orcs", "es") }, []string{
			"B2-1 — Asedio en D3", "Hoja de asedio — B2-1 en D3",
			"Campo de batalla: D3, tierra adentro: terreno abierto.",
			"Alrededor del castillo, al colocar la escenografía, a acordar entre los jugadores (§4.1, anexo A): terreno abierto",
			"• Si gana el atacante: Karl Franz conquista D3 con −2, que pasará a valer 4 (§6.4); los ejércitos del defensor se retiran (D15).",
			"• Si gana el defensor: los ejércitos del atacante se retiran (D15).",
			"El moderador introduce el resultado: el ganador (atacante, defensor o empate) y los puntos de victoria que ha sufrido cada bando (D14).",
			"Castillo de madera: D3 vale 6, menos de 8, y no es una capital (D20).",
			"Capacidad de las fortificaciones: 300 × 6 = 1800 puntos (D18).",
			"El defensor suma 2600 puntos, guarnición de 600 incluida: 1800 dentro de las murallas.",
			"800 puntos deben desplegar fuera de las murallas (D18).",
			"Atacante: despliega frente a la fortaleza", "Borde de la mesa del defensor (A-06)",
			"W1 sección de muralla flanco izquierdo R9 H11 sí Adarve: tantas filas como quepan; como mucho 1 caldero",
			"Lo alto de la torre: 1 unidad; hasta 30 miniaturas", "Interior de la torre: 1 unidad; hasta 20 miniaturas",
			"Duración: 7 turnos (ES-SCN-07).", "Primer turno: empieza el defensor (ES-SCN-06). Nota C-01",
			"Recuento de victoria (ES-SCN-08)",
			"Sección Turno 1 Turno 2 Turno 3 Turno 4 Turno 5 Turno 6 Turno 7 Controlada al final",
			"Q4 cuadrante del patio Secciones (A / D)",
			"El atacante, Karl Franz, suma 1000 puntos desde el principio: hasta 150 puntos de equipo de asedio",
			"El defensor, Grimgor, suma 2600 puntos desde el principio: hasta 390 puntos de equipo de asedio",
			"hasta 5 calderos de aceite hirviendo",
			"Refuerzos del atacante: A3.", "EQUIPAR B2-1",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := tc.render()
			if err != nil {
				t.Fatal(err)
			}
			b, err := tc.render()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) {
				t.Errorf("two renders differ (%d and %d bytes)", len(a), len(b))
			}
			keep(t, tc.name+".pdf", a)
			text := pdfText(t, a)
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("missing %q", w)
				}
			}
			if t.Failed() {
				t.Logf("text: %s", text)
			}
		})
	}
}

// TestSiegeSheetSizes draws castles of every size the sheet may meet, in
// both languages: every position, part and room has its words, and the
// plan fits the page.
func TestSiegeSheetSizes(t *testing.T) {
	tt := siegeTurn(t)
	for _, lang := range []string{"en", "es"} {
		for _, walls := range []int{4, 5, 6, 9, 20, siege.MaxWallSections} {
			for _, m := range []campaign.Material{campaign.Wood, campaign.Stone} {
				rules := siege.DefaultLayoutRules()
				rules.WallSections = walls
				c, err := rules.Layout(3000, 10, m)
				if err != nil {
					t.Fatal(err)
				}
				w, err := newWords(lang)
				if err != nil {
					t.Fatal(err)
				}
				d := newDoc(&tt, w, "sizes")
				d.f.AddPage()
				d.castlePlan(c)
				if y := d.f.GetY(); y > pageH-bottomMargin {
					t.Errorf("%s, %d walls: the plan ends at %.1f mm, below the page's text", lang, walls, y)
				}
				d.siegeElements(c)
				d.siegeTally(c)
				if _, err := d.bytes(); err != nil {
					t.Errorf("%s, %d walls, %v: %v", lang, walls, m, err)
				}
			}
		}
	}
}

func TestRuleIDs(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ES-MOV-05, ES-ANA-T1, A-11 (1 floor), A-16", "ES-MOV-05, ES-ANA-T1, A-11, A-16"},
		{"ES-ANA-C1", "ES-ANA-C1"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := ruleIDs(tc.in); got != tc.want {
			t.Errorf("ruleIDs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSiegePlanPicture renders the plan page to PNG when
// TURNPROC_REPORTS_OUT is set, to look at while developing.
func TestSiegePlanPicture(t *testing.T) {
	dir := os.Getenv("TURNPROC_REPORTS_OUT")
	if dir == "" {
		t.Skip("TURNPROC_REPORTS_OUT not set")
	}
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm not installed")
	}
	pdf, err := RenderModerator(siegeTurn(t), "en")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "siege-plan.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-png", "-r", "70", file, filepath.Join(dir, "siege-plan")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
}

// TestSiegeSheetPreBattle: a pre-battle phase rolled before the sheets are
// printed again appears on the siege sheet, every roll with its rule id.
func TestSiegeSheetPreBattle(t *testing.T) {
	tt := siegeTurn(t)
	tt.PreBattles = map[string][]string{"B2-1": {"RU-PRE-01 defensive fire: bolt thrower d1 rolls 4: no effect"}}
	pdf, err := RenderModerator(tt, "en")
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	for _, want := range []string{"Pre-battle phase, as rolled", "RU-PRE-01 defensive fire: bolt thrower d1 rolls 4: no effect"} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet lacks %q", want)
		}
	}
}
