package reports

import (
	"math"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// legendEntry is one swatch of the map legend and what it means.
type legendEntry struct {
	swatch func(x, y, s float64)
	text   string
}

// legendEntries explains every mark the map can show, then each player's
// colour and number.
func (p *painter) legendEntries() []legendEntry {
	w := p.d.w
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
		{func(x, y, s float64) { open(x, y, s); p.value(x, y, s, false, 0, p.s >= minTextCell) }, w.text("legend.unexplored", nil)},
		{func(x, y, s float64) { open(x, y, s); p.star(x+s/2, y+s/2, s*0.3, ownerColours[0]) }, w.text("legend.capital", nil)},
		{func(x, y, s float64) { open(x, y, s); p.edgeSwatch(x, y, s, false) }, w.text("legend.edge", nil)},
		{func(x, y, s float64) { open(x, y, s); p.edgeSwatch(x, y, s, true) }, w.text("legend.edge-one-way", nil)},
		{func(x, y, s float64) { open(x, y, s); p.armySwatch(x, y, s) }, w.text("legend.army", nil)},
		{func(x, y, s float64) { open(x, y, s); p.fleetSwatch(x, y, s) }, w.text("legend.fleet", nil)},
		{func(x, y, s float64) { open(x, y, s); p.battleMark(x, y, s) }, w.text("legend.battle", nil)},
	}
	if p.s >= minTextCell { // smaller cells show no values
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

// legendIn draws the legend in cols columns across width w, from (x, y).
func (p *painter) legendIn(x, y, w float64, cols int) {
	f := p.d.f
	es := p.legendEntries()
	p.d.font("B", 9)
	f.SetTextColor(0, 0, 0)
	f.Text(x, y+3.5, p.d.w.text("legend.title", nil))
	rows := (len(es) + cols - 1) / cols
	colW := w / float64(cols)
	const s = 4.6
	for i, e := range es {
		ex := x + float64(i/rows)*colW
		ey := y + 6 + float64(i%rows)*legendRowH
		e.swatch(ex, ey, s)
		p.draw(gridColour)
		f.SetLineWidth(0.1)
		f.Rect(ex, ey, s, s, "D")
		f.SetTextColor(0, 0, 0)
		p.legendText(ex+s+1.5, ey, colW-s-3, e.text)
	}
}

func (p *painter) legendText(x, y, w float64, text string) {
	f := p.d.f
	p.d.font("", 7)
	if f.GetStringWidth(text) <= w {
		f.Text(x, y+3.4, text)
		return
	}
	p.d.font("", 6.3)
	words := strings.Fields(text)
	first := ""
	for len(words) > 0 && f.GetStringWidth(strings.TrimSpace(first+" "+words[0])) <= w {
		first = strings.TrimSpace(first + " " + words[0])
		words = words[1:]
	}
	second := strings.Join(words, " ")
	for f.GetStringWidth(second) > w && len([]rune(second)) > 2 {
		second = string([]rune(second)[:len([]rune(second))-2]) + "…"
	}
	f.Text(x, y+2.2, first)
	f.Text(x, y+4.8, second)
}

// edgeSwatch draws an impassable edge on the swatch's right side: solid
// when closed both ways, dashed inside when closed one way.
func (p *painter) edgeSwatch(x, y, s float64, oneWay bool) {
	f := p.d.f
	lw := math.Max(0.4, math.Min(1.2, p.s*0.12))
	f.SetLineWidth(lw)
	p.draw(rgb{0, 0, 0})
	ex := x + s - lw/2
	if oneWay {
		ex = x + s - lw*1.5
		f.SetDashPattern([]float64{s * 0.2, s * 0.14}, 0)
	}
	f.Line(ex, y, ex, y+s)
	f.SetDashPattern(nil, 0)
}

// armySwatch shows an army as the map shows it at this scale.
func (p *painter) armySwatch(x, y, s float64) {
	if p.s < minArmyText {
		p.fill(ownerColours[0])
		p.draw(rgb{0, 0, 0})
		p.d.f.SetLineWidth(0.1)
		p.d.f.Circle(x+s/2, y+s/2, s*0.22, "FD")
		return
	}
	p.text(x+s/2, y+s*0.66, s*0.34, s*0.94, "B", rgb{0, 0, 0}, "A1 500")
}

// fleetSwatch shows a fleet carrying an army as the map shows it.
func (p *painter) fleetSwatch(x, y, s float64) {
	if p.s < minArmyText {
		p.armySwatch(x, y, s)
		return
	}
	p.text(x+s/2, y+s*0.66, s*0.34, s*0.94, "B", rgb{0, 0, 0}, fleetLabel(campaign.Fleet{ID: "F1", Cargo: "A2"}))
}
