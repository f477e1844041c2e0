package siege

import (
	"reflect"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

const (
	eqAtk  = campaign.Attacker
	eqDfn  = campaign.Defender
	eqMain = campaign.MainForce
	eqRein = campaign.Reinforcement
)

func eqLine(id ItemID, n int) Line { return Line{Item: id, Count: n} }

func eqDecl(ls ...Line) Declaration { return Declaration{Lines: ls} }

func eqUnit(l Line, u Unit) Line { l.Unit = &u; return l }

func eqAt(l Line, sections ...string) Line { l.Sections = sections; return l }

func eqBeasts(l Line, n int) Line { l.Beasts = n; return l }

// fourWalls is the base castle: W1–W4 (ES-ANA-00, §3.9).
func eqFourWalls(t *testing.T) *Castle {
	t.Helper()
	c := Layout(1000, 5, campaign.Wood)
	if c.CauldronSlots() != 4 {
		t.Fatalf("base castle has %d wall sections, want 4", c.CauldronSlots())
	}
	return &c
}

// TestCatalogueES checks every line of §8.1 against the source: side,
// cost, what the cost buys, whether it is automatic, and its limit.
func TestCatalogueES(t *testing.T) {
	type row struct {
		side      campaign.Side
		cost      int
		per       string
		automatic bool
		max       int
		spanish   string
	}
	want := map[ItemID]row{
		ItemReinforcedGate: {eqDfn, 20, "gate", false, 1, "puerta reforzada"},                // ES-EQD-01, [A-62]
		ItemCauldron:       {eqDfn, 25, "cauldron", false, 0, "caldero de aceite hirviendo"}, // ES-EQD-07
		ItemRocks:          {eqDfn, 0, "", true, 0, "rocas"},                                 // ES-EQD-09
		ItemRam:            {eqAtk, 10, "ram", false, 0, "ariete"},                           // ES-EQA-RAM-4
		ItemCoveredRam:     {eqAtk, 50, "covered ram", false, 0, "ariete cubierto"},          // ES-EQA-CRAM-3
		ItemDraughtBeasts:  {eqAtk, 20, "engine", false, 0, "bestias de tiro"},               // ES-EQA-CRAM-3, ES-EQA-ST-8
		ItemWoodenTower:    {eqAtk, 100, "siege tower", false, 0, "torre de asedio de madera"},
		ItemIronTower:      {eqAtk, 130, "siege tower", false, 0, "torre de asedio de hierro"},
		ItemLadders:        {eqAtk, 0, "", true, 0, "escalas"},         // ES-EQA-LAD
		ItemGrapnels:       {eqAtk, 0, "", true, 0, "garfios"},         // ES-EQA-GRP
		ItemMantlets:       {eqAtk, 0, "unit", false, 0, "manteletes"}, // no price, free
		ItemProps:          {eqDfn, 0, "unit", false, 0, "puntales"},
	}
	cat := Catalogue()
	if len(cat) != len(want) {
		t.Fatalf("catalogue has %d items, want %d", len(cat), len(want))
	}
	for _, it := range cat {
		w, ok := want[it.ID]
		got := row{it.Side, it.Cost, it.Per, it.Automatic, it.Max, it.Spanish}
		if !ok || got != w {
			t.Errorf("%s: got %+v, want %+v", it.ID, got, w)
		}
		if it.English == "" || it.Rules == "" || it.Needs == "" {
			t.Errorf("%s: English name, rules and needs must all be given", it.ID)
		}
	}
	cat[0].Cost = 999 // Catalogue returns a copy
	if it, _ := LookupItem("reinforced gate"); it.Cost != 20 {
		t.Errorf("Catalogue let its caller change the catalogue")
	}
}

func TestLookupItem(t *testing.T) {
	for name, want := range map[string]ItemID{
		"covered-ram": ItemCoveredRam, "Ariete Cubierto": ItemCoveredRam, "ARIETES": ItemRam,
		"caldero de aceite hirviendo": ItemCauldron, "boiling oil": ItemCauldron,
		"torre de asedio de hierro": ItemIronTower, "Wooden Siege Tower": ItemWoodenTower,
		"escaleras": ItemLadders, "cuerdas": ItemGrapnels, "ropes": ItemGrapnels, "manteletes": ItemMantlets,
		"puerta reforzada": ItemReinforcedGate, "rocas": ItemRocks, "bestias de tiro": ItemDraughtBeasts,
	} {
		if it, ok := LookupItem(name); !ok || it.ID != want {
			t.Errorf("LookupItem(%q) = %q, %v; want %q", name, it.ID, ok, want)
		}
	}
	for _, name := range []string{"catapult", "siege tower", "ram ram", ""} {
		if it, ok := LookupItem(name); ok {
			t.Errorf("LookupItem(%q) = %q, want none", name, it.ID)
		}
	}
}

// TestValidateValid: declarations the rules allow, with their totals
// (D-44, D-45, D-46 of siege-rules.md §10.2).
func TestValidateValid(t *testing.T) {
	halberdiers := Unit{Name: "Halberdiers", Models: 20, Type: TroopInfantry}
	ogres := Unit{Name: "Ogres", Models: 2, Type: TroopMonstrousInfantry}
	cases := []struct {
		name   string
		d      Declaration
		side   campaign.Side
		points int
		total  int
	}{
		{"D-44 wooden tower + beasts + covered ram + 2 rams", eqDecl(eqBeasts(eqLine(ItemWoodenTower, 1), 1), eqLine(ItemCoveredRam, 1),
			eqUnit(eqLine(ItemRam, 1), halberdiers), eqUnit(eqLine(ItemRam, 1), ogres)), eqAtk, 2000, 190},
		{"D-45 iron tower + covered ram with beasts", eqDecl(eqLine(ItemIronTower, 1), eqBeasts(eqLine(ItemCoveredRam, 1), 1)), eqAtk, 2000, 200},
		{"D-46 reinforced gate + 4 cauldrons", eqDecl(eqLine(ItemReinforcedGate, 1), eqAt(eqLine(ItemCauldron, 4), "W1", "W2", "W3", "W4")), eqDfn, 1000, 120},
		{"ES-EQA-RAM-1 ram for 2 monstrous infantry", eqDecl(eqUnit(eqLine(ItemRam, 1), ogres)), eqAtk, 1000, 10},
		{"ES-EQA-RAM-1 ram for 4 infantry", eqDecl(eqUnit(eqLine(ItemRam, 1), Unit{Name: "A", Models: 4, Type: TroopInfantry})), eqAtk, 1000, 10},
		{"ES-EQA-CRAM-1 covered ram for 6 infantry", eqDecl(eqUnit(eqLine(ItemCoveredRam, 1), Unit{Name: "A", Models: 6, Type: TroopInfantry})), eqAtk, 1000, 50},
		{"[A-58] covered ram for 6 monstrous infantry", eqDecl(eqUnit(eqLine(ItemCoveredRam, 1), Unit{Name: "A", Models: 6, Type: TroopMonstrousInfantry})), eqAtk, 1000, 50},
		{"ES-EQA-CRAM-2 beasts move it: a ram's crew strikes", eqDecl(eqUnit(eqBeasts(eqLine(ItemCoveredRam, 1), 1), Unit{Name: "A", Models: 4})), eqAtk, 1000, 70},
		{"ES-EQA-ST-7 beasts pull the tower: no pushers", eqDecl(eqUnit(eqBeasts(eqLine(ItemWoodenTower, 1), 1), Unit{Name: "A", Models: 1, Skirmishers: true})), eqAtk, 1000, 120},
		{"ES-EQA-ST-1 tower for 3 monstrous infantry", eqDecl(eqUnit(eqLine(ItemIronTower, 1), Unit{Name: "A", Models: 3, Type: TroopMonstrousInfantry})), eqAtk, 1000, 130},
		{"ES-EQA-ST-1 Stupidity does not bar pushing", eqDecl(eqUnit(eqLine(ItemIronTower, 1), Unit{Name: "A", Models: 10, Stupidity: true})), eqAtk, 1000, 130},
		{"ES-EQD-05 cauldron for 2 infantry", eqDecl(eqUnit(eqAt(eqLine(ItemCauldron, 1), "W3"), Unit{Name: "Spears", Models: 2, Type: TroopInfantry})), eqDfn, 1000, 25},
		{"[A-61] mantlets are free", eqDecl(eqUnit(eqLine(ItemMantlets, 1), Unit{Name: "Crossbows"}), eqLine(ItemMantlets, 3)), eqAtk, 0, 0},
		{"V-08 ladders and grapnels cost nothing", eqDecl(eqLine(ItemLadders, 4), eqLine(ItemGrapnels, 2)), eqAtk, 0, 0},
		{"V-08 rocks cost nothing", eqDecl(eqLine(ItemRocks, 1)), eqDfn, 0, 0},
		{"V-10 no ceiling on rams for different units", eqDecl(eqLine(ItemRam, 5), eqLine(ItemCoveredRam, 2)), eqAtk, 1000, 150},
		{"unplaced cauldrons fit the walls", eqDecl(eqLine(ItemCauldron, 2), eqAt(eqLine(ItemCauldron, 2), "W1", "W4")), eqDfn, 1000, 100},
		{"nothing declared", eqDecl(), eqAtk, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := Validate(c.d, c.side, eqMain, c.points, eqFourWalls(t))
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if b.Total != c.total || b.Budget != EquipmentBudget(c.points) {
				t.Errorf("total %d budget %d, want %d and %d", b.Total, b.Budget, c.total, EquipmentBudget(c.points))
			}
		})
	}
}

// TestValidateErrors: every catalogue rule, with its exact error.
func TestValidateErrors(t *testing.T) {
	reinf := "\nhint: only the main attacker and the main defender buy equipment; the attacker's reinforcements count as having ladders and grapnels"
	cases := []struct {
		name string
		d    Declaration
		side campaign.Side
		role campaign.Role
		want string
	}{
		{"V-02 cauldron is the besieged's", eqDecl(eqLine(ItemCauldron, 1)), eqAtk, eqMain,
			"siege: equipment: cauldron of boiling oil (1 × 25 = 25 points): only the besieged may have it (V-02)\n" +
				"hint: the besieger's items are ram, covered-ram, wooden-tower, iron-tower, ladders, grapnels, mantlets"},
		{"V-02 ram is the besieger's", eqDecl(eqLine(ItemRam, 2)), eqDfn, eqMain,
			"siege: equipment: ram (2 × 10 = 20 points): only the besieger may have it (V-02)\n" +
				"hint: the besieged's items are reinforced-gate, cauldron, rocks, props"},
		{"V-02 ladders are the besieger's", eqDecl(eqLine(ItemLadders, 1)), eqDfn, eqMain,
			"siege: equipment: ladders (1 × 0 = 0 points): only the besieger may have it (V-02)\n" +
				"hint: the besieged's items are reinforced-gate, cauldron, rocks, props"},
		{"D19 [A73] attacker's reinforcements buy nothing", eqDecl(eqLine(ItemCoveredRam, 1)), eqAtk, eqRein,
			"siege: equipment: covered ram (1 × 50 = 50 points): reinforcements buy no siege equipment (D19, [A73])" + reinf},
		{"D19 mantlets are acquired, not automatic", eqDecl(eqLine(ItemMantlets, 1)), eqAtk, eqRein,
			"siege: equipment: mantlets (1 × 0 = 0 points): reinforcements buy no siege equipment (D19, [A73])" + reinf},
		{"D19 defender's reinforcements buy nothing", eqDecl(eqLine(ItemReinforcedGate, 1)), eqDfn, eqRein,
			"siege: equipment: reinforced gate (1 × 20 = 20 points): reinforcements buy no siege equipment (D19, [A73])\n" +
				"hint: only the main attacker and the main defender buy equipment"},
		{"V-04 one reinforced gate", eqDecl(eqLine(ItemReinforcedGate, 1), eqLine(ItemReinforcedGate, 1)), eqDfn, eqMain,
			"siege: equipment: reinforced gate (1 × 20 = 20 points): at most 1 (ES-EQD-01, [A-62], V-04)\nhint: declare it once, with count 1"},
		{"V-03 two cauldrons on one section", eqDecl(eqAt(eqLine(ItemCauldron, 2), "W2")), eqDfn, eqMain,
			"siege: equipment: cauldron of boiling oil at W2 (2 × 25 = 50 points): at most one cauldron per wall section (ES-EQD-02)\n" +
				"hint: name one wall section for each cauldron, e.g. `cauldron 2 at W1 W2`"},
		{"V-03 a second cauldron at W2 on another line", eqDecl(eqAt(eqLine(ItemCauldron, 1), "W2"), eqAt(eqLine(ItemCauldron, 2), "W3", "W2")), eqDfn, eqMain,
			"siege: equipment: cauldron of boiling oil at W3 W2 (2 × 25 = 50 points): a second cauldron at W2: at most one per wall section (ES-EQD-02)\n" +
				"hint: put each cauldron on a different wall section"},
		{"D-46 a fifth cauldron on four walls", eqDecl(eqAt(eqLine(ItemCauldron, 4), "W1", "W2", "W3", "W4"), eqLine(ItemCauldron, 1)), eqDfn, eqMain,
			"siege: equipment: cauldron of boiling oil (1 × 25 = 25 points): 5 cauldrons for 4 wall sections: at most one per wall section (ES-EQD-02, V-03)\n" +
				"hint: the castle's wall sections are W1, W2, W3, W4"},
		{"ES-EQD-02 no such wall", eqDecl(eqAt(eqLine(ItemCauldron, 1), "W7")), eqDfn, eqMain,
			"siege: equipment: cauldron of boiling oil at W7 (1 × 25 = 25 points): W7 is not a wall section of the castle (ES-EQD-02)\n" +
				"hint: the castle's wall sections are W1, W2, W3, W4"},
		{"ES-EQD-02 not on a tower", eqDecl(eqAt(eqLine(ItemCauldron, 1), "T1")), eqDfn, eqMain,
			"siege: equipment: cauldron of boiling oil at T1 (1 × 25 = 25 points): T1 is not a wall section of the castle (ES-EQD-02)\n" +
				"hint: the castle's wall sections are W1, W2, W3, W4"},
		{"[A-63] cauldron carried by infantry only", eqDecl(eqUnit(eqLine(ItemCauldron, 1), Unit{Name: "Ogres", Type: TroopMonstrousInfantry})), eqDfn, eqMain,
			"siege: equipment: cauldron of boiling oil for Ogres (1 × 25 = 25 points): monstrous infantry may not have it, only infantry (ES-EQD-02/05, [A-63])\n" +
				"hint: give it to an infantry unit"},
		{"ES-EQD-05 two models work a cauldron", eqDecl(eqUnit(eqLine(ItemCauldron, 1), Unit{Name: "Hero", Models: 1})), eqDfn, eqMain,
			"siege: equipment: cauldron of boiling oil for Hero (1 × 25 = 25 points): it needs 2 models of infantry, the unit has 1 (ES-EQD-02/05, [A-63])\n" +
				"hint: give it to a larger unit"},
		{"D-47 ram for skirmishers", eqDecl(eqUnit(eqLine(ItemRam, 1), Unit{Name: "Scouts", Skirmishers: true})), eqAtk, eqMain,
			"siege: equipment: ram for Scouts (1 × 10 = 10 points): skirmishers may not have it (ES-EQA-RAM-1/4, [A-56])\n" +
				"hint: give it to a unit that does not skirmish"},
		{"D-47 ram for Stupidity", eqDecl(eqUnit(eqLine(ItemRam, 1), Unit{Name: "Trolls", Stupidity: true})), eqAtk, eqMain,
			"siege: equipment: ram for Trolls (1 × 10 = 10 points): units subject to Stupidity may not have it (ES-EQA-RAM-1/4, [A-56])\n" +
				"hint: give it to a unit not subject to Stupidity"},
		{"D-47 a second ram for one unit", eqDecl(eqUnit(eqLine(ItemRam, 1), Unit{Name: "Halberdiers"}), eqUnit(eqLine(ItemRam, 1), Unit{Name: "halberdiers"})), eqAtk, eqMain,
			"siege: equipment: ram for halberdiers (1 × 10 = 10 points): one ram, of either kind, per unit (ES-EQA-RAM-1, [A-59])\n" +
				"hint: give each ram to a different unit"},
		{"[A-59] a ram and a covered ram for one unit", eqDecl(eqUnit(eqLine(ItemRam, 1), Unit{Name: "Orcs"}), eqUnit(eqLine(ItemCoveredRam, 1), Unit{Name: "Orcs"})), eqAtk, eqMain,
			"siege: equipment: covered ram for Orcs (1 × 50 = 50 points): one ram, of either kind, per unit (ES-EQA-RAM-1, [A-59])\n" +
				"hint: give each ram to a different unit"},
		{"ES-EQA-RAM-1 two rams on one line for one unit", eqDecl(eqUnit(eqLine(ItemRam, 2), Unit{Name: "Orcs"})), eqAtk, eqMain,
			"siege: equipment: ram for Orcs (2 × 10 = 20 points): one ram, of either kind, per unit (ES-EQA-RAM-1, [A-59])\n" +
				"hint: give each ram to a different unit"},
		{"D-33 ram for 3 infantry", eqDecl(eqUnit(eqLine(ItemRam, 1), Unit{Name: "A", Models: 3, Type: TroopInfantry})), eqAtk, eqMain,
			"siege: equipment: ram for A (1 × 10 = 10 points): it needs 4 models of infantry or 2 of monstrous infantry, the unit has 3 (ES-EQA-RAM-1/4, [A-56])\n" +
				"hint: give it to a larger unit"},
		{"D-33 ram for 1 monstrous infantry", eqDecl(eqUnit(eqLine(ItemRam, 1), Unit{Name: "A", Models: 1, Type: TroopMonstrousInfantry})), eqAtk, eqMain,
			"siege: equipment: ram for A (1 × 10 = 10 points): it needs 4 models of infantry or 2 of monstrous infantry, the unit has 1 (ES-EQA-RAM-1/4, [A-56])\n" +
				"hint: give it to a larger unit"},
		{"[A-56] ram for cavalry", eqDecl(eqUnit(eqLine(ItemRam, 1), Unit{Name: "Knights", Type: TroopCavalry})), eqAtk, eqMain,
			"siege: equipment: ram for Knights (1 × 10 = 10 points): cavalry may not have it, only infantry or monstrous infantry (ES-EQA-RAM-1/4, [A-56])\n" +
				"hint: give it to an infantry or monstrous infantry unit"},
		{"ES-EQA-CRAM-1 covered ram for 5 infantry", eqDecl(eqUnit(eqLine(ItemCoveredRam, 1), Unit{Name: "A", Models: 5, Type: TroopInfantry})), eqAtk, eqMain,
			"siege: equipment: covered ram for A (1 × 50 = 50 points): it needs 6 models of infantry or 6 of monstrous infantry, the unit has 5 (ES-EQA-CRAM-1, [A-58], [A-59])\n" +
				"hint: give it to a larger unit"},
		{"[A-58] covered ram for 5 monstrous infantry", eqDecl(eqUnit(eqLine(ItemCoveredRam, 1), Unit{Name: "A", Models: 5, Type: TroopMonstrousInfantry})), eqAtk, eqMain,
			"siege: equipment: covered ram for A (1 × 50 = 50 points): it needs 6 models of infantry or 6 of monstrous infantry, the unit has 5 (ES-EQA-CRAM-1, [A-58], [A-59])\n" +
				"hint: give it to a larger unit"},
		{"[A-59] covered ram for Stupidity", eqDecl(eqUnit(eqLine(ItemCoveredRam, 1), Unit{Name: "A", Stupidity: true})), eqAtk, eqMain,
			"siege: equipment: covered ram for A (1 × 50 = 50 points): units subject to Stupidity may not have it (ES-EQA-CRAM-1, [A-58], [A-59])\n" +
				"hint: give it to a unit not subject to Stupidity"},
		{"ES-EQA-ST-1 skirmishers may not push a tower", eqDecl(eqUnit(eqLine(ItemWoodenTower, 1), Unit{Name: "A", Skirmishers: true})), eqAtk, eqMain,
			"siege: equipment: wooden siege tower for A (1 × 100 = 100 points): skirmishers may not have it (ES-EQA-ST-1/4, [A-60])\n" +
				"hint: give it to a unit that does not skirmish"},
		{"V-06 beasts only for engines", eqDecl(eqBeasts(eqLine(ItemRam, 1), 1)), eqAtk, eqMain,
			"siege: equipment: ram (1 × 10 + 1 × 20 draught beasts = 30 points): no draught beasts for it (V-06)\n" +
				"hint: only covered rams and siege towers take draught beasts"},
		{"V-06 one team of beasts per engine", eqDecl(eqBeasts(eqLine(ItemCoveredRam, 1), 2)), eqAtk, eqMain,
			"siege: equipment: covered ram (1 × 50 + 2 × 20 draught beasts = 90 points): 2 draught beasts for 1 engines\n" +
				"hint: give beasts to at most every engine of the line"},
		{"V-06 beasts alone", eqDecl(eqLine(ItemDraughtBeasts, 1)), eqAtk, eqMain,
			"siege: equipment: draught beasts (1 × 20 = 20 points): draught beasts go with a covered ram or a siege tower (V-06)\n" +
				"hint: write them on the engine's line: `covered-ram 1 with beasts`"},
		{"[A-64] props not in use", eqDecl(eqLine(ItemProps, 1)), eqDfn, eqMain,
			"siege: equipment: props (1 × 0 = 0 points): not in use ([A-64])\nhint: props are an IT rule this campaign does not use; ask the moderator"},
		{"only cauldrons go to a section", eqDecl(eqAt(eqLine(ItemRam, 1), "W2")), eqAtk, eqMain,
			"siege: equipment: ram at W2 (1 × 10 = 10 points): it does not go to a wall section\nhint: leave out the section: only cauldrons go to a wall section"},
		{"the gate goes to no unit", eqDecl(eqUnit(eqLine(ItemReinforcedGate, 1), Unit{Name: "Guard"})), eqDfn, eqMain,
			"siege: equipment: reinforced gate for Guard (1 × 20 = 20 points): it does not go to a unit\nhint: leave out the unit"},
		{"count 0", eqDecl(eqLine(ItemRam, 0)), eqAtk, eqMain,
			"siege: equipment: ram (0 × 10 = 0 points): the count must be 1 to 999\nhint: leave out what you do not want"},
		{"unknown item", eqDecl(eqLine("catapult", 1)), eqAtk, eqMain,
			"siege: equipment: catapult (1 × 0 = 0 points): not an item of the siege-equipment catalogue\nhint: the items are " + itemList()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Validate(c.d, c.side, c.role, 5000, eqFourWalls(t))
			if err == nil || campaign.ErrorText(err) != c.want {
				t.Errorf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}

// TestEquipmentBudgetBoundary: D19 ⌊15% × points⌋; exactly 15% passes, one
// point over fails, naming the line that crosses the budget.
func TestEquipmentBudgetBoundary(t *testing.T) {
	tower := eqDecl(eqLine(ItemLadders, 4), eqLine(ItemCoveredRam, 1), eqLine(ItemWoodenTower, 1)) // 150
	if b, err := Validate(tower, eqAtk, eqMain, 1000, nil); err != nil || b.Total != 150 || b.Budget != 150 {
		t.Errorf("150 points of 1000: %+v, %v; want valid at exactly 15%%", b, err)
	}
	_, err := Validate(tower, eqAtk, eqMain, 999, nil)
	want := "siege: equipment: wooden siege tower (1 × 100 = 100 points): over the budget of 149 by 1\n" +
		"hint: the equipment comes to 150 points; the main attacker may spend ⌊15% × 999⌋ = 149 (D19, [A74]): leave out 1 points"
	if err == nil || campaign.ErrorText(err) != want {
		t.Errorf("150 points of 999:\ngot  %v\nwant %s", err, want)
	}
	// D-45's 200 points: 15% of 1334 is 200.1, of 1333 199.95.
	d45 := eqDecl(eqLine(ItemIronTower, 1), eqBeasts(eqLine(ItemCoveredRam, 1), 1))
	if _, err := Validate(d45, eqAtk, eqMain, 1334, nil); err != nil {
		t.Errorf("D-45 at 1334 points: %v", err)
	}
	_, err = Validate(d45, eqAtk, eqMain, 1333, nil)
	want = "siege: equipment: covered ram (1 × 50 + 1 × 20 draught beasts = 70 points): over the budget of 199 by 1\n" +
		"hint: the equipment comes to 200 points; the main attacker may spend ⌊15% × 1333⌋ = 199 (D19, [A74]): leave out 1 points"
	if err == nil || campaign.ErrorText(err) != want {
		t.Errorf("D-45 at 1333 points:\ngot  %v\nwant %s", err, want)
	}
	gate := eqDecl(eqLine(ItemReinforcedGate, 1), eqLine(ItemCauldron, 2))
	_, err = Validate(gate, eqDfn, eqMain, 400, nil) // budget 60, cost 70
	want = "siege: equipment: cauldron of boiling oil (2 × 25 = 50 points): over the budget of 60 by 10\n" +
		"hint: the equipment comes to 70 points; the main defender may spend ⌊15% × 400⌋ = 60 (D19, [A74]): leave out 10 points"
	if err == nil || campaign.ErrorText(err) != want {
		t.Errorf("defender over budget:\ngot  %v\nwant %s", err, want)
	}
}

// TestNoCeilingReadingSettledByD19: §8.4 V-01 says no source sets a
// budget; D19 settles it at 15%, so ES's "no ceiling" is not followed.
func TestNoCeilingReadingSettledByD19(t *testing.T) {
	d := eqDecl(eqLine(ItemIronTower, 1), eqLine(ItemCoveredRam, 1)) // 180: within any army's points
	_, err := Validate(d, eqAtk, eqMain, 1000, nil)
	if err == nil || !strings.Contains(campaign.ErrorText(err), "over the budget of 150 by 30") {
		t.Errorf("got %v, want the D19 budget of 150 enforced", err)
	}
}

// TestReinforcementsKit: D19, [A73]: reinforcements buy nothing, but the
// attacker's count as having ladders and grapnels (ropes).
func TestReinforcementsKit(t *testing.T) {
	b, err := Validate(eqDecl(eqLine(ItemLadders, 1), eqLine(ItemGrapnels, 1)), eqAtk, eqRein, 1000, nil)
	if err != nil || b.Budget != 0 || b.Total != 0 {
		t.Fatalf("attacker's reinforcement declaring its free kit: %+v, %v", b, err)
	}
	if !reflect.DeepEqual(b.Automatic, []ItemID{ItemLadders, ItemGrapnels}) {
		t.Errorf("attacker's reinforcement kit %v", b.Automatic)
	}
	if got := AutomaticKit(eqDfn); !reflect.DeepEqual(got, []ItemID{ItemRocks}) {
		t.Errorf("defender's kit %v, want rocks (ES-EQD-09)", got)
	}
	d, err := ParseEquipment("cuerdas y escaleras") // [A73]'s own words
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Validate(d, eqAtk, eqRein, 800, nil); err != nil {
		t.Errorf("«cuerdas y escaleras» for a reinforcement: %v", err)
	}
	_, err = Validate(eqDecl(eqLine(ItemRam, 1), eqLine(ItemCauldron, 1)), eqAtk, eqRein, 1000, nil)
	if err == nil || strings.Count(campaign.ErrorText(err), "siege: equipment:") != 2 {
		t.Errorf("every problem is reported: %v", err)
	}
}

func TestValidateRulesAndSides(t *testing.T) {
	r := EquipmentRules{CoveredRamMonstrous: 3, Props: true}
	d := eqDecl(eqUnit(eqLine(ItemCoveredRam, 1), Unit{Name: "Ogres", Models: 3, Type: TroopMonstrousInfantry}))
	if _, err := r.Validate(d, eqAtk, eqMain, 1000, nil); err != nil {
		t.Errorf("[A-58] configured to 3 monstrous infantry: %v", err)
	}
	if _, err := r.Validate(eqDecl(eqUnit(eqLine(ItemProps, 1), Unit{Name: "Spears"})), eqDfn, eqMain, 1000, nil); err != nil {
		t.Errorf("[A-64] props enabled: %v", err)
	}
	if _, err := Validate(eqDecl(), campaign.Draw, eqMain, 1000, nil); err == nil ||
		campaign.ErrorText(err) != `siege: equipment: side "draw" is neither the attacker nor the defender` {
		t.Errorf("side draw: %v", err)
	}
	if _, err := Validate(eqDecl(), eqAtk, "reserve", 1000, nil); err == nil ||
		campaign.ErrorText(err) != `siege: equipment: role "reserve" is neither main nor reinforcement` {
		t.Errorf("role reserve: %v", err)
	}
}

// TestTowerPushersShort: ES-EQA-ST-4, [A-60]: fewer pushers only slow the
// tower, so the sheet notes it and the order stands.
func TestTowerPushersShort(t *testing.T) {
	d := eqDecl(eqUnit(eqLine(ItemWoodenTower, 1), Unit{Name: "Spears", Models: 7, Type: TroopInfantry}))
	b, err := Validate(d, eqAtk, eqMain, 1000, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := `wooden siege tower for Spears: 7 models push it, 3 short: Movement −3" (ES-EQA-ST-1/4, [A-60])`
	if len(b.Notes) != 1 || b.Notes[0] != want {
		t.Errorf("notes %q, want %q", b.Notes, want)
	}
}

// TestBillForTheSheet: §2.4 items 2 (gate, cauldron positions) and 6
// (engines for the pre-battle moves).
func TestBillForTheSheet(t *testing.T) {
	d, err := ParseEquipment("reinforced gate, cauldron 2 at W1 W3, caldero")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Validate(d, eqDfn, eqMain, 1000, eqFourWalls(t))
	if err != nil {
		t.Fatal(err)
	}
	if !b.GateReinforced() || !reflect.DeepEqual(b.CauldronSections(), []string{"W1", "W3"}) || b.Count(ItemCauldron) != 3 {
		t.Errorf("gate %v, cauldrons %v (%d)", b.GateReinforced(), b.CauldronSections(), b.Count(ItemCauldron))
	}
	d, err = ParseEquipment("wooden-tower 2 with beasts 1, covered ram with beasts, iron tower, mantlets for Crossbows, mantlets")
	if err != nil {
		t.Fatal(err)
	}
	b, err = Validate(d, eqAtk, eqMain, 3000, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := PreBattleAttacker{
		SiegeTowers: []PreBattleEngine{{ID: "ST1", DraughtBeasts: true}, {ID: "ST2"}, {ID: "ST3"}},
		CoveredRams: []PreBattleEngine{{ID: "CR1", DraughtBeasts: true}},
		Mantlets:    []string{"Crossbows", "mantlets 2"},
	}
	if got := b.PreBattleAttacker(); !reflect.DeepEqual(got, want) {
		t.Errorf("pre-battle engines\ngot  %+v\nwant %+v", got, want)
	}
	if b.Total != 2*100+20+50+20+130 {
		t.Errorf("total %d", b.Total)
	}
}

// TestParseEquipment: the forgiving syntax, in English and Spanish.
func TestParseEquipment(t *testing.T) {
	cases := []struct{ in, want string }{
		{"ladders 4, covered-ram 1, cauldron 2 at W2", "ladders 4, covered-ram 1, cauldron 2 at W2"},
		{"cauldron 2 at W2 W3", "cauldron 2 at W2 W3"},
		{"cauldron 2 at W2 and W3", "cauldron 2 at W2 W3"},
		{"cauldron 2 at W2, W3; ram", "cauldron 2 at W2 W3, ram 1"},
		{"2 calderos en la muralla 1 y la muralla 4", "cauldron 2 at W1 W4"},
		{"boiling oil @w2", "cauldron 1 at W2"},
		{"Caldero de aceite hirviendo x2 en W1/W2", "cauldron 2 at W1 W2"},
		{"puerta reforzada, 3 arietes, ariete cubierto con bestias de tiro", "reinforced-gate 1, ram 3, covered-ram 1 with beasts"},
		{"torre de asedio de madera con bestias, torre de hierro", "wooden-tower 1 with beasts, iron-tower 1"},
		{"Wooden Siege Tower ×2 with 1 draught beasts", "wooden-tower 2 with beasts 1"},
		{"covered ram 2, beasts", "covered-ram 2 with beasts"},
		{"covered ram 2 + beasts 1", "covered-ram 2 with beasts 1"},
		{"ram for the Halberdiers (20 infantry)", "ram 1 for Halberdiers (20 infantry)"},
		{"ariete para los Alabarderos de Nuln (20 infantería)", "ram 1 for Alabarderos de Nuln (20 infantry)"},
		{"ram for Bulls (3 ogres), ram for Scouts (10 infantry, skirmishers)",
			"ram 1 for Bulls (3 monstrous-infantry), ram 1 for Scouts (10 infantry skirmishers)"},
		{"ariete cubierto para Trolls (6 infantería monstruosa, estupidez)", "covered-ram 1 for Trolls (6 monstrous-infantry stupidity)"},
		{"ram (12)", "ram 1 (12)"},
		{"ram for Sword-masters of Hoeth", "ram 1 for Sword-masters of Hoeth"},
		{"ram for Knights and Squires and ladders", "ram 1 for Knights and Squires, ladders 1"},
		{"a ram and two ladders", "ram 1, ladders 2"},
		{"ladders 4 covered-ram 1", "ladders 4, covered-ram 1"},
		{"ESCALAS 4, GARFIOS, MANTELETES para Ballesteros", "ladders 4, grapnels 1, mantlets 1 for Ballesteros"},
		{"cuerdas y escaleras", "grapnels 1, ladders 1"},
		{"rocks, props", "rocks 1, props 1"},
		{"cauldron: 2, covered_ram = 1.", "cauldron 2, covered-ram 1"},
		{"cauldron\u00a0at\u200bW2", "cauldron 1 at W2"},
		{"ＲＡＭ ２", "ram 2"},
		{"", ""},
		{"none", ""},
		{"nada", ""},
	}
	for _, c := range cases {
		d, err := ParseEquipment(c.in)
		if err != nil {
			t.Errorf("ParseEquipment(%q): %v", c.in, err)
			continue
		}
		if got := d.String(); got != c.want {
			t.Errorf("ParseEquipment(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestParseEquipmentErrors(t *testing.T) {
	items := "\nhint: the items are " + itemList()
	cases := []struct{ in, want string }{
		{"catapult 2", `siege: equipment: "catapult 2": "catapult" is not an item of the siege-equipment catalogue` + items},
		{"siege tower 1", `siege: equipment: "siege tower 1": which siege tower?` +
			"\nhint: write wooden-tower (100 points) or iron-tower (130 points)"},
		{"torre de asedio", `siege: equipment: "torre de asedio": which siege tower?` +
			"\nhint: write wooden-tower (100 points) or iron-tower (130 points)"},
		{"ram 2 3", `siege: equipment: "ram 2 3": two counts (2 and 3)` + "\nhint: give each item one count"},
		{"ram 0", `siege: equipment: "ram 0": a count of 0` + "\nhint: leave out what you do not want"},
		{"ram 1000", `siege: equipment: "ram 1000": the count 1000 is more than 999` + "\nhint: write the number of items"},
		{"ram 99999999999999999999", `siege: equipment: "ram 99999999999999999999": the count 99999999999999999999 is more than 999` +
			"\nhint: write the number of items"},
		{"cauldron at", `siege: equipment: "cauldron at": "at" names no wall section` +
			"\nhint: write the sections as W1, W2…: `cauldron 2 at W1 W2`"},
		{"ram blue", `siege: equipment: "ram blue": "blue" is not understood` +
			"\nhint: after the item write its count, `at W2` for cauldrons, `with beasts`, `for UNIT (20 infantry)`"},
		{"ram with oil", `siege: equipment: "ram with oil": "with" takes only draught beasts` + "\nhint: write `covered-ram 1 with beasts`"},
		{"ram for", `siege: equipment: "ram for": "for" names no unit` + "\nhint: write `for` and the unit's name: `ram for Halberdiers`"},
		{"ram for X (20 infantry", `siege: equipment: "ram for X (20 infantry": a '(' with no ')'` + "\nhint: close the unit's profile: `(20 infantry)`"},
		{"ram for X (20 elves)", `siege: equipment: "ram for X (20 elves)": "elves" is not understood in a unit's profile` +
			"\nhint: write its models, type and rules: `(20 infantry)`, `(3 monstrous infantry)`, `(12 infantry skirmishers)`"},
		{"ram ()", `siege: equipment: "ram ()": empty brackets` + "\nhint: describe the unit: `(20 infantry)`"},
		{"ram )", `siege: equipment: "ram)": a ')' with no '(' before it` +
			"\nhint: write the unit's profile in brackets: `for Halberdiers (20 infantry)`"},
		{"(((", `siege: equipment: "(((": brackets inside brackets` + "\nhint: describe the unit in one pair of brackets"},
		{"beasts", `siege: equipment: "beasts": draught beasts go with a covered ram or a siege tower` +
			"\nhint: write them after a covered ram or siege tower: `covered-ram 1 with beasts`"},
		{"ram, beasts", `siege: equipment: "beasts": draught beasts go with a covered ram or a siege tower` +
			"\nhint: write them after a covered ram or siege tower: `covered-ram 1 with beasts`"},
		{"W2", `siege: equipment: "W2": no item named` + "\nhint: write the item's name, e.g. `ram 1`"},
		{"ram and blue", `siege: equipment: "ram and blue": "and" joins nothing` + "\nhint: separate items with commas"},
	}
	for _, c := range cases {
		_, err := ParseEquipment(c.in)
		if err == nil || campaign.ErrorText(err) != c.want {
			t.Errorf("ParseEquipment(%q)\ngot  %v\nwant %s", c.in, err, c.want)
		}
	}
	// A hopeless text stops after maxParseErrors problems.
	_, err := ParseEquipment(strings.Repeat("catapult, ", 50))
	if err == nil || strings.Count(campaign.ErrorText(err), "siege: equipment:") != maxParseErrors {
		t.Errorf("want %d problems: %v", maxParseErrors, err)
	}
	// Every bad item is reported, the good ones between them skipped.
	_, err = ParseEquipment("catapult, ram, (x), ram 0")
	if err == nil || strings.Count(campaign.ErrorText(err), "siege: equipment:") != 3 {
		t.Errorf("three problems expected: %v", err)
	}
}

// FuzzParseEquipment: no panic; every accepted text round-trips through
// its canonical form; validation never panics on what parses.
func FuzzParseEquipment(f *testing.F) {
	for _, s := range []string{
		"ladders 4, covered-ram 1, cauldron 2 at W2",
		"2 calderos en la muralla 1 y la muralla 4",
		"ram for Bulls (3 ogres), ram for Scouts (10 infantry, skirmishers)",
		"covered ram 2 + beasts 1, wooden tower x2 with beasts",
		"ariete para los Alabarderos de Nuln (20 infantería)",
		"ram for Knights and Squires and ladders", "cauldron 2 at W2, W3; ram", "ram (", "(((", "x 2 x", "W2, W3",
	} {
		f.Add(s)
	}
	castle := Layout(2000, 6, campaign.Stone)
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseEquipment(s)
		if err != nil {
			if !strings.HasPrefix(campaign.ErrorText(err), "siege: equipment: ") || !strings.Contains(campaign.ErrorText(err), "\nhint: ") {
				t.Fatalf("error without prefix or hint: %v", err)
			}
			return
		}
		again, err := ParseEquipment(d.String())
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", d.String(), s, err)
		}
		if !reflect.DeepEqual(again, d) {
			t.Fatalf("%q: %q parses back as %q", s, d.String(), again.String())
		}
		for _, side := range []campaign.Side{eqAtk, eqDfn} {
			for _, role := range []campaign.Role{eqMain, eqRein} {
				b, err := Validate(d, side, role, 2000, &castle)
				if err == nil && b.Total > b.Budget {
					t.Fatalf("%q passed over budget: %+v", s, b)
				}
			}
		}
	})
}

func BenchmarkParseAndValidate(b *testing.B) {
	text := "ladders 4, covered-ram 1 with beasts for Orcs (20 infantry), wooden tower x2, ram for Trolls (3 ogres)"
	for b.Loop() {
		d, err := ParseEquipment(text)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Validate(d, eqAtk, eqMain, 3000, nil); err != nil {
			b.Fatal(err)
		}
	}
}
