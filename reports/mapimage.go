package reports

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"strconv"
	"sync"

	"github.com/jung-kurt/gofpdf"
	"github.com/turnproc/turnproc/campaign"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// The public map alone: one PDF page and one PNG of the map after a turn,
// drawn as the reports draw it, for players to print or post: the pages'
// layout, and the PNG's sizes for the map's painter (mapdraw.go), which
// draws both. A Turn whose Outcome.Turn is 0 is the map before the first
// turn.

// checkMap refuses a Turn whose map cannot be drawn.
func (t *Turn) checkMap() error {
	switch {
	case t.Map == nil || t.Map.Width < 1 || t.Map.Height < 1:
		return fmt.Errorf("reports: the turn has no map")
	case t.After == nil:
		return fmt.Errorf("reports: the map needs the state after the turn")
	case t.Outcome == nil:
		return campaign.Problemf("", "pass what campaign.Resolve returned, or an Outcome with Turn 0 for the map before the first turn", "reports: the turn has no outcome")
	case t.Outcome.Turn < 0:
		return fmt.Errorf("reports: turn %d: turns count from 1 (0 is the map before the first turn)", t.Outcome.Turn)
	}
	return nil
}

// mapCaption is the line under the campaign's title: which map this is and
// where it falls in the calendar; before the first turn, the first turn's
// calendar alone (the map its orders are written on).
func mapCaption(t *Turn, w *words) string {
	turn := t.Outcome.Turn
	if turn == 0 {
		return w.text("pdf.subtitle", args{"Calendar": w.calendar(1), "OfSeason": w.ofSeason(1)})
	}
	return w.text("pdf.section.map", args{"Turn": turn}) + " · " +
		w.text("pdf.subtitle", args{"Calendar": w.calendar(turn), "OfSeason": w.ofSeason(turn)})
}

// RenderMapPDF writes the public map after the turn on one A4 page
// (landscape when the map is wider than tall): a title line with the
// campaign, the turn and its calendar, the map as the reports draw it, and
// its legend.
func RenderMapPDF(t Turn, lang string) ([]byte, error) {
	if err := t.checkMap(); err != nil {
		return nil, err
	}
	w, err := newWords(lang)
	if err != nil {
		return nil, err
	}
	caption := mapCaption(&t, w)
	// The footer names the turn's calendar; before the first turn, turn 1's.
	footerTurn := t
	footerTurn.Outcome = &campaign.Outcome{Turn: max(1, t.Outcome.Turn)}
	d := newDoc(&footerTurn, w, t.Title+" — "+caption)
	pw, ph, orientation, cols := pageW, pageH, "P", legendCols
	if t.Map.Width > t.Map.Height {
		pw, ph, orientation, cols = pageH, pageW, "L", 4
	}
	d.f.SetAutoPageBreak(false, 0) // one page, everything placed by hand
	d.f.AddPageFormat(orientation, gofpdf.SizeType{Wd: pageW, Ht: pageH})
	d.font("B", 15)
	d.f.SetXY(margin, margin)
	d.f.CellFormat(pw-2*margin, 7, t.Title, "", 1, "L", false, 0, "")
	d.font("", 10)
	d.f.CellFormat(pw-2*margin, 5, caption, "", 1, "L", false, 0, "")

	p := &painter{g: d.f, out: d, z: &pdfSizes, w: w, t: &t, owners: ownerNumbers(&t)}
	// The value entry appears only once the cells are big enough for
	// numbers: count it anyway, so the legend's room never runs short.
	rows := (len(p.legendEntries()) + 1 + cols - 1) / cols
	legendH := 6 + float64(rows)*legendRowH
	top := d.f.GetY() + 2
	a := drawMap(&t, gofpdf.SizeType{Wd: pw, Ht: ph}, margin, top, pw-2*margin, ph-bottomMargin-legendH-5-top)
	a.drawOn(d)
	p.s = a.s
	p.legendIn(margin, ph-bottomMargin-legendH-2, pw-2*margin, cols)
	return d.bytes()
}

// PNG sizes, in pixels at scale 1. A cell is 32 px; a big map's cells
// shrink so the grid's longer side stays within maxGridPx (a 100×100 map
// stays a PNG of a few megabytes), never below minCellPx.
const (
	cellPx      = 32
	maxScale    = 4
	maxGridPx   = 4800
	minCellPx   = 6
	pngTextCell = 16 // smaller cells show no numbers, only marks
	pngArmyCell = 24 // smaller cells show armies as a dot
	minUnitEm   = 7  // the smallest army label, px at scale 1
)

// goFonts parses the Go fonts once; parsed fonts are safe to share, the
// faces made from them are not (each render makes its own).
var goFonts = sync.OnceValues(func() ([2]*opentype.Font, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return [2]*opentype.Font{}, fmt.Errorf("reports: the Go font: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return [2]*opentype.Font{}, fmt.Errorf("reports: the Go bold font: %w", err)
	}
	return [2]*opentype.Font{regular, bold}, nil
})

// RenderMapPNG draws the public map after the turn as a PNG to post in a
// forum or a chat: a title, the map as the reports draw it (terrain in
// colours with greyscale-safe patterns, owners, values, rivers, edges,
// armies and fleets, battles, coordinates) and a legend strip. Cells are
// 32 px times scale (1 to 4), smaller on big maps. The bytes depend only on
// the input: the PNG carries no time.
func RenderMapPNG(t Turn, lang string, scale int) ([]byte, error) {
	if err := t.checkMap(); err != nil {
		return nil, err
	}
	if scale < 1 || scale > maxScale {
		return nil, campaign.Problemf("", fmt.Sprintf("the scale is 1 to %d (cells of 32 to %d px)", maxScale, maxScale*cellPx), "reports: PNG scale %d is out of range", scale)
	}
	w, err := newWords(lang)
	if err != nil {
		return nil, err
	}
	fonts, err := goFonts()
	if err != nil {
		return nil, err
	}
	r, err := newMapRaster(&t, w, fonts, scale)
	if err != nil {
		return nil, err
	}
	r.paint()
	if w.err != nil {
		return nil, fmt.Errorf("reports: %w", w.err)
	}
	var b bytes.Buffer
	// The fastest compression: compressing took most of the time of a big
	// map, and the best makes a PNG only a sixth smaller.
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, r.c.img); err != nil {
		return nil, fmt.Errorf("reports: writing the PNG: %w", err)
	}
	return b.Bytes(), nil
}

// pngSizes are the PNG's sizes at scale k, in pixels, on cells of s px:
// the PDF's drawing with strokes at least a pixel wide, and words sized to
// stay legible in 32-pixel cells.
func pngSizes(k, s float64) *mapSizes {
	sw := math.Round(24 * k) // a legend swatch
	return &mapSizes{
		snap:     math.Round,
		textCell: pngTextCell, armyCell: pngArmyCell,
		thinMin: 1, thinK: 0.035, treeMin: 1.2, treeK: 0.08, cliffMin: 1.5, cliffK: 0.06, riverMin: 1.2,
		gridMax: 1, gridK: 1, ownerMin: 2, ownerMax: math.Inf(1), edgeMin: 3, edgeMax: math.Inf(1),
		ringR: 0.44, ringMin: 2, ringK: 0.06, starR: 0.13, starMin: 1, starK: 0.18,
		ownNumX: 0.81, ownNumY: 0.31, ownNumH: 0.26, valueY: 0.4, valueH: 0.38, unknownH: 0.42, valueMaxW: 0.6,
		unexploredMin: 1, unitDotMin: 0.8,
		// Two lines of labels 0.27 s apart that a crowded square does not
		// shrink (it shows "+n"); a long label shrinks to fit, down to a
		// legible size.
		unitH: 0.26, unitLead: 0.27 / 0.26, unitBand: 0.54, unitTop: 0.39, unitShrink: 0.26, unitMaxW: 0.96, unitMin: math.Min(0.26*s, minUnitEm*k),
		labelGap: 4 * k, labelTopK: 0.1, labelBottomK: 0.75, labelBottomGap: 4 * k, labelRowK: 0.36,
		legend: legendSizes{titlePt: 15 * k * ptPerMM, titleDY: 14 * k, top: 24 * k, rowH: legendRowPx * k, swatch: sw, frame: 1,
			gap: 8 * k, cut: 14 * k, onePt: 13 * k * ptPerMM, oneDY: sw*0.5 + 4.5*k,
			twoPt: 11.5 * k * ptPerMM, twoDY1: sw*0.5 - 1.5*k, twoDY2: sw*0.5 + 10.5*k},
	}
}

const legendRowPx = 30 // a legend row's height at scale 1

// mapRaster is the layout of the PNG: the title, the grid that the painter
// draws on the canvas, and the legend strip under it.
type mapRaster struct {
	c       *canvas
	p       *painter
	k       float64 // scale
	pad     float64
	legendY float64 // top of the legend strip
	cols    int     // legend columns
	colW    float64
}

// newMapRaster lays out the image: title, grid with coordinates around it,
// legend strip, and makes the canvas.
func newMapRaster(t *Turn, w *words, fonts [2]*opentype.Font, scale int) (*mapRaster, error) {
	m := t.Map
	k := float64(scale)
	longer := max(m.Width, m.Height)
	cell := min(cellPx*scale, maxGridPx/longer)
	if cell < minCellPx {
		return nil, campaign.Problemf("", "use the PDF map", "reports: a %d×%d map is too large for a PNG", m.Width, m.Height)
	}
	c := &canvas{fonts: fonts, faces: map[faceKey]font.Face{}}
	s := float64(cell)
	p := &painter{g: c, out: c, z: pngSizes(k, s), w: w, t: t, owners: ownerNumbers(t), unitsIn: t.unitsBySquare(), s: s}
	r := &mapRaster{c: c, p: p, k: k, pad: 14 * k}
	labelEm := math.Min(13*k, math.Max(9*k, 0.42*s))
	p.labelP = labelEm * ptPerMM
	lf := c.face(false, labelEm)
	widest := math.Max(c.measure(lf, campaign.ColumnName(m.Width-1)), c.measure(lf, strconv.Itoa(m.Height)))
	p.step = labelStep(widest, labelEm*0.75, s)
	gutterX, gutterY := widest+8*k, labelEm+6*k
	gridW, gridH := float64(m.Width)*s, float64(m.Height)*s

	r.colW = 280 * k
	width := math.Max(gridW+2*gutterX, 3*r.colW) + 2*r.pad
	r.cols = max(1, int((width-2*r.pad)/r.colW))
	r.colW = (width - 2*r.pad) / float64(r.cols)
	rows := (len(p.legendEntries()) + r.cols - 1) / r.cols
	titleH := 50 * k
	p.ox = math.Round((width - gridW) / 2)
	p.oy = math.Round(r.pad + titleH + gutterY)
	r.legendY = p.oy + gridH + gutterY + 12*k
	height := r.legendY + 26*k + float64(rows)*legendRowPx*k + r.pad
	c.img = image.NewRGBA(image.Rect(0, 0, int(math.Ceil(width)), int(math.Ceil(height))))
	return r, nil
}

// paint draws everything: the title, the map, its legend.
func (r *mapRaster) paint() {
	c, k := r.c, r.k
	draw.Draw(c.img, c.img.Bounds(), image.NewUniform(colour(white)), image.Point{}, draw.Src)
	c.write(c.face(true, 22*k), r.pad, r.pad+20*k, black, r.p.t.Title)
	c.write(c.face(false, 14*k), r.pad, r.pad+42*k, coordinateInk, mapCaption(r.p.t, r.p.w))
	r.p.drawLayers()
	r.p.legendIn(r.pad, r.legendY, float64(r.cols)*r.colW, r.cols)
}
