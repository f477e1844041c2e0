package reports

import (
	"slices"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/siege"
)

// siegeSheet is what the sheet of one siege shows, worked out before any
// drawing so it can be tested alone (siege-rules.md §2.4; D17–D20).
type siegeSheet struct {
	Battle campaign.Battle
	// Value is the square's value after the turn: the siege is fought at
	// the table after the turn, so the castle is the one that stands then.
	Value   int
	Capital bool // the square is its owner's capital (D20)
	// MaterialFrom says why the castle is of wood or stone (D20): "map",
	// "capital", "value" (8 or more) or "low".
	MaterialFrom   string
	Castle         siege.Castle
	AttackerPoints int // main forces (D19)
	DefenderPoints int // garrison and main forces (D18, D19, [A74])
	AttackerBudget int // ⌊15% × points⌋ (D19)
	DefenderBudget int
	// Reinforcements lists each side's reinforcing armies: they buy no
	// equipment; the attacker's count as having ladders and grapnels [A73].
	Reinforcements map[campaign.Side][]string
}

// siegeSheet works out the sheet of a siege from the state after the turn.
func (t *Turn) siegeSheet(b campaign.Battle) siegeSheet {
	site := siege.SiteOf(t.Map, t.After, b.At)
	s := siegeSheet{Battle: b, Value: site.Value, Capital: site.Capital, MaterialFrom: materialFrom(t.Map.Square(b.At), site.Value, site.Capital),
		AttackerPoints: b.SidePoints(campaign.Attacker), DefenderPoints: b.SidePoints(campaign.Defender),
		Reinforcements: map[campaign.Side][]string{}}
	s.Castle = siege.CastleFor(t.Map, t.After, b)
	s.AttackerBudget = siege.EquipmentBudget(s.AttackerPoints)
	s.DefenderBudget = siege.EquipmentBudget(s.DefenderPoints)
	for _, f := range b.Forces {
		if f.Role == campaign.Reinforcement {
			s.Reinforcements[f.Side] = append(s.Reinforcements[f.Side], f.Army)
		}
	}
	return s
}

// materialFrom names the D20 reason behind siege.CastleMaterial's choice.
func materialFrom(sq *campaign.Square, value int, capital bool) string {
	switch {
	case sq != nil && sq.Material != campaign.AutoMaterial:
		return "map"
	case capital:
		return "capital"
	case value >= siege.StoneFromValue:
		return "value"
	}
	return "low"
}

// siege writes the sheet of a siege on pages of its own, to print and take
// to the table: the castle and who fits in it (D18, D20), its plan, its
// elements (§3), the ES scenario with a victory tally (§2.2, §2.4) and
// the equipment budgets (D19).
func (d *doc) siege(t *Turn, b campaign.Battle) {
	s := t.siegeSheet(b)
	w := d.w
	d.f.AddPage()
	d.font("B", 13)
	d.f.MultiCell(textWidth, 6.5, w.text("siege.title", args{"Battle": b.ID, "To": b.At.String()}), "", "L", false)
	d.rule()
	d.siegeCastle(s)
	d.castlePlan(s.Castle)
	d.siegeElements(s.Castle)
	d.siegeScenario(s)
	d.siegeTally(s.Castle)
	d.siegeEquipment(t, s)
	if lines := t.PreBattles[b.ID]; len(lines) > 0 {
		d.subheading(w.text("siege.prebattle.heading", nil))
		for _, l := range lines {
			d.para(l, "", 9) // the rolls, each named by its rule id (RU-PRE-…, ES-EQA-…)
		}
	}
}

// rule draws a thin line under what was just written.
func (d *doc) rule() {
	y := d.f.GetY() + 0.5
	d.f.SetDrawColor(120, 120, 120)
	d.f.SetLineWidth(0.3)
	d.f.Line(margin, y, pageW-margin, y)
	d.f.Ln(2)
}

// subheading titles a part of a sheet, kept with what follows it.
func (d *doc) subheading(text string) {
	d.room(20)
	d.f.Ln(2)
	d.para(text, "B", 10.5)
	d.f.Ln(0.5)
}

// siegeCastle writes the material and why (D20), the capacity and who
// deploys outside (D18), and the castle's size (ES-SCN-02, A-03).
func (d *doc) siegeCastle(s siegeSheet) {
	w, c := d.w, s.Castle
	at := s.Battle.At.String()
	material := w.text("siege.material."+c.Material.String(), nil)
	d.para(w.text("siege.material-from."+s.MaterialFrom, args{"Material": material, "To": at, "SquareValue": s.Value}), "", 9.5)
	d.para(w.text("siege.capacity", args{"SquareValue": s.Value, "Capacity": c.Capacity}), "B", 9.5)
	d.para(w.text("siege.defenders", args{"Points": s.DefenderPoints, "Garrison": s.Battle.Garrison, "Inside": c.Inside}), "", 9.5)
	if c.Outside > 0 {
		d.para(w.text("siege.outside", args{"Outside": c.Outside}), "B", 9.5)
	} else {
		d.para(w.text("siege.outside.none", nil), "", 9.5)
	}
	d.para(w.text("siege.size", args{"Walls": c.WallSections, "Towers": c.Count(siege.KindTower), "Gate": c.GateIn,
		"BasePoints": c.Rules.BasePoints, "Per": c.Rules.PointsPerSection}), "", 9.5)
}

// siegeElements writes the table of the castle's elements (§3.7–§3.9),
// then who may stand where (§3.6) and the gate's rules.
func (d *doc) siegeElements(c siege.Castle) {
	w := d.w
	d.subheading(w.text("siege.section.elements", nil))
	cols := []column{
		{w.text("siege.col.id", nil), 10, "L"}, {w.text("siege.col.kind", nil), 23, "L"},
		{w.text("siege.col.where", nil), 23, "L"}, {w.text("siege.col.profile", nil), 15, "L"},
		{w.text("siege.col.flammable", nil), 17, "L"}, {w.text("siege.col.room", nil), 68, "L"},
		{w.text("siege.col.adjacent", nil), 30, "L"},
	}
	var rows [][]string
	for _, e := range c.Elements {
		profile, flammable := "—", "—"
		if e.Profile.T > 0 {
			profile = w.text("siege.profile", args{"Toughness": e.Profile.T, "Wounds": e.Profile.W})
		}
		if e.Profile.Flammable {
			flammable = w.text("siege.yes", nil)
		}
		rooms := make([]string, len(e.Rooms))
		for i, r := range e.Rooms {
			rooms[i] = d.roomText(r)
		}
		if len(rooms) == 0 {
			rooms = []string{w.text("siege.room.gate", args{"Wall": e.Within})}
		}
		rows = append(rows, []string{e.ID, w.text("siege.kind."+string(e.Kind), nil), d.where(e),
			profile, flammable, strings.Join(rooms, "\n"), strings.Join(e.Adjacent, " ")})
	}
	d.wrappedTable(cols, rows, 5.5)
	d.f.Ln(1.5)
	d.para(w.text("siege.stand", nil), "B", 9)
	for _, p := range places(c) {
		troops := make([]string, len(p.room.Troops))
		for i, tt := range p.room.Troops {
			troops[i] = w.text("siege.troop."+slug(string(tt)), nil)
		}
		list := w.list(troops)
		if len(p.room.Troops) == len(siege.AllTroopTypes) {
			list = w.text("siege.troop.any", nil)
		}
		d.bullet(w.text("siege.stand.place", args{"Place": w.text("siege.place."+slug(p.room.Place), nil),
			"Elements": span(p.ids), "Troops": list, "Rules": ruleIDs(p.room.Rules)}))
	}
	d.bullet(w.text("siege.gate", args{"Wall": c.GateIn, "Crew": siege.GateCrew}))
	d.f.Ln(1)
	d.para(w.text("siege.profiles", nil), "", 9)
	if c.Material == campaign.Wood {
		d.para(w.text("siege.flammable", nil), "", 9)
	}
}

// where says where an element stands, as drawn (the attacker at the top).
func (d *doc) where(e siege.CastleElement) string {
	if e.Kind == siege.KindGate {
		return d.w.text("siege.where.gate", args{"Wall": e.Within})
	}
	return d.w.text("siege.where."+slug(e.Where), nil)
}

// roomText is one room's limits (§3.8), from the parts the rules set.
func (d *doc) roomText(r siege.Room) string {
	w := d.w
	var parts []string
	switch {
	case r.EitherOr:
		parts = append(parts, w.text("siege.room.either-or", args{"N": r.Units, "Machines": r.WarMachines}))
	case r.Units > 0:
		parts = append(parts, w.text("siege.room.units", args{"N": r.Units}))
	}
	switch {
	case r.Models > 0:
		parts = append(parts, w.text("siege.room.models", args{"Models": r.Models, "Monstrous": r.Monstrous}))
	case r.Ranks != "":
		parts = append(parts, w.text("siege.room.ranks."+slug(r.Ranks), nil))
	default:
		parts = append(parts, w.text("siege.room.no-limit", nil))
	}
	if r.WarMachines > 0 && !r.EitherOr {
		parts = append(parts, w.text("siege.room.war-machines", args{"N": r.WarMachines}))
	}
	if r.Cauldrons > 0 {
		parts = append(parts, w.text("siege.room.cauldrons", args{"N": r.Cauldrons}))
	}
	return w.text("siege.room", args{"Place": w.text("siege.place."+slug(r.Place), nil), "Limits": strings.Join(parts, "; ")})
}

// place is one kind of room and the elements that offer it.
type place struct {
	room siege.Room
	ids  []string
}

// places lists each place troops stand once (all wall walks alike, all
// tower tops alike…), in the order the elements first offer it.
func places(c siege.Castle) []place {
	var out []place
	for _, e := range c.Elements {
		for _, r := range e.Rooms {
			i := slices.IndexFunc(out, func(p place) bool { return p.room.Place == r.Place })
			if i < 0 {
				out = append(out, place{room: r})
				i = len(out) - 1
			}
			out[i].ids = append(out[i].ids, e.ID)
		}
	}
	return out
}

// span shortens a run of ids like W1 W2 W3 W4 to W1–W4.
func span(ids []string) string {
	if len(ids) > 2 {
		return ids[0] + "–" + ids[len(ids)-1]
	}
	return strings.Join(ids, ", ")
}

// ruleIDs keeps the rule ids of a siege.Room's Rules, without the English
// glosses some carry ("A-11 (1 floor)").
func ruleIDs(rules string) string {
	var ids []string
	for _, r := range strings.Split(rules, ", ") {
		if f := strings.Fields(r); len(f) > 0 {
			ids = append(ids, f[0])
		}
	}
	return strings.Join(ids, ", ")
}

// slug turns a siege package name ("wall walk") into a text name part.
func slug(s string) string { return strings.ReplaceAll(s, " ", "-") }

// bullet writes one indented point of a list.
func (d *doc) bullet(text string) {
	d.font("", 9)
	x := margin + indentStep/2
	d.f.SetX(x)
	d.f.CellFormat(3, 4.3, "•", "", 0, "L", false, 0, "")
	d.f.MultiCell(pageW-margin-x-3, 4.3, text, "", "L", false)
}

// siegeScenario writes the ES scenario (siege-rules.md §2.2, §2.4).
func (d *doc) siegeScenario(s siegeSheet) {
	w := d.w
	d.subheading(w.text("siege.section.scenario", nil))
	d.bullet(w.text("siege.scenario.duration", nil))                                       // ES-SCN-07
	d.bullet(w.text("siege.scenario.first", nil))                                          // ES-SCN-06, C-01
	d.bullet(w.text("siege.scenario.deploy-attacker", nil))                                // ES-SCN-05, ES-EQA-MAN-2
	d.bullet(w.text("siege.scenario.deploy-defender", args{"Outside": s.Castle.Outside}))  // ES-SCN-05, D18
	d.bullet(w.text("siege.scenario.scenery", nil))                                        // ES-SCN-03, A-02
	d.bullet(w.text("siege.scenario.special", nil))                                        // ES-SCN-04, ES-ASL-20
	d.bullet(w.text("siege.scenario.victory", args{"N": len(s.Castle.VictorySections())})) // ES-SCN-08
}

// siegeTally prints the grid to fill in at the table: one row per victory
// section, a box per battle turn, who holds it at the end (ES-SCN-08,
// §2.4 #9), and a last row for the counts.
func (d *doc) siegeTally(c siege.Castle) {
	w := d.w
	const turns = 7 // ES-SCN-07
	sections := c.VictorySections()
	// Keep the tally on one page when it fits in one.
	d.room(min(24+7*float64(len(sections)+2), pageH-bottomMargin-margin-1))
	d.subheading(w.text("siege.section.tally", nil))
	d.para(w.text("siege.tally.howto", nil), "", 9)
	d.f.Ln(1)
	cols := []column{{w.text("siege.col.section", nil), 38, "L"}}
	for turn := 1; turn <= turns; turn++ {
		cols = append(cols, column{w.text("siege.col.turn", args{"Turn": turn}), 15, "C"})
	}
	cols = append(cols, column{w.text("siege.col.held", nil), 43, "C"})
	var rows [][]string
	for _, id := range sections {
		e, _ := c.Element(id)
		rows = append(rows, append([]string{id + " " + w.text("siege.kind."+string(e.Kind), nil)}, make([]string, turns+1)...))
	}
	total := append([]string{w.text("siege.tally.total", nil)}, make([]string, turns)...)
	rows = append(rows, append(total, w.text("siege.tally.total.held", nil)))
	d.wrappedTable(cols, rows, 7)
}

// siegeEquipment writes each side's equipment budget and what it may buy
// (D19, [A74], §8), and the reinforcements' rule [A73].
func (d *doc) siegeEquipment(t *Turn, s siegeSheet) {
	w := d.w
	b := s.Battle
	d.subheading(w.text("siege.section.equipment", nil))
	defender := t.playerName(b.Defender)
	if b.Defender == "" {
		defender = w.text("siege.garrison-alone", nil)
	}
	d.bullet(w.text("siege.budget", args{"Side": w.text("side.attacker", nil), "Player": t.playerName(b.Attacker),
		"Points": s.AttackerPoints, "Budget": s.AttackerBudget}))
	d.bullet(w.text("siege.budget", args{"Side": w.text("side.defender", nil), "Player": defender,
		"Points": s.DefenderPoints, "Budget": s.DefenderBudget}))
	d.bullet(w.text("siege.buy.attacker", nil))
	d.bullet(w.text("siege.buy.defender", args{"Cauldrons": s.Castle.CauldronSlots()}))
	d.bullet(w.text("siege.reinforcements", args{
		"Attackers": w.list(s.Reinforcements[campaign.Attacker]), "Defenders": w.list(s.Reinforcements[campaign.Defender])}))
	d.bullet(w.text("siege.equip-order", args{"Battle": b.ID}))
}

// wrappedTable is table with cells that wrap (and may hold "\n"): each row
// is as tall as its fullest cell, at least minH.
func (d *doc) wrappedTable(cols []column, rows [][]string, minH float64) {
	const lh, pad = 3.6, 0.9
	f := d.f
	d.room(minH + 5.5*2)
	d.tableHeader(cols, 5.5)
	for _, r := range rows {
		d.font("", 8)
		lines := make([][]string, len(cols))
		h := minH
		for i, c := range cols {
			for _, part := range strings.Split(r[i], "\n") {
				lines[i] = append(lines[i], f.SplitText(part, c.width)...)
			}
			h = max(h, float64(len(lines[i]))*lh+2*pad)
		}
		if f.GetY()+h > pageH-bottomMargin {
			f.AddPage()
			d.tableHeader(cols, 5.5)
			d.font("", 8)
		}
		x, y := margin, f.GetY()
		f.SetDrawColor(150, 150, 150)
		f.SetLineWidth(0.2)
		for i, c := range cols {
			f.Rect(x, y, c.width, h, "D")
			for j, l := range lines[i] {
				f.SetXY(x, y+pad+float64(j)*lh)
				f.CellFormat(c.width, lh, l, "", 0, c.align, false, 0, "")
			}
			x += c.width
		}
		f.SetXY(margin, y+h)
	}
}

// castlePlan draws the castle from siege.Castle.Plan (§3.9): the attacker
// at the top, the defender's table edge at the bottom, walls and
// towers hatched by material so a greyscale print tells wood from stone,
// the gate as a portcullis, the courtyard quadrants, every part
// labelled with its id; then a legend.
func (d *doc) castlePlan(c siege.Castle) {
	plan := c.Plan()
	if plan.Width == 0 {
		return
	}
	f, w := d.f, d.w
	const maxH, top, bottom, legendH = 62.0, 10.0, 9.0, 8.0
	scale := min(textWidth/plan.Width, maxH/plan.Height)
	pw, ph := plan.Width*scale, plan.Height*scale
	d.room(top + ph + bottom + legendH + 4)
	f.Ln(2)
	y0 := f.GetY()
	ox, oy := margin+(textWidth-pw)/2, y0+top

	// The attacker's side: its deployment rule and arrows towards the walls.
	d.centredText(pageW/2, y0+3.2, 8.5, "B", w.text("siege.plan.attacker", nil))
	f.SetFillColor(90, 90, 90)
	for i := range 5 {
		cx := ox + pw*(float64(i)+0.5)/5
		f.Polygon(arrowDown(cx, y0+5, 2.2, 3), "F")
	}

	at := func(s siege.PlanShape) (float64, float64, float64, float64) {
		return ox + s.X*scale, oy + s.Y*scale, s.W * scale, s.H * scale
	}
	var gate siege.PlanShape
	for _, s := range plan.Shapes {
		x, y, sw, sh := at(s)
		switch s.Kind {
		case siege.KindQuadrant:
			quadrant(f, x, y, sw, sh)
		case siege.KindGate:
			gate = s
			portcullis(f, x, y, sw, sh)
		default:
			structure(f, x, y, sw, sh, c.Material, s.Kind == siege.KindTower)
		}
	}
	for _, s := range plan.Shapes {
		x, y, sw, sh := at(s)
		cx, cy := x+sw/2, y+sh/2
		if s.ID == c.GateIn { // the gate covers the middle: label the part before it
			gx, gy, _, _ := at(gate)
			if sw > sh {
				cx = (x + gx) / 2
			} else {
				cy = (y + gy) / 2
			}
		}
		size := min(8.5, max(4, scale*1.3*ptPerMM/2))
		if s.Kind == siege.KindQuadrant {
			size = min(11, size*1.4)
		}
		d.label(cx, cy, size, min(sw, sh)*1.6+2, s.ID, s.Kind == siege.KindQuadrant)
	}

	// The defender's table edge closes the U.
	edge := oy + ph + 1.2
	f.SetDrawColor(0, 0, 0)
	f.SetLineWidth(0.9)
	f.Line(ox-8, edge, ox+pw+8, edge)
	d.centredText(pageW/2, edge+4.2, 8, "", w.text("siege.plan.defender", nil))
	d.planLegend(c, edge+bottom)
	f.SetXY(margin, edge+bottom+legendH)
}

// planLegend explains the plan's fills on one line.
func (d *doc) planLegend(c siege.Castle, y float64) {
	f, w := d.f, d.w
	items := []struct {
		text string
		draw func(x, y, sw, sh float64)
	}{
		{w.text("siege.legend."+c.Material.String(), nil), func(x, y, sw, sh float64) { structure(f, x, y, sw, sh, c.Material, false) }},
		{w.text("siege.legend.gate", args{"Wall": c.GateIn}), func(x, y, sw, sh float64) { portcullis(f, x, y, sw, sh) }},
		{w.text("siege.legend.quadrant", nil), func(x, y, sw, sh float64) { quadrant(f, x, y, sw, sh) }},
	}
	d.font("", 8)
	const sw, sh, gap = 9.0, 4.5, 6.0
	total := 0.0
	for _, it := range items {
		total += sw + 1.5 + f.GetStringWidth(it.text) + gap
	}
	x := margin + max(0, (textWidth-total+gap)/2)
	for _, it := range items {
		it.draw(x, y, sw, sh)
		d.font("", 8)
		f.SetTextColor(0, 0, 0)
		f.Text(x+sw+1.5, y+sh*0.8, it.text)
		x += sw + 1.5 + f.GetStringWidth(it.text) + gap
	}
}

// Plan colours: fills that differ in lightness, and patterns that differ
// in kind, so a greyscale print still tells the parts apart.
var (
	stoneFill    = rgb{196, 196, 196}
	stoneJoint   = rgb{95, 95, 95}
	woodFill     = rgb{238, 222, 192}
	woodGrain    = rgb{130, 85, 40}
	gateFill     = rgb{255, 255, 255}
	gateBars     = rgb{45, 45, 45}
	quadFill     = rgb{246, 246, 246}
	quadBorder   = rgb{150, 150, 150}
	outlineColor = rgb{0, 0, 0}
)

func fillRGB(f *gofpdf.Fpdf, c rgb) { f.SetFillColor(c[0], c[1], c[2]) }
func drawRGB(f *gofpdf.Fpdf, c rgb) { f.SetDrawColor(c[0], c[1], c[2]) }

// structure draws a wall or tower: stone as grey courses of bricks, wood
// as light planks hatched diagonally (ES-FLAM: it burns); towers get a
// heavier outline.
func structure(f *gofpdf.Fpdf, x, y, w, h float64, m campaign.Material, tower bool) {
	f.ClipRect(x, y, w, h, false)
	if m == campaign.Stone {
		fillRGB(f, stoneFill)
		f.Rect(x, y, w, h, "F")
		drawRGB(f, stoneJoint)
		f.SetLineWidth(0.15)
		const course, brick = 1.3, 2.6
		for row, yy := 0, y+course; yy < y+h; row, yy = row+1, yy+course {
			f.Line(x, yy, x+w, yy)
			shift := float64(row%2) * brick / 2
			for xx := x + shift; xx < x+w; xx += brick {
				f.Line(xx, yy-course, xx, yy)
			}
		}
	} else {
		fillRGB(f, woodFill)
		f.Rect(x, y, w, h, "F")
		drawRGB(f, woodGrain)
		f.SetLineWidth(0.2)
		for t := 0.0; t < w+h; t += 1.4 {
			f.Line(x+t, y, x+t-h, y+h)
		}
	}
	f.ClipEnd()
	drawRGB(f, outlineColor)
	f.SetLineWidth(0.35)
	if tower {
		f.SetLineWidth(0.6)
	}
	f.Rect(x, y, w, h, "D")
}

// portcullis draws the gate: white with dark bars.
func portcullis(f *gofpdf.Fpdf, x, y, w, h float64) {
	fillRGB(f, gateFill)
	f.Rect(x, y, w, h, "F")
	drawRGB(f, gateBars)
	f.SetLineWidth(0.3)
	f.ClipRect(x, y, w, h, false)
	across := w > h // bars run across the wall's thickness
	n := max(2, int(max(w, h)/1.2))
	for i := 1; i < n; i++ {
		if across {
			xx := x + w*float64(i)/float64(n)
			f.Line(xx, y, xx, y+h)
		} else {
			yy := y + h*float64(i)/float64(n)
			f.Line(x, yy, x+w, yy)
		}
	}
	if across {
		f.Line(x, y+h/2, x+w, y+h/2)
	} else {
		f.Line(x+w/2, y, x+w/2, y+h)
	}
	f.ClipEnd()
	drawRGB(f, outlineColor)
	f.SetLineWidth(0.6)
	f.Rect(x, y, w, h, "D")
}

// quadrant draws a courtyard quadrant: near-white with a dashed border.
func quadrant(f *gofpdf.Fpdf, x, y, w, h float64) {
	fillRGB(f, quadFill)
	f.Rect(x, y, w, h, "F")
	drawRGB(f, quadBorder)
	f.SetLineWidth(0.25)
	f.SetDashPattern([]float64{1.2, 0.8}, 0)
	f.Rect(x, y, w, h, "D")
	f.SetDashPattern(nil, 0)
}

// label writes an id centred on (cx, cy) on a white patch, so it reads
// over any hatching; quadrant labels are grey and need no patch.
func (d *doc) label(cx, cy, pt, maxW float64, text string, quiet bool) {
	f := d.f
	f.SetFont(sans, "B", pt)
	if tw := f.GetStringWidth(text); tw > maxW {
		pt *= maxW / tw
		f.SetFont(sans, "B", pt)
	}
	tw, th := f.GetStringWidth(text), pt/ptPerMM
	if quiet {
		f.SetTextColor(110, 110, 110)
	} else {
		f.SetFillColor(255, 255, 255)
		f.Rect(cx-tw/2-0.6, cy-th*0.55, tw+1.2, th*1.1, "F")
		f.SetTextColor(0, 0, 0)
	}
	f.Text(cx-tw/2, cy+th*0.36, text)
	f.SetTextColor(0, 0, 0)
}

// centredText writes one line centred on cx with its baseline at y.
func (d *doc) centredText(cx, y, pt float64, style, text string) {
	d.font(style, pt)
	d.f.SetTextColor(0, 0, 0)
	d.f.Text(cx-d.f.GetStringWidth(text)/2, y, text)
}

// arrowDown is a triangle pointing down from y, towards the castle.
func arrowDown(cx, y, w, h float64) []gofpdf.PointType {
	return []gofpdf.PointType{{X: cx - w/2, Y: y}, {X: cx + w/2, Y: y}, {X: cx, Y: y + h}}
}
