package siege

// Siege equipment, component (b) of siege-rules.md §0.3: the ES catalogue
// (§8.1–§8.2, seed 000, the only source with costs) as data, a side's
// declaration, its validation against the catalogue rules (§8.4 V-02..V-10)
// and against the budget of D19, which settles V-01 ("no source defines a
// budget"): ⌊15% × the side's points⌋ for the main attacker and the main
// defender, within their points ([A74]); reinforcements buy nothing, and the
// attacker's reinforcements count as having ladders and grapnels ([A73]).

import (
	"slices"

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

// AutomaticKit is what a side has without buying it: ladders and grapnels
// for every attacking force, reinforcements included ([A73], D19); rocks
// for the defenders on the walls (ES-EQD-09).
func AutomaticKit(side campaign.Side) []ItemID {
	if side == campaign.Attacker {
		return []ItemID{ItemLadders, ItemGrapnels}
	}
	return []ItemID{ItemRocks}
}
