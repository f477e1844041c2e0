package reports

import (
	"slices"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// battles writes the battles and sieges to fight on the table (D12, D13):
// for each, who attacks and defends, the garrison, what brought it about,
// every force with its side, role, points, entry edge, arrival modifier
// and combine check, the battlefield and the table it suggests (Annex A),
// what each result does to the map (D15), and the notes the moderator must
// settle. howto adds the moderator's instructions for entering results
// (D14, D16); without it, each battle tells the players who enters its
// result. A siege is followed by its siege sheet (siege.go).
func (d *doc) battles(t *Turn, list []campaign.Battle, howto bool) {
	w := d.w
	if howto && len(list) > 0 {
		d.para(w.text("battle.howto", nil), "", 9.5)
	}
	if len(list) == 0 {
		d.para(w.text("pdf.none", nil), "", 9.5)
		return
	}
	for _, b := range list {
		d.room(34 + 5.5*float64(len(b.Forces)+1))
		d.f.Ln(2)
		kind := w.text("battle.kind."+string(b.Kind), nil)
		d.para(w.text("battle.title", args{"Battle": b.ID, "Kind": kind, "To": b.At.String()}), "B", 10.5)
		d.para(w.text("battle.sides", args{"Attacker": t.playerName(b.Attacker), "Defender": t.playerName(b.Defender)}), "", 9.5)
		if b.Garrison > 0 {
			d.para(w.text("battle.garrison", args{"To": b.At.String(), "Garrison": b.Garrison}), "", 9.5)
		}
		if b.Cause != "" {
			d.para(w.text("battle.cause."+b.Cause, nil), "", 9.5)
		}
		for _, side := range []campaign.Side{campaign.Attacker, campaign.Defender} {
			if b.ScoutRestrictions(side) && b.SidePoints(side) > 0 {
				name := "battle.scout"
				if side == campaign.Defender && b.SidePoints(side) == b.Garrison {
					name = "battle.scout.garrison" // a garrison fighting alone (§6.6)
				}
				d.para(w.text(name, args{"Side": w.text("side."+string(side), nil), "Points": b.SidePoints(side)}), "", 9.5)
			}
		}
		d.f.Ln(1)
		d.battlefield(t, b)
		d.f.Ln(1)
		d.forces(t, b)
		d.f.Ln(1.5)
		d.stakes(t, b)
		if !howto {
			d.para(w.text("battle.report", nil), "", 9.5)
		}
		if len(b.Notes) > 0 {
			d.f.Ln(1)
			d.para(w.text("battle.notes", nil), "B", 9)
			d.notes(b.Notes)
		}
		if b.Kind == campaign.Siege {
			d.siege(t, b)
		}
	}
}

// battlefield writes the battle square's campaign terrain and the table it
// suggests, mapped with Annex A of the rules; the players agree terrain by
// consensus (§4.1), so the table is only a proposal.
func (d *doc) battlefield(t *Turn, b campaign.Battle) {
	sq := t.Map.Square(b.At)
	if sq == nil {
		return // a battle off the map: campaign never schedules one
	}
	w := d.w
	d.para(w.text("battle.field", args{"Square": b.At.String(), "Name": sq.Name,
		"Kind": w.text("battle.field.kind."+sq.Kind.String(), nil), "Terrain": w.list(d.terrainWords(sq))}), "", 9.5)
	d.para(w.text("battle.field.table", args{"Items": strings.Join(d.tableItems(t.Map, sq), "; "),
		"Siege": b.Kind == campaign.Siege}), "", 9.5)
}

// terrainWords describes a square's land as the map has it: its grade
// (left out when a forest or river already says what is there), forest,
// river and cliffs.
func (d *doc) terrainWords(sq *campaign.Square) []string {
	w := d.w
	var out []string
	if sq.Terrain != campaign.Open || !sq.Forest && sq.River == campaign.NoRiver {
		out = append(out, w.text("battle.field.grade."+sq.Terrain.String(), nil))
	}
	if sq.Forest {
		out = append(out, w.text("battle.field.forest", nil))
	}
	if sq.River != campaign.NoRiver {
		out = append(out, w.text("battle.field.river."+sq.River.String(), args{"Navigable": sq.Navigable}))
	}
	if sq.Cliffs {
		out = append(out, w.text("battle.field.cliffs", nil))
	}
	return out
}

// tableItems is the scenery Annex A gives the square's features: the
// ground its grade stands for, woods, the river as seed 003 rates water
// features, open ground for the rest, and a shore on the table edges that
// face the sea.
func (d *doc) tableItems(m *campaign.Map, sq *campaign.Square) []string {
	w := d.w
	var out []string
	if sq.Terrain != campaign.Open {
		out = append(out, w.text("battle.field.table."+sq.Terrain.String(), nil))
	}
	if sq.Forest {
		out = append(out, w.text("battle.field.table.forest", nil))
	}
	if sq.River != campaign.NoRiver {
		out = append(out, w.text("battle.field.table.river-"+sq.River.String(), nil))
	}
	if sq.Terrain == campaign.Open {
		out = append(out, w.text("battle.field.table.open", args{"Rest": len(out) > 0}))
	}
	if sq.Kind == campaign.Coast {
		sides := seaSides(m, sq.At)
		for i, s := range sides {
			sides[i] = w.text("edge."+s, nil)
		}
		out = append(out, w.text("battle.field.table.shore", args{"Edges": w.list(sides), "N": len(sides), "Cliffs": sq.Cliffs}))
	}
	return out
}

// seaSides lists the edges of a square that face a sea square, the table
// edges a shore runs along (table edges match the square's, §6.3).
func seaSides(m *campaign.Map, c campaign.Coord) []string {
	var out []string
	for _, s := range []struct {
		dc, dr int
		edge   string
	}{{0, -1, "north"}, {-1, 0, "west"}, {1, 0, "east"}, {0, 1, "south"}} {
		if n := m.Square(campaign.Coord{Col: c.Col + s.dc, Row: c.Row + s.dr}); n != nil && n.Kind == campaign.Sea {
			out = append(out, s.edge)
		}
	}
	return out
}

// stakes writes what each result does to the map, as campaign applies it
// when the result is entered (results.go: battleEffects; §6.4, D15): the
// square's owner and value are those after this turn, the state the
// result is applied to.
func (d *doc) stakes(t *Turn, b campaign.Battle) {
	d.room(24) // the heading and its three results together
	d.para(d.w.text("battle.stake", nil), "B", 9)
	for _, s := range t.stakeTexts(d.w, b) {
		d.bullet(s)
	}
}

// stakeTexts is one sentence per result: the attacker wins, the defender
// wins, a draw.
func (t *Turn) stakeTexts(w *words, b campaign.Battle) []string {
	st := t.After.Square(b.At)
	square := b.At.String()
	var effect string
	switch {
	case b.Cause == "pillage" || b.Cause == "own-pillage": // [A41], [A39]
		effect = w.text("battle.stake.pillage", args{"Square": square, "Value": max(st.Value-3, 0), "Freed": st.Value == 1})
	case st.Owner == "": // [A71]
		effect = w.text("battle.stake.free", args{"Player": t.playerName(b.Attacker), "Square": square, "Value": max(st.Value-1, 0)})
	case t.After.Enemy(b.Attacker, st.Owner):
		rule := "§6.4"
		if b.Cause == "claim" {
			rule = "§5.1, S06"
		}
		effect = w.text("battle.stake.conquest", args{"Player": t.playerName(b.Attacker), "Square": square,
			"Value": max(st.Value-2, 0), "Rule": rule})
	default: // his own or an ally's square
		effect = w.text("battle.stake.kept", args{"Square": square, "Owner": t.playerName(st.Owner)})
	}
	defenders := slices.ContainsFunc(b.Forces, func(f campaign.Force) bool { return f.Side == campaign.Defender })
	return []string{
		w.text("battle.stake.attacker", args{"Effect": effect, "Retreat": defenders}),
		w.text("battle.stake.defender", args{"Defects": b.Cause == "own-pillage", "Square": square,
			"Attacker": t.playerName(b.Attacker)}),
		w.text("battle.stake.draw", nil),
	}
}

// forces writes a battle's table of forces.
func (d *doc) forces(t *Turn, b campaign.Battle) {
	w := d.w
	cols := []column{
		{w.text("pdf.col.army", nil), 15, "L"}, {w.text("pdf.col.player", nil), 30, "L"},
		{w.text("pdf.col.side", nil), 19, "L"}, {w.text("pdf.col.role", nil), 23, "L"},
		{w.text("pdf.col.points", nil), 14, "R"}, {w.text("pdf.col.entry", nil), 31, "L"},
		{w.text("pdf.col.arrival", nil), 17, "C"}, {w.text("pdf.col.combine", nil), 37, "L"},
	}
	rows := make([][]string, len(b.Forces))
	for i, f := range b.Forces {
		rows[i] = []string{f.Army, t.playerName(f.Player), w.text("side."+string(f.Side), nil),
			w.text("role."+string(f.Role), nil), strconv.Itoa(f.Points), d.entry(f),
			d.arrival(f), d.combine(f.Combine)}
	}
	d.table(cols, rows)
}

// entry is where a force came into the battle square from, and by which edge.
func (d *doc) entry(f campaign.Force) string {
	if f.Edge == "" {
		return d.w.text("edge.none", nil)
	}
	return d.w.text("battle.entry", args{"From": f.From.String(), "Edge": d.w.text("edge."+f.Edge, nil)})
}

// arrival is a reinforcement's modifier to its 1D6 arrival roll (§6.3);
// main forces fight from the start.
func (d *doc) arrival(f campaign.Force) string {
	if f.Role != campaign.Reinforcement {
		return d.w.text("battle.combine.none", nil)
	}
	return signed(f.ArrivalModifier())
}

func (d *doc) combine(c *campaign.Check) string {
	if c == nil {
		return d.w.text("battle.combine.none", nil)
	}
	roll := args{"Total": c.Roll.Total(), "Target": c.Target}
	if c.Passed {
		return d.w.text("battle.combine.pass", roll)
	}
	return d.w.text("battle.combine.fail", roll)
}
