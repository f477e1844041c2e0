package siege

// A declaration checked against the catalogue (V-02..V-10) and the D19
// budget, and priced as the bill the battle sheet prints.

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// EquipmentRules are the configurable readings of §8; the zero value is
// the default.
type EquipmentRules struct {
	// CoveredRamMonstrous is the monstrous infantry needed to move a
	// covered ram: 6 as written (0 means 6); flags it as a likely slip.
	CoveredRamMonstrous int
	// Props lets the defender declare IT props, an unpriced option ([A-64]).
	Props bool
}

// Bill is a validated declaration, priced: what the battle sheet prints
// (§2.4 item 4).
type Bill struct {
	Side      campaign.Side
	Role      campaign.Role
	Points    int
	Budget    int // ⌊15% × Points⌋ for a main force, 0 for reinforcements (D19)
	Total     int
	Lines     []PricedLine
	Automatic []ItemID // the kit the side has without buying it (V-08, [A73])
	Notes     []string // what the table must know beyond the lines (slowed towers, free kit declared)
}

// PricedLine is a declared line with its cost.
type PricedLine struct {
	Line
	Cost int
}

// Validate checks a declaration with the default rules.
func Validate(d Declaration, side campaign.Side, role campaign.Role, points int, castle *Castle) (Bill, error) {
	return EquipmentRules{}.Validate(d, side, role, points, castle)
}

// Validate checks a side's declaration against the catalogue (V-02..V-10)
// and the budget (D19). points are the side's points as the battle counts
// them (Battle.SidePoints: the defender's include the garrison, [A74]);
// castle is the defender's castle, nil if not yet laid out: its wall
// sections bound the cauldrons (V-03). Units are checked as far as the
// declaration describes them. Every problem is reported, joined, in
// declaration order; the bill is priced even then.
func (r EquipmentRules) Validate(d Declaration, side campaign.Side, role campaign.Role, points int, castle *Castle) (Bill, error) {
	if side != campaign.Attacker && side != campaign.Defender {
		return Bill{}, fmt.Errorf("siege: equipment: side %q is neither the attacker nor the defender", side)
	}
	if role != campaign.MainForce && role != campaign.Reinforcement {
		return Bill{}, fmt.Errorf("siege: equipment: role %q is neither main nor reinforcement", role)
	}
	v := validation{rules: r, castle: castle, rams: map[string]bool{}, cauldrons: map[string]bool{}}
	v.bill = Bill{Side: side, Role: role, Points: points, Automatic: AutomaticKit(side)}
	if role == campaign.MainForce {
		v.bill.Budget = EquipmentBudget(points)
	}
	for _, l := range d.Lines {
		v.line(l)
	}
	v.budget()
	return v.bill, errors.Join(v.errs...)
}

// EquipmentError is one problem with a declaration: it names the item, the
// count and the points.
type EquipmentError struct {
	Item    ItemID
	Count   int
	Points  int
	Message string // what is wrong, without the "siege: equipment: " of Error
	Hint    string
}

func (e *EquipmentError) Error() string       { return "siege: equipment: " + e.Message }
func (e *EquipmentError) ProblemHint() string { return e.Hint }

type validation struct {
	rules     EquipmentRules
	castle    *Castle
	bill      Bill
	errs      []error
	rams      map[string]bool // folded names of units with a ram
	cauldrons map[string]bool // wall sections with a cauldron
	nCauldron int
	nGate     int
}

func (v *validation) fail(l Line, it Item, hint, format string, args ...any) {
	name := cmp.Or(it.English, string(l.Item))
	v.errs = append(v.errs, &EquipmentError{Item: l.Item, Count: l.Count, Points: lineCost(l, it),
		Message: describe(l, name, it) + ": " + fmt.Sprintf(format, args...), Hint: hint})
}

// describe names a line with its points: "covered ram for Orcs (2 × 50 + 1 × 20 = 120 points)".
func describe(l Line, name string, it Item) string {
	var b strings.Builder
	b.WriteString(name)
	if l.Unit != nil && l.Unit.Name != "" {
		b.WriteString(" for " + l.Unit.Name)
	}
	if len(l.Sections) > 0 {
		b.WriteString(" at " + strings.Join(l.Sections, " "))
	}
	fmt.Fprintf(&b, " (%d × %d", l.Count, it.Cost)
	if l.Beasts > 0 {
		beasts, _ := itemOf(ItemDraughtBeasts)
		fmt.Fprintf(&b, " + %d × %d draught beasts", l.Beasts, beasts.Cost)
	}
	fmt.Fprintf(&b, " = %d points)", lineCost(l, it))
	return b.String()
}

func lineCost(l Line, it Item) int {
	if l.Count < 0 || l.Count > MaxCount || l.Beasts < 0 || l.Beasts > MaxCount {
		return 0
	}
	beasts, _ := itemOf(ItemDraughtBeasts)
	return l.Count*it.Cost + l.Beasts*beasts.Cost
}

var sideNames = map[campaign.Side]string{campaign.Attacker: "besieger", campaign.Defender: "besieged"}

func (v *validation) line(l Line) {
	it, ok := itemOf(l.Item)
	if !ok {
		v.fail(l, it, "the items are "+itemList(), "not an item of the siege-equipment catalogue")
		return
	}
	if l.Count < 1 || l.Count > MaxCount {
		v.fail(l, it, "leave out what you do not want", "the count must be 1 to %d", MaxCount)
		return
	}
	if !v.shape(l, it) {
		return
	}
	if it.Side != v.bill.Side {
		v.fail(l, it, "the "+sideNames[v.bill.Side]+"'s items are "+sideItems(v.bill.Side),
			"only the %s may have it (V-02)", sideNames[it.Side])
		return
	}
	if it.Automatic {
		v.bill.Lines = append(v.bill.Lines, PricedLine{Line: l})
		v.bill.Notes = append(v.bill.Notes, fmt.Sprintf("%s: nothing to buy (%s): %s", it.English, it.Rules, it.Needs))
		return
	}
	if v.bill.Role == campaign.Reinforcement {
		v.fail(l, it, reinforcementHint(v.bill.Side), "reinforcements buy no siege equipment (D19, [A73])")
		return
	}
	if it.ID == ItemProps && !v.rules.Props {
		v.fail(l, it, "props are an IT rule this campaign does not use; ask the moderator", "not in use ([A-64])")
		return
	}
	v.crew(l, it)
	v.limits(l, it)
	cost := lineCost(l, it)
	v.bill.Lines = append(v.bill.Lines, PricedLine{Line: l, Cost: cost})
	v.bill.Total += cost
}

// shape checks that the line's beasts, sections and unit belong to its item.
func (v *validation) shape(l Line, it Item) bool {
	switch {
	case it.ID == ItemDraughtBeasts:
		v.fail(l, it, "write them on the engine's line: `covered-ram 1 with beasts`", "draught beasts go with a covered ram or a siege tower (V-06)")
	case l.Beasts < 0 || l.Beasts > l.Count:
		v.fail(l, it, "give beasts to at most every engine of the line", "%d draught beasts for %d engines", l.Beasts, l.Count)
	case l.Beasts > 0 && !it.engine():
		v.fail(l, it, "only covered rams and siege towers take draught beasts", "no draught beasts for it (V-06)")
	case len(l.Sections) > 0 && it.ID != ItemCauldron:
		v.fail(l, it, "leave out the section: only cauldrons go to a wall section", "it does not go to a wall section")
	case l.Unit != nil && it.Crew == nil && !it.Automatic && it.ID != ItemMantlets && it.ID != ItemProps:
		v.fail(l, it, "leave out the unit", "it does not go to a unit")
	default:
		return true
	}
	return false
}

func reinforcementHint(side campaign.Side) string {
	if side == campaign.Attacker {
		return "only the main attacker and the main defender buy equipment; the attacker's reinforcements " +
			"count as having ladders and grapnels"
	}
	return "only the main attacker and the main defender buy equipment"
}

// crew checks the unit the item goes to, where the declaration describes it.
func (v *validation) crew(l Line, it Item) {
	if l.Unit == nil || it.Crew == nil {
		return
	}
	u, c := *l.Unit, *it.Crew
	if it.ID == ItemCoveredRam {
		c.Monstrous = cmp.Or(v.rules.CoveredRamMonstrous, c.Monstrous)
		if l.Beasts > 0 { // the beasts move it; the unit only strikes (ES-EQA-CRAM-2, V-06)
			c.Infantry, c.Monstrous = ramCrew.Infantry, ramCrew.Monstrous
		}
	}
	if it.engine() && it.ID != ItemCoveredRam && l.Beasts == l.Count {
		return // towers pulled by beasts need no pushers (ES-EQA-ST-7)
	}
	kinds := troopNames(c.Types)
	switch {
	case u.Type != "" && !slices.Contains(c.Types, u.Type):
		v.fail(l, it, "give it to an "+kinds+" unit", "%s may not have it, only %s (%s)", u.Type, kinds, c.Rule)
	case u.Skirmishers && !c.Skirmishers:
		v.fail(l, it, "give it to a unit that does not skirmish", "skirmishers may not have it (%s)", c.Rule)
	case u.Stupidity && !c.Stupidity:
		v.fail(l, it, "give it to a unit not subject to Stupidity", "units subject to Stupidity may not have it (%s)", c.Rule)
	case u.Models > 0:
		v.models(l, it, u, c)
	}
}

// troopNames joins the allowed types; each begins with a vowel ("an …").
func troopNames(ts []TroopType) string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = string(t)
	}
	return strings.Join(names, " or ")
}

// models checks the least models; a unit of unstated type must reach the
// smaller minimum.
func (v *validation) models(l Line, it Item, u Unit, c Crew) {
	least := c.Infantry
	switch {
	case u.Type == TroopMonstrousInfantry:
		least = c.Monstrous
	case u.Type == "" && c.Monstrous > 0:
		least = min(c.Infantry, c.Monstrous)
	}
	if u.Models >= least {
		return
	}
	need := fmt.Sprintf("%d models of infantry", c.Infantry)
	if c.Monstrous > 0 {
		need += fmt.Sprintf(" or %d of monstrous infantry", c.Monstrous)
	}
	if c.Slows {
		v.bill.Notes = append(v.bill.Notes, fmt.Sprintf("%s for %s: %d models push it, %d short: Movement −%d\" (%s)",
			it.English, u.Name, u.Models, least-u.Models, least-u.Models, c.Rule))
		return
	}
	v.fail(l, it, "give it to a larger unit", "it needs %s, the unit has %d (%s)", need, u.Models, c.Rule)
}

// limits checks the counts: one gate, one cauldron per wall section, one
// ram per unit.
func (v *validation) limits(l Line, it Item) {
	switch {
	case it.Max > 0:
		v.nGate += l.Count
		if v.nGate > it.Max {
			v.fail(l, it, fmt.Sprintf("declare it once, with count %d", it.Max), "at most %d (%s)", it.Max, it.Rules)
		}
	case it.ID == ItemCauldron:
		v.cauldronLimits(l, it)
	case it.oneRamPerUnit() && l.Unit != nil && l.Unit.Name != "":
		key := foldText(l.Unit.Name)
		if l.Count > 1 || v.rams[key] {
			v.fail(l, it, "give each ram to a different unit", "one ram, of either kind, per unit (ES-EQA-RAM-1, [A-59])")
		}
		v.rams[key] = true
	}
}

func (v *validation) cauldronLimits(l Line, it Item) {
	v.nCauldron += l.Count
	slots, walls := -1, ""
	if v.castle != nil {
		slots = v.castle.CauldronSlots()
		walls = v.wallList()
	}
	if len(l.Sections) > 0 && len(l.Sections) != l.Count {
		v.fail(l, it, fmt.Sprintf("name one wall section for each cauldron, e.g. `cauldron %d at %s`", l.Count, sampleWalls(l.Count)),
			"at most one cauldron per wall section (ES-EQD-02)")
		return
	}
	for _, s := range l.Sections {
		if !v.isWall(s) {
			hint := "cauldrons stand on wall sections: W1, W2, …"
			if v.castle != nil {
				hint = "the castle's wall sections are " + walls
			}
			v.fail(l, it, hint, "%s is not a wall section of the castle (ES-EQD-02)", s)
			return
		}
		if v.cauldrons[s] {
			v.fail(l, it, "put each cauldron on a different wall section", "a second cauldron at %s: at most one per wall section (ES-EQD-02)", s)
			return
		}
		v.cauldrons[s] = true
	}
	if slots >= 0 && v.nCauldron > slots {
		v.fail(l, it, "the castle's wall sections are "+walls,
			"%d cauldrons for %d wall sections: at most one per wall section (ES-EQD-02, V-03)", v.nCauldron, slots)
	}
}

// isWall says whether the id is a wall section, of the castle if known.
func (v *validation) isWall(id string) bool {
	if v.castle == nil {
		return strings.HasPrefix(id, "W")
	}
	e, ok := v.castle.Element(id)
	return ok && e.Kind == KindWall
}

func (v *validation) wallList() string {
	var ids []string
	for _, e := range v.castle.Elements {
		if e.Kind == KindWall {
			ids = append(ids, e.ID)
		}
	}
	return strings.Join(ids, ", ")
}

func sampleWalls(n int) string {
	ids := make([]string, min(n, 4))
	for i := range ids {
		ids[i] = fmt.Sprintf("W%d", i+1)
	}
	return strings.Join(ids, " ")
}

// budget names the line that takes the total over the budget (D19, [A74]).
func (v *validation) budget() {
	if v.bill.Role != campaign.MainForce || v.bill.Total <= v.bill.Budget {
		return
	}
	over := v.bill.Total - v.bill.Budget
	spent := 0
	for _, pl := range v.bill.Lines {
		spent += pl.Cost
		if spent > v.bill.Budget {
			it, _ := itemOf(pl.Item)
			v.fail(pl.Line, it, fmt.Sprintf("the equipment comes to %d points; the main %s may spend ⌊15%% × %d⌋ = %d (D19, [A74]): leave out %d points",
				v.bill.Total, v.bill.Side, v.bill.Points, v.bill.Budget, over),
				"over the budget of %d by %d", v.bill.Budget, over)
			return
		}
	}
}

func itemList() string {
	names := make([]string, len(catalogue))
	for i, it := range catalogue {
		names[i] = fmt.Sprintf("%s (%s)", it.ID, it.Spanish)
	}
	return strings.Join(names, ", ")
}

func sideItems(side campaign.Side) string {
	var names []string
	for _, it := range catalogue {
		if it.Side == side && it.ID != ItemDraughtBeasts {
			names = append(names, string(it.ID))
		}
	}
	return strings.Join(names, ", ")
}

// Count is how many of the item the bill holds.
func (b Bill) Count(id ItemID) int {
	n := 0
	for _, l := range b.Lines {
		if l.Item == id {
			n += l.Count
		}
	}
	return n
}

// GateReinforced says whether the castle's gate has +1 W (§2.4 item 2).
func (b Bill) GateReinforced() bool { return b.Count(ItemReinforcedGate) > 0 }

// CauldronSections lists the wall sections given to cauldrons (§2.4
// item 2); cauldrons declared without one are placed at deployment.
func (b Bill) CauldronSections() []string {
	var ids []string
	for _, l := range b.Lines {
		if l.Item == ItemCauldron {
			ids = append(ids, l.Sections...)
		}
	}
	return ids
}

// PreBattleAttacker lists the besieger's engines and mantlet units for the
// pre-battle roller (§2.4 item 6): siege towers ST1…, covered rams CR1…,
// the first Beasts of each line with draught beasts.
func (b Bill) PreBattleAttacker() PreBattleAttacker {
	var a PreBattleAttacker
	for _, l := range b.Lines {
		for i := range l.Count {
			e := PreBattleEngine{DraughtBeasts: i < l.Beasts}
			switch l.Item {
			case ItemWoodenTower, ItemIronTower:
				e.ID = fmt.Sprintf("ST%d", len(a.SiegeTowers)+1)
				a.SiegeTowers = append(a.SiegeTowers, e)
			case ItemCoveredRam:
				e.ID = fmt.Sprintf("CR%d", len(a.CoveredRams)+1)
				a.CoveredRams = append(a.CoveredRams, e)
			case ItemMantlets:
				name := fmt.Sprintf("mantlets %d", len(a.Mantlets)+1)
				if l.Unit != nil && l.Unit.Name != "" && l.Count == 1 {
					name = l.Unit.Name
				}
				a.Mantlets = append(a.Mantlets, name)
			}
		}
	}
	return a
}
