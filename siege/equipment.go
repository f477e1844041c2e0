package siege

// Siege equipment, component (b) of siege-rules.md §0.3: the ES catalogue
// (§8.1–§8.2, seed 000, the only source with costs) as data, a side's
// declaration, its validation against the catalogue rules (§8.4 V-02..V-10)
// and against the budget of D19, which settles V-01 ("no source defines a
// budget"): ⌊15% × the side's points⌋ for the main attacker and the main
// defender, within their points ([A74]); reinforcements buy nothing, and the
// attacker's reinforcements count as having ladders and grapnels ([A73]).

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/turnproc/turnproc/campaign"
)

// ItemID names a catalogue item; it is also its spelling in canonical
// declarations ("covered-ram 1").
type ItemID string

const (
	ItemReinforcedGate ItemID = "reinforced-gate"
	ItemCauldron       ItemID = "cauldron"
	ItemRocks          ItemID = "rocks"
	ItemRam            ItemID = "ram"
	ItemCoveredRam     ItemID = "covered-ram"
	ItemDraughtBeasts  ItemID = "draught-beasts"
	ItemWoodenTower    ItemID = "wooden-tower"
	ItemIronTower      ItemID = "iron-tower"
	ItemLadders        ItemID = "ladders"
	ItemGrapnels       ItemID = "grapnels"
	ItemMantlets       ItemID = "mantlets"
	ItemProps          ItemID = "props"
)

// Crew is who may carry, push or work an item, as far as a declaration can
// say it: the unit's troop type, its models and its special rules.
type Crew struct {
	Types       []TroopType // the troop types allowed
	Skirmishers bool        // whether skirmishers may
	Stupidity   bool        // whether units subject to Stupidity may
	Infantry    int         // least models of infantry
	Monstrous   int         // least models of monstrous infantry
	// Slows: fewer models only slow the engine, 1" per model missing
	// (ES-EQA-ST-4, [A-60]); the minimum is then no error.
	Slows bool
	Rule  string
}

// Item is one line of the ES catalogue (§8.1).
type Item struct {
	ID      ItemID
	English string
	Spanish string
	// Side is campaign.Attacker for the besieger's items and
	// campaign.Defender for the besieged's (V-02).
	Side campaign.Side
	Cost int    // points for each Per
	Per  string // what one Cost buys, as the source prices it
	// Automatic items are not bought: every eligible unit has them (V-08).
	Automatic bool
	Max       int   // most a side may have, 0 = no limit (V-10)
	Crew      *Crew // nil: no unit needed
	Rules     string
	Needs     string // who may have it, for the note an automatic item gets in the bill
	aliases   []string
}

// engine says whether draught beasts may pull the item (V-06).
func (it Item) engine() bool {
	return it.ID == ItemCoveredRam || it.ID == ItemWoodenTower || it.ID == ItemIronTower
}

// oneRamPerUnit: a unit has one ram, of either kind (ES-EQA-RAM-1, [A-59]).
func (it Item) oneRamPerUnit() bool { return it.ID == ItemRam || it.ID == ItemCoveredRam }

var (
	ramCrew = Crew{Types: []TroopType{TroopInfantry, TroopMonstrousInfantry}, Infantry: 4, Monstrous: 2,
		Rule: "ES-EQA-RAM-1/4, [A-56]"}
	coveredRamCrew = Crew{Types: ramCrew.Types, Infantry: 6, Monstrous: 6, Rule: "ES-EQA-CRAM-1, [A-58], [A-59]"}
	towerCrew      = Crew{Types: ramCrew.Types, Stupidity: true, Infantry: 10, Monstrous: 3, Slows: true,
		Rule: "ES-EQA-ST-1/4, [A-60]"}
	cauldronCrew = Crew{Types: []TroopType{TroopInfantry}, Skirmishers: true, Stupidity: true, Infantry: 2,
		Rule: "ES-EQD-02/05, [A-63]"}
)

const (
	towerNeeds = "an infantry (not skirmisher) or monstrous infantry unit pushes it: 10 models (3 monstrous infantry), " +
		`1" less Movement per model short; with draught beasts no unit is needed`
)

var catalogue = []Item{
	{ID: ItemReinforcedGate, English: "reinforced gate", Spanish: "puerta reforzada", Side: campaign.Defender,
		Cost: 20, Per: "gate", Max: 1, Rules: "ES-EQD-01, [A-62], V-04",
		Needs: "the castle's gate"},
	{ID: ItemCauldron, English: "cauldron of boiling oil", Spanish: "caldero de aceite hirviendo", Side: campaign.Defender,
		Cost: 25, Per: "cauldron", Crew: &cauldronCrew, Rules: "ES-EQD-02..07, V-03",
		Needs:   "an infantry unit on the walls carries it; 2 of its models work it",
		aliases: []string{"cauldron", "boiling oil", "oil", "caldero", "aceite hirviendo", "aceite"}},
	{ID: ItemRocks, English: "rocks", Spanish: "rocas", Side: campaign.Defender,
		Automatic: true, Rules: "ES-EQD-08/09, V-08",
		Needs:   "every infantry model defending walls and towers",
		aliases: []string{"rock", "stones", "roca", "piedra"}},
	{ID: ItemRam, English: "ram", Spanish: "ariete", Side: campaign.Attacker,
		Cost: 10, Per: "ram", Crew: &ramCrew, Rules: "ES-EQA-RAM-1..4, [A-56], [A-57], V-05",
		Needs: "an infantry unit (not skirmishers) of 4+ models or a monstrous infantry unit of 2+, " +
			"not subject to Stupidity",
		aliases: []string{"ram", "battering ram", "ariete"}},
	{ID: ItemCoveredRam, English: "covered ram", Spanish: "ariete cubierto", Side: campaign.Attacker,
		Cost: 50, Per: "covered ram", Crew: &coveredRamCrew, Rules: "ES-EQA-CRAM-1..3, [A-58], [A-59], V-06",
		Needs: "a unit as for a ram, of 6+ infantry or 6+ monstrous infantry models to move it; " +
			"with draught beasts, a ram's crew to strike the gate",
		aliases: []string{"covered ram", "ariete cubierto"}},
	{ID: ItemDraughtBeasts, English: "draught beasts", Spanish: "bestias de tiro", Side: campaign.Attacker,
		Cost: 20, Per: "engine", Rules: "ES-EQA-CRAM-2, ES-EQA-ST-7, V-06",
		Needs:   "a covered ram or a siege tower",
		aliases: []string{"draught beasts", "draft beasts", "beasts", "bestias de tiro", "bestias"}},
	{ID: ItemWoodenTower, English: "wooden siege tower", Spanish: "torre de asedio de madera", Side: campaign.Attacker,
		Cost: 100, Per: "siege tower", Crew: &towerCrew, Rules: "ES-EQA-ST-1..8, V-07",
		Needs: towerNeeds,
		aliases: []string{"wooden siege tower", "wood siege tower", "wooden tower", "wood tower",
			"siege tower wooden", "siege tower wood", "torre de asedio de madera", "torre de madera", "torre asedio madera"}},
	{ID: ItemIronTower, English: "iron siege tower", Spanish: "torre de asedio de hierro", Side: campaign.Attacker,
		Cost: 130, Per: "siege tower", Crew: &towerCrew, Rules: "ES-EQA-ST-1..8, V-07",
		Needs: towerNeeds,
		aliases: []string{"iron siege tower", "iron tower", "siege tower iron",
			"torre de asedio de hierro", "torre de hierro", "torre asedio hierro"}},
	{ID: ItemLadders, English: "ladders", Spanish: "escalas", Side: campaign.Attacker,
		Automatic: true, Rules: "ES-EQA-LAD, ES-ASL-03..05, [A73], V-08",
		Needs: "every infantry unit (not skirmishers) and monstrous infantry unit not subject to Stupidity; " +
			"the attacker's reinforcements count as having them",
		aliases: []string{"ladder", "scaling ladder", "escala", "escalera"}},
	{ID: ItemGrapnels, English: "grapnels", Spanish: "garfios", Side: campaign.Attacker,
		Automatic: true, Rules: "ES-EQA-GRP, ES-ASL-06, [A-25], [A73], V-08",
		Needs: "infantry that can skirmish and lone characters of unit strength 1; " +
			"the attacker's reinforcements count as having them (ropes)",
		aliases: []string{"grapnel", "grappling hook", "rope", "garfio", "cuerda"}},
	{ID: ItemMantlets, English: "mantlets", Spanish: "manteletes", Side: campaign.Attacker,
		Per: "unit", Rules: "ES-EQA-MAN-1..3, [A-61], V-09",
		Needs:   "a missile unit, with enough mantlets to cover it completely",
		aliases: []string{"mantlet", "mantelete"}},
	{ID: ItemProps, English: "props", Spanish: "puntales", Side: campaign.Defender,
		Per: "unit", Rules: "IT-PROP-01, [A-64]",
		Needs:   "a unit in the courtyard in contact with the gate",
		aliases: []string{"prop", "shoring", "puntal", "puntelli"}},
}

// Catalogue lists the items in the order of §8.1 (IT props last).
func Catalogue() []Item { return slices.Clone(catalogue) }

// LookupItem finds an item by its id or any English or Spanish spelling.
func LookupItem(name string) (Item, bool) {
	toks := tokenize(name)
	id, n := matchItem(toks, 0)
	if n == 0 || n != len(toks) {
		return Item{}, false
	}
	return itemOf(id)
}

func itemOf(id ItemID) (Item, bool) {
	for _, it := range catalogue {
		if it.ID == id {
			return it, true
		}
	}
	return Item{}, false
}

// Unit is the unit a line's item goes to, as the player describes it;
// fields left empty are not checked.
type Unit struct {
	Name        string
	Models      int       // 0: not stated
	Type        TroopType // "": not stated
	Skirmishers bool
	Stupidity   bool
}

// Line is one item of a declaration.
type Line struct {
	Item  ItemID
	Count int
	// Beasts is how many of the line's engines (covered rams, siege
	// towers) have draught beasts (ES-EQA-CRAM-2, ES-EQA-ST-7).
	Beasts int
	// Sections are the wall sections of cauldrons, one per cauldron; none
	// leaves their places to the deployment.
	Sections []string
	Unit     *Unit
}

// Declaration is one side's siege equipment, as ordered.
type Declaration struct {
	Lines []Line
}

// MaxCount bounds every count in a declaration, so costs cannot overflow.
const MaxCount = 999

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

// AutomaticKit is what a side has without buying it: ladders and grapnels
// for every attacking force, reinforcements included ([A73], D19); rocks
// for the defenders on the walls (ES-EQD-09).
func AutomaticKit(side campaign.Side) []ItemID {
	if side == campaign.Attacker {
		return []ItemID{ItemLadders, ItemGrapnels}
	}
	return []ItemID{ItemRocks}
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

// ParseEquipment reads a side's declaration as players write it in their
// orders. Errors carry no line: the caller adds where the text came from.
//
// Items are separated by commas, semicolons, new lines, "+", "&", "and" or
// "y". An item is its name, English or Spanish, singular or plural, with
// hyphens or spaces, accents optional, and a count before or after it (2,
// x2, 2x, ×2, "a"/"un"/"one"/"dos"…; 1 if none):
//
//	ladders 4, covered-ram 1 with beasts, cauldron 2 at W2 W3
//	2 arietes para Alabarderos (20 infantería); torre de asedio de madera con bestias
//	reinforced gate and boiling oil at W1, W4
//
// After the name, in any order:
//   - at / on / in / en SECTIONS: the wall sections of the cauldrons, one
//     per cauldron: "at W2 W3", "at W2 and W3", "on wall 2", "en la muralla 2";
//     a fragment of sections after a comma continues the list ("at W2, W3");
//   - with / con beasts (draught beasts, bestias de tiro) and an optional
//     count: draught beasts for that many of the line's engines, all of them
//     without a count; "beasts" written as an item joins the engine before it;
//   - for / to / para UNIT: the unit that carries, pushes or works the item,
//     then optionally, in brackets, its models, its troop type (infantry /
//     infantería, monstrous infantry / infantería monstruosa / ogres,
//     cavalry / caballería, chariot / carro) and "skirmishers" (hostigadores)
//     or "stupidity" (estupidez): "ram for Halberdiers (20 infantry)".
//
// Item names: reinforced-gate (puerta reforzada), cauldron (boiling oil,
// caldero, aceite hirviendo), rocks (rocas), ram (ariete), covered-ram
// (ariete cubierto), wooden-tower (wooden siege tower, torre de asedio de
// madera), iron-tower (torre de asedio de hierro), ladders (escalas),
// grapnels or ropes (garfios, cuerdas), mantlets (manteletes), props
// (puntales). Empty text, "none" or "nada" declares nothing.
// Declaration.String writes the canonical form, which parses back the same.
func ParseEquipment(text string) (Declaration, error) {
	p := eqParser{toks: tokenize(text)}
	if p.nothing() {
		return Declaration{}, nil
	}
	for p.i < len(p.toks) && len(p.errs) < maxParseErrors {
		p.entry()
	}
	if len(p.errs) > 0 {
		return Declaration{}, errors.Join(p.errs...)
	}
	return p.decl, nil
}

// maxParseErrors stops reading a hopeless text early.
const maxParseErrors = 10

// eqToken is a word or a punctuation mark of a declaration.
type eqToken struct {
	text  string // as written
	fold  string // lower case, accents stripped
	glued bool   // joined to the word before by a hyphen
	punct rune   // ',' '(' ')' '+' for punctuation, 0 for words
}

var eqPunct = map[rune]rune{',': ',', ';': ',', '\n': ',', '(': '(', '[': '(', ')': ')', ']': ')', '+': '+', '&': '+'}

// tokenize splits the text into words and punctuation. QUIRK: mail brings
// non-breaking and zero-width spaces, and players write "W2/W3", "@W2",
// "cauldron: 2" and "covered_ram".
func tokenize(s string) []eqToken {
	var toks []eqToken
	var word []rune
	glue, pendingGlue := false, false
	flush := func() {
		if len(word) > 0 {
			w := string(word)
			toks = append(toks, eqToken{text: w, fold: foldText(w), glued: glue})
			word = word[:0]
		}
	}
	for _, r := range s {
		if p, ok := eqPunct[r]; ok {
			flush()
			pendingGlue = false
			toks = append(toks, eqToken{text: string(r), punct: p})
			continue
		}
		switch {
		case r == '-' || r == '_' || r == '‐' || r == '‑':
			pendingGlue = len(word) > 0
			flush()
		case unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || strings.ContainsRune(":=./@\\\"'`", r) ||
			r == utf8.RuneError:
			flush()
			pendingGlue = false
		default:
			if len(word) == 0 {
				glue, pendingGlue = pendingGlue, false
			}
			word = append(word, r)
		}
	}
	flush()
	return toks
}

// foldText lower-cases and strips accents. QUIRK: NFKD also folds
// decomposed accents and full-width letters.
func foldText(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Cf, r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// wordIs matches a folded word against a singular spelling, plurals too.
func wordIs(f, w string) bool { return f == w || f == w+"s" || f == w+"es" }

func oneOf(f string, words ...string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return wordIs(f, w) })
}

var (
	atWords      = []string{"at", "on", "in", "en", "sobre"}
	withWords    = []string{"with", "con"}
	forWords     = []string{"for", "to", "para"}
	joinWords    = []string{"and", "y", "plus"}
	stopWords    = []string{"of", "the", "de", "del", "la", "el", "los", "las"}
	articleWords = []string{"the", "a", "an", "el", "la", "los", "las", "un", "una"}
	wallWords    = []string{"wall", "muralla", "muro", "section", "seccion"}
	noneWords    = []string{"none", "nothing", "nada", "ninguno", "ninguna", "no"}
	fillerWords  = []string{"model", "miniatura", "mini", "figure", "strong", "of", "de"}
	countWords   = map[string]int{"a": 1, "an": 1, "one": 1, "un": 1, "una": 1, "uno": 1, "two": 2, "dos": 2,
		"three": 3, "tres": 3, "four": 4, "cuatro": 4, "five": 5, "cinco": 5, "six": 6, "seis": 6}
	troopWords = []struct {
		words []string
		t     TroopType
	}{
		{[]string{"infantry", "inf", "infanteria", "foot"}, TroopInfantry},
		{[]string{"monstrous", "mi", "monstruosa", "monstruoso", "ogre", "ogro"}, TroopMonstrousInfantry},
		{[]string{"cavalry", "cav", "caballeria"}, TroopCavalry},
		{[]string{"chariot", "carro"}, TroopChariot},
	}
	troopSpelling = map[TroopType]string{TroopInfantry: "infantry", TroopMonstrousInfantry: "monstrous-infantry",
		TroopCavalry: "cavalry", TroopChariot: "chariot"}
)

// ambiguousTower is a siege tower of no stated material.
const ambiguousTower ItemID = "siege-tower"

type eqAlias struct {
	id    ItemID
	words []string
}

// itemAliases lists every spelling of every item, stop words left out.
var itemAliases = func() []eqAlias {
	var as []eqAlias
	add := func(id ItemID, s string) {
		var words []string
		for _, t := range tokenize(s) {
			if !oneOf(t.fold, stopWords...) {
				words = append(words, t.fold)
			}
		}
		as = append(as, eqAlias{id, words})
	}
	for _, it := range catalogue {
		for _, s := range append([]string{string(it.ID), it.English, it.Spanish}, it.aliases...) {
			add(it.ID, s)
		}
	}
	for _, s := range []string{"siege tower", "tower", "torre de asedio", "torre"} {
		add(ambiguousTower, s)
	}
	return as
}()

// matchItem finds the longest item spelling starting at token i; stop
// words may stand between its words.
func matchItem(toks []eqToken, i int) (ItemID, int) {
	best, bestN := ItemID(""), 0
	for _, a := range itemAliases {
		j := i
		for k, w := range a.words {
			for k > 0 && j < len(toks) && toks[j].punct == 0 && oneOf(toks[j].fold, stopWords...) {
				j++
			}
			if j >= len(toks) || toks[j].punct != 0 || !wordIs(toks[j].fold, w) {
				j = -1
				break
			}
			j++
		}
		if j-i > bestN {
			best, bestN = a.id, j-i
		}
	}
	return best, bestN
}

// countOf reads a count: 2, x2, ×2, 2x, *2 or a count word.
func countOf(f string) (n int, ok bool) {
	if n, ok := countWords[f]; ok {
		return n, true
	}
	digits := strings.TrimRight(strings.TrimLeft(f, "x×*"), "x×")
	if digits == "" || len(f)-len(digits) > 2 || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	if len(digits) > 4 {
		return MaxCount + 1, true
	}
	n, _ = strconv.Atoi(digits)
	return n, true
}

// isNumber says whether a folded word is a bare or x-marked number.
func isNumber(f string) bool {
	_, ok := countOf(f)
	return ok && countWords[f] == 0
}

// sectionOf reads a castle section id: W2, t1, Q3.
func sectionOf(f string) (string, bool) {
	if len(f) < 2 || len(f) > 3 || !strings.ContainsRune("wtq", rune(f[0])) {
		return "", false
	}
	n, err := strconv.Atoi(f[1:])
	if err != nil || n < 1 || f[1] == '+' || f[1] == '-' {
		return "", false
	}
	return strings.ToUpper(f[:1]) + strconv.Itoa(n), true
}

type eqParser struct {
	toks []eqToken
	i    int
	decl Declaration
	errs []error
}

func (p *eqParser) nothing() bool {
	for _, t := range p.toks {
		if t.punct == '(' || t.punct == ')' || t.punct == 0 && !oneOf(t.fold, noneWords...) {
			return false
		}
	}
	return true
}

func (p *eqParser) word(i int) (eqToken, bool) {
	if i < len(p.toks) && p.toks[i].punct == 0 {
		return p.toks[i], true
	}
	return eqToken{}, false
}

func (p *eqParser) is(i int, words ...string) bool {
	t, ok := p.word(i)
	return ok && oneOf(t.fold, words...)
}

// startsItem says whether an item, perhaps after a count, starts at i.
func (p *eqParser) startsItem(i int) bool {
	if t, ok := p.word(i); ok {
		if _, ok := countOf(t.fold); ok {
			i++
		}
	}
	_, n := matchItem(p.toks, i)
	return n > 0
}

// startsSections says whether a list of sections starts at i.
func (p *eqParser) startsSections(i int) bool {
	for p.is(i, stopWords...) || p.is(i, atWords...) {
		i++
	}
	t, ok := p.word(i)
	if !ok {
		return false
	}
	if _, ok := sectionOf(t.fold); ok {
		return true
	}
	n, ok := p.word(i + 1)
	return oneOf(t.fold, wallWords...) && ok && isNumber(n.fold) && !strings.ContainsAny(n.fold, "x×*")
}

// eqEntry is an item being read.
type eqEntry struct {
	start     int
	line      Line
	hasCount  bool
	allBeasts bool // "with beasts" without a count
	hasBeasts bool
}

func (p *eqParser) entry() {
	for p.i < len(p.toks) && (p.toks[p.i].punct == ',' || p.toks[p.i].punct == '+' || p.is(p.i, joinWords...)) {
		if p.i++; p.i >= len(p.toks) {
			return
		}
	}
	e := eqEntry{start: p.i}
	if last := len(p.decl.Lines) - 1; last >= 0 && p.startsSections(p.i) {
		e.line = p.decl.Lines[last]
		if err := p.sections(&e.line); err != nil {
			p.fail(e.start, err)
			return
		}
		p.decl.Lines[last] = e.line
		return
	}
	if err := p.read(&e); err != nil {
		p.fail(e.start, err)
		return
	}
	if e.line.Item == "" {
		p.fail(e.start, eqErr("no item named", "write the item's name, e.g. `ram 1`"))
		return
	}
	if !e.hasCount {
		e.line.Count = 1
	}
	if e.allBeasts {
		e.line.Beasts = e.line.Count
	}
	if e.line.Item == ItemDraughtBeasts {
		p.joinBeasts(e)
		return
	}
	p.decl.Lines = append(p.decl.Lines, e.line)
}

// joinBeasts gives standalone draught beasts to the engine line before.
func (p *eqParser) joinBeasts(e eqEntry) {
	last := len(p.decl.Lines) - 1
	hint := "write them after a covered ram or siege tower: `covered-ram 1 with beasts`"
	if last < 0 || e.line.Unit != nil || len(e.line.Sections) > 0 || e.hasBeasts {
		p.fail(e.start, eqErr("draught beasts go with a covered ram or a siege tower", hint))
		return
	}
	prev := &p.decl.Lines[last]
	if it, _ := itemOf(prev.Item); !it.engine() {
		p.fail(e.start, eqErr("draught beasts go with a covered ram or a siege tower", hint))
		return
	}
	n := e.line.Count
	if !e.hasCount {
		n = prev.Count - prev.Beasts
	}
	prev.Beasts = min(prev.Beasts+n, MaxCount+1)
}

// read reads one item's words up to the next comma or item.
func (p *eqParser) read(e *eqEntry) error {
	for p.i < len(p.toks) {
		t := p.toks[p.i]
		switch {
		case t.punct == ',':
			return nil
		case t.punct == '+' || p.is(p.i, joinWords...):
			if p.startsItem(p.i + 1) {
				return nil
			}
			if !p.startsSections(p.i + 1) {
				return eqErr(fmt.Sprintf("%q joins nothing", t.text), "separate items with commas")
			}
			p.i++
		case t.punct == '(':
			if err := p.profile(&e.line); err != nil {
				return err
			}
		case t.punct == ')':
			return eqErr("a ')' with no '(' before it", "write the unit's profile in brackets: `for Halberdiers (20 infantry)`")
		case e.line.Item != "" && (e.hasCount || !isNumber(t.fold)) && p.startsItem(p.i) && !p.is(p.i, articleWords...):
			return nil // the next item, written without a comma
		default:
			if err := p.readWord(e, t); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p *eqParser) readWord(e *eqEntry, t eqToken) error {
	if id, n := matchItem(p.toks, p.i); n > 0 && e.line.Item == "" {
		if id == ambiguousTower {
			return eqErr("which siege tower?", "write wooden-tower (100 points) or iron-tower (130 points)")
		}
		e.line.Item, p.i = id, p.i+n
		return nil
	}
	switch {
	case p.startsSections(p.i):
		return p.sections(&e.line)
	case oneOf(t.fold, atWords...):
		return eqErr(fmt.Sprintf("%q names no wall section", t.text), "write the sections as W1, W2…: `cauldron 2 at W1 W2`")
	case oneOf(t.fold, withWords...):
		return p.beasts(e)
	case oneOf(t.fold, forWords...):
		return p.unit(&e.line)
	case (t.fold == "x" || t.fold == "×" || t.fold == "*") && p.countNext():
		p.i++
		return nil
	}
	if n, ok := countOf(t.fold); ok {
		return p.setCount(e, n, t)
	}
	if oneOf(t.fold, stopWords...) {
		p.i++
		return nil
	}
	if e.line.Item == "" {
		return eqErr(fmt.Sprintf("%q is not an item of the siege-equipment catalogue", t.text), "the items are "+itemList())
	}
	return eqErr(fmt.Sprintf("%q is not understood", t.text),
		"after the item write its count, `at W2` for cauldrons, `with beasts`, `for UNIT (20 infantry)`")
}

func (p *eqParser) countNext() bool {
	t, ok := p.word(p.i + 1)
	return ok && isNumber(t.fold)
}

func (p *eqParser) setCount(e *eqEntry, n int, t eqToken) error {
	switch {
	case e.hasCount:
		return eqErr(fmt.Sprintf("two counts (%d and %s)", e.line.Count, t.text), "give each item one count")
	case n == 0:
		return eqErr("a count of 0", "leave out what you do not want")
	case n > MaxCount:
		return eqErr(fmt.Sprintf("the count %s is more than %d", t.text, MaxCount), "write the number of items")
	}
	e.line.Count, e.hasCount = n, true
	p.i++
	return nil
}

// sections reads "at W2 and W3", "on wall 2", "W2 W3".
func (p *eqParser) sections(l *Line) error {
	n := 0
	for p.i < len(p.toks) {
		t, _ := p.word(p.i)
		next, _ := p.word(p.i + 1)
		if id, ok := sectionOf(t.fold); ok {
			l.Sections, p.i, n = append(l.Sections, id), p.i+1, n+1
		} else if oneOf(t.fold, wallWords...) && isNumber(next.fold) && !strings.ContainsAny(next.fold, "x×*") {
			c, _ := countOf(next.fold)
			if c < 1 || c > 99 {
				return eqErr(fmt.Sprintf("no wall section %s", next.text), "wall sections are W1, W2…")
			}
			l.Sections, p.i, n = append(l.Sections, fmt.Sprintf("W%d", c)), p.i+2, n+1
		} else if (n == 0 && oneOf(t.fold, atWords...)) || oneOf(t.fold, stopWords...) ||
			(n > 0 && (p.toks[p.i].punct == '+' || oneOf(t.fold, joinWords...)) && p.startsSections(p.i+1)) {
			p.i++
		} else {
			break
		}
	}
	if n == 0 {
		return eqErr("no wall section named", "write the sections as W1, W2…: `cauldron 2 at W1 W2`")
	}
	return nil
}

// beasts reads "with beasts", "with 2 draught beasts", "con bestias de tiro 1".
func (p *eqParser) beasts(e *eqEntry) error {
	p.i++
	for p.is(p.i, stopWords...) {
		p.i++
	}
	n, counted := 0, false
	if t, ok := p.word(p.i); ok && isNumber(t.fold) {
		n, counted = countOf(t.fold)
		p.i++
	}
	if id, k := matchItem(p.toks, p.i); id != ItemDraughtBeasts {
		return eqErr(`"with" takes only draught beasts`, "write `covered-ram 1 with beasts`")
	} else {
		p.i += k
	}
	if t, ok := p.word(p.i); ok && !counted && isNumber(t.fold) {
		n, counted = countOf(t.fold)
		p.i++
	}
	switch {
	case e.hasBeasts:
		return eqErr("draught beasts twice", "write `with beasts` once")
	case counted && (n < 1 || n > MaxCount):
		return eqErr(fmt.Sprintf("%d draught beasts", n), "give the number of engines with beasts, or none for all")
	}
	e.hasBeasts, e.allBeasts, e.line.Beasts = true, !counted, n
	return nil
}

// unit reads "for the Halberdiers (20 infantry)".
func (p *eqParser) unit(l *Line) error {
	p.i++
	if p.startsSections(p.i) {
		return p.sections(l)
	}
	if l.Unit != nil && l.Unit.Name != "" {
		return eqErr("two units named", "give the item to one unit")
	}
	var name strings.Builder
	for p.i < len(p.toks) && p.nameWord(p.i) {
		t := p.toks[p.i]
		p.i++
		if name.Len() == 0 && oneOf(t.fold, articleWords...) {
			continue
		}
		if name.Len() > 0 {
			name.WriteString(map[bool]string{true: "-", false: " "}[t.glued])
		}
		name.WriteString(t.text)
	}
	if name.Len() == 0 && !(p.i < len(p.toks) && p.toks[p.i].punct == '(') {
		return eqErr(`"for" names no unit`, "write `for` and the unit's name: `ram for Halberdiers`")
	}
	if l.Unit == nil {
		l.Unit = &Unit{}
	}
	l.Unit.Name = name.String()
	return nil
}

// nameWord says whether the token at i continues a unit's name.
func (p *eqParser) nameWord(i int) bool {
	t, ok := p.word(i)
	if !ok {
		return false
	}
	_, section := sectionOf(t.fold)
	marker := oneOf(t.fold, atWords...) || oneOf(t.fold, withWords...) || oneOf(t.fold, forWords...)
	join := oneOf(t.fold, joinWords...) && p.startsItem(i+1)
	return !section && !marker && !join && !isNumber(t.fold) && !(t.fold == "x" && p.countNextAt(i))
}

func (p *eqParser) countNextAt(i int) bool {
	t, ok := p.word(i + 1)
	return ok && isNumber(t.fold)
}

// profile reads "(20 infantry, skirmishers)".
func (p *eqParser) profile(l *Line) error {
	if l.Unit != nil && (l.Unit.Models > 0 || l.Unit.Type != "" || l.Unit.Skirmishers || l.Unit.Stupidity) {
		return eqErr("two unit profiles", "describe the unit once, in one pair of brackets")
	}
	u := Unit{}
	if l.Unit != nil {
		u.Name = l.Unit.Name
	}
	p.i++
	empty := true
	for ; p.i < len(p.toks) && p.toks[p.i].punct != ')'; p.i++ {
		t := p.toks[p.i]
		if t.punct == ',' || t.punct == '+' {
			continue
		}
		if t.punct == '(' {
			return eqErr("brackets inside brackets", "describe the unit in one pair of brackets")
		}
		if err := readProfileWord(&u, t); err != nil {
			return err
		}
		empty = false
	}
	if p.i >= len(p.toks) {
		return eqErr("a '(' with no ')'", "close the unit's profile: `(20 infantry)`")
	}
	p.i++
	if empty {
		return eqErr("empty brackets", "describe the unit: `(20 infantry)`")
	}
	l.Unit = &u
	return nil
}

func readProfileWord(u *Unit, t eqToken) error {
	if isNumber(t.fold) {
		n, _ := countOf(t.fold)
		switch {
		case u.Models > 0:
			return eqErr(fmt.Sprintf("two model counts (%d and %s)", u.Models, t.text), "give the unit's models once")
		case n < 1 || n > MaxCount:
			return eqErr(fmt.Sprintf("%s models", t.text), "give the unit's models: 1 to 999")
		}
		u.Models = n
		return nil
	}
	for _, tw := range troopWords {
		if oneOf(t.fold, tw.words...) {
			if u.Type != TroopMonstrousInfantry { // "monstrous infantry", "infantería monstruosa"
				u.Type = tw.t
			}
			return nil
		}
	}
	switch {
	case oneOf(t.fold, "skirmisher", "skirmish", "hostigador"):
		u.Skirmishers = true
	case oneOf(t.fold, "stupidity", "stupid", "estupidez", "estupido", "estupida"):
		u.Stupidity = true
	case oneOf(t.fold, fillerWords...):
	default:
		return eqErr(fmt.Sprintf("%q is not understood in a unit's profile", t.text),
			"write its models, type and rules: `(20 infantry)`, `(3 monstrous infantry)`, `(12 infantry skirmishers)`")
	}
	return nil
}

// eqProblem is a parse problem before the entry it belongs to is known.
type eqProblem struct{ msg, hint string }

func (e eqProblem) Error() string { return e.msg }

func eqErr(msg, hint string) error { return eqProblem{msg, hint} }

// fail reports a problem with the entry starting at start, then skips to
// the next comma outside brackets.
func (p *eqParser) fail(start int, err error) {
	end := p.endOfEntry(start)
	var pr eqProblem
	errors.As(err, &pr)
	p.errs = append(p.errs, &campaign.Problem{Pkg: "siege: equipment", Hint: pr.hint,
		Text: fmt.Sprintf("%q: %s", clip(render(p.toks[start:end]), 60), pr.msg)})
}

// endOfEntry moves past the entry starting at start and returns its end.
func (p *eqParser) endOfEntry(start int) int {
	depth, end := 0, start
	for ; end < len(p.toks); end++ {
		switch p.toks[end].punct {
		case '(':
			depth++
		case ')':
			depth = max(depth-1, 0)
		case ',':
			if depth == 0 && end >= p.i {
				p.i = end
				return end
			}
		}
	}
	p.i = end
	return end
}

func render(toks []eqToken) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.punct != ')' && t.punct != ',' && toks[i-1].punct != '(' {
			b.WriteString(map[bool]string{true: "-", false: " "}[t.glued])
		}
		b.WriteString(t.text)
	}
	return b.String()
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// String writes the declaration in the canonical syntax ParseEquipment
// reads: "ladders 4, covered-ram 1 with beasts, cauldron 2 at W2 W3".
func (d Declaration) String() string {
	parts := make([]string, len(d.Lines))
	for i, l := range d.Lines {
		parts[i] = l.String()
	}
	return strings.Join(parts, ", ")
}

func (l Line) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d", l.Item, l.Count)
	if len(l.Sections) > 0 {
		b.WriteString(" at " + strings.Join(l.Sections, " "))
	}
	if l.Beasts == l.Count && l.Beasts > 0 {
		b.WriteString(" with beasts")
	} else if l.Beasts > 0 {
		fmt.Fprintf(&b, " with beasts %d", l.Beasts)
	}
	if l.Unit != nil {
		b.WriteString(l.Unit.phrase())
	}
	return b.String()
}

func (u Unit) phrase() string {
	var s, prof []string
	if u.Name != "" {
		s = append(s, " for "+u.Name)
	}
	if u.Models > 0 {
		prof = append(prof, strconv.Itoa(u.Models))
	}
	if u.Type != "" {
		prof = append(prof, cmp.Or(troopSpelling[u.Type], string(u.Type)))
	}
	if u.Skirmishers {
		prof = append(prof, "skirmishers")
	}
	if u.Stupidity {
		prof = append(prof, "stupidity")
	}
	if len(prof) > 0 {
		s = append(s, " ("+strings.Join(prof, " ")+")")
	}
	return strings.Join(s, "")
}
