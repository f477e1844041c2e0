package reports

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/jung-kurt/gofpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// A4 portrait, in millimetres.
const (
	pageW, pageH = 210.0, 297.0
	margin       = 12.0
	bottomMargin = 16.0 // room for the footer
	textWidth    = pageW - 2*margin
	indentStep   = 6.0
	lineHeight   = 4.6
)

const (
	sans = "go"
	mono = "gomono"
)

// doc is one PDF being written in one language.
type doc struct {
	f *gofpdf.Fpdf
	w *words
}

// newDoc starts a reproducible A4 document: dates from the injected clock,
// sorted catalogue, fonts embedded from bytes (the Go fonts cover Spanish:
// á é í ó ú ñ ¿ ¡, and Σ ≤ − —).
func newDoc(t *Turn, w *words, title string) *doc {
	f := newFpdf()
	f.SetCreationDate(t.Generated)
	f.SetModificationDate(t.Generated)
	f.SetCatalogSort(true)
	f.SetTitle(title, true)
	f.SetCreator("turnproc", true)
	f.SetMargins(margin, margin, margin)
	f.SetAutoPageBreak(true, bottomMargin)
	f.AliasNbPages("{nb}")
	d := &doc{f: f, w: w}
	footer := args{"Title": t.Title, "Calendar": w.calendar(t.Outcome.Turn), "Pages": "{nb}"}
	f.SetFooterFunc(func() {
		footer["Page"] = f.PageNo()
		f.SetY(-11)
		d.font("", 7.5)
		f.SetTextColor(110, 110, 110)
		f.CellFormat(0, 4, w.text("pdf.footer", footer), "", 0, "C", false, 0, "")
		f.SetTextColor(0, 0, 0)
	})
	return d
}

// newFpdf is an A4 gofpdf document in millimetres with the reports' fonts.
// Each document parses its own: gofpdf keeps in its font the letters the
// document used, and has no way to take a font parsed once.
func newFpdf() *gofpdf.Fpdf {
	f := gofpdf.New("P", "mm", "A4", "")
	// QUIRK: gofpdf appends into the font slice it is given; a fresh copy per
	// document keeps concurrent renders free of data races.
	f.AddUTF8FontFromBytes(sans, "", bytes.Clone(goregular.TTF))
	f.AddUTF8FontFromBytes(sans, "B", bytes.Clone(gobold.TTF))
	f.AddUTF8FontFromBytes(mono, "", bytes.Clone(gomono.TTF))
	return f
}

func (d *doc) font(style string, size float64) { d.f.SetFont(sans, style, size) }

// bytes finishes the document.
func (d *doc) bytes() ([]byte, error) {
	if d.w.err != nil {
		return nil, fmt.Errorf("reports: %w", d.w.err)
	}
	var b bytes.Buffer
	if err := d.f.Output(&b); err != nil {
		return nil, fmt.Errorf("reports: writing the PDF: %w", err)
	}
	return b.Bytes(), nil
}

// room starts a new page unless h millimetres still fit on this one.
func (d *doc) room(h float64) {
	if d.f.GetY()+h > pageH-bottomMargin {
		d.f.AddPage()
	}
}

// title writes the big lines at the top of the first page.
func (d *doc) title(big, small string) {
	d.font("B", 20)
	d.f.MultiCell(textWidth, 9, big, "", "L", false)
	d.font("B", 13)
	d.f.MultiCell(textWidth, 6.5, small, "", "L", false)
}

// heading writes a section title with a rule under it.
func (d *doc) heading(text string) {
	d.room(24)
	d.f.Ln(3)
	d.font("B", 13)
	d.f.MultiCell(textWidth, 6.5, text, "", "L", false)
	y := d.f.GetY()
	d.f.SetDrawColor(120, 120, 120)
	d.f.SetLineWidth(0.3)
	d.f.Line(margin, y, pageW-margin, y)
	d.f.Ln(2)
}

// para writes a wrapped paragraph.
func (d *doc) para(text string, style string, size float64) {
	d.font(style, size)
	d.f.MultiCell(textWidth, size*0.47, text, "", "L", false)
}

// lines writes narrated events, indented, passes green and failures red
// (and bold, so a greyscale print still shows them).
func (d *doc) lines(ls []line) {
	for _, l := range ls {
		x := margin + float64(l.indent)*indentStep
		switch l.style {
		case strong:
			d.room(3 * lineHeight)
			d.f.Ln(1)
			d.font("B", 9.5)
		case passed:
			d.font("B", 9.5)
			d.f.SetTextColor(0, 110, 40)
		case failed:
			d.font("B", 9.5)
			d.f.SetTextColor(180, 0, 0)
		default:
			d.font("", 9.5)
		}
		d.f.SetX(x)
		d.f.MultiCell(pageW-margin-x, lineHeight, l.text, "", "L", false)
		d.f.SetTextColor(0, 0, 0)
	}
}

// column of a table.
type column struct {
	head  string
	width float64
	align string // "L", "C", "R"
}

// table writes a header row and rows, repeating the header after a page
// break so every page of a long table can be read alone.
func (d *doc) table(cols []column, rows [][]string) {
	const h = 5.5
	d.room(3 * h)
	d.tableHeader(cols, h)
	for _, r := range rows {
		if d.f.GetY()+h > pageH-bottomMargin {
			d.f.AddPage()
			d.tableHeader(cols, h)
		}
		d.font("", 8.5)
		for i, c := range cols {
			d.f.CellFormat(c.width, h, r[i], "1", 0, c.align, false, 0, "")
		}
		d.f.Ln(h)
	}
}

// tableHeader writes a table's header row, h millimetres tall.
func (d *doc) tableHeader(cols []column, h float64) {
	d.font("B", 8.5)
	d.f.SetFillColor(225, 225, 225)
	d.f.SetDrawColor(150, 150, 150)
	d.f.SetLineWidth(0.2)
	for _, c := range cols {
		d.f.CellFormat(c.width, h, c.head, "1", 0, c.align, true, 0, "")
	}
	d.f.Ln(h)
}

// sansWidths is gofpdf's width of each rune in the sans fonts, regular and
// bold: wordWidth measures words as gofpdf does without a document, so the
// map can be drawn once for all the reports of a turn.
var sansWidths = sync.OnceValue(func() (ws [2]runeWidths) {
	f := newFpdf()
	for i, style := range []string{"", "B"} {
		f.SetFont(sans, style, 10)
		ws[i].cw = make([]int, 1<<16)
		for r := range ws[i].cw {
			ws[i].cw[r] = f.GetStringSymbolWidth(string(rune(r)))
		}
		ws[i].beyond = f.GetStringSymbolWidth("\U0001F600") // past gofpdf's table: its default
	}
	return ws
})

// runeWidths is a font's width of each rune below 65536 (gofpdf's table),
// and of any other, in thousandths of an em.
type runeWidths struct {
	cw     []int
	beyond int
}

// wordWidth is gofpdf's GetStringWidth of s in the sans font of style
// ("" or "B") at pt points, in mm.
func wordWidth(style string, pt float64, s string) float64 {
	ws := sansWidths()[0]
	if style == "B" {
		ws = sansWidths()[1]
	}
	w := 0
	for _, r := range s {
		if int(r) < len(ws.cw) {
			w += ws.cw[r]
		} else {
			w += ws.beyond
		}
	}
	return float64(w) * (pt / mmPoints) / 1000
}
