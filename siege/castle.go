package siege

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// The castle layout generator (component (c), siege-rules.md §3): a U of
// wall sections with towers between them, one gate, four courtyard
// quadrants, each part's profile (§3.7), room (§3.8), who may stand on it
// (§3.6) and what it touches (§3.9). Nothing here is random.

// BaseWallSections is the ES castle: two wall sections parallel to the
// defender's table edge and two flanks running back to it (ES-ANA-00,
// ES-SCN-01, A-06).
const BaseWallSections = 4

// MaxWallSections bounds the castle: more sections than this would not
// fit on any table, and a sheet could not print them.
const MaxWallSections = 40

// GateCrew is the fewest models the unit holding the gate's section needs
// to open or close the gate (ES-ANA-G1).
const GateCrew = 5

// GateID names the gate among the castle's elements.
const GateID = "G"

// ElementKind is what part of the castle an element is.
type ElementKind string

const (
	KindWall     ElementKind = "wall"
	KindTower    ElementKind = "tower"
	KindGate     ElementKind = "gate"
	KindQuadrant ElementKind = "quadrant"
)

// RuleSource picks which seed settles a mechanic where they conflict
// (§0.3 "ruleset selection"); ES is the default for the castle (D17, D20).
type RuleSource string

const (
	FromES RuleSource = "ES"
	FromIT RuleSource = "IT"
	FromRU RuleSource = "RU"
)

// TroopType is a troop type the rules name when they say who may stand
// where (§3.6, §3.8).
type TroopType string

const (
	TroopInfantry          TroopType = "infantry"
	TroopWarBeasts         TroopType = "war beasts"
	TroopMonstrousInfantry TroopType = "monstrous infantry"
	TroopMonstrousBeasts   TroopType = "monstrous beasts"
	TroopCavalry           TroopType = "cavalry"
	TroopChariot           TroopType = "chariots"
	TroopWarMachine        TroopType = "war machines"
)

// AllTroopTypes lists the troop types in the order the sheet prints them.
var AllTroopTypes = []TroopType{TroopInfantry, TroopWarBeasts, TroopMonstrousInfantry,
	TroopMonstrousBeasts, TroopCavalry, TroopChariot, TroopWarMachine}

// SectionProfile is a castle part's Toughness and Wounds (ES damage model,
// D17) and whether flaming hits can damage it (ES-FLAM).
type SectionProfile struct {
	T, W      int
	Flammable bool
}

func (p SectionProfile) String() string {
	if p.T == 0 {
		return "-"
	}
	s := fmt.Sprintf("T%d W%d", p.T, p.W)
	if p.Flammable {
		s += " Flammable"
	}
	return s
}

// StructureProfile is the §3.7 profile of a wall section (ES-ANA-W4), a
// tower (ES-ANA-T7) or the gate (ES-ANA-G7) of a wooden or stone castle.
// Quadrants have none, and neither has an undecided material.
func StructureProfile(k ElementKind, m campaign.Material) (SectionProfile, bool) {
	wood := map[ElementKind]SectionProfile{KindWall: {9, 11, true}, KindTower: {9, 14, true}, KindGate: {7, 7, true}}
	stone := map[ElementKind]SectionProfile{KindWall: {10, 12, false}, KindTower: {10, 15, false}, KindGate: {8, 7, false}}
	var p SectionProfile
	var ok bool
	switch m {
	case campaign.Wood:
		p, ok = wood[k]
	case campaign.Stone:
		p, ok = stone[k]
	}
	return p, ok
}

// Room is one place on a castle element where troops stand, with the
// limits §3.8 gives. A zero limit means the rules set none ("as many as fit",
// "space permitting", "not stated").
type Room struct {
	Place       string      // "wall walk", "top", "inside", "tower", "gateway", "courtyard"
	Units       int         // most units at once
	Models      int         // most infantry or war-beast models
	Monstrous   int         // most monstrous-infantry or monstrous-beast models
	WarMachines int         // most war machines
	EitherOr    bool        // one war machine or one unit, not both (IT-PRT-T1)
	Ranks       string      // on walls: RanksAsFit (ES-ANA-W3) or RanksOne (IT-PRT-W1); "" elsewhere
	Cauldrons   int         // most cauldrons of boiling oil (ES-EQD-02)
	Troops      []TroopType // who may stand here
	Rules       string      // the rule ids behind these limits
}

// Allows says whether troops of that type may stand here (§3.6).
func (r Room) Allows(t TroopType) bool {
	return slices.Contains(r.Troops, t)
}

// Fits says whether one unit of n models of that type may stand here
// (ES-MOV-05, D-36); for war machines n counts machines.
func (r Room) Fits(t TroopType, n int) bool {
	if n <= 0 || !r.Allows(t) {
		return false
	}
	switch t {
	case TroopInfantry, TroopWarBeasts:
		return r.Models == 0 || n <= r.Models
	case TroopMonstrousInfantry, TroopMonstrousBeasts:
		return r.Monstrous == 0 || n <= r.Monstrous
	case TroopWarMachine:
		return r.WarMachines == 0 || n <= r.WarMachines
	}
	return true
}

func (r Room) String() string {
	var parts []string
	switch {
	case r.EitherOr:
		parts = append(parts, fmt.Sprintf("%d war machine or %d unit", r.WarMachines, r.Units))
	case r.Units > 0:
		parts = append(parts, plural(r.Units, "unit"))
	}
	switch {
	case r.Models > 0:
		parts = append(parts, fmt.Sprintf("%d infantry or war beasts, or %d monstrous infantry or monstrous beasts", r.Models, r.Monstrous))
	case r.Ranks == RanksOne:
		parts = append(parts, "one rank (the rest wait in the courtyard, in contact)")
	case r.Ranks == RanksAsFit:
		parts = append(parts, "as many ranks as fit")
	default:
		parts = append(parts, "no model limit in the rules")
	}
	if r.WarMachines > 0 && !r.EitherOr {
		parts = append(parts, "at most "+plural(r.WarMachines, "war machine"))
	}
	if r.Cauldrons > 0 {
		parts = append(parts, "at most "+plural(r.Cauldrons, "cauldron"))
	}
	return fmt.Sprintf("%s: %s; may hold %s [%s]", r.Place, strings.Join(parts, "; "), troopList(r.Troops), r.Rules)
}

// How many ranks a unit on a wall may stand in (C-02).
const (
	RanksAsFit = "as many as fit"
	RanksOne   = "one"
)

// Room places.
const (
	PlaceWallWalk  = "wall walk"
	PlaceTop       = "top"
	PlaceInside    = "inside"
	PlaceTower     = "tower"
	PlaceGateway   = "gateway"
	PlaceCourtyard = "courtyard"
)

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func troopList(ts []TroopType) string {
	if len(ts) == len(AllTroopTypes) {
		return "any troops"
	}
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}

// CastleElement is one wall section, tower, the gate or a courtyard
// quadrant.
type CastleElement struct {
	ID       string // W1…Wn, T1…Tn-1, G, Q1…Q4
	Kind     ElementKind
	Where    string         // as drawn, the attacker's side at the top
	Profile  SectionProfile // zero for quadrants
	Rooms    []Room         // none for the ES gate, which lies in a wall section
	Adjacent []string       // the elements it touches, in element order (§3.9)
	Victory  bool           // counts as a section for victory (ES-SCN-08)
	Within   string         // the gate: the wall section it lies in (ES-ANA-G4)
}

// LayoutRules are the settings of the layout generator. The zero value is
// not usable; start from DefaultLayoutRules.
type LayoutRules struct {
	// BasePoints is how many defending points inside the walls the base
	// castle serves; PointsPerSection more points, or part of them, add one
	// wall section and one tower (ES-SCN-02; the seeds give no number, A-03).
	BasePoints       int
	PointsPerSection int
	// WallSections fixes the number of wall sections (≥4) instead, as the
	// organiser's choice of A-03; 0 derives it from the points.
	WallSections int
	// GateIn is the wall section holding the gate, 1…n; 0 = the front
	// section left of centre.
	GateIn int
	// TowerFloors is the number of interior floors of a tower.
	TowerFloors int
	WallRanks   RuleSource // C-02: ES as many ranks as fit | IT one rank
	TowerRoom   RuleSource // C-03: ES a unit inside and one on top | IT a war machine or a unit | RU a war machine and a unit
	GateSection RuleSource // C-04: ES the gate lies in a wall section | IT, RU it is a section of its own
	Troops      RuleSource // C-06: who may stand on walls and towers
}

// DefaultLayoutRules follows ES wherever the sources conflict (D17, D20)
// and the readings of §3.9.
func DefaultLayoutRules() LayoutRules {
	return LayoutRules{BasePoints: 1000, PointsPerSection: 1000, TowerFloors: 1,
		WallRanks: FromES, TowerRoom: FromES, GateSection: FromES, Troops: FromES}
}

// Castle is a generated layout: what the siege sheet prints and what the
// table-side helpers look sections up in.
type Castle struct {
	Material       campaign.Material
	DefenderPoints int
	Value          int
	Capacity       int // points the fortifications hold (D18)
	Inside         int // defending points inside the walls
	Outside        int // defending points that deploy outside (D18)
	WallSections   int
	GateIn         string // the wall section holding the gate
	ReinforcedGate bool   // ES-EQD-01: the gate has +1 W
	Elements       []CastleElement
	Rules          LayoutRules
}

// Layout generates the castle for a defending force of that many points in
// a square of that value, with the default rules. The material is the one
// CastleMaterial decided (D20); an undecided one is decided here as for a
// square that is not a capital.
func Layout(defenderPoints, value int, material campaign.Material) Castle {
	return DefaultLayoutRules().build(defenderPoints, value, material)
}

// Layout generates the castle with these rules, or says which setting is
// wrong.
func (r LayoutRules) Layout(defenderPoints, value int, material campaign.Material) (Castle, error) {
	if err := r.check(); err != nil {
		return Castle{}, err
	}
	n := r.wallSections(inside(defenderPoints, value))
	if r.GateIn > n {
		return Castle{}, campaign.Problemf("", fmt.Sprintf("use 0 (a front section) or 1 to %d (A-08)", n),
			"siege: the gate is set in W%d, but the castle has %d wall sections", r.GateIn, n)
	}
	return r.build(defenderPoints, value, material), nil
}

func (r LayoutRules) check() error {
	var errs []error
	if r.BasePoints < 0 {
		errs = append(errs, campaign.Problemf("", "the base castle serves that many points inside the walls (A-03); use 0 or more", "siege: base castle points %d are negative", r.BasePoints))
	}
	if r.PointsPerSection <= 0 {
		errs = append(errs, campaign.Problemf("", "each such block of points inside the walls adds a wall section (ES-SCN-02, A-03)", "siege: points per extra wall section %d must be positive", r.PointsPerSection))
	}
	if r.WallSections != 0 && r.WallSections < BaseWallSections {
		errs = append(errs, campaign.Problemf("", "use 0 (from the defender's points) or 4 or more (ES-ANA-00, A-03)", "siege: %d wall sections are fewer than the base castle's %d", r.WallSections, BaseWallSections))
	}
	if r.WallSections > MaxWallSections {
		errs = append(errs, campaign.Problemf("", fmt.Sprintf("use 0 (from the defender's points) or 4 to %d (A-03)", MaxWallSections),
			"siege: %d wall sections are more than %d", r.WallSections, MaxWallSections))
	}
	if r.GateIn < 0 {
		errs = append(errs, campaign.Problemf("", "use 0 (a front section) or a wall section number from 1 (A-08)", "siege: the gate is set in W%d", r.GateIn))
	}
	if r.TowerFloors < 1 {
		errs = append(errs, campaign.Problemf("", "use 1 or more (A-11)", "siege: towers with %d interior floors", r.TowerFloors))
	}
	errs = append(errs, checkSource("wall ranks", "C-02", r.WallRanks, FromES, FromIT),
		checkSource("tower room", "C-03", r.TowerRoom, FromES, FromIT, FromRU),
		checkSource("gate section", "C-04", r.GateSection, FromES, FromIT, FromRU),
		checkSource("troops on walls and towers", "C-06", r.Troops, FromES, FromIT, FromRU))
	return errors.Join(errs...)
}

func checkSource(what, conflict string, s RuleSource, allowed ...RuleSource) error {
	names := make([]string, len(allowed))
	for i, a := range allowed {
		if s == a {
			return nil
		}
		names[i] = string(a)
	}
	return campaign.Problemf("", fmt.Sprintf("use %s (%s)", strings.Join(names, " or "), conflict), "siege: %s from %q", what, string(s))
}

// inside is how many defending points stand inside the walls (D18).
func inside(points, value int) int { return min(max(points, 0), Capacity(value)) }

// wallSections: the base castle, plus one section per PointsPerSection
// points (or part) inside the walls beyond BasePoints (ES-SCN-02, A-03),
// at most MaxWallSections.
func (r LayoutRules) wallSections(inside int) int {
	if r.WallSections > 0 {
		return r.WallSections
	}
	extra := 0
	if more := inside - r.BasePoints; more > 0 {
		extra = (more-1)/r.PointsPerSection + 1
	}
	return BaseWallSections + min(extra, MaxWallSections-BaseWallSections)
}

// defaultGate is the front section left of centre (A-08: a front section,
// since ES-ANA-G6 has the gate facing the enemy; §3.9: W2 or W3).
func defaultGate(n int) int { return 2 + (n-3)/2 }

func (r LayoutRules) build(defenderPoints, value int, material campaign.Material) Castle {
	if material != campaign.Wood && material != campaign.Stone {
		material = CastleMaterial(nil, value, false)
	}
	in := inside(defenderPoints, value)
	n := r.wallSections(in)
	gate := r.GateIn
	if gate == 0 {
		gate = defaultGate(n)
	}
	c := Castle{Material: material, DefenderPoints: defenderPoints, Value: value,
		Capacity: Capacity(value), Inside: in, Outside: Outside(defenderPoints, value),
		WallSections: n, GateIn: wallID(gate), Rules: r}
	shapes := planShapes(n, gate)
	for _, s := range circuitOrder(shapes) {
		c.Elements = append(c.Elements, r.element(s, c))
	}
	for i := range c.Elements {
		c.Elements[i].Adjacent = touching(shapes, c.Elements[i].ID)
	}
	return c
}

func wallID(i int) string  { return fmt.Sprintf("W%d", i) }
func towerID(i int) string { return fmt.Sprintf("T%d", i) }

// circuitOrder lists the shapes as the castle's elements are listed: round
// the circuit from the left flank to the right (§3.9), then the gate, then
// the quadrants.
func circuitOrder(shapes []PlanShape) []PlanShape {
	byID := map[string]PlanShape{}
	for _, s := range shapes {
		byID[s.ID] = s
	}
	var out []PlanShape
	for i := 1; byID[wallID(i)].ID != ""; i++ {
		out = append(out, byID[wallID(i)])
		if t, ok := byID[towerID(i)]; ok {
			out = append(out, t)
		}
	}
	out = append(out, byID[GateID])
	for _, s := range shapes {
		if s.Kind == KindQuadrant {
			out = append(out, s)
		}
	}
	return out
}

func (r LayoutRules) element(s PlanShape, c Castle) CastleElement {
	e := CastleElement{ID: s.ID, Kind: s.Kind, Where: s.Where, Victory: true}
	e.Profile, _ = StructureProfile(s.Kind, c.Material)
	switch s.Kind {
	case KindWall:
		e.Rooms = []Room{r.wallWalk()}
	case KindTower:
		e.Rooms = r.towerRooms()
	case KindGate:
		e.Within = c.GateIn
		e.Where = "in " + c.GateIn
		e.Victory = r.GateSection != FromES // C-04, A-05
		e.Rooms = r.gateRooms()
	case KindQuadrant:
		e.Rooms = []Room{{Place: PlaceCourtyard, Troops: AllTroopTypes, Rules: "ES-ANA-C1"}}
	}
	return e
}

// wallWalk: ranks by C-02, one cauldron per section (ES-EQD-02), troops by
// C-06.
func (r LayoutRules) wallWalk() Room {
	room := Room{Place: PlaceWallWalk, Ranks: RanksAsFit, Cauldrons: 1, Troops: r.troops(KindWall, PlaceWallWalk)}
	ranks := "ES-ANA-W3"
	if r.WallRanks == FromIT {
		room.Ranks, ranks = RanksOne, "IT-PRT-W1"
	}
	room.Rules = cite(ranks, "ES-EQD-02", r.troopRule(KindWall))
	return room
}

func (r LayoutRules) towerRooms() []Room {
	switch r.TowerRoom {
	case FromIT:
		return []Room{{Place: PlaceTower, Units: 1, WarMachines: 1, EitherOr: true,
			Troops: r.troops(KindTower, PlaceTop), Rules: cite("IT-PRT-T1", r.troopRule(KindTower))}}
	case FromRU:
		return []Room{{Place: PlaceTower, Units: 1, WarMachines: 1,
			Troops: r.troops(KindTower, PlaceTop), Rules: cite("RU-TWR-01", r.troopRule(KindTower))}}
	}
	return []Room{
		{Place: PlaceTop, Units: 1, Models: 30, Monstrous: 9, WarMachines: 1,
			Troops: r.troops(KindTower, PlaceTop), Rules: cite("ES-MOV-05", "ES-ANA-T1", "ES-ANA-T6", r.troopRule(KindTower))},
		{Place: PlaceInside, Units: 1, Models: 20 * r.TowerFloors, Monstrous: 6 * r.TowerFloors,
			Troops: r.troops(KindTower, PlaceInside), Rules: cite("ES-MOV-05", "ES-ANA-T1", "A-11 ("+plural(r.TowerFloors, "floor")+")", "A-16", r.troopRule(KindTower))},
	}
}

// gateRooms: none in ES, where units hold the wall section the gate lies
// in; a section like a wall in IT (IT-PRT-G1); a war machine and a unit in
// RU (RU-TWR-01).
func (r LayoutRules) gateRooms() []Room {
	switch r.GateSection {
	case FromIT:
		room := r.wallWalk()
		room.Place, room.Cauldrons, room.Rules = PlaceGateway, 0, cite("IT-PRT-G1", r.troopRule(KindWall))
		return []Room{room}
	case FromRU:
		return []Room{{Place: PlaceGateway, Units: 1, WarMachines: 1,
			Troops: r.troops(KindWall, PlaceWallWalk), Rules: cite("RU-TWR-01", "RU-MOV-01", r.troopRule(KindWall))}}
	}
	return nil
}

// troopRule is the rule saying who may stand on that kind of part (C-06).
func (r LayoutRules) troopRule(k ElementKind) string {
	switch {
	case r.Troops == FromIT:
		return "IT-PRT-U1"
	case r.Troops == FromRU:
		return "RU-MOV-04"
	case k == KindTower:
		return "ES-MOV-05"
	}
	return "ES-ANA-W3"
}

// cite joins rule ids, each once.
func cite(ids ...string) string {
	var out []string
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return strings.Join(out, ", ")
}

// troops: who may stand there (§3.6, C-06). ES walls take anything but
// chariots and cavalry (ES-ANA-W3); ES towers the four types ES-MOV-05
// gives room for, and a war machine on top only (ES-ANA-T6). IT: infantry
// and monstrous infantry, and a war machine on a tower (IT-PRT-U1,
// IT-PRT-T1). RU: any unit (RU-MOV-04).
func (r LayoutRules) troops(k ElementKind, place string) []TroopType {
	switch r.Troops {
	case FromRU:
		return AllTroopTypes
	case FromIT:
		if k == KindTower {
			return []TroopType{TroopInfantry, TroopMonstrousInfantry, TroopWarMachine}
		}
		return []TroopType{TroopInfantry, TroopMonstrousInfantry}
	}
	four := []TroopType{TroopInfantry, TroopWarBeasts, TroopMonstrousInfantry, TroopMonstrousBeasts}
	switch {
	case k == KindWall:
		return append(four, TroopWarMachine)
	case place == PlaceInside:
		return four
	}
	return append(four, TroopWarMachine)
}

// Element finds an element by id.
func (c Castle) Element(id string) (CastleElement, bool) {
	for _, e := range c.Elements {
		if e.ID == id {
			return e, true
		}
	}
	return CastleElement{}, false
}

// Count is how many elements of that kind the castle has.
func (c Castle) Count(k ElementKind) int {
	n := 0
	for _, e := range c.Elements {
		if e.Kind == k {
			n++
		}
	}
	return n
}

// VictorySections lists the sections counted for victory (ES-SCN-08):
// every wall, every tower, the four quadrants, and the gate only where it
// is a section of its own (C-04).
func (c Castle) VictorySections() []string {
	var ids []string
	for _, e := range c.Elements {
		if e.Victory {
			ids = append(ids, e.ID)
		}
	}
	return ids
}

// CauldronSlots is how many cauldrons the defender may buy: one per wall
// section (ES-EQD-02, V-03).
func (c Castle) CauldronSlots() int { return c.Count(KindWall) }

// WithReinforcedGate is the castle after the defender bought a Reinforced
// gate: the gate has +1 W (ES-EQD-01, §3.7).
func (c Castle) WithReinforcedGate() Castle {
	if c.ReinforcedGate {
		return c
	}
	c.ReinforcedGate = true
	c.Elements = append([]CastleElement(nil), c.Elements...)
	for i := range c.Elements {
		if c.Elements[i].Kind == KindGate {
			c.Elements[i].Profile.W++
		}
	}
	return c
}

// Plan geometry, in plan units (a tower is 2 × 2): schematic, since the
// seeds give no dimensions. The front wall runs along y = 0 facing the
// attacker; the flanks run back to the defender's table edge at y = Height
// . The courtyard is split by its two centre lines.
const (
	towerSide  = 2.0
	wallThick  = 1.0
	frontWall  = 6.0
	flankWall  = 9.0
	gateLength = 2.0
)

// CastlePlan is the castle's geometry for a drawer that knows no rules:
// rectangles in plan units, x to the right, y from the attacker's side
// (y = 0) down to the defender's table edge (y = Height).
type CastlePlan struct {
	Width, Height float64
	Shapes        []PlanShape // in drawing order: quadrants, walls, towers, gate
}

// PlanShape is one element's rectangle.
type PlanShape struct {
	ID         string
	Kind       ElementKind
	Where      string
	X, Y, W, H float64
}

// Plan gives the castle's geometry.
func (c Castle) Plan() CastlePlan {
	n := c.WallSections
	gate, err := strconv.Atoi(strings.TrimPrefix(c.GateIn, "W"))
	if err != nil || n < BaseWallSections || gate < 1 || gate > n {
		return CastlePlan{} // not a generated castle
	}
	return CastlePlan{Width: planWidth(n), Height: towerSide + flankWall, Shapes: planShapes(n, gate)}
}

func planWidth(n int) float64 {
	front := float64(n - 2)
	return 2*towerSide + front*frontWall + (front-1)*towerSide
}

// planShapes lays out n wall sections with the gate in wall section gate.
func planShapes(n, gate int) []PlanShape {
	width, height := planWidth(n), towerSide+flankWall
	cx, cy := width/2, (wallThick+height)/2
	inner := []PlanShape{
		{ID: "Q1", Kind: KindQuadrant, Where: "front left", X: wallThick, Y: wallThick, W: cx - wallThick, H: cy - wallThick},
		{ID: "Q2", Kind: KindQuadrant, Where: "front right", X: cx, Y: wallThick, W: width - wallThick - cx, H: cy - wallThick},
		{ID: "Q3", Kind: KindQuadrant, Where: "rear left", X: wallThick, Y: cy, W: cx - wallThick, H: height - cy},
		{ID: "Q4", Kind: KindQuadrant, Where: "rear right", X: cx, Y: cy, W: width - wallThick - cx, H: height - cy},
	}
	walls := []PlanShape{{ID: wallID(1), Kind: KindWall, Where: "left flank", X: 0, Y: towerSide, W: wallThick, H: flankWall}}
	towers := []PlanShape{{ID: towerID(1), Kind: KindTower, Where: "left corner", X: 0, Y: 0, W: towerSide, H: towerSide}}
	x := towerSide
	for i := 2; i < n; i++ {
		walls = append(walls, PlanShape{ID: wallID(i), Kind: KindWall, Where: "front", X: x, Y: 0, W: frontWall, H: wallThick})
		x += frontWall
		where := "front"
		if i == n-1 {
			where = "right corner"
		}
		towers = append(towers, PlanShape{ID: towerID(i), Kind: KindTower, Where: where, X: x, Y: 0, W: towerSide, H: towerSide})
		x += towerSide
	}
	walls = append(walls, PlanShape{ID: wallID(n), Kind: KindWall, Where: "right flank", X: width - wallThick, Y: towerSide, W: wallThick, H: flankWall})
	g := walls[gate-1]
	door := PlanShape{ID: GateID, Kind: KindGate, Where: "in " + g.ID, X: g.X, Y: g.Y, W: g.W, H: g.H}
	if g.W > g.H {
		door.X, door.W = g.X+(g.W-gateLength)/2, gateLength
	} else {
		door.Y, door.H = g.Y+(g.H-gateLength)/2, gateLength
	}
	return append(append(append(inner, walls...), towers...), door)
}

// touches: the rectangles share an edge of some length or overlap; a
// common corner point is not contact (like D3's orthogonal adjacency).
func (a PlanShape) touches(b PlanShape) bool {
	ox := min(a.X+a.W, b.X+b.W) - max(a.X, b.X)
	oy := min(a.Y+a.H, b.Y+b.H) - max(a.Y, b.Y)
	return ox >= 0 && oy >= 0 && ox+oy > 0
}

// touching lists, in element order, what the element touches on the
// plan: the wall–tower chain, the gate and its wall section, and the
// quadrants each part borders (the reading of §3.9, A-09).
func touching(shapes []PlanShape, id string) []string {
	var me PlanShape
	for _, s := range shapes {
		if s.ID == id {
			me = s
		}
	}
	var out []string
	for _, s := range circuitOrder(shapes) {
		if s.ID != id && s.touches(me) {
			out = append(out, s.ID)
		}
	}
	return out
}
