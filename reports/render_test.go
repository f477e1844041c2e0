package reports

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

// keep writes a PDF to $TURNPROC_REPORTS_OUT, to look at while developing.
func keep(t *testing.T, name string, pdf []byte) {
	if dir := os.Getenv("TURNPROC_REPORTS_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), pdf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRenderIsReproducible(t *testing.T) {
	tt := testTurn(t)
	sea, results := seaboardTurns(t)
	renders := []struct {
		name   string
		render func() ([]byte, error)
	}{
		{"empire-en.pdf", func() ([]byte, error) { return RenderPlayer(tt, "empire", "en") }},
		{"dwarfs-es.pdf", func() ([]byte, error) { return RenderPlayer(tt, "dwarfs", "es") }},
		{"moderator-en.pdf", func() ([]byte, error) { return RenderModerator(tt, "en") }},
		{"moderator-es.pdf", func() ([]byte, error) { return RenderModerator(tt, "es") }},
		{"seaboard-orcs-es.pdf", func() ([]byte, error) { return RenderPlayer(sea, "orcs", "es") }},
		{"seaboard-moderator-es.pdf", func() ([]byte, error) { return RenderModerator(sea, "es") }},
		{"seaboard-results-en.pdf", func() ([]byte, error) { return RenderModerator(results, "en") }},
	}
	for _, r := range renders {
		a, err := r.render()
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		b, err := r.render()
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		if !bytes.HasPrefix(a, []byte("%PDF-")) {
			t.Errorf("%s does not start with %%PDF-", r.name)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two renders differ (%d and %d bytes)", r.name, len(a), len(b))
		}
		keep(t, r.name, a)
	}
}

// pdfText extracts a PDF's text with poppler's pdftotext, spaces collapsed.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed (Debian: poppler-utils)")
	}
	file := filepath.Join(t.TempDir(), "r.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

func TestReportText(t *testing.T) {
	tt := testTurn(t)
	tests := []struct {
		name   string
		render func() ([]byte, error)
		want   []string
		absent []string
	}{
		{"dwarfs in Spanish", func() ([]byte, error) { return RenderPlayer(tt, "dwarfs", "es") }, []string{
			"Informe de turno — Belegar",
			"Turno 1 — primavera del año 1 (turno 1 de 3 de la estación)",
			"Próximo plazo de órdenes: domingo, 13 de diciembre de 2026, a las 20:00 (UTC)",
			"Tu imperio de un vistazo", "Casillas propias", "Valor total (Σ) 10", "Puntos de ejército en campaña 1000",
			"Línea 2: A3 MOVE F4 F5",
			"A3 marcha de G4 a F4: chequeo de mando.",
			"Dificultad base: 9", "F4 es territorio libre (§4.1 #1): +1", "ejército de 1000 puntos (§4.1 #3): −1",
			"Dificultad D = 9: probabilidad del 83 %",
			"Tirada 2D6: 4 + 3 = 7 ≤ 9: superada",
			"A3 explora F4: tabla 1, 2D6 = 2 + 2 = 4, valor 3.",
			"orden n.º 2 de A3 este turno (D2): −1",
			"Tirada 2D6: 6 + 5 = 11 > 8: fallada",
			"A3 falla el chequeo y se queda en F4: no cumple más órdenes este turno.",
			"No se intenta: A3 ya se había detenido este turno.",
			"Línea 4: A3 MOVE B6 No se intenta: A3 ya se había detenido este turno.",
			"Órdenes rechazadas al recibirlas", "línea 5: «A3 ATACA G4»: orden desconocida",
			"Noticias", "Karl Franz: A1 (500 puntos) entra en D3 desde C3.",
			"Karl Franz: A1 explora D3: tabla 1, 2D6 = 5 + 6 = 11, valor 4.",
			"Leyenda", "sin explorar", "colinas: moderado (−1)", "3 Archaón (Chaos)",
		}, []string{"Archaón: A4"}}, // a failed check is not news
		{"empire in English", func() ([]byte, error) { return RenderPlayer(tt, "empire", "en") }, []string{
			"Turn report — Karl Franz", "Turn 1 — spring of year 1",
			"Next deadline for orders: Sunday 13 December 2026, 20:00 UTC",
			"Generated Sunday 6 December 2026, 20:05 UTC",
			"Line 3: A1 MOVE D3 E3", "D3 is moderately difficult terrain (§4.1 #5–7): −1",
			"Roll 2D6: 4 + 3 = 7 ≤ 9: passed", "Roll 2D6: 3 + 3 = 6 ≤ 9: passed",
			"Line 5: A9 MOVE B2", "Order refused: there is no army A9.",
			"Belegar: A3 (1000 points) enters F4 from G4.",
			"Target D = 10: chance 92%",
		}, []string{"Orders refused on receipt", "Archaón: A4"}},
		{"moderator", func() ([]byte, error) { return RenderModerator(tt, "en") }, []string{
			"Moderator's report", "Players", "Every event, in order",
			"Turn order: 1. Belegar (6), 2. Karl Franz (4), 3. Archaón (2).",
			"Line 3: A1 MOVE D1", "Order refused: army A1 is not yours.",
			"Line 4: A3 MOVE B6 Not tried: A3 had already halted this turn.",
			"Roll 2D6: 6 + 6 = 12 > 9: failed",
			"Orders refused on receipt: Belegar", "«A3 ATACA G4»",
		}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pdf, err := tc.render()
			if err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, pdf)
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("missing %q", w)
				}
			}
			for _, a := range tc.absent {
				if strings.Contains(text, a) {
					t.Errorf("unexpected %q", a)
				}
			}
			if t.Failed() {
				t.Logf("text: %s", text)
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	good := testTurn(t)
	noMap := good
	noMap.Map = nil
	noOutcome := good
	noOutcome.Outcome = nil
	noState := good
	noState.After = nil
	tests := []struct {
		name   string
		render func() ([]byte, error)
		want   string
	}{
		{"unknown player", func() ([]byte, error) { return RenderPlayer(good, "elves", "en") },
			"reports: turn 1 has no player \"elves\"\nhint: the players are empire, dwarfs, chaos"},
		{"unknown language", func() ([]byte, error) { return RenderPlayer(good, "empire", "fr") },
			"templates: no texts for language \"fr\"\nhint: the languages are en, es"},
		{"moderator language", func() ([]byte, error) { return RenderModerator(good, "de") },
			"templates: no texts for language \"de\"\nhint: the languages are en, es"},
		{"no map", func() ([]byte, error) { return RenderPlayer(noMap, "empire", "en") }, "reports: the turn has no map"},
		{"no outcome", func() ([]byte, error) { return RenderModerator(noOutcome, "en") },
			"reports: the turn has no outcome\nhint: pass what campaign.Resolve returned"},
		{"no state", func() ([]byte, error) { return RenderModerator(noState, "en") },
			"reports: the turn needs the state before and after it"},
	}
	for _, tc := range tests {
		_, err := tc.render()
		if err == nil || campaign.ErrorText(err) != tc.want {
			t.Errorf("%s: error = %v\nwant %s", tc.name, err, tc.want)
		}
	}
}

// TestFontsAreEmbedded: a report prints the same on any machine, so its
// fonts (the Go fonts, for á é ñ ¿ ¡) travel inside it.
func TestFontsAreEmbedded(t *testing.T) {
	pdf, err := RenderPlayer(testTurn(t), "dwarfs", "es")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(pdf, []byte("/FontFile2")); n < 2 {
		t.Errorf("%d embedded TrueType fonts, want the regular and bold Go fonts at least", n)
	}
	if _, err := exec.LookPath("pdffonts"); err != nil {
		t.Skip("pdffonts (poppler-utils) is not installed")
	}
	f := filepath.Join(t.TempDir(), "r.pdf")
	os.WriteFile(f, pdf, 0o644)
	out, err := exec.Command("pdffonts", f).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(out), "\n")[2:] {
		if fields := strings.Fields(line); len(fields) > 4 && !strings.Contains(line, " yes ") {
			t.Errorf("a font is not embedded: %s", line)
		}
	}
}
