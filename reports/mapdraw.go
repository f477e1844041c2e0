package reports

import (
	"math"
	"strconv"

	"github.com/jung-kurt/gofpdf"
	"github.com/turnproc/turnproc/campaign"
)

// The map's painter: one turn's map, drawn layer by layer through a pen
// (shapes) and a scribe (words), for the report page and the map alone in
// PDF (millimetres, gofpdf or a fragment) and in PNG (pixels, a raster).
// What differs between the two is only their sizes (mapSizes); the legend
// is in legend.go, the raster in raster.go, the map alone in mapimage.go.

// Map drawing sizes on the PDF, in millimetres: the largest cell, points
// to the mm, and the legend's rows and columns on a portrait page.
const (
	maxCell    = 24.0
	ptPerMM    = 1 / 0.3528
	legendRowH = 5.6
	legendCols = 3
)

// mapSizes is how big the painter draws each part of the map, in its
// medium's unit (the PDF's mm, the PNG's px), mostly as a fraction of the
// cell size s: the PNG wants strokes at least a pixel wide and words large
// enough to read in 32-pixel cells, where the PDF draws hairlines. Below
// textCell a square shows no numbers (a 100×100 map gets cells under
// 2 mm), below armyCell armies are a dot instead of "A1 500".
type mapSizes struct {
	snap               func(float64) float64 // to the medium's grain: whole pixels on the PNG
	textCell, armyCell float64
	dotSquare          float64 // a dot of a smaller radius is drawn as a square (see dot)
	thinMin, thinK     float64 // terrain patterns
	treeMin, treeK     float64
	cliffMin, cliffK   float64
	riverMin           float64
	gridMax, gridK     float64
	ownerMin, ownerMax float64 // border, as s×0.08 within these
	edgeMin, edgeMax   float64 // impassable edge, as s×0.12 within these
	ringR              float64 // battle ring
	ringMin, ringK     float64
	starR              float64 // a capital in a cell that shows numbers
	starMin, starK     float64 // the star's rim, of its radius
	ownNumX, ownNumY   float64 // the owner's number
	ownNumH            float64
	valueY, valueH     float64
	unknownH           float64 // "?"
	valueMaxW          float64
	unexploredMin      float64 // the unexplored dot's least radius
	unitDotMin         float64 // the army dot's rim
	// Army and fleet labels: height, line spacing, the band they fill,
	// the first line's top, how far a crowded square shrinks them, their
	// width, and the least height they shrink to (0: any).
	unitH, unitLead, unitBand, unitTop, unitShrink, unitMaxW, unitMin float64
	// Coordinates: the gap to the grid, and where the baselines fall in
	// label heights.
	labelGap, labelTopK, labelBottomK, labelBottomGap, labelRowK float64
	legend                                                       legendSizes
}

// pdfSizes are the PDF's sizes, in millimetres.
var pdfSizes = mapSizes{
	snap:     func(v float64) float64 { return v },
	textCell: 3.2, armyCell: 7.5, dotSquare: 0.4,
	thinMin: 0.08, thinK: 0.025, treeK: 0.07, cliffMin: 0.2, cliffK: 0.05, riverMin: 0.15,
	gridMax: 0.15, gridK: 0.03, ownerMin: 0.25, ownerMax: 0.9, edgeMin: 0.4, edgeMax: 1.2,
	ringR: 0.46, ringMin: 0.3, ringK: 0.05, starR: 0.11, starMin: 0.05, starK: 0.1,
	ownNumX: 0.8, ownNumY: 0.26, ownNumH: 0.18, valueY: 0.42, valueH: 0.36, unknownH: 0.3, valueMaxW: 0.9,
	unitDotMin: 0.05, unitH: 0.17, unitLead: 1.1, unitBand: 0.46, unitTop: 0.56, unitShrink: 0.1, unitMaxW: 0.94,
	labelGap: 0.8, labelBottomK: 1, labelBottomGap: 0.4, labelRowK: 0.35,
	legend: legendSizes{titlePt: 9, titleDY: 3.5, top: 6, rowH: legendRowH, swatch: 4.6, frame: 0.1,
		gap: 1.5, cut: 3, onePt: 7, oneDY: 3.4, twoPt: 6.3, twoDY1: 2.2, twoDY2: 4.8},
}

type rgb [3]int

// Owner colours, after Okabe–Ito (readable by most colour-blind players);
// each owner also gets a number, so a greyscale print still reads.
var ownerColours = []rgb{{213, 94, 0}, {0, 114, 178}, {0, 158, 115}, {204, 121, 167},
	{230, 159, 0}, {86, 180, 233}, {120, 70, 30}, {40, 40, 40}}

// The map's style, shared by the report page and the map alone (PDF and
// PNG), so every picture of the map reads the same.
var (
	seaColour        = rgb{173, 207, 235}
	waveColour       = rgb{80, 130, 195}
	riverColour      = rgb{30, 90, 200}
	hatchColour      = rgb{120, 95, 60}
	treeColour       = rgb{90, 155, 85}
	gridColour       = rgb{150, 150, 150}
	battleColour     = rgb{170, 0, 20}
	impassableInk    = rgb{40, 40, 40}
	cliffColour      = rgb{70, 50, 30}
	unexploredDot    = rgb{110, 110, 110}
	unexploredInk    = rgb{120, 120, 120}
	coordinateInk    = rgb{60, 60, 60}
	black            = rgb{0, 0, 0}
	white            = rgb{255, 255, 255}
	battleVeilAlpha  = 0.75
	labelSteps       = []int{1, 2, 5, 10, 20, 50}
	riverWidths      = map[campaign.River]float64{campaign.SmallRiver: 0.05, campaign.LargeRiver: 0.11, campaign.Rapids: 0.07}
	orthogonalSides  = [][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
	riverDirections  = [][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
	riverMouthSearch = [][2]int{{0, 1}, {1, 0}, {-1, 0}, {0, -1}}
)

// look is what a square's cell shows of its geography, with the
// neighbourhood facts (sea sides, river course) already worked out.
type look struct {
	sq       campaign.Square
	seaSides [][2]int // directions of sea neighbours (coast strips)
	river    [][2]int // directions the river runs to (to the cell's edge)
}

// painter draws the map of one turn, in PDF or PNG: its shapes with g,
// its words with out (on a page, on the PNG, or recorded to be drawn over
// the shapes), as big as z says.
type painter struct {
	g      pen
	out    scribe
	z      *mapSizes
	w      *words
	t      *Turn
	s      float64 // cell size
	ox, oy float64 // top-left of square A1
	owners map[string]int
	// unitsIn is the units of each square (unitsBySquare), for the grid.
	unitsIn map[campaign.Coord][]unitMark
	labelP  float64 // label font size, pt
	step    int     // label every step-th column and row
}

// mapPage draws the map after the turn on a page of its own, scaled so the
// whole grid and the legend fit; art draws the grid in the box it is given
// (once for all the reports of a turn, see Prepared).
func (d *doc) mapPage(t *Turn, art func(x, y, w, h float64) *mapArt) {
	d.f.AddPage()
	d.heading(d.w.text("pdf.section.map", args{"Turn": t.Outcome.Turn}))
	auto, brk := d.f.GetAutoPageBreak()
	d.f.SetAutoPageBreak(false, 0) // everything is placed by hand inside the page
	defer d.f.SetAutoPageBreak(auto, brk)

	p := &painter{g: d.f, out: d, z: &pdfSizes, w: d.w, t: t, owners: ownerNumbers(t)}
	legendH := p.legendHeight()
	top := d.f.GetY() + 1
	a := art(margin, top, textWidth, pageH-bottomMargin-legendH-5-top)
	a.drawOn(d)
	p.s = a.s // the legend shows the marks as the grid's cells do
	p.legend(pageH - bottomMargin - legendH - 2)
}

// mapArt is a turn's grid as the reports draw it, worked out once for all
// of them: the shapes, as a form to show on a page, then the words and
// veils over them.
type mapArt struct {
	s     float64 // cell size, mm
	form  *pdfForm
	marks []mark
}

// drawMap lays out and draws the grid of the map after the turn in the box
// at x, y of w by h mm, on a page of page size.
func drawMap(t *Turn, page gofpdf.SizeType, x, y, w, h float64) *mapArt {
	marks := &markList{}
	p := &painter{out: marks, z: &pdfSizes, t: t, owners: ownerNumbers(t), unitsIn: t.unitsBySquare()}
	p.layout(x, y, w, h)
	g := newFragment(p.ox, p.oy, p.s, page.Ht)
	p.g = g
	p.drawLayers()
	return &mapArt{s: p.s, form: &pdfForm{id: "map", size: page, ops: g.end(), parts: g.parts}, marks: marks.marks}
}

// drawOn draws the grid on d's current page: the shapes as a form, which
// gofpdf writes into the document without copying it into the page nor
// searching it for the page-number alias, then the words and veils.
func (a *mapArt) drawOn(d *doc) {
	// QUIRK: gofpdf places a form from the height of the page size given
	// to AddPage (not turned for landscape), A4's for every page here.
	_, h := d.f.GetPageSize()
	d.f.UseTemplateScaled(a.form, gofpdf.PointType{Y: pageH - h}, a.form.size)
	for _, m := range a.marks {
		d.mark(m)
	}
	d.f.SetTextColor(0, 0, 0)
}

// mark is drawn over the map's shapes: a word, or a veil that keeps the
// words over a battle's ring readable. No mark overlaps a shape drawn
// after it on the map, so drawing them all last looks the same.
type mark struct {
	veil       bool
	text       string
	style      string
	pt         float64
	c          rgb
	x, y, w, h float64 // a word's start on its baseline; a veil's box
	current    bool    // in the font the scribe was last told to use
}

func (d *doc) mark(m mark) {
	f := d.f
	if m.veil {
		f.SetFillColor(255, 255, 255)
		f.SetAlpha(battleVeilAlpha, "Normal")
		f.Rect(m.x, m.y, m.w, m.h, "F")
		f.SetAlpha(1, "Normal")
		return
	}
	if !m.current {
		f.SetFont(sans, m.style, m.pt)
	}
	f.SetTextColor(m.c[0], m.c[1], m.c[2])
	f.Text(m.x, m.y, m.text)
}

// scribe writes the painter's words: on a PDF page (*doc), on the PNG
// (*canvas), or into a list to draw over the map's shapes (*markList).
type scribe interface {
	mark(m mark)
	// width is how wide s is in the style at pt points ("B" is bold).
	width(style string, pt float64, s string) float64
	// useFont selects the font of the marks that follow marked current:
	// the legend's words, which the PDF page is given once for all.
	useFont(style string, pt float64)
}

func (d *doc) width(style string, pt float64, s string) float64 { return wordWidth(style, pt, s) }
func (d *doc) useFont(style string, pt float64)                 { d.font(style, pt) }

// markList records the marks of a map drawn once for many pages.
type markList struct{ marks []mark }

func (l *markList) mark(m mark)                                      { l.marks = append(l.marks, m) }
func (l *markList) width(style string, pt float64, s string) float64 { return wordWidth(style, pt, s) }
func (l *markList) useFont(string, float64)                          {}

func (p *painter) put(m mark) { p.out.mark(m) }

// layout picks the cell size and label spacing for the available box.
func (p *painter) layout(x, y, w, h float64) {
	m := p.t.Map
	s0 := math.Min(w/float64(m.Width), h/float64(m.Height))
	p.labelP = math.Max(4, math.Min(7.5, s0*0.5*ptPerMM))
	labelH := p.labelP / ptPerMM
	gutterX := wordWidth("", p.labelP, strconv.Itoa(m.Height)) + 1.2
	gutterY := labelH + 1.2
	p.s = math.Min(maxCell, math.Min((w-2*gutterX)/float64(m.Width), (h-2*gutterY)/float64(m.Height)))
	widest := math.Max(wordWidth("", p.labelP, campaign.ColumnName(m.Width-1)), wordWidth("", p.labelP, strconv.Itoa(m.Height)))
	p.step = labelStep(widest, labelH, p.s)
	p.ox = x + (w-float64(m.Width)*p.s)/2
	p.oy = y + gutterY
}

func (p *painter) at(c campaign.Coord) (float64, float64) {
	return p.ox + float64(c.Col)*p.s, p.oy + float64(c.Row)*p.s
}

func (p *painter) fill(c rgb) { p.g.SetFillColor(c[0], c[1], c[2]) }
func (p *painter) draw(c rgb) { p.g.SetDrawColor(c[0], c[1], c[2]) }

func (p *painter) ownerColour(id string) rgb { return ownerColour(p.owners, id) }

// ownerNumbers numbers the players from 0 in the campaign's order: their
// colour and the number the map writes in their squares (plus one).
func ownerNumbers(t *Turn) map[string]int {
	owners := map[string]int{}
	for i, pl := range t.After.Players {
		owners[pl.ID] = i
	}
	return owners
}

func ownerColour(owners map[string]int, id string) rgb {
	return ownerColours[owners[id]%len(ownerColours)]
}

// labelStep is how many columns or rows apart the coordinates are written,
// so that labels widest wide and labelH high never touch on cells of size s.
func labelStep(widest, labelH, s float64) int {
	step := 1
	for _, k := range labelSteps {
		step = k
		if widest <= float64(k)*s*0.9 && labelH <= float64(k)*s {
			break
		}
	}
	return step
}

// labelled says whether the i-th (0-based) column or row gets its label:
// all of them, or every step-th counted from 1 (and the first, when the
// step leaves room for it).
func labelled(step, i int) bool {
	return step == 1 || (i+1)%step == 0 || (i == 0 && step > 2)
}

// drawLayers draws the map bottom up: terrain, grid lines, owners, edges,
// battle marks, then the numbers and armies on top, then the labels.
func (p *painter) drawLayers() {
	t, s := p.t, p.s
	m := t.Map
	for _, sq := range m.Squares() {
		x, y := p.at(sq.At)
		p.terrain(x, y, s, lookAt(m, sq))
	}
	p.gridLines()
	for _, sq := range m.Squares() {
		if st := t.After.Square(sq.At); st.Owner != "" {
			x, y := p.at(sq.At)
			p.ownerBorder(x, y, s, p.ownerColour(st.Owner))
		}
	}
	p.edges()
	for _, b := range t.Outcome.Battles {
		x, y := p.at(b.At)
		p.battleMark(x, y, s)
	}
	for _, sq := range m.Squares() {
		p.contents(sq)
	}
	p.labels()
}

// lookAt works out the neighbourhood of a map square: which sides face the
// sea, and where its river runs (to river neighbours, orthogonal first,
// else on to the sea or straight through).
func lookAt(m *campaign.Map, sq campaign.Square) look {
	l := look{sq: sq}
	hasRiver := func(dc, dr int) bool {
		n := m.Square(campaign.Coord{Col: sq.At.Col + dc, Row: sq.At.Row + dr})
		return n != nil && n.River != campaign.NoRiver
	}
	isSea := func(dc, dr int) bool {
		n := m.Square(campaign.Coord{Col: sq.At.Col + dc, Row: sq.At.Row + dr})
		return n != nil && n.Kind == campaign.Sea
	}
	for _, d := range orthogonalSides {
		if sq.Kind == campaign.Coast && isSea(d[0], d[1]) {
			l.seaSides = append(l.seaSides, d)
		}
	}
	if sq.River == campaign.NoRiver {
		return l
	}
	for _, d := range riverDirections {
		diagonal := d[0] != 0 && d[1] != 0
		if hasRiver(d[0], d[1]) && !(diagonal && (hasRiver(d[0], 0) || hasRiver(0, d[1]))) {
			l.river = append(l.river, d)
		}
	}
	if len(l.river) < 2 {
		l.river = append(l.river, riverEnd(l.river, isSea))
	}
	return l
}

// riverEnd is where a river that starts or ends in a square goes: into a
// neighbouring sea if there is one, else straight on through the square.
func riverEnd(course [][2]int, isSea func(dc, dr int) bool) [2]int {
	for _, d := range riverMouthSearch {
		if isSea(d[0], d[1]) {
			return d
		}
	}
	if len(course) == 1 {
		return [2]int{-course[0][0], -course[0][1]}
	}
	return [2]int{1, 0}
}

// baseColour is the fill of a square's terrain.
func baseColour(sq campaign.Square) rgb {
	switch {
	case sq.Kind == campaign.Sea:
		return seaColour
	case sq.Terrain == campaign.Impassable:
		return rgb{125, 125, 125}
	case sq.Terrain == campaign.VeryDifficult:
		return rgb{204, 180, 146}
	case sq.Terrain == campaign.Difficult:
		return rgb{222, 202, 166}
	case sq.Terrain == campaign.Moderate:
		return rgb{238, 225, 184}
	case sq.Forest:
		return rgb{214, 233, 196}
	case sq.Kind == campaign.Coast:
		return rgb{232, 240, 222}
	}
	return rgb{248, 245, 228}
}

// terrain paints a cell's geography: colour, then a pattern per grade so a
// greyscale print still tells them apart (waves, hill marks, hatching,
// trees), coast strips, cliffs and the river.
func (p *painter) terrain(x, y, s float64, l look) {
	if g, ok := p.g.(*fragment); ok && patterned(l.sq) {
		// A big map repeats a few patterned grounds thousands of times:
		// each is drawn once, as a form the map shows in every such cell.
		key := groundKey{l.sq.Kind, l.sq.Terrain, l.sq.Forest}
		g.reuse(key, x, y, func(cell pen) { (&painter{g: cell, z: p.z}).ground(x, y, s, l.sq) })
	} else {
		p.ground(x, y, s, l.sq)
	}
	p.coastStrips(x, y, s, l)
	p.river(x, y, s, l)
}

// groundKey is what a square's ground depends on.
type groundKey struct {
	kind    campaign.Kind
	terrain campaign.Terrain
	forest  bool
}

// patterned says whether a square's ground has a pattern on its colour.
func patterned(sq campaign.Square) bool {
	return sq.Kind == campaign.Sea || sq.Terrain != campaign.Open || sq.Forest
}

// ground paints a cell's colour and pattern, within the cell.
func (p *painter) ground(x, y, s float64, sq campaign.Square) {
	f := p.g
	p.fill(baseColour(sq))
	f.Rect(x, y, s, s, "F")
	thin := math.Max(p.z.thinMin, s*p.z.thinK)
	f.SetLineWidth(thin)
	switch {
	case sq.Kind == campaign.Sea:
		p.draw(waveColour)
		for _, fy := range []float64{0.35, 0.7} {
			f.Line(x+0.2*s, y+fy*s, x+0.45*s, y+fy*s)
			f.Line(x+0.55*s, y+(fy-0.08)*s, x+0.8*s, y+(fy-0.08)*s)
		}
	case sq.Terrain == campaign.Impassable:
		p.draw(impassableInk)
		p.hatch(x, y, s, 4, true)
	case sq.Terrain == campaign.VeryDifficult:
		p.draw(hatchColour)
		p.hatch(x, y, s, 3, true)
	case sq.Terrain == campaign.Difficult:
		p.draw(hatchColour)
		p.hatch(x, y, s, 3, false)
	case sq.Terrain == campaign.Moderate:
		p.draw(hatchColour)
		for _, fx := range []float64{0.12, 0.58} {
			f.Line(x+fx*s, y+0.62*s, x+(fx+0.15)*s, y+0.47*s)
			f.Line(x+(fx+0.15)*s, y+0.47*s, x+(fx+0.3)*s, y+0.62*s)
		}
	}
	if sq.Forest {
		p.fill(treeColour)
		for _, c := range [][2]float64{{0.2, 0.5}, {0.8, 0.5}, {0.5, 0.62}} {
			p.dot(x+c[0]*s, y+c[1]*s, math.Max(p.z.treeMin, p.z.treeK*s), "F")
		}
	}
}

// hatch draws k diagonal lines ("/"), and as many "\" when cross.
func (p *painter) hatch(x, y, s float64, k int, cross bool) {
	f := p.g
	for i := 1; i <= k; i++ {
		t := 2 * s * float64(i) / float64(k+1) // the line x'+y' = t inside the cell
		x1, y1, x2, y2 := 0.0, t, t, 0.0
		if t > s {
			x1, y1, x2, y2 = t-s, s, s, t-s
		}
		f.Line(x+x1, y+y1, x+x2, y+y2)
		if cross {
			f.Line(x+s-x1, y+y1, x+s-x2, y+y2)
		}
	}
}

// coastStrips paints the sea part of a coast along its sea sides; cliffs
// are a dark line where that water meets the land ([A22]).
func (p *painter) coastStrips(x, y, s float64, l look) {
	f := p.g
	w := p.z.snap(0.2 * s)
	for _, d := range l.seaSides {
		st := stripOf(x, y, s, w, d)
		p.fill(seaColour)
		f.Rect(st.x, st.y, st.w, st.h, "F")
		if l.sq.Cliffs {
			p.draw(cliffColour)
			f.SetLineWidth(math.Max(p.z.cliffMin, s*p.z.cliffK))
			f.Line(st.cliff[0], st.cliff[1], st.cliff[2], st.cliff[3])
		}
	}
}

// strip is the sea strip of a coast cell along one sea side, and the line
// where that water meets the land (drawn as cliffs, [A22]).
type strip struct {
	x, y, w, h float64
	cliff      [4]float64 // x1, y1, x2, y2
}

// stripOf is the strip of width w along side d of the cell at x, y of
// size s.
func stripOf(x, y, s, w float64, d [2]int) strip {
	switch d {
	case [2]int{0, -1}:
		return strip{x, y, s, w, [4]float64{x, y + w, x + s, y + w}}
	case [2]int{0, 1}:
		return strip{x, y + s - w, s, w, [4]float64{x, y + s - w, x + s, y + s - w}}
	case [2]int{-1, 0}:
		return strip{x, y, w, s, [4]float64{x + w, y, x + w, y + s}}
	default: // [2]int{1, 0}
		return strip{x + s - w, y, w, s, [4]float64{x + s - w, y, x + s - w, y + s}}
	}
}

// river draws the river from the cell's centre towards each direction of
// its course; the line width grows with its class, rapids are dashed.
func (p *painter) river(x, y, s float64, l look) {
	if l.sq.River == campaign.NoRiver {
		return
	}
	f := p.g
	f.SetLineWidth(math.Max(p.z.riverMin, s*riverWidths[l.sq.River]))
	p.draw(riverColour)
	f.SetLineCapStyle("round")
	if l.sq.River == campaign.Rapids {
		f.SetDashPattern([]float64{s * 0.12, s * 0.08}, 0)
	}
	cx, cy := x+s/2, y+s/2
	for _, d := range l.river {
		f.Line(cx, cy, cx+float64(d[0])*s/2, cy+float64(d[1])*s/2)
	}
	f.SetDashPattern(nil, 0)
	f.SetLineCapStyle("butt")
}

func (p *painter) gridLines() {
	m := p.t.Map
	f := p.g
	p.draw(gridColour)
	f.SetLineWidth(math.Min(p.z.gridMax, p.s*p.z.gridK))
	w, h := float64(m.Width)*p.s, float64(m.Height)*p.s
	for c := 0; c <= m.Width; c++ {
		f.Line(p.ox+float64(c)*p.s, p.oy, p.ox+float64(c)*p.s, p.oy+h)
	}
	for r := 0; r <= m.Height; r++ {
		f.Line(p.ox, p.oy+float64(r)*p.s, p.ox+w, p.oy+float64(r)*p.s)
	}
}

// battleMark rings a square where a battle or siege is to be fought: a
// thick dark-red circle under the square's numbers, which stay readable,
// and which a greyscale print still shows as a bold ring.
func (p *painter) battleMark(x, y, s float64) {
	p.draw(battleColour)
	p.g.SetLineWidth(math.Max(p.z.ringMin, s*p.z.ringK))
	p.g.Circle(x+s/2, y+s/2, s*p.z.ringR, "D")
}

// ownerBorder outlines an owned square in its owner's colour.
func (p *painter) ownerBorder(x, y, s float64, c rgb) {
	lw := math.Max(p.z.ownerMin, math.Min(p.z.ownerMax, p.z.snap(s*0.08)))
	p.draw(c)
	p.g.SetLineWidth(lw)
	p.g.Rect(x+lw/2, y+lw/2, s-lw, s-lw, "D")
}

// edges draws impassable edges ([A20]): a thick line on the shared side
// when neither way may cross, a dashed one inside the square that cannot
// be entered when only one way is closed.
func (p *painter) edges() {
	m := p.t.Map
	f := p.g
	lw := p.edgeWidth()
	f.SetLineWidth(lw)
	p.draw(black)
	for _, e := range edgeMarks(m) {
		both := e.both
		dc, dr := float64(e.to.Col-e.from.Col), float64(e.to.Row-e.from.Row)
		x, y := p.at(e.from)
		cx, cy := x+p.s/2+dc*p.s/2, y+p.s/2+dr*p.s/2 // middle of the shared side (or corner)
		if !both {
			cx, cy = cx+dc*lw, cy+dr*lw
			f.SetDashPattern([]float64{p.s * 0.1, p.s * 0.07}, 0)
		}
		if dc != 0 && dr != 0 { // a corner: a short stroke across it
			f.Line(cx-dr*p.s*0.2, cy+dc*p.s*0.2, cx+dr*p.s*0.2, cy-dc*p.s*0.2)
		} else {
			f.Line(cx-dr*p.s/2, cy-dc*p.s/2, cx+dr*p.s/2, cy+dc*p.s/2)
		}
		f.SetDashPattern(nil, 0)
	}
}

func (p *painter) edgeWidth() float64 {
	return math.Max(p.z.edgeMin, math.Min(p.z.edgeMax, p.s*0.12))
}

// edgeMark is an impassable edge as the map draws it: once for a side
// closed both ways, else on the side of the square that cannot be entered.
type edgeMark struct {
	from, to campaign.Coord
	both     bool
}

func edgeMarks(m *campaign.Map) []edgeMark {
	var out []edgeMark
	for _, e := range m.BlockedEdges() {
		from, to := e[0], e[1]
		both := m.Blocked(to, from)
		if both && compareCoords(to, from) < 0 {
			continue // drawn from the other side
		}
		out = append(out, edgeMark{from: from, to: to, both: both})
	}
	return out
}

func compareCoords(a, b campaign.Coord) int {
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}

// contents writes what stands in a square: capital star, owner number,
// the explored value or "?", and the armies and fleets.
func (p *painter) contents(sq campaign.Square) {
	if !sq.Kind.HasLand() {
		p.units(sq.At)
		return
	}
	x, y := p.at(sq.At)
	s := p.s
	st := p.t.After.Square(sq.At)
	if st.Owner != "" && p.t.isCapital(sq.At, st.Owner) {
		if s >= p.z.textCell {
			p.star(x+0.15*s, y+0.16*s, p.z.starR*s, p.ownerColour(st.Owner))
		} else { // too small for numbers: the star is the cell's only mark
			p.star(x+s/2, y+s/2, 0.6*s, p.ownerColour(st.Owner))
		}
	}
	if st.Owner != "" && s >= p.z.armyCell {
		p.text(x+s*p.z.ownNumX, y+s*p.z.ownNumY, s*p.z.ownNumH, s*0.3, "B", p.ownerColour(st.Owner), strconv.Itoa(p.owners[st.Owner]+1))
	}
	if sq.Terrain != campaign.Impassable { // never entered, so never explored
		p.value(x, y, s, st.Explored, st.Value, s >= p.z.textCell)
	}
	p.units(sq.At)
}

// value writes the explored value, or marks the square unexplored: "?",
// or a grey dot where a cell is too small for text.
func (p *painter) value(x, y, s float64, explored bool, v int, textFits bool) {
	switch {
	case !textFits && !explored:
		p.fill(unexploredDot)
		p.dot(x+s/2, y+s/2, math.Max(p.z.unexploredMin, s*0.12), "F")
	case !textFits:
	case explored:
		p.text(x+s/2, y+s*p.z.valueY, s*p.z.valueH, s*p.z.valueMaxW, "B", black, strconv.Itoa(v))
	default:
		p.text(x+s/2, y+s*p.z.valueY, s*p.z.unknownH, s*p.z.valueMaxW, "", unexploredInk, "?")
	}
}

func (t *Turn) isCapital(c campaign.Coord, owner string) bool {
	pl := t.After.Player(owner)
	return pl != nil && pl.Capital == c
}

// unitMark is an army ("A1 500") or a fleet ("F1", or "F1 (A2)" with the
// army aboard) as the map labels it, in its owner's colour.
type unitMark struct{ label, owner string }

// unitsBySquare lists the units in each square: the armies standing there
// (not aboard), then the fleets, each in the state's order. One pass for
// the whole map: asking square by square costs squares × units.
func (t *Turn) unitsBySquare() map[campaign.Coord][]unitMark {
	us := map[campaign.Coord][]unitMark{}
	for _, a := range t.After.Armies {
		if a.Aboard == "" {
			us[a.At] = append(us[a.At], unitMark{a.ID + " " + strconv.Itoa(a.Points), a.Owner})
		}
	}
	for _, fl := range t.After.Fleets {
		us[fl.At] = append(us[fl.At], unitMark{fleetLabel(fl), fl.Owner})
	}
	return us
}

// unitLabel is the i-th line of a square's units when room lines fit: the
// unit's label, or "+n" on the last line for it and those that do not fit.
func unitLabel(us []unitMark, i, room int) string {
	if i == room-1 && len(us) > room {
		return "+" + strconv.Itoa(len(us)-i)
	}
	return us[i].label
}

// units writes the armies and fleets in a square in their owners' colours,
// as many as fit, then "+n"; in small cells a dot.
func (p *painter) units(c campaign.Coord) {
	us := p.unitsIn[c]
	if len(us) == 0 {
		return
	}
	x, y := p.at(c)
	s := p.s
	z := p.z
	if s < z.armyCell {
		p.fill(p.ownerColour(us[0].owner))
		p.draw(black)
		p.g.SetLineWidth(math.Max(z.unitDotMin, s*0.04))
		p.dot(x+s*0.72, y+s*0.72, s*0.2, "FD")
		return
	}
	size := s * z.unitH
	if n := float64(len(us)); n*size*z.unitLead > s*z.unitBand { // a crowded square (a battle): smaller labels
		size = math.Max(s*z.unitShrink, s*z.unitBand/(n*z.unitLead))
	}
	room := int((s*z.unitBand)/(size*z.unitLead) + 1e-9) // lines that fit in the lower half
	if p.t.battleAt(c) {                                 // a veil over the ring, so the labels stay readable
		top := y + s*z.unitTop + size*0.25
		p.put(mark{veil: true, x: x + s*0.08, y: top, w: s * 0.84, h: float64(min(len(us), room))*size*z.unitLead + size*0.1})
	}
	for i, u := range us {
		p.textAtLeast(x+s/2, y+s*z.unitTop+float64(i+1)*size*z.unitLead, size, s*z.unitMaxW, z.unitMin, "B", p.ownerColour(u.owner), unitLabel(us, i, room))
		if i == room-1 {
			break
		}
	}
}

func (t *Turn) battleAt(c campaign.Coord) bool {
	for _, b := range t.Outcome.Battles {
		if b.At == c {
			return true
		}
	}
	return false
}

func fleetLabel(f campaign.Fleet) string {
	if f.Cargo != "" {
		return f.ID + " (" + f.Cargo + ")"
	}
	return f.ID
}

// text writes a centred string of height h with its baseline at y,
// shrunk to fit maxW.
func (p *painter) text(cx, y, h, maxW float64, style string, c rgb, s string) {
	p.textAtLeast(cx, y, h, maxW, 0, style, c, s)
}

// textAtLeast is text that shrinks no lower than least: a long label may
// then run over the grid line a little.
func (p *painter) textAtLeast(cx, y, h, maxW, least float64, style string, c rgb, s string) {
	pt := h * ptPerMM
	if w := p.out.width(style, pt, s); w > maxW {
		pt *= maxW / w
	}
	pt = math.Max(pt, least*ptPerMM)
	p.put(mark{text: s, style: style, pt: pt, c: c, x: cx - p.out.width(style, pt, s)/2, y: y})
}

// dot draws a disc; one too small to see as round is drawn as a square,
// which costs a few bytes instead of four Bézier curves (a 100×100 map has
// thousands of them).
func (p *painter) dot(cx, cy, r float64, style string) {
	if r < p.z.dotSquare {
		p.g.Rect(cx-r, cy-r, 2*r, 2*r, style)
		return
	}
	p.g.Circle(cx, cy, r, style)
}

// starPoints is the capital's five-pointed star of outer radius r.
func starPoints(cx, cy, r float64) [][2]float64 {
	pts := make([][2]float64, 10)
	for i := range pts {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts[i] = [2]float64{cx + rr*math.Cos(a), cy + rr*math.Sin(a)}
	}
	return pts
}

func (p *painter) star(cx, cy, r float64, c rgb) {
	var pts []gofpdf.PointType
	for _, pt := range starPoints(cx, cy, r) {
		pts = append(pts, gofpdf.PointType{X: pt[0], Y: pt[1]})
	}
	p.fill(c)
	p.draw(black)
	p.g.SetLineWidth(math.Max(p.z.starMin, r*p.z.starK))
	p.g.Polygon(pts, "FD")
}

// labels writes column letters above and below the grid and row numbers on
// both sides, every step-th one when the cells are small.
func (p *painter) labels() {
	m := p.t.Map
	label := func(x, y float64, s string) {
		p.put(mark{text: s, pt: p.labelP, c: coordinateInk, x: x, y: y})
	}
	z := p.z
	h := p.labelP / ptPerMM
	w, ht := float64(m.Width)*p.s, float64(m.Height)*p.s
	for c := 0; c < m.Width; c++ {
		if !labelled(p.step, c) {
			continue
		}
		name := campaign.ColumnName(c)
		x := p.ox + (float64(c)+0.5)*p.s - p.out.width("", p.labelP, name)/2
		label(x, p.oy-z.labelGap-h*z.labelTopK, name)
		label(x, p.oy+ht+h*z.labelBottomK+z.labelBottomGap, name)
	}
	for r := 0; r < m.Height; r++ {
		if !labelled(p.step, r) {
			continue
		}
		num := strconv.Itoa(r + 1)
		y := p.oy + (float64(r)+0.5)*p.s + h*z.labelRowK
		label(p.ox-z.labelGap-p.out.width("", p.labelP, num), y, num)
		label(p.ox+w+z.labelGap, y, num)
	}
}
