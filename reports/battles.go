package reports

import (
	"strconv"

	"github.com/turnproc/turnproc/campaign"
)

// battles writes the battles and sieges to fight on the table (D12, D13):
// for each, who attacks and defends, the garrison, what brought it about,
// every force with its side, role, points, entry edge, arrival modifier
// and combine check, and the notes the moderator must settle. howto adds
// the moderator's instructions for entering results (D14, D16). A siege
// is followed by its siege sheet (siege.go).
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
		d.room(16 + 5.5*float64(len(b.Forces)+1))
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
				d.para(w.text("battle.scout", args{"Side": w.text("side."+string(side), nil), "Points": b.SidePoints(side)}), "", 9.5)
			}
		}
		d.f.Ln(1)
		d.forces(t, b)
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
