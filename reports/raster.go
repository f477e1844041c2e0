package reports

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The PNG's raster: an RGBA image that the map's painter draws on, as a
// pen (shapes, anti-aliased, in pixels) and a scribe (words in the Go
// fonts).

// canvas is an RGBA image with anti-aliased shapes and text, drawn the way
// gofpdf draws on a page: a fill and a stroke colour, a line width, cap
// and dash pattern, then shapes.
type canvas struct {
	img   *image.RGBA
	z     vector.Rasterizer
	fonts [2]*opentype.Font
	faces map[faceKey]font.Face

	fillC, drawC rgb
	lw           float64
	round        bool      // round line caps
	dash         []float64 // on, off, … px; nil: solid
}

type faceKey struct {
	bold    bool
	quarter int // size in quarters of a pixel
}

type pt = [2]float64

func colour(c rgb) color.RGBA { return color.RGBA{uint8(c[0]), uint8(c[1]), uint8(c[2]), 255} }

func (c *canvas) SetFillColor(r, g, b int)   { c.fillC = rgb{r, g, b} }
func (c *canvas) SetDrawColor(r, g, b int)   { c.drawC = rgb{r, g, b} }
func (c *canvas) SetLineWidth(width float64) { c.lw = width }
func (c *canvas) SetLineCapStyle(style string) {
	c.round = style == "round"
}

// SetDashPattern sets the dashes; the painter starts them at each line's
// start (phase 0).
func (c *canvas) SetDashPattern(dashes []float64, _ float64) {
	c.dash = nil
	if len(dashes) > 0 {
		c.dash = dashes
	}
}

// Rect fills ("F") and strokes ("D") a rectangle on whole pixels: the
// map's cells, borders and frames are axis-aligned, and stay crisp.
func (c *canvas) Rect(x, y, w, h float64, style string) {
	if strings.Contains(style, "F") {
		c.rect(x, y, w, h, c.fillC)
	}
	if strings.Contains(style, "D") {
		h2 := c.lw / 2
		c.rect(x-h2, y-h2, w+c.lw, c.lw, c.drawC)
		c.rect(x-h2, y+h-h2, w+c.lw, c.lw, c.drawC)
		c.rect(x-h2, y-h2, c.lw, h+c.lw, c.drawC)
		c.rect(x+w-h2, y-h2, c.lw, h+c.lw, c.drawC)
	}
}

// Line strokes a line in the draw colour; a hairline (a pixel wide or
// less) along a row or column of pixels is one whole pixel, so the grid
// stays crisp.
func (c *canvas) Line(x1, y1, x2, y2 float64) {
	if c.dash == nil && c.lw <= 1 {
		switch {
		case x1 == x2:
			c.rect(x1-0.5, math.Min(y1, y2), 1, math.Abs(y2-y1), c.drawC)
			return
		case y1 == y2:
			c.rect(math.Min(x1, x2), y1-0.5, math.Abs(x2-x1), 1, c.drawC)
			return
		}
	}
	spans := [][4]float64{{x1, y1, x2, y2}}
	if c.dash != nil {
		spans = dashSpans(x1, y1, x2, y2, c.dash[0], c.dash[len(c.dash)-1])
	}
	var polys [][]pt
	for _, d := range spans {
		if s := segment(d[0], d[1], d[2], d[3], c.lw); s != nil {
			polys = append(polys, s)
		}
		if c.round {
			polys = append(polys, disc(d[0], d[1], c.lw/2), disc(d[2], d[3], c.lw/2))
		}
	}
	if len(polys) > 0 {
		c.fill(colour(c.drawC), polys...)
	}
}

// Circle fills a disc ("F"), strokes a ring ("D"), or both, the stroke
// astride the circle.
func (c *canvas) Circle(x, y, r float64, style string) {
	switch style {
	case "F":
		c.fill(colour(c.fillC), disc(x, y, r))
	case "D":
		c.ring(x, y, r, c.lw, c.drawC)
	default:
		c.fill(colour(c.drawC), disc(x, y, r+c.lw/2))
		if r > c.lw/2 {
			c.fill(colour(c.fillC), disc(x, y, r-c.lw/2))
		}
	}
}

// Polygon fills a closed polygon and strokes its outline, with round
// corners.
func (c *canvas) Polygon(points []gofpdf.PointType, style string) {
	poly := make([]pt, len(points))
	for i, p := range points {
		poly[i] = pt{p.X, p.Y}
	}
	if strings.Contains(style, "F") {
		c.fill(colour(c.fillC), append([]pt(nil), poly...))
	}
	if strings.Contains(style, "D") {
		var outline [][]pt
		for i, p := range poly {
			q := poly[(i+1)%len(poly)]
			if s := segment(p[0], p[1], q[0], q[1], c.lw); s != nil {
				outline = append(outline, s)
			}
			outline = append(outline, disc(p[0], p[1], c.lw/2))
		}
		c.fill(colour(c.drawC), outline...)
	}
}

// mark writes a word, or lays a veil, as the PDF does over its map.
func (c *canvas) mark(m mark) {
	if m.veil {
		a := uint8(math.Round(battleVeilAlpha * 255))
		c.fill(color.RGBA{a, a, a, a}, []pt{{m.x, m.y}, {m.x + m.w, m.y}, {m.x + m.w, m.y + m.h}, {m.x, m.y + m.h}})
		return
	}
	c.write(c.face(m.style == "B", m.pt/ptPerMM), m.x, m.y, m.c, m.text)
}

// width is how wide s is at pt "points": pt/ptPerMM pixels to the em, as
// the painter's unit is a pixel here.
func (c *canvas) width(style string, pt float64, s string) float64 {
	return c.measure(c.face(style == "B", pt/ptPerMM), s)
}

func (c *canvas) useFont(string, float64) {}

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
	k := faceKey{bold, max(4, int(em*4+1e-6))} // em is pt/ptPerMM: no rounding down a quarter
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

func (c *canvas) measure(f font.Face, s string) float64 {
	return float64(font.MeasureString(f, s)) / 64
}

// write draws s with its baseline at y, starting at x.
func (c *canvas) write(f font.Face, x, y float64, col rgb, s string) {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(colour(col)), Face: f,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}}
	d.DrawString(s)
}

// dashSpans cuts a line into dashes of on px every on+off px, from its
// start.
func dashSpans(x1, y1, x2, y2, on, off float64) [][4]float64 {
	l := math.Hypot(x2-x1, y2-y1)
	var out [][4]float64
	for a := 0.0; a < l; a += on + off {
		b := math.Min(l, a+on)
		out = append(out, [4]float64{x1 + (x2-x1)*a/l, y1 + (y2-y1)*a/l, x1 + (x2-x1)*b/l, y1 + (y2-y1)*b/l})
	}
	return out
}
