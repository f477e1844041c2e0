package reports

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/jung-kurt/gofpdf"
)

// pen draws shapes as gofpdf takes them: in page millimetres on a
// document's page (*gofpdf.Fpdf) or into a fragment that every report of
// the turn shows, or in pixels on the PNG's canvas. The map's painter
// draws through it.
type pen interface {
	SetFillColor(r, g, b int)
	SetDrawColor(r, g, b int)
	SetLineWidth(width float64)
	SetLineCapStyle(style string)
	SetDashPattern(dashes []float64, phase float64)
	Rect(x, y, w, h float64, style string)
	Line(x1, y1, x2, y2 float64)
	Circle(x, y, r float64, style string)
	Polygon(points []gofpdf.PointType, style string)
}

// fragment is a pen that writes PDF operators once per turn for every
// report to show on its map page: drawing a 100×100 map through gofpdf
// took most of a report's time, and its long operators most of the time
// spent compressing the page. Coordinates are in cells from the grid's
// top-left corner, y down, which keeps the numbers short; one
// transformation maps them onto the page. Like gofpdf, it paints in call
// order; unlike it, it writes a colour, width, cap or dash only when it
// changes, and draws what repeats once (reuse).
type fragment struct {
	b          []byte
	ox, oy, s  float64 // the grid's top-left corner and cell size, mm
	unit       float64 // coordinates are rounded to 1/unit of a cell
	fill, draw rgb
	width      float64
	cap        string
	dash       string
	colours    map[colourKey]string // operators already written out
	forms      map[any]*pdfForm     // reused drawings, by what they show
	parts      []gofpdf.Template    // those forms, in the order made
}

type colourKey struct {
	c    rgb
	fill bool
}

// newFragment starts the operators of a grid whose top-left corner is at
// ox, oy with cells of s mm, on a page pageH mm high: q, the
// transformation from cells to the page, then a known state (butt caps,
// solid lines; colours and width not yet set). The q keeps gofpdf's idea
// of the graphics state true; end closes it.
func newFragment(ox, oy, s, pageH float64) *fragment {
	// Enough decimals that a rounded coordinate is off by under 0.01 pt,
	// as gofpdf's own.
	digits := math.Ceil(math.Log10(100 * s * ptPerMM))
	g := &fragment{ox: ox, oy: oy, s: s, unit: math.Pow(10, max(digits, 0)),
		fill: rgb{-1}, draw: rgb{-1}, width: -1, cap: "0 J", dash: "[] 0 d",
		colours: map[colourKey]string{}, forms: map[any]*pdfForm{}}
	g.b = append(g.b, "q "...)
	for _, v := range []float64{s * mmPoints, 0, 0, -s * mmPoints, ox * mmPoints, (pageH - oy) * mmPoints} {
		g.b = strconv.AppendFloat(g.b, v, 'f', 5, 64)
		g.b = append(g.b, ' ')
	}
	g.b = append(g.b, "cm\n0 J [] 0 d\n"...)
	return g
}

// mmPoints is gofpdf's k for a document in millimetres: points to the mm.
const mmPoints = 72.0 / 25.4

// end closes the fragment and returns its operators.
func (g *fragment) end() []byte { return append(g.b, 'Q') }

// reuse draws, in the cell whose top-left corner is at x, y, what draw
// draws there for key: the first time into a form of its own, clipped to
// the cell, then by showing that form again. A form starts in the state
// the fragment keeps between cells (butt caps, solid lines) and leaves
// the fragment's state as it found it.
func (g *fragment) reuse(key any, x, y float64, draw func(pen)) {
	fm, ok := g.forms[key]
	if !ok {
		c := &fragment{ox: x, oy: y, s: g.s, unit: g.unit, fill: rgb{-1}, draw: rgb{-1}, width: -1,
			cap: "0 J", dash: "[] 0 d", colours: g.colours}
		draw(c)
		fm = &pdfForm{id: "c" + strconv.Itoa(len(g.parts)+1), size: gofpdf.SizeType{Wd: 1 / mmPoints, Ht: 1 / mmPoints}, ops: c.b}
		g.forms[key] = fm
		g.parts = append(g.parts, fm)
	}
	g.b = append(g.b, "q 1 0 0 1 "...)
	g.point(x, y)
	g.b = append(g.b, "cm /TPL"...)
	g.b = append(g.b, fm.id...)
	g.op(" Do Q")
}

// pdfForm is operators shown as a form XObject through gofpdf's templates:
// the map on its page, and the cells it repeats. gofpdf writes a form's
// bytes into each document without copying them into a page first, nor
// searching them for the page-number alias as it does every page. Only
// its id (the form is /TPL+id), size, bytes and parts matter to drawing;
// the rest of gofpdf.Template is for saving templates, which these forms
// do not support.
type pdfForm struct {
	id    string
	size  gofpdf.SizeType // mm
	ops   []byte
	parts []gofpdf.Template // the forms it shows
}

func (fm *pdfForm) ID() string                                { return fm.id }
func (fm *pdfForm) Size() (gofpdf.PointType, gofpdf.SizeType) { return gofpdf.PointType{}, fm.size }
func (fm *pdfForm) Bytes() []byte                             { return fm.ops }
func (fm *pdfForm) Images() map[string]*gofpdf.ImageInfoType  { return nil }
func (fm *pdfForm) Templates() []gofpdf.Template              { return fm.parts }
func (fm *pdfForm) NumPages() int                             { return 1 }
func (fm *pdfForm) FromPages() []gofpdf.Template              { return []gofpdf.Template{fm} }

func (fm *pdfForm) FromPage(page int) (gofpdf.Template, error) {
	if page != 1 {
		return nil, fmt.Errorf("reports: form %s has one page, not %d", fm.id, page)
	}
	return fm, nil
}

var errPDFFormSaved = errors.New("reports: a map form cannot be saved")

func (fm *pdfForm) Serialize() ([]byte, error) { return nil, errPDFFormSaved }
func (fm *pdfForm) GobEncode() ([]byte, error) { return nil, errPDFFormSaved }
func (fm *pdfForm) GobDecode([]byte) error     { return errPDFFormSaved }

// num writes v rounded to 1/unit, without trailing zeros, and a space.
func (g *fragment) num(v, unit float64) {
	n := int64(math.Round(v * unit))
	if n < 0 {
		g.b = append(g.b, '-')
		n = -n
	}
	u := int64(unit)
	g.b = strconv.AppendInt(g.b, n/u, 10)
	if frac := n % u; frac != 0 {
		g.b = append(g.b, '.')
		for d := u / 10; frac < d; d /= 10 {
			g.b = append(g.b, '0')
		}
		for frac%10 == 0 {
			frac /= 10
		}
		g.b = strconv.AppendInt(g.b, frac, 10)
	}
	g.b = append(g.b, ' ')
}

// point writes a page point in cells.
func (g *fragment) point(x, y float64) {
	g.num((x-g.ox)/g.s, g.unit)
	g.num((y-g.oy)/g.s, g.unit)
}

// length writes a length in cells, finer than coordinates: line widths
// are small fractions of a cell.
func (g *fragment) length(l float64) { g.num(l/g.s, 100*g.unit) }

func (g *fragment) op(s string) {
	g.b = append(g.b, s...)
	g.b = append(g.b, '\n')
}

// colour writes a colour operator as gofpdf does: grey with "g" or "G",
// else three components.
func (g *fragment) colour(c rgb, fill bool) {
	k := colourKey{c, fill}
	op, ok := g.colours[k]
	if !ok {
		var b []byte
		if c[0] == c[1] && c[1] == c[2] {
			b = strconv.AppendFloat(b, float64(c[0])/255, 'f', 3, 64)
			b = append(b, " G"...)
		} else {
			for _, v := range c {
				b = strconv.AppendFloat(b, float64(v)/255, 'f', 3, 64)
				b = append(b, ' ')
			}
			b = append(b, "RG"...)
		}
		if fill { // the same operator in lower case
			b = bytes.ToLower(b)
		}
		op = string(b)
		g.colours[k] = op
	}
	g.op(op)
}

func (g *fragment) SetFillColor(r, gr, b int) {
	if c := (rgb{r, gr, b}); c != g.fill {
		g.fill = c
		g.colour(c, true)
	}
}

func (g *fragment) SetDrawColor(r, gr, b int) {
	if c := (rgb{r, gr, b}); c != g.draw {
		g.draw = c
		g.colour(c, false)
	}
}

func (g *fragment) SetLineWidth(w float64) {
	if w != g.width {
		g.width = w
		g.length(w)
		g.op("w")
	}
}

func (g *fragment) SetLineCapStyle(style string) {
	op := "0 J"
	switch style {
	case "round":
		op = "1 J"
	case "square":
		op = "2 J"
	}
	if op != g.cap {
		g.cap = op
		g.op(op)
	}
}

func (g *fragment) SetDashPattern(dashes []float64, phase float64) {
	mark := len(g.b)
	g.b = append(g.b, '[')
	for _, d := range dashes {
		g.length(d)
	}
	if len(dashes) > 0 {
		g.b = g.b[:len(g.b)-1] // the space after the last length
	}
	g.b = append(g.b, "] "...)
	g.length(phase)
	g.b = append(g.b, 'd')
	if op := string(g.b[mark:]); op != g.dash {
		g.dash = op
		g.b = append(g.b, '\n')
		return
	}
	g.b = g.b[:mark]
}

// paint ends a path as gofpdf's style strings say: "F" fills, "D" (or "")
// strokes, "FD" or "DF" does both.
func (g *fragment) paint(style string) {
	switch style {
	case "F":
		g.op("f")
	case "FD", "DF":
		g.op("B")
	default:
		g.op("S")
	}
}

func (g *fragment) Rect(x, y, w, h float64, style string) {
	g.point(x, y)
	g.length(w)
	g.length(h)
	g.b = append(g.b, "re "...)
	g.paint(style)
}

func (g *fragment) Line(x1, y1, x2, y2 float64) {
	g.point(x1, y1)
	g.b = append(g.b, "m "...)
	g.point(x2, y2)
	g.op("l S")
}

// Circle draws the circle gofpdf draws: six Bézier curves from angle 0.
func (g *fragment) Circle(x, y, r float64, style string) {
	const segments = 6
	dt := 2 * math.Pi / segments
	dtm := dt / 3
	at := func(t float64) (px, py, dx, dy float64) {
		return x + r*math.Cos(t), y - r*math.Sin(t), -r * math.Sin(t), -r * math.Cos(t)
	}
	x0, y0, dx0, dy0 := at(0)
	g.point(x0, y0)
	g.b = append(g.b, "m "...)
	for j := 1; j <= segments; j++ {
		x1, y1, dx1, dy1 := at(float64(j) * dt)
		g.point(x0+dx0*dtm, y0+dy0*dtm)
		g.point(x1-dx1*dtm, y1-dy1*dtm)
		g.point(x1, y1)
		g.b = append(g.b, "c "...)
		x0, y0, dx0, dy0 = x1, y1, dx1, dy1
	}
	g.paint(style)
}

// Polygon draws gofpdf's polygon: a line back to the first point, not a
// closed path.
func (g *fragment) Polygon(points []gofpdf.PointType, style string) {
	if len(points) < 3 {
		return
	}
	g.point(points[0].X, points[0].Y)
	g.b = append(g.b, "m "...)
	for _, p := range append(points[1:len(points):len(points)], points[0]) {
		g.point(p.X, p.Y)
		g.b = append(g.b, "l "...)
	}
	g.paint(style)
}
