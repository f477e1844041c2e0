package reports

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/jung-kurt/gofpdf"
	"github.com/turnproc/turnproc/campaign"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The public map alone: one PDF page and one PNG of the map after a turn,
// drawn as the reports draw it, for players to print or post. A Turn whose
// Outcome.Turn is 0 is the map before the first turn.

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

	p := &painter{d: d, g: d.f, t: &t, owners: ownerNumbers(&t)}
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

// canvas is an RGBA image with anti-aliased shapes and text.
type canvas struct {
	img   *image.RGBA
	z     vector.Rasterizer
	fonts [2]*opentype.Font
	faces map[faceKey]font.Face
}

type faceKey struct {
	bold    bool
	quarter int // size in quarters of a pixel
}

type pt = [2]float64

func colour(c rgb) color.RGBA { return color.RGBA{uint8(c[0]), uint8(c[1]), uint8(c[2]), 255} }

// rect fills an axis-aligned rectangle, its edges rounded to whole pixels.
func (c *canvas) rect(x, y, w, h float64, col rgb) {
	r := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
	draw.Draw(c.img, r, image.NewUniform(colour(col)), image.Point{}, draw.Src)
}

// fill paints the union of closed polygons: each is turned counter-clockwise
// first, so overlapping parts (a line and its round caps) add up to one.
func (c *canvas) fill(col color.Color, polys ...[]pt) {
	for _, poly := range polys {
		if area(poly) < 0 {
			for i, j := 0, len(poly)-1; i < j; i, j = i+1, j-1 {
				poly[i], poly[j] = poly[j], poly[i]
			}
		}
	}
	c.raster(col, polys)
}

// raster paints polygons as given: a polygon wound the other way cuts a hole.
func (c *canvas) raster(col color.Color, polys [][]pt) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, poly := range polys {
		for _, p := range poly {
			x0, y0, x1, y1 = math.Min(x0, p[0]), math.Min(y0, p[1]), math.Max(x1, p[0]), math.Max(y1, p[1])
		}
	}
	box := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(c.img.Bounds())
	if box.Empty() {
		return
	}
	c.z.Reset(box.Dx(), box.Dy())
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	for _, poly := range polys {
		if len(poly) == 0 {
			continue
		}
		for i, p := range poly {
			x, y := float32(math.Min(math.Max(p[0]-ox, 0), float64(box.Dx()))), float32(math.Min(math.Max(p[1]-oy, 0), float64(box.Dy())))
			if i == 0 {
				c.z.MoveTo(x, y)
			} else {
				c.z.LineTo(x, y)
			}
		}
		c.z.ClosePath()
	}
	c.z.Draw(c.img, box, image.NewUniform(col), image.Point{})
}

// area is twice the signed area of a polygon (positive: counter-clockwise
// in a y-down image).
func area(poly []pt) float64 {
	a := 0.0
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		a += p[0]*q[1] - q[0]*p[1]
	}
	return -a
}

// segment is a straight stroke of width w, without caps.
func segment(x1, y1, x2, y2, w float64) []pt {
	dx, dy := x2-x1, y2-y1
	l := math.Hypot(dx, dy)
	if l == 0 {
		return nil
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	return []pt{{x1 + nx, y1 + ny}, {x2 + nx, y2 + ny}, {x2 - nx, y2 - ny}, {x1 - nx, y1 - ny}}
}

// dashes cuts a stroke into dashes of on px every on+off px, from its start.
func dashes(x1, y1, x2, y2, w, on, off float64) [][]pt {
	l := math.Hypot(x2-x1, y2-y1)
	var out [][]pt
	for a := 0.0; a < l; a += on + off {
		b := math.Min(l, a+on)
		out = append(out, segment(x1+(x2-x1)*a/l, y1+(y2-y1)*a/l, x1+(x2-x1)*b/l, y1+(y2-y1)*b/l, w))
	}
	return out
}

func (c *canvas) line(x1, y1, x2, y2, w float64, col rgb) {
	if s := segment(x1, y1, x2, y2, w); s != nil {
		c.fill(colour(col), s)
	}
}

// disc is a circle as a polygon, with enough sides to look round.
func disc(cx, cy, r float64) []pt {
	n := int(math.Min(48, math.Max(12, r*3)))
	out := make([]pt, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = pt{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return out
}

// ring strokes a circle of radius r with width w.
func (c *canvas) ring(cx, cy, r, w float64, col rgb) {
	outer, inner := disc(cx, cy, r+w/2), disc(cx, cy, r-w/2)
	for i, j := 0, len(inner)-1; i < j; i, j = i+1, j-1 {
		inner[i], inner[j] = inner[j], inner[i]
	}
	c.raster(colour(col), [][]pt{outer, inner})
}

// face is the Go font at em pixels, regular or bold, rounded to a quarter
// pixel so a render makes few faces.
func (c *canvas) face(bold bool, em float64) font.Face {
	k := faceKey{bold, max(4, int(em*4))}
	if f, ok := c.faces[k]; ok {
		return f
	}
	i := 0
	if bold {
		i = 1
	}
	// Sizes are in pixels at 72 dpi; a valid size never fails.
	f, _ := opentype.NewFace(c.fonts[i], &opentype.FaceOptions{Size: float64(k.quarter) / 4, DPI: 72, Hinting: font.HintingNone})
	c.faces[k] = f
	return f
}

func (c *canvas) width(f font.Face, s string) float64 {
	return float64(font.MeasureString(f, s)) / 64
}

// fitEm is em, or less if s would be wider than maxW.
func (c *canvas) fitEm(bold bool, em, maxW float64, s string) float64 {
	if w := c.width(c.face(bold, em), s); w > maxW {
		return em * maxW / w
	}
	return em
}

// write draws s with its baseline at y, starting at x.
func (c *canvas) write(f font.Face, x, y float64, col rgb, s string) {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(colour(col)), Face: f,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}}
	d.DrawString(s)
}

// text writes a centred string of em pixels with its baseline at y, shrunk
// to fit maxW (as the PDF map does).
func (c *canvas) text(cx, y, em, maxW float64, bold bool, col rgb, s string) {
	f := c.face(bold, c.fitEm(bold, em, maxW, s))
	c.write(f, cx-c.width(f, s)/2, y, col, s)
}

// mapRaster draws one turn's map on a canvas.
type mapRaster struct {
	c       *canvas
	t       *Turn
	w       *words
	owners  map[string]int
	unitsIn map[campaign.Coord][]unitMark // unitsBySquare
	k       float64                       // scale
	s       float64                       // cell size, px (a whole number)
	ox, oy  float64                       // top-left of square A1
	labelEm float64                       // coordinates' font size
	step    int                           // coordinates every step-th column and row
	pad     float64
	legendY float64 // top of the legend strip
	cols    int     // legend columns
	colW    float64
	entries []rasterLegendEntry
}

// newMapRaster lays out the image: title, grid with coordinates around it,
// legend strip, and makes the canvas.
func newMapRaster(t *Turn, w *words, fonts [2]*opentype.Font, scale int) (*mapRaster, error) {
	m := t.Map
	k := float64(scale)
	longer := max(m.Width, m.Height)
	s := min(cellPx*scale, maxGridPx/longer)
	if s < minCellPx {
		return nil, campaign.Problemf("", "use the PDF map", "reports: a %d×%d map is too large for a PNG", m.Width, m.Height)
	}
	r := &mapRaster{t: t, w: w, owners: ownerNumbers(t), unitsIn: t.unitsBySquare(), k: k, s: float64(s), pad: 14 * k,
		c: &canvas{fonts: fonts, faces: map[faceKey]font.Face{}}}
	r.labelEm = math.Min(13*k, math.Max(9*k, 0.42*r.s))
	lf := r.c.face(false, r.labelEm)
	widest := math.Max(r.c.width(lf, campaign.ColumnName(m.Width-1)), r.c.width(lf, strconv.Itoa(m.Height)))
	r.step = labelStep(widest, r.labelEm*0.75, r.s)
	gutterX, gutterY := widest+8*k, r.labelEm+6*k
	gridW, gridH := float64(m.Width)*r.s, float64(m.Height)*r.s

	r.entries = r.legendEntries()
	r.colW = 280 * k
	width := math.Max(gridW+2*gutterX, 3*r.colW) + 2*r.pad
	r.cols = max(1, int((width-2*r.pad)/r.colW))
	r.colW = (width - 2*r.pad) / float64(r.cols)
	rows := (len(r.entries) + r.cols - 1) / r.cols
	titleH := 50 * k
	r.ox = math.Round((width - gridW) / 2)
	r.oy = math.Round(r.pad + titleH + gutterY)
	r.legendY = r.oy + gridH + gutterY + 12*k
	height := r.legendY + 26*k + float64(rows)*legendRowPx*k + r.pad
	r.c.img = image.NewRGBA(image.Rect(0, 0, int(math.Ceil(width)), int(math.Ceil(height))))
	return r, nil
}

const legendRowPx = 30 // a legend row's height at scale 1

func (r *mapRaster) at(c campaign.Coord) (float64, float64) {
	return r.ox + float64(c.Col)*r.s, r.oy + float64(c.Row)*r.s
}

func (r *mapRaster) ownerColour(id string) rgb { return ownerColour(r.owners, id) }

// paint draws everything, in the PDF map's layers.
func (r *mapRaster) paint() {
	c, k := r.c, r.k
	draw.Draw(c.img, c.img.Bounds(), image.NewUniform(colour(white)), image.Point{}, draw.Src)
	c.write(c.face(true, 22*k), r.pad, r.pad+20*k, black, r.t.Title)
	c.write(c.face(false, 14*k), r.pad, r.pad+42*k, coordinateInk, mapCaption(r.t, r.w))
	drawLayers(r, r.t, r.s)
	r.legend()
}

// terrain paints a cell's geography as the PDF does, with strokes at least
// a pixel wide.
func (r *mapRaster) terrain(x, y, s float64, l look) {
	c := r.c
	sq := l.sq
	c.rect(x, y, s, s, baseColour(sq))
	thin := math.Max(1, s*0.035)
	switch {
	case sq.Kind == campaign.Sea:
		for _, fy := range []float64{0.35, 0.7} {
			c.line(x+0.2*s, y+fy*s, x+0.45*s, y+fy*s, thin, waveColour)
			c.line(x+0.55*s, y+(fy-0.08)*s, x+0.8*s, y+(fy-0.08)*s, thin, waveColour)
		}
	case sq.Terrain == campaign.Impassable:
		r.hatch(x, y, s, 4, true, thin, impassableInk)
	case sq.Terrain == campaign.VeryDifficult:
		r.hatch(x, y, s, 3, true, thin, hatchColour)
	case sq.Terrain == campaign.Difficult:
		r.hatch(x, y, s, 3, false, thin, hatchColour)
	case sq.Terrain == campaign.Moderate:
		for _, fx := range []float64{0.12, 0.58} {
			c.fill(colour(hatchColour), segment(x+fx*s, y+0.62*s, x+(fx+0.15)*s, y+0.47*s, thin*1.2),
				segment(x+(fx+0.15)*s, y+0.47*s, x+(fx+0.3)*s, y+0.62*s, thin*1.2), disc(x+(fx+0.15)*s, y+0.47*s, thin*0.6))
		}
	}
	if sq.Forest {
		for _, d := range [][2]float64{{0.2, 0.5}, {0.8, 0.5}, {0.5, 0.62}} {
			c.fill(colour(treeColour), disc(x+d[0]*s, y+d[1]*s, math.Max(1.2, 0.08*s)))
		}
	}
	r.coastStrips(x, y, s, l)
	r.river(x, y, s, l)
}

// hatch draws k diagonal lines ("/"), and as many "\" when cross.
func (r *mapRaster) hatch(x, y, s float64, k int, cross bool, w float64, col rgb) {
	var lines [][]pt
	for i := 1; i <= k; i++ {
		t := 2 * s * float64(i) / float64(k+1)
		x1, y1, x2, y2 := 0.0, t, t, 0.0
		if t > s {
			x1, y1, x2, y2 = t-s, s, s, t-s
		}
		lines = append(lines, segment(x+x1, y+y1, x+x2, y+y2, w))
		if cross {
			lines = append(lines, segment(x+s-x1, y+y1, x+s-x2, y+y2, w))
		}
	}
	r.c.fill(colour(col), lines...)
}

func (r *mapRaster) coastStrips(x, y, s float64, l look) {
	w := math.Round(0.2 * s)
	lw := math.Max(1.5, s*0.06)
	for _, d := range l.seaSides {
		st := stripOf(x, y, s, w, d)
		r.c.rect(st.x, st.y, st.w, st.h, seaColour)
		if l.sq.Cliffs {
			r.c.line(st.cliff[0], st.cliff[1], st.cliff[2], st.cliff[3], lw, cliffColour)
		}
	}
}

// river draws the river from the cell's centre towards each direction of
// its course, round-capped; rapids are dashed.
func (r *mapRaster) river(x, y, s float64, l look) {
	if l.sq.River == campaign.NoRiver {
		return
	}
	w := math.Max(1.2, s*riverWidths[l.sq.River])
	cx, cy := x+s/2, y+s/2
	var polys [][]pt
	for _, d := range l.river {
		ex, ey := cx+float64(d[0])*s/2, cy+float64(d[1])*s/2
		if l.sq.River == campaign.Rapids {
			polys = append(polys, dashes(cx, cy, ex, ey, w, s*0.12, s*0.08)...)
			continue
		}
		polys = append(polys, segment(cx, cy, ex, ey, w), disc(ex, ey, w/2))
	}
	polys = append(polys, disc(cx, cy, w/2))
	r.c.fill(colour(riverColour), polys...)
}

// gridLines draws a one-pixel line along the top and left of every cell,
// and closes the grid at the right and bottom.
func (r *mapRaster) gridLines() {
	m := r.t.Map
	w, h := float64(m.Width)*r.s, float64(m.Height)*r.s
	for c := 0; c <= m.Width; c++ {
		r.c.rect(math.Min(r.ox+float64(c)*r.s, r.ox+w-1), r.oy, 1, h, gridColour)
	}
	for row := 0; row <= m.Height; row++ {
		r.c.rect(r.ox, math.Min(r.oy+float64(row)*r.s, r.oy+h-1), w, 1, gridColour)
	}
}

func (r *mapRaster) ownerBorder(x, y, s float64, col rgb) {
	lw := math.Max(2, math.Round(s*0.08))
	r.c.rect(x, y, s, lw, col)
	r.c.rect(x, y+s-lw, s, lw, col)
	r.c.rect(x, y, lw, s, col)
	r.c.rect(x+s-lw, y, lw, s, col)
}

func (r *mapRaster) edgeWidth() float64 { return math.Max(3, r.s*0.12) }

// edges draws impassable edges ([A20]) as the PDF does: solid on a side
// closed both ways, dashed inside the square that cannot be entered.
func (r *mapRaster) edges() {
	lw := r.edgeWidth()
	s := r.s
	for _, e := range edgeMarks(r.t.Map) {
		dc, dr := float64(e.to.Col-e.from.Col), float64(e.to.Row-e.from.Row)
		x, y := r.at(e.from)
		cx, cy := x+s/2+dc*s/2, y+s/2+dr*s/2
		if !e.both {
			cx, cy = cx+dc*lw, cy+dr*lw
		}
		x1, y1, x2, y2 := cx-dr*s/2, cy-dc*s/2, cx+dr*s/2, cy+dc*s/2
		if dc != 0 && dr != 0 { // a corner: a short stroke across it
			x1, y1, x2, y2 = cx-dr*s*0.2, cy+dc*s*0.2, cx+dr*s*0.2, cy-dc*s*0.2
		}
		if e.both {
			r.c.line(x1, y1, x2, y2, lw, black)
		} else {
			r.c.fill(colour(black), dashes(x1, y1, x2, y2, lw, s*0.1, s*0.07)...)
		}
	}
}

func (r *mapRaster) battleMark(x, y, s float64) {
	r.c.ring(x+s/2, y+s/2, s*0.44, math.Max(2, s*0.06), battleColour)
}

// star draws a capital: the owner's colour with a dark rim.
func (r *mapRaster) star(cx, cy, rad float64, col rgb) {
	r.c.fill(colour(black), starPoints(cx, cy, rad))
	r.c.fill(colour(col), starPoints(cx, cy, rad-math.Max(1, rad*0.18)))
}

// contents writes what stands in a square, as the PDF does, with sizes
// chosen to stay legible in 32-pixel cells: capital star and owner number
// at the top, the value or "?" under them, the armies and fleets below.
func (r *mapRaster) contents(sq campaign.Square) {
	if !sq.Kind.HasLand() {
		r.units(sq.At)
		return
	}
	x, y := r.at(sq.At)
	s := r.s
	st := r.t.After.Square(sq.At)
	if st.Owner != "" && r.t.isCapital(sq.At, st.Owner) {
		if s >= pngTextCell {
			r.star(x+0.16*s, y+0.17*s, 0.13*s, r.ownerColour(st.Owner))
		} else {
			r.star(x+s/2, y+s/2, 0.5*s, r.ownerColour(st.Owner))
		}
	}
	if st.Owner != "" && s >= pngArmyCell {
		r.c.text(x+s*0.81, y+s*0.31, s*0.26, s*0.3, true, r.ownerColour(st.Owner), strconv.Itoa(r.owners[st.Owner]+1))
	}
	if sq.Terrain != campaign.Impassable {
		r.value(x, y, s, st.Explored, st.Value, s >= pngTextCell)
	}
	r.units(sq.At)
}

func (r *mapRaster) value(x, y, s float64, explored bool, v int, textFits bool) {
	switch {
	case !textFits && !explored:
		r.c.fill(colour(unexploredDot), disc(x+s/2, y+s/2, math.Max(1, s*0.12)))
	case !textFits:
	case explored:
		r.c.text(x+s/2, y+s*0.4, s*0.38, s*0.6, true, black, strconv.Itoa(v))
	default:
		r.c.text(x+s/2, y+s*0.4, s*0.42, s*0.6, false, unexploredInk, "?")
	}
}

// units lists the armies and fleets in the lower part of a square, as many
// lines as fit, then "+n"; in small cells a dot.
func (r *mapRaster) units(at campaign.Coord) {
	us := r.unitsIn[at]
	if len(us) == 0 {
		return
	}
	x, y := r.at(at)
	s := r.s
	if s < pngArmyCell {
		col := r.ownerColour(us[0].owner)
		r.c.fill(colour(black), disc(x+s*0.72, y+s*0.72, s*0.2))
		r.c.fill(colour(col), disc(x+s*0.72, y+s*0.72, s*0.2-math.Max(0.8, s*0.04)))
		return
	}
	lineH, top := 0.27*s, y+0.44*s
	room := int((y+0.98*s-top)/lineH + 1e-9)
	if r.t.battleAt(at) { // a veil over the ring, so the labels stay readable
		a := uint8(math.Round(battleVeilAlpha * 255))
		r.c.fill(color.RGBA{a, a, a, a}, []pt{{x + s*0.06, top}, {x + s*0.94, top},
			{x + s*0.94, top + float64(min(len(us), room))*lineH + 1}, {x + s*0.06, top + float64(min(len(us), room))*lineH + 1}})
	}
	for i, u := range us {
		label := unitLabel(us, i, room)
		// A long label shrinks to fit, but not below a legible size: it may
		// then run over the grid line a little.
		em := math.Max(r.c.fitEm(true, 0.26*s, s*0.96, label), math.Min(0.26*s, minUnitEm*r.k))
		f := r.c.face(true, em)
		r.c.write(f, x+s/2-r.c.width(f, label)/2, top+float64(i+1)*lineH-0.05*s, r.ownerColour(u.owner), label)
		if i == room-1 {
			break
		}
	}
}

// labels writes column letters above and below the grid, row numbers on
// both sides, every step-th when the cells are small.
func (r *mapRaster) labels() {
	m := r.t.Map
	f := r.c.face(false, r.labelEm)
	w, h := float64(m.Width)*r.s, float64(m.Height)*r.s
	gap := 4 * r.k
	for c := 0; c < m.Width; c++ {
		if !labelled(r.step, c) {
			continue
		}
		name := campaign.ColumnName(c)
		x := r.ox + (float64(c)+0.5)*r.s - r.c.width(f, name)/2
		r.c.write(f, x, r.oy-gap-r.labelEm*0.1, coordinateInk, name)
		r.c.write(f, x, r.oy+h+gap+r.labelEm*0.75, coordinateInk, name)
	}
	for row := 0; row < m.Height; row++ {
		if !labelled(r.step, row) {
			continue
		}
		num := strconv.Itoa(row + 1)
		y := r.oy + (float64(row)+0.5)*r.s + r.labelEm*0.36
		r.c.write(f, r.ox-gap-r.c.width(f, num), y, coordinateInk, num)
		r.c.write(f, r.ox+w+gap, y, coordinateInk, num)
	}
}

// rasterLegendEntry is one swatch of the PNG legend and what it means.
type rasterLegendEntry struct {
	swatch func(x, y, s float64)
	text   string
}

// legendEntries explains every mark the map can show, then each player's
// colour and number: the PDF legend's entries, in its order.
func (r *mapRaster) legendEntries() []rasterLegendEntry {
	w := r.w
	cell := func(sq campaign.Square, seaSides ...[2]int) func(x, y, s float64) {
		l := look{sq: sq, seaSides: seaSides}
		if sq.River != campaign.NoRiver {
			l.river = [][2]int{{-1, 0}, {1, 0}}
		}
		return func(x, y, s float64) { r.terrain(x, y, s, l) }
	}
	land := func(t campaign.Terrain) campaign.Square { return campaign.Square{Kind: campaign.Land, Terrain: t} }
	open := cell(land(campaign.Open))
	on := func(mark func(x, y, s float64)) func(x, y, s float64) {
		return func(x, y, s float64) { open(x, y, s); mark(x, y, s) }
	}
	west := [2]int{-1, 0}
	es := []rasterLegendEntry{
		{cell(campaign.Square{Kind: campaign.Sea}), w.text("legend.sea", nil)},
		{cell(campaign.Square{Kind: campaign.Coast}, west), w.text("legend.coast", nil)},
		{cell(campaign.Square{Kind: campaign.Coast, Cliffs: true}, west), w.text("legend.cliffs", nil)},
		{open, w.text("legend.land", nil)},
		{cell(land(campaign.Moderate)), w.text("legend.moderate", nil)},
		{cell(campaign.Square{Kind: campaign.Land, Forest: true}), w.text("legend.forest", nil)},
		{cell(land(campaign.Difficult)), w.text("legend.difficult", nil)},
		{cell(land(campaign.VeryDifficult)), w.text("legend.very-difficult", nil)},
		{cell(land(campaign.Impassable)), w.text("legend.impassable", nil)},
		{cell(campaign.Square{Kind: campaign.Land, River: campaign.LargeRiver}), w.text("legend.river", nil)},
		{on(func(x, y, s float64) { r.value(x, y, s, false, 0, r.s >= pngTextCell) }), w.text("legend.unexplored", nil)},
		{on(func(x, y, s float64) { r.star(x+s/2, y+s/2, s*0.34, ownerColours[0]) }), w.text("legend.capital", nil)},
		{on(func(x, y, s float64) { r.edgeSwatch(x, y, s, false) }), w.text("legend.edge", nil)},
		{on(func(x, y, s float64) { r.edgeSwatch(x, y, s, true) }), w.text("legend.edge-one-way", nil)},
		{on(func(x, y, s float64) { r.unitSwatch(x, y, s, "A1 500") }), w.text("legend.army", nil)},
		{on(func(x, y, s float64) {
			r.unitSwatch(x, y, s, fleetLabel(campaign.Fleet{ID: "F1", Cargo: "A2"}))
		}), w.text("legend.fleet", nil)},
		{on(func(x, y, s float64) { r.battleMark(x, y, s) }), w.text("legend.battle", nil)},
	}
	if r.s >= pngTextCell {
		es = append(es, rasterLegendEntry{on(func(x, y, s float64) { r.value(x, y+s*0.15, s, true, 3, true) }), w.text("legend.value", nil)})
	}
	for i, pl := range r.t.After.Players {
		col := ownerColour(r.owners, pl.ID)
		n := strconv.Itoa(i + 1)
		name := r.t.playerName(pl.ID)
		if pl.Race != "" {
			name += " (" + pl.Race + ")"
		}
		es = append(es, rasterLegendEntry{on(func(x, y, s float64) {
			r.ownerBorder(x, y, s, col)
			r.c.text(x+s/2, y+s*0.7, s*0.5, s*0.8, true, col, n)
		}), n + " " + name})
	}
	return es
}

func (r *mapRaster) edgeSwatch(x, y, s float64, oneWay bool) {
	lw := r.edgeWidth()
	if oneWay {
		ex := x + s - lw*1.5
		r.c.fill(colour(black), dashes(ex, y, ex, y+s, lw, s*0.2, s*0.14)...)
		return
	}
	r.c.line(x+s-lw/2, y, x+s-lw/2, y+s, lw, black)
}

// unitSwatch shows an army or fleet label as the map shows it at this scale.
func (r *mapRaster) unitSwatch(x, y, s float64, label string) {
	if r.s < pngArmyCell {
		r.c.fill(colour(black), disc(x+s/2, y+s/2, s*0.22))
		r.c.fill(colour(ownerColours[0]), disc(x+s/2, y+s/2, s*0.22-1))
		return
	}
	r.c.text(x+s/2, y+s*0.62, s*0.36, s*0.96, true, black, label)
}

// legend draws the strip under the map: a title, then the entries in
// columns, top to bottom.
func (r *mapRaster) legend() {
	c, k := r.c, r.k
	c.write(c.face(true, 15*k), r.pad, r.legendY+14*k, black, r.w.text("legend.title", nil))
	rows := (len(r.entries) + r.cols - 1) / r.cols
	s := math.Round(24 * k)
	for i, e := range r.entries {
		x := math.Round(r.pad + float64(i/rows)*r.colW)
		y := math.Round(r.legendY + 24*k + float64(i%rows)*legendRowPx*k)
		e.swatch(x, y, s)
		r.frame(x, y, s)
		r.legendText(x+s+8*k, y, r.colW-s-14*k, s, e.text)
	}
}

// frame outlines a swatch in the grid's colour.
func (r *mapRaster) frame(x, y, s float64) {
	r.c.rect(x, y, s, 1, gridColour)
	r.c.rect(x, y+s-1, s, 1, gridColour)
	r.c.rect(x, y, 1, s, gridColour)
	r.c.rect(x+s-1, y, 1, s, gridColour)
}

// legendText writes an entry beside its swatch of height s: on one line if
// it fits, else on two smaller lines, cut with "…" only if even that is
// too long (as the PDF legend does).
func (r *mapRaster) legendText(x, y, w, s float64, text string) {
	c, k := r.c, r.k
	f := c.face(false, 13*k)
	if c.width(f, text) <= w {
		c.write(f, x, y+s*0.5+4.5*k, black, text)
		return
	}
	f = c.face(false, 11.5*k)
	words := strings.Fields(text)
	first := ""
	for len(words) > 0 && c.width(f, strings.TrimSpace(first+" "+words[0])) <= w {
		first = strings.TrimSpace(first + " " + words[0])
		words = words[1:]
	}
	second := strings.Join(words, " ")
	for c.width(f, second) > w && len([]rune(second)) > 2 {
		second = string([]rune(second)[:len([]rune(second))-2]) + "…"
	}
	c.write(f, x, y+s*0.5-1.5*k, black, first)
	c.write(f, x, y+s*0.5+10.5*k, black, second)
}
