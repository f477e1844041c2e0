package reports

import (
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// The map's legend, one for the report page and the map alone in PDF and
// PNG: a swatch of every mark the map can show and of each player's colour,
// drawn by the map's painter in its medium's sizes (legendSizes).

// legendSizes is the legend's layout in the painter's unit: the title's
// font and baseline, the entries' top, row height, swatch and frame, the
// gap to an entry's words and the room cut from them, then one line's
// font and baseline, or two smaller lines' font and baselines.
type legendSizes struct {
	titlePt, titleDY, top, rowH, swatch, frame, gap, cut float64
	onePt, oneDY, twoPt, twoDY1, twoDY2                  float64
}

// legendEntry is one swatch of the map legend and what it means.
type legendEntry struct {
	swatch func(x, y, s float64)
	text   string
}

// legendEntries explains every mark the map can show, then each player's
// colour and number.
func (p *painter) legendEntries() []legendEntry {
	w := p.w
	cell := func(sq campaign.Square, seaSides ...[2]int) func(x, y, s float64) {
		l := look{sq: sq, seaSides: seaSides}
		if sq.River != campaign.NoRiver {
			l.river = [][2]int{{-1, 0}, {1, 0}}
		}
		return func(x, y, s float64) { p.terrain(x, y, s, l) }
	}
	land := campaign.Square{Kind: campaign.Land}
	open := cell(land)
	west := [2]int{-1, 0}
	es := []legendEntry{
		{cell(campaign.Square{Kind: campaign.Sea}), w.text("legend.sea", nil)},
		{cell(campaign.Square{Kind: campaign.Coast}, west), w.text("legend.coast", nil)},
		{cell(campaign.Square{Kind: campaign.Coast, Cliffs: true}, west), w.text("legend.cliffs", nil)},
		{open, w.text("legend.land", nil)},
		{cell(campaign.Square{Kind: campaign.Land, Terrain: campaign.Moderate}), w.text("legend.moderate", nil)},
		{cell(campaign.Square{Kind: campaign.Land, Forest: true}), w.text("legend.forest", nil)},
		{cell(campaign.Square{Kind: campaign.Land, Terrain: campaign.Difficult}), w.text("legend.difficult", nil)},
		{cell(campaign.Square{Kind: campaign.Land, Terrain: campaign.VeryDifficult}), w.text("legend.very-difficult", nil)},
		{cell(campaign.Square{Kind: campaign.Land, Terrain: campaign.Impassable}), w.text("legend.impassable", nil)},
		{cell(campaign.Square{Kind: campaign.Land, River: campaign.LargeRiver}), w.text("legend.river", nil)},
		{func(x, y, s float64) { open(x, y, s); p.value(x, y, s, false, 0, p.s >= p.z.textCell) }, w.text("legend.unexplored", nil)},
		{func(x, y, s float64) { open(x, y, s); p.star(x+s/2, y+s/2, s*0.3, ownerColours[0]) }, w.text("legend.capital", nil)},
		{func(x, y, s float64) { open(x, y, s); p.edgeSwatch(x, y, s, false) }, w.text("legend.edge", nil)},
		{func(x, y, s float64) { open(x, y, s); p.edgeSwatch(x, y, s, true) }, w.text("legend.edge-one-way", nil)},
		{func(x, y, s float64) { open(x, y, s); p.armySwatch(x, y, s) }, w.text("legend.army", nil)},
		{func(x, y, s float64) { open(x, y, s); p.fleetSwatch(x, y, s) }, w.text("legend.fleet", nil)},
		{func(x, y, s float64) { open(x, y, s); p.battleMark(x, y, s) }, w.text("legend.battle", nil)},
	}
	if p.s >= p.z.textCell { // smaller cells show no values
		es = append(es, legendEntry{func(x, y, s float64) { open(x, y, s); p.value(x, y, s, true, 3, true) }, w.text("legend.value", nil)})
	}
	for i, pl := range p.t.After.Players {
		c := p.ownerColour(pl.ID)
		n := strconv.Itoa(i + 1)
		name := p.t.playerName(pl.ID)
		if pl.Race != "" {
			name += " (" + pl.Race + ")"
		}
		es = append(es, legendEntry{func(x, y, s float64) {
			open(x, y, s)
			p.ownerBorder(x, y, s, c)
			p.text(x+s/2, y+s*0.72, s*0.55, s*0.8, "B", c, n)
		}, n + " " + name})
	}
	return es
}

func (p *painter) legendHeight() float64 {
	rows := (len(p.legendEntries()) + legendCols - 1) / legendCols
	return 6 + float64(rows)*legendRowH
}

// legend draws the entries in columns across the text width, from y.
func (p *painter) legend(y float64) { p.legendIn(margin, y, textWidth, legendCols) }

// legendIn draws the legend in cols columns across width w, from (x, y):
// its title, then the entries top to bottom, column by column.
func (p *painter) legendIn(x, y, w float64, cols int) {
	z := &p.z.legend
	es := p.legendEntries()
	p.put(mark{text: p.w.text("legend.title", nil), style: "B", pt: z.titlePt, c: black, x: x, y: y + z.titleDY})
	rows := (len(es) + cols - 1) / cols
	colW := w / float64(cols)
	s := z.swatch
	for i, e := range es {
		ex := p.z.snap(x + float64(i/rows)*colW)
		ey := p.z.snap(y + z.top + float64(i%rows)*z.rowH)
		e.swatch(ex, ey, s)
		p.draw(gridColour)
		p.g.SetLineWidth(z.frame)
		p.g.Rect(ex, ey, s, s, "D")
		p.legendText(ex+s+z.gap, ey, colW-s-z.cut, e.text)
	}
}

// legendText writes an entry beside its swatch: on one line if it fits in
// w, else on two smaller lines, cut with "…" only if even that is too long.
func (p *painter) legendText(x, y, w float64, text string) {
	z := &p.z.legend
	p.out.useFont("", z.onePt)
	if p.out.width("", z.onePt, text) <= w {
		p.put(mark{text: text, pt: z.onePt, c: black, x: x, y: y + z.oneDY, current: true})
		return
	}
	p.out.useFont("", z.twoPt)
	fits := func(s string) bool { return p.out.width("", z.twoPt, s) <= w }
	words := strings.Fields(text)
	first := ""
	for len(words) > 0 && fits(strings.TrimSpace(first+" "+words[0])) {
		first = strings.TrimSpace(first + " " + words[0])
		words = words[1:]
	}
	second := strings.Join(words, " ")
	for !fits(second) && len([]rune(second)) > 2 {
		second = string([]rune(second)[:len([]rune(second))-2]) + "…"
	}
	p.put(mark{text: first, pt: z.twoPt, c: black, x: x, y: y + z.twoDY1, current: true})
	p.put(mark{text: second, pt: z.twoPt, c: black, x: x, y: y + z.twoDY2, current: true})
}

// edgeSwatch draws an impassable edge on the swatch's right side: solid
// when closed both ways, dashed inside when closed one way.
func (p *painter) edgeSwatch(x, y, s float64, oneWay bool) {
	lw := p.edgeWidth()
	p.g.SetLineWidth(lw)
	p.draw(black)
	ex := x + s - lw/2
	if oneWay {
		ex = x + s - lw*1.5
		p.g.SetDashPattern([]float64{s * 0.2, s * 0.14}, 0)
	}
	p.g.Line(ex, y, ex, y+s)
	p.g.SetDashPattern(nil, 0)
}

// armySwatch shows an army as the map shows it at this scale.
func (p *painter) armySwatch(x, y, s float64) {
	if p.s < p.z.armyCell {
		p.fill(ownerColours[0])
		p.draw(black)
		p.g.SetLineWidth(p.z.legend.frame)
		p.g.Circle(x+s/2, y+s/2, s*0.22, "FD")
		return
	}
	p.text(x+s/2, y+s*0.66, s*0.34, s*0.94, "B", black, "A1 500")
}

// fleetSwatch shows a fleet carrying an army as the map shows it.
func (p *painter) fleetSwatch(x, y, s float64) {
	if p.s < p.z.armyCell {
		p.armySwatch(x, y, s)
		return
	}
	p.text(x+s/2, y+s*0.66, s*0.34, s*0.94, "B", black, fleetLabel(campaign.Fleet{ID: "F1", Cargo: "A2"}))
}
