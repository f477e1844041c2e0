package reports

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
	"github.com/turnproc/turnproc/campaign"
	"golang.org/x/image/font/sfnt"
)

func TestMapPDF(t *testing.T) {
	tt := testTurn(t)
	for _, lang := range []string{"en", "es"} {
		a, b := mustMapPDF(t, tt, lang), mustMapPDF(t, tt, lang)
		if !bytes.HasPrefix(a, []byte("%PDF-")) {
			t.Errorf("%s: does not start with %%PDF-", lang)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two renders differ (%d and %d bytes)", lang, len(a), len(b))
		}
		if n := pdfPages(t, a); n != 1 {
			t.Errorf("%s: %d pages, want 1", lang, n)
		}
		keep(t, "map-"+lang+".pdf", a)
	}
	text := pdfText(t, mustMapPDF(t, tt, "es"))
	for _, want := range []string{"The Testlands Campaign", "Mapa tras el turno 1", "primavera del año 1",
		"Leyenda", "sin explorar", "3 Archaón (Chaos)", "página 1 de 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("the Spanish map PDF lacks %q in\n%s", want, text)
		}
	}
}

func mustMapPDF(t *testing.T, tt Turn, lang string) []byte {
	t.Helper()
	pdf, err := RenderMapPDF(tt, lang)
	if err != nil {
		t.Fatal(err)
	}
	return pdf
}

var pageObject = regexp.MustCompile(`/Type /Page\s`)

// pdfPages counts the pages with poppler's pdfinfo, else the page objects.
func pdfPages(t *testing.T, pdf []byte) int {
	t.Helper()
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		return len(pageObject.FindAll(pdf, -1))
	}
	file := filepath.Join(t.TempDir(), "m.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfinfo", file).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if n, ok := strings.CutPrefix(line, "Pages:"); ok {
			pages, _ := strconv.Atoi(strings.TrimSpace(n))
			return pages
		}
	}
	return 0
}

// TestMapPNG decodes the PNG of the test map and looks at its pixels where
// the layout puts the squares.
func TestMapPNG(t *testing.T) {
	tt := testTurn(t)
	a, err := RenderMapPNG(tt, "en", 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := RenderMapPNG(tt, "en", 1)
	if !bytes.Equal(a, b) {
		t.Error("two PNG renders differ")
	}
	keep(t, "map-en.png", a)
	img, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := img.Bounds().Size(), (image.Point{X: 868, Y: 556}); got != want {
		t.Errorf("size %v, want %v", got, want)
	}
	fonts, _ := goFonts()
	w, _ := newWords("en")
	r, err := newMapRaster(&tt, w, fonts, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.p.s != cellPx {
		t.Errorf("cell %v px, want %d", r.p.s, cellPx)
	}
	at := func(sq string, fx, fy float64) color.Color {
		c, _ := campaign.ParseCoord(sq)
		x, y := r.p.at(c)
		return img.At(int(x+fx*r.p.s), int(y+fy*r.p.s))
	}
	tests := []struct {
		what   string
		sq     string
		fx, fy float64
		want   rgb
	}{
		{"sea centre", "A1", 0.5, 0.5, seaColour},
		{"open land corner", "F5", 0.1, 0.9, baseColour(campaign.Square{Kind: campaign.Land})},
		{"coast's sea strip (west)", "B2", 0.08, 0.5, seaColour},
		{"empire's border round its capital C3", "C3", 0.5, 0.95, ownerColours[0]},
		{"dwarfs' border at G4", "G4", 0.04, 0.5, ownerColours[1]},
		{"hills", "G1", 0.92, 0.15, baseColour(campaign.Square{Kind: campaign.Land, Terrain: campaign.Moderate})},
		{"grid line", "D2", 0, 0.5, gridColour},
	}
	for _, tc := range tests {
		if got := color.RGBAModel.Convert(at(tc.sq, tc.fx, tc.fy)); got != colour(tc.want) {
			t.Errorf("%s (%s): %v, want %v", tc.what, tc.sq, got, colour(tc.want))
		}
	}
	big, err := RenderMapPNG(tt, "en", 2)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(big))
	if err != nil || cfg.Width != 2*868 {
		t.Errorf("scale 2: %d px wide (%v), want %d", cfg.Width, err, 2*868)
	}
}

// TestMapPNGBigMap: a 100×100 map stays a PNG of reasonable size.
func TestMapPNGBigMap(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a 100×100 map")
	}
	data, err := RenderMapPNG(bigTurn(t), "es", 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 8<<20 {
		t.Errorf("the 100×100 PNG has %d bytes", len(data))
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width > 4000 || cfg.Height > 4000 {
		t.Errorf("the 100×100 PNG is %d×%d (%v)", cfg.Width, cfg.Height, err)
	}
}

// TestMapFontsCoverTheTexts: every rune of every text the PNG writes has a
// glyph in the Go fonts, in every language (no tofu for á é ñ − …).
func TestMapFontsCoverTheTexts(t *testing.T) {
	tt := testTurn(t)
	fonts, err := goFonts()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "es"} {
		w, err := newWords(lang)
		if err != nil {
			t.Fatal(err)
		}
		r, err := newMapRaster(&tt, w, fonts, 1)
		if err != nil {
			t.Fatal(err)
		}
		texts := []string{tt.Title, mapCaption(&tt, w), w.text("legend.title", nil), "…?+0123456789"}
		for _, e := range r.p.legendEntries() {
			texts = append(texts, e.text)
		}
		all := strings.Join(texts, " ")
		if lang == "es" && !strings.ContainsAny(all, "áéñ") {
			t.Errorf("es: the texts have no Spanish letters to check: %q", all)
		}
		var buf sfnt.Buffer
		for _, f := range fonts {
			for _, c := range all {
				if i, err := f.GlyphIndex(&buf, c); err != nil || i == 0 {
					t.Errorf("%s: the Go font has no glyph for %q", lang, c)
				}
			}
		}
		if w.err != nil {
			t.Errorf("%s: %v", lang, w.err)
		}
	}
}

// TestMapBeforeTheFirstTurn: Outcome.Turn 0 is the map the campaign
// starts with, captioned with turn 1's calendar.
func TestMapBeforeTheFirstTurn(t *testing.T) {
	tt := testTurn(t)
	tt.After, tt.Outcome = tt.Before, &campaign.Outcome{State: tt.Before}
	if _, err := RenderMapPNG(tt, "es", 1); err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, mustMapPDF(t, tt, "es"))
	for _, want := range []string{"Turno 1 — primavera del año 1 (turno 1 de 3 de la estación)"} {
		if !strings.Contains(text, want) {
			t.Errorf("lacks %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "Mapa tras el turno") {
		t.Errorf("the map before the first turn is captioned as after one:\n%s", text)
	}
}

func TestMapErrors(t *testing.T) {
	good := testTurn(t)
	noMap, noOutcome, negative := good, good, good
	noMap.Map = nil
	noOutcome.Outcome = nil
	negative.Outcome = &campaign.Outcome{Turn: -1}
	tests := []struct {
		name  string
		t     Turn
		lang  string
		scale int
		want  string
	}{
		{"no map", noMap, "en", 1, "reports: the turn has no map"},
		{"no outcome", noOutcome, "en", 1, "reports: the turn has no outcome\nhint: pass what campaign.Resolve returned, or an Outcome with Turn 0 for the map before the first turn"},
		{"negative turn", negative, "en", 1, "reports: turn -1: turns count from 1 (0 is the map before the first turn)"},
		{"language", good, "fr", 1, "templates: no texts for language \"fr\"\nhint: the languages are en, es"},
		{"scale 0", good, "en", 0, "reports: PNG scale 0 is out of range\nhint: the scale is 1 to 4 (cells of 32 to 128 px)"},
		{"scale 5", good, "en", 5, "reports: PNG scale 5 is out of range\nhint: the scale is 1 to 4 (cells of 32 to 128 px)"},
	}
	for _, tc := range tests {
		_, err := RenderMapPNG(tc.t, tc.lang, tc.scale)
		if err == nil || campaign.ErrorText(err) != tc.want {
			t.Errorf("%s: PNG error %v, want %q", tc.name, err, tc.want)
		}
		if tc.scale != 1 {
			continue
		}
		if _, err := RenderMapPDF(tc.t, tc.lang); err == nil || campaign.ErrorText(err) != tc.want {
			t.Errorf("%s: PDF error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// drawLog records what a painter draws, without the sizes: the shapes and
// their styles, the colours, and the words with their style and colour.
type drawLog struct{ ops []string }

func (l *drawLog) add(format string, a ...any)           { l.ops = append(l.ops, fmt.Sprintf(format, a...)) }
func (l *drawLog) SetFillColor(r, g, b int)              { l.add("fill %d %d %d", r, g, b) }
func (l *drawLog) SetDrawColor(r, g, b int)              { l.add("draw %d %d %d", r, g, b) }
func (l *drawLog) SetLineWidth(float64)                  { l.add("width") }
func (l *drawLog) SetLineCapStyle(style string)          { l.add("cap %s", style) }
func (l *drawLog) SetDashPattern(d []float64, _ float64) { l.add("dash %d", len(d)) }
func (l *drawLog) Rect(_, _, _, _ float64, style string) { l.add("rect %s", style) }
func (l *drawLog) Line(_, _, _, _ float64)               { l.add("line") }
func (l *drawLog) Circle(_, _, _ float64, style string)  { l.add("circle %s", style) }
func (l *drawLog) Polygon(pts []gofpdf.PointType, style string) {
	l.add("polygon %d %s", len(pts), style)
}
func (l *drawLog) mark(m mark) {
	if m.veil {
		l.add("veil")
		return
	}
	l.add("word %q %q %v", m.text, m.style, m.c)
}
func (l *drawLog) width(style string, pt float64, s string) float64 { return wordWidth(style, pt, s) }
func (l *drawLog) useFont(string, float64)                          {}

// TestMapOnePainter: the PDF map and the PNG map are one drawing in two
// sizes: on cells big enough for every mark, the painter draws the same
// shapes, colours and words, in the same order, in both.
func TestMapOnePainter(t *testing.T) {
	tt := testTurn(t)
	w := mustSet(t)
	draw := func(z *mapSizes, s, legendW float64) []string {
		l := &drawLog{}
		p := &painter{g: l, out: l, z: z, w: w, t: &tt, owners: ownerNumbers(&tt), unitsIn: tt.unitsBySquare(),
			s: s, ox: 20, oy: 20, labelP: 7, step: 1}
		p.drawLayers()
		p.legendIn(0, 300, legendW, 3)
		return l.ops
	}
	// The PDF's tiny dots drawn as squares save bytes, not a drawing of
	// their own; the legends are wide enough for every entry on one line.
	round := pdfSizes
	round.dotSquare = 0
	pdf, png := draw(&round, 20, 600), draw(pngSizes(1, cellPx), cellPx, 2000)
	if len(pdf) < 500 {
		t.Fatalf("the PDF painter drew only %d operations", len(pdf))
	}
	for i := range min(len(pdf), len(png)) {
		if pdf[i] != png[i] {
			t.Fatalf("operation %d: the PDF draws %s, the PNG %s", i, pdf[i], png[i])
		}
	}
	if len(pdf) != len(png) {
		t.Errorf("the PDF draws %d operations, the PNG %d", len(pdf), len(png))
	}
}
