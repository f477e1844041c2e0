package siege

import (
	"fmt"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// asciiCastle renders the castle for the golden files: the plan in
// characters, then a table of the elements and the rooms they offer. The
// siege sheet draws the plan itself (reports), so this lives with the tests.
func asciiCastle(c Castle) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Castle: %s, %d wall sections, %d towers, gate in %s, 4 courtyard quadrants (§3.9)\n",
		c.Material, c.WallSections, c.Count(KindTower), c.GateIn)
	fmt.Fprintf(&b, "Defender: %d points; value %d holds %d inside the walls, %d deploy outside (D18)\n",
		c.DefenderPoints, c.Value, c.Capacity, c.Outside)
	fmt.Fprintf(&b, "Size: %s\n", c.sizing())
	v := c.VictorySections()
	fmt.Fprintf(&b, "Victory sections (ES-SCN-08): %d = %d walls + %d towers + 4 quadrants%s\n",
		len(v), c.Count(KindWall), c.Count(KindTower), c.gateVictoryNote())
	b.WriteString("\n")
	b.WriteString(c.Plan().ascii())
	b.WriteString("\n")
	c.writeTable(&b)
	b.WriteString("\nRoom (§3.6, §3.8):\n")
	c.writeRooms(&b)
	return b.String()
}

func (c Castle) sizing() string {
	r := c.Rules
	if r.WallSections > 0 {
		return fmt.Sprintf("%d wall sections set by the organiser (A-03)", r.WallSections)
	}
	return fmt.Sprintf("%d points inside the walls: base %d wall sections up to %d points, +1 per %d more or part (ES-SCN-02, A-03)",
		c.Inside, BaseWallSections, r.BasePoints, r.PointsPerSection)
}

func (c Castle) gateVictoryNote() string {
	if c.Rules.GateSection == FromES {
		return "; the gate lies in " + c.GateIn + " and is not one (A-05, C-04)"
	}
	return " + the gate, a section of its own (C-04)"
}

func (c Castle) writeTable(b *strings.Builder) {
	rows := [][]string{{"ID", "Kind", "Where", "Profile", "Victory", "Touches"}}
	for _, e := range c.Elements {
		victory := "yes"
		if !e.Victory {
			victory = "no"
		}
		rows = append(rows, []string{e.ID, string(e.Kind), e.Where, e.Profile.String(), victory, strings.Join(e.Adjacent, " ")})
	}
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], len(cell))
		}
	}
	for _, row := range rows {
		var line strings.Builder
		for i, cell := range row {
			if i < len(row)-1 {
				cell += strings.Repeat(" ", widths[i]-len(cell)+2)
			}
			line.WriteString(cell)
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	profile := "§3.7: ES-ANA-W4, ES-ANA-T7, ES-ANA-G7"
	if c.ReinforcedGate {
		profile += "; gate +1 W, Reinforced gate (ES-EQD-01)"
	}
	if c.Material == campaign.Wood {
		profile += "; Flammable: flaming hits damage it (ES-FLAM)"
	}
	b.WriteString("Profiles " + profile + "\n")
}

// writeRooms lists each distinct room once, with the elements offering it.
func (c Castle) writeRooms(b *strings.Builder) {
	var order []string
	where := map[string][]string{}
	for _, e := range c.Elements {
		for _, r := range e.Rooms {
			s := r.String()
			if where[s] == nil {
				order = append(order, s)
			}
			where[s] = append(where[s], e.ID)
		}
	}
	for _, s := range order {
		fmt.Fprintf(b, "  %s: %s\n", span(where[s]), s)
	}
	if c.Rules.GateSection == FromES {
		fmt.Fprintf(b, "  %s: no room of its own; units hold %s (ES-ANA-G4, C-04)\n", GateID, c.GateIn)
	}
	fmt.Fprintf(b, "  %s: opened or closed by a unit of %d+ models holding %s, not both in one turn (ES-ANA-G1); Large Targets cannot pass (ES-ANA-G3)\n",
		GateID, GateCrew, c.GateIn)
}

// span shortens a run like W1 W2 W3 W4 to W1-W4.
func span(ids []string) string {
	if len(ids) > 2 {
		return ids[0] + "-" + ids[len(ids)-1]
	}
	return strings.Join(ids, " ")
}

// ascii draws the plan on a character grid, two characters across and two
// lines down per plan unit.
func (p CastlePlan) ascii() string {
	cols, rows := int(p.Width*2)+1, int(p.Height*2)+1
	grid := make([][]byte, rows)
	for i := range grid {
		grid[i] = []byte(strings.Repeat(" ", cols))
	}
	for _, s := range p.Shapes {
		x0, y0, x1, y1 := int(s.X*2), int(s.Y*2), int((s.X+s.W)*2), int((s.Y+s.H)*2)
		switch s.Kind {
		case KindQuadrant:
			box(grid, x0, y0, x1, y1, '.', ':', '.', false)
		case KindGate:
			gateMark(grid, x0, y0, x1, y1)
			continue
		default:
			box(grid, x0, y0, x1, y1, '-', '|', '+', true)
		}
		label(grid, s.ID, x0, y0, x1, y1)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", centre("attacker: deploys more than 24\" from the castle (ES-SCN-05)", cols))
	for _, row := range grid {
		b.WriteString(strings.TrimRight(string(row), " ") + "\n")
	}
	b.WriteString(strings.Repeat("=", cols) + "\n")
	fmt.Fprintf(&b, "%s\n", centre("defender's table edge (A-06)", cols))
	return b.String()
}

// box draws a rectangle's border, blanking its inside if it hides what
// lies under it.
func box(grid [][]byte, x0, y0, x1, y1 int, h, v, corner byte, solid bool) {
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			switch {
			case (x == x0 || x == x1) && (y == y0 || y == y1):
				grid[y][x] = corner
			case y == y0 || y == y1:
				grid[y][x] = h
			case x == x0 || x == x1:
				grid[y][x] = v
			case solid:
				grid[y][x] = ' '
			}
		}
	}
}

// gateMark draws the gate on the outer face of its wall section: [=G=]
// across the front, or a column of # with G down a flank.
func gateMark(grid [][]byte, x0, y0, x1, y1 int) {
	if x1-x0 > y1-y0 {
		for x := x0; x <= x1; x++ {
			grid[y0][x] = '='
		}
		grid[y0][x0], grid[y0][x1], grid[y0][(x0+x1)/2] = '[', ']', GateID[0]
		return
	}
	x := x0
	if x0 > 0 {
		x = x1 // the right flank's outer face
	}
	for y := y0; y <= y1; y++ {
		grid[y][x] = '#'
	}
	grid[(y0+y1)/2][x] = GateID[0]
}

// label writes the id in the middle of the shape: across if it fits, else
// down (a flank wall).
func label(grid [][]byte, id string, x0, y0, x1, y1 int) {
	midX, midY := (x0+x1)/2, (y0+y1)/2
	switch {
	case x1-x0-1 >= len(id) && y1-y0 >= 2:
		start := x0 + 1 + (x1-x0-1-len(id))/2
		copy(grid[midY][start:], id)
	case y1-y0-1 >= len(id) && x1-x0 >= 2:
		start := y0 + 1 + (y1-y0-1-len(id))/2
		for i := range len(id) {
			grid[start+i][midX] = id[i]
		}
	}
}

func centre(s string, width int) string {
	if len(s) >= width {
		return s
	}
	return strings.Repeat(" ", (width-len(s))/2) + s
}
