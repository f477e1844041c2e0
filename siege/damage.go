package siege

// The damage roller (component (e), siege-rules.md §7): attacks against the
// walls, towers and gate of one siege, resolved either with the ES T/W
// profiles (§7.1, the default, D17) or with the IT damage tables (§7.2–§7.3,
// setting siege.damage_model = "tables"), keeping each part's state across
// calls as §7.4 describes.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// DamageModel selects how attacks on the castle are resolved (D17, [C-18]).
type DamageModel string

const (
	ModelProfiles DamageModel = "profiles" // ES: to-wound rolls against T, wounds off W (§7.1)
	ModelTables   DamageModel = "tables"   // IT: 2D6 + Strength + wounds against a table (§7.2)
)

// FireMarkerMode says how fire markers build up on a burning gate ([A-45]).
type FireMarkerMode string

const (
	MarkersPerTurn     FireMarkerMode = "per_turn"     // one more marker each battle turn (default)
	MarkersPerIgnition FireMarkerMode = "per_ignition" // one marker per successful ignition
)

// SiegeTurns is how long the scenario lasts (ES-SCN-07): damage is rolled
// in battle turns 1 to 7.
const SiegeTurns = 7

// PartKind is what a castle part is: the three kinds that can be damaged
// (ES-ATK-03, IT-DMG-02) and have their own table (§7.3).
type PartKind string

const (
	PartWall  PartKind = "wall"
	PartTower PartKind = "tower"
	PartGate  PartKind = "gate"
)

// Part is one castle part that can be attacked, as the castle layout
// describes it: its id (W1, T2, G…), kind and ES profile (§3.7). Gate, on
// a wall, names the gate that stands in it (ES-ANA-G4).
type Part struct {
	ID        string   `json:"id"`
	Kind      PartKind `json:"kind"`
	Toughness int      `json:"toughness"`
	Wounds    int      `json:"wounds"`
	Flammable bool     `json:"flammable,omitempty"` // ES-FLAM: wooden parts
	Gate      string   `json:"gate,omitempty"`
}

// PartState is a part and everything done to it so far (§7.4).
type PartState struct {
	Part
	// IT tables.
	Modifier         int  `json:"modifier,omitempty"`              // Σ "+N to later rolls"
	Battlements      bool `json:"battlements_destroyed,omitempty"` // wall/tower 27–28
	Breaches         int  `json:"breaches,omitempty"`              // wall 29
	PartialCollapses int  `json:"partial_collapses,omitempty"`     // tower 29, 30+ on 1–3
	TornDown         bool `json:"torn_down,omitempty"`             // gate 22
	IgnitedTurn      int  `json:"ignited_turn,omitempty"`          // gate: first turn alight (IT-FIRE-01)
	Ignitions        int  `json:"ignitions,omitempty"`             // gate: successful ignition rolls
	PropsLost        int  `json:"props_lost,omitempty"`            // gate: ranks whose props broke ([A-47])
	PropsResisted    int  `json:"props_resisted,omitempty"`        // gate: ranks that resisted this turn
	// ES profiles.
	WoundsLost int `json:"wounds_lost,omitempty"`
	RamTurn    int `json:"ram_turn,omitempty"` // gate: the last turn a ram attacked it (ES-EQA-RAM-2)
	// Destroyed: wall or whole tower collapsed, gate destroyed (IT), or no
	// wounds left (ES, [A-37]). No further rolls are made on it.
	Destroyed bool `json:"destroyed,omitempty"`
}

// WoundsLeft is what remains of the part's ES Wounds.
func (p PartState) WoundsLeft() int { return max(p.Wounds-p.WoundsLost, 0) }

// SiegeDamage is the damage state of one siege's castle.
type SiegeDamage struct {
	Battle      string         `json:"battle,omitempty"`
	Model       DamageModel    `json:"model"`
	FireMarkers FireMarkerMode `json:"fire_markers"`
	Turn        int            `json:"turn"`    // the battle turn of the latest attack (0: none yet)
	Attacks     int            `json:"attacks"` // attacks rolled so far; a caller may key its dice on it
	Parts       []PartState    `json:"parts"`
	// DiceTurn is the campaign turn whose seed the attacks' dice come from
	// (DamageDice); 0 in a record made before siege dice were verifiable.
	DiceTurn int `json:"dice_turn,omitempty"`
	// Log is every attack rolled, with its inputs and dice, so that
	// Replay can roll them again from the castle and the turn's seed.
	Log []LoggedAttack `json:"log,omitempty"`
}

// LoggedAttack is one attack of a siege as it was rolled.
type LoggedAttack struct {
	Part   string          `json:"part"`
	Attack Attack          `json:"attack"`
	Rolls  []campaign.Roll `json:"rolls"`
}

// NewSiegeDamage starts the damage state of a castle made of parts.
func NewSiegeDamage(battle string, model DamageModel, mode FireMarkerMode, parts []Part) SiegeDamage {
	s := SiegeDamage{Battle: battle, Model: model, FireMarkers: mode}
	for _, p := range parts {
		s.Parts = append(s.Parts, PartState{Part: p})
	}
	return s
}

// CastleParts are the castle's walls, towers and gate as parts that can be
// attacked, in the layout's order, with their §3.7 profiles; a wall names
// the gate that stands in it (ES-ANA-G4).
func CastleParts(c Castle) []Part {
	var parts []Part
	gateIn := map[string]string{}
	for _, e := range c.Elements {
		if e.Kind == KindGate && e.Within != "" {
			gateIn[e.Within] = e.ID
		}
	}
	for _, e := range c.Elements {
		kind, ok := map[ElementKind]PartKind{KindWall: PartWall, KindTower: PartTower, KindGate: PartGate}[e.Kind]
		if !ok {
			continue // courtyard quadrants cannot be attacked
		}
		parts = append(parts, Part{ID: e.ID, Kind: kind, Toughness: e.Profile.T, Wounds: e.Profile.W,
			Flammable: e.Profile.Flammable, Gate: gateIn[e.ID]})
	}
	return parts
}

// Part finds a part by id (case-insensitive).
func (s SiegeDamage) Part(id string) (PartState, bool) {
	if i := s.index(id); i >= 0 {
		return s.Parts[i], true
	}
	return PartState{}, false
}

// PartIDs lists the parts in layout order.
func (s SiegeDamage) PartIDs() []string {
	ids := make([]string, len(s.Parts))
	for i, p := range s.Parts {
		ids[i] = p.ID
	}
	return ids
}

// Markers is the number of fire markers on a gate in the siege's current
// turn: +1 each on the gate table (IT-FIRE-01, [A-45]).
func (s SiegeDamage) Markers(p PartState) int { return s.markersAt(p, s.Turn) }

func (s SiegeDamage) markersAt(p PartState, turn int) int {
	if s.FireMarkers == MarkersPerIgnition {
		return p.Ignitions
	}
	if p.IgnitedTurn == 0 || turn < p.IgnitedTurn {
		return 0
	}
	return turn - p.IgnitedTurn + 1
}

func (s SiegeDamage) index(id string) int {
	return slices.IndexFunc(s.Parts, func(p PartState) bool { return strings.EqualFold(p.ID, id) })
}

func (s SiegeDamage) clone() SiegeDamage {
	s.Parts = slices.Clone(s.Parts)
	s.Log = slices.Clone(s.Log)
	return s
}

// Weapon is what attacks the castle, as the rules tell attacks apart
// (ES-ATK-01..07, ES-EQA-RAM/CRAM, IT-DMG-01..12, IT-FLY-01).
type Weapon string

const (
	WeaponCannon       Weapon = "cannon"        // direct-fire war machine (IT-DMG-04)
	WeaponStoneThrower Weapon = "stone-thrower" // catapult, mortar: round templates (IT-DMG-05)
	WeaponBoltThrower  Weapon = "bolt-thrower"  // a war machine that uses BS (IT-DMG-03)
	WeaponFlamer       Weapon = "flamer"        // a teardrop-template war machine (IT-DMG-06)
	WeaponMissile      Weapon = "missile"       // any other shooting
	WeaponSpell        Weapon = "spell"         // a spell with a Strength value (IT-DMG-12, ES-ATK-01)
	WeaponRam          Weapon = "ram"           // ES-EQA-RAM, IT-DMG-09
	WeaponCoveredRam   Weapon = "covered-ram"   // ES-EQA-CRAM: works like a ram
	WeaponMonster      Weapon = "monster"       // a Large Target in close combat (ES-ATK-07, IT-DMG-10)
	WeaponFlyer        Weapon = "flyer"         // a Large-Target flyer landing (IT-FLY-01)
)

// Weapons lists every weapon, for help texts.
var Weapons = []Weapon{WeaponCannon, WeaponStoneThrower, WeaponBoltThrower, WeaponFlamer, WeaponMissile,
	WeaponSpell, WeaponRam, WeaponCoveredRam, WeaponMonster, WeaponFlyer}

var weaponAliases = map[string]Weapon{"catapult": WeaponStoneThrower, "mortar": WeaponStoneThrower,
	"stonethrower": WeaponStoneThrower, "boltthrower": WeaponBoltThrower, "coveredram": WeaponCoveredRam}

// ParseWeapon reads a weapon name (case-insensitive; "catapult" and
// "mortar" are stone throwers).
func ParseWeapon(s string) (Weapon, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	if w, ok := weaponAliases[name]; ok {
		return w, nil
	}
	if slices.Contains(Weapons, Weapon(name)) {
		return Weapon(name), nil
	}
	names := make([]string, len(Weapons))
	for i, w := range Weapons {
		names[i] = string(w)
	}
	return "", fmt.Errorf("siege: weapon %q is not one of %s", s, strings.Join(names, ", "))
}

func (w Weapon) warMachine() bool {
	return w == WeaponCannon || w == WeaponStoneThrower || w == WeaponBoltThrower || w == WeaponFlamer
}

func (w Weapon) ram() bool { return w == WeaponRam || w == WeaponCoveredRam }

// melee attacks are made in close combat: they may nominate the gate
// (ES-ANA-G5) and are the ones props resist ([A-46]).
func (w Weapon) melee() bool { return w.ram() || w == WeaponMonster }

// shot is a hit from shooting or magic, which ES splits between a gate and
// its wall ([A-38]).
func (w Weapon) shot() bool { return w.warMachine() || w == WeaponMissile || w == WeaponSpell }

// WoundDice is the wounds one hit inflicts: a fixed number or dice (1D6 for
// a cannon, D3 …). The zero value is a single wound and, for a monster, no
// multiple wounds.
type WoundDice struct {
	Fixed int `json:"fixed,omitempty"`
	Dice  int `json:"dice,omitempty"`  // how many dice
	Sides int `json:"sides,omitempty"` // 3 or 6 (a D3 is a D6 halved, rounded up)
}

func (w WoundDice) String() string {
	switch {
	case w.Dice == 1:
		return fmt.Sprintf("D%d", w.Sides)
	case w.Dice > 1:
		return fmt.Sprintf("%dD%d", w.Dice, w.Sides)
	case w.Fixed == 0:
		return "1"
	}
	return strconv.Itoa(w.Fixed)
}

// multiple says whether the hit inflicts multiple wounds (IT-DMG-10).
func (w WoundDice) multiple() bool { return w.Dice > 0 || w.Fixed > 1 }

// MaxWoundDice and MaxFixedWounds bound what ParseWoundDice accepts.
const (
	MaxWoundDice   = 4
	MaxFixedWounds = 10
)

// ParseWoundDice reads wounds per hit: "1" … "10", "D3", "D6", "2D6" ….
func ParseWoundDice(s string) (WoundDice, error) {
	bad := fmt.Errorf("siege: wounds %q are not a number 1–%d or dice such as D3, D6, 2D6", s, MaxFixedWounds)
	t := strings.ToUpper(strings.TrimSpace(s))
	count, sides, isDice := strings.Cut(t, "D")
	if !isDice {
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 || n > MaxFixedWounds || t != strconv.Itoa(n) {
			return WoundDice{}, bad
		}
		return WoundDice{Fixed: n}, nil
	}
	n := 1
	if count != "" {
		var err error
		if n, err = strconv.Atoi(count); err != nil || count != strconv.Itoa(n) || n < 1 || n > MaxWoundDice {
			return WoundDice{}, bad
		}
	}
	if sides != "3" && sides != "6" {
		return WoundDice{}, bad
	}
	return WoundDice{Dice: n, Sides: int(sides[0] - '0')}, nil
}

// roll throws the wound dice (if any) and returns the wounds.
func (w WoundDice) roll(d *campaign.Dice, purpose string, e *Effect) int {
	if w.Dice == 0 {
		return max(w.Fixed, 1)
	}
	if w.Sides == 3 {
		purpose += halved
	}
	r := d.Roll(w.Dice, purpose)
	e.Rolls = append(e.Rolls, r)
	return dieSum(r, w.Sides)
}

// halved marks the purpose of a roll read as D3s (§0.2).
const halved = " (D3: a D6 halved, rounded up)"

// dieSum totals a roll read as D6s or as D3s (a D6 halved, rounded up).
func dieSum(r campaign.Roll, sides int) int {
	if sides != 3 {
		return r.Total()
	}
	t := 0
	for _, f := range r.Dice {
		t += (f + 1) / 2
	}
	return t
}

// Props is a unit in the courtyard, in contact with the gate and equipped
// with props (IT-PROP-01): its ranks and its base Strength.
type Props struct {
	Ranks    int `json:"ranks,omitempty"`
	Strength int `json:"strength,omitempty"`
}

// MaxPropRanks is how many ranks may roll for props (IT-PROP-01).
const MaxPropRanks = 4

// Attack is one attack against a castle part: for shooting and spells one
// hit (the to-hit roll, if any, is made at the table: IT-DMG-03..05, R-06),
// for a ram its one attack, for a monster all its attacks (ES-ATK-07), for
// a flyer its landing.
type Attack struct {
	Weapon   Weapon    `json:"weapon"`
	Strength int       `json:"strength"`          // of the hit; a ram unit's base S (IT-DMG-09); a flyer's base S
	Wounds   WoundDice `json:"wounds"`            // wounds per hit; a monster's multiple wounds
	Attacks  int       `json:"attacks,omitempty"` // a monster's Attacks, with modifiers (IT-DMG-10, ES-ATK-07)
	// Models is a ram's models: pushing it (IT-DMG-09) or in the unit
	// (ES-EQA-RAM-2, [A-57]).
	Models    int   `json:"models,omitempty"`
	Monstrous bool  `json:"monstrous,omitempty"` // the ram's unit is monstrous infantry
	Fire      bool  `json:"fire,omitempty"`      // a flaming or fire-based attack (ES-FLAM, IT-FIRE-01)
	Turn      int   `json:"turn,omitempty"`      // battle turn, 1–7; 0 = the siege's latest turn (1 at first)
	Props     Props `json:"props"`
}

// CannonStrength and CannonWounds are a cannon's hit (W-1, IT-DMG-07).
var (
	CannonStrength = 10
	CannonWounds   = WoundDice{Dice: 1, Sides: 6}
)

// WithDefaults fills in what the weapon fixes when the moderator leaves
// it out: a cannon without a Strength hits at S10, and then with D6
// wounds unless others are given.
func (a Attack) WithDefaults() Attack {
	if a.Weapon == WeaponCannon && a.Strength == 0 {
		a.Strength = CannonStrength
		if a.Wounds == (WoundDice{}) {
			a.Wounds = CannonWounds
		}
	}
	return a
}

// Term is one part of an IT damage total.
type Term struct {
	Label string `json:"label"`
	Value int    `json:"value"`
}

// Text is a rule's effect in English and Spanish.
type Text struct {
	EN string `json:"en"`
	ES string `json:"es"`
}

// In gives the text in a language ("es" or anything else for English).
func (t Text) In(lang string) string {
	if lang == "es" {
		return t.ES
	}
	return t.EN
}

// Effect is what one attack did: every die thrown, the total and the table
// row (IT) or the to-wound rolls and wounds (ES), with the rule's text.
type Effect struct {
	Part  string          `json:"part"` // the part hit (after ES-ANA-G4)
	Kind  PartKind        `json:"kind"`
	Model DamageModel     `json:"model"`
	Turn  int             `json:"turn"`
	Rolls []campaign.Roll `json:"rolls"`
	// IT tables.
	Terms    []Term `json:"terms,omitempty"`
	Total    int    `json:"total,omitempty"`
	Row      string `json:"row,omitempty"`      // the table row hit: "23-24", "30+ (4-6)" …
	Modifier int    `json:"modifier,omitempty"` // added to later rolls on the part
	// ES profiles.
	Hits    int    `json:"hits,omitempty"`
	ToWound int    `json:"to_wound,omitempty"` // the score needed; 0 = cannot wound
	Wounded int    `json:"wounded,omitempty"`  // successful to-wound rolls
	Wounds  int    `json:"wounds,omitempty"`   // wounds lost by the part
	Result  string `json:"result"`             // short name of the outcome: "damaged", "breach", "wounded" …
	Text    Text   `json:"text"`
	Notes   []Text `json:"notes,omitempty"` // gate/wall allocation, ignition, props
}

// Attack resolves one attack on a part with the siege's model and returns
// its effect and the new state; s itself is not changed. Every die is
// thrown on d and recorded with the rule it serves.
func (s SiegeDamage) Attack(part string, a Attack, d *campaign.Dice) (Effect, SiegeDamage, error) {
	i := s.index(part)
	if i < 0 {
		return Effect{}, s, fmt.Errorf("siege: no castle part %q; the parts are %s", part, strings.Join(s.PartIDs(), ", "))
	}
	turn, err := s.turnOf(a.Turn)
	if err != nil {
		return Effect{}, s, err
	}
	if err := s.check(s.Parts[i], a, turn); err != nil {
		return Effect{}, s, err
	}
	n := s.clone()
	e := Effect{Model: n.Model, Turn: turn}
	before := len(d.Rolls())
	n.endTurns(turn, d, &e)
	n.Turn, n.Attacks = turn, n.Attacks+1
	if n.Model == ModelTables {
		n.rollTable(i, a, d, &e)
	} else {
		n.rollProfile(i, a, d, &e)
	}
	if err := d.Err(); err != nil {
		return Effect{}, s, err
	}
	n.Log = append(n.Log, LoggedAttack{Part: n.Parts[i].ID, Attack: a, Rolls: slices.Clone(d.Rolls()[before:])})
	return e, n, nil
}

func (s SiegeDamage) turnOf(t int) (int, error) {
	switch {
	case t == 0:
		return max(s.Turn, 1), nil
	case t < 1 || t > SiegeTurns:
		return 0, fmt.Errorf("siege: turn %d is not 1–%d (ES-SCN-07)", t, SiegeTurns)
	case t < s.Turn:
		return 0, fmt.Errorf("siege: turn %d is before turn %d, when this siege was last rolled", t, s.Turn)
	}
	return t, nil
}

// check refuses impossible numbers and attacks the rules of the siege's
// model do not allow, before any die is thrown.
func (s SiegeDamage) check(p PartState, a Attack, turn int) error {
	if !slices.Contains(Weapons, a.Weapon) {
		_, err := ParseWeapon(string(a.Weapon))
		return err
	}
	switch {
	case a.Strength < 1 || a.Strength > 10:
		return fmt.Errorf("siege: Strength %d is not 1–10", a.Strength)
	case a.Wounds.Fixed < 0 || a.Wounds.Fixed > MaxFixedWounds || a.Wounds.Dice < 0 || a.Wounds.Dice > MaxWoundDice ||
		a.Wounds.Dice > 0 && a.Wounds.Sides != 3 && a.Wounds.Sides != 6:
		return fmt.Errorf("siege: wounds %s are not 1–%d or D3/D6 dice", a.Wounds, MaxFixedWounds)
	case a.Weapon.ram() && (a.Models < 1 || a.Models > 100):
		return fmt.Errorf("siege: a %s needs the number of its models, 1–100, not %d", a.Weapon, a.Models)
	case a.Weapon == WeaponMonster && (a.Attacks < 1 || a.Attacks > 20):
		return fmt.Errorf("siege: a monster needs its Attacks, 1–20, not %d", a.Attacks)
	case a.Props.Ranks < 0 || a.Props.Ranks > 0 && (a.Props.Strength < 1 || a.Props.Strength > 10):
		return fmt.Errorf("siege: props need a number of ranks and the unit's Strength 1–10, not %d ranks at Strength %d", a.Props.Ranks, a.Props.Strength)
	case p.Destroyed:
		return fmt.Errorf("siege: %s is destroyed: no further rolls on it (§7.4)", p.ID)
	}
	if s.Model == ModelTables {
		return checkTables(p, a)
	}
	return checkProfiles(p, a, turn)
}

// checkTables applies IT-DMG-01/06, IT-FIRE-01 and IT-PROP-01.
func checkTables(p PartState, a Attack) error {
	switch {
	case (a.Weapon == WeaponFlamer || a.Weapon == WeaponMissile) && !(a.Fire && p.Kind == PartGate):
		return fmt.Errorf("siege: a %s cannot damage the castle under the IT tables (IT-DMG-01, IT-DMG-06); a fire-based one may only set the gate alight (IT-FIRE-01)", a.Weapon)
	case a.Weapon == WeaponFlyer && a.Fire:
		return fmt.Errorf("siege: a landing flyer is not a fire-based attack (IT-FLY-01, IT-FIRE-01)")
	case a.Props.Ranks > 0 && !(p.Kind == PartGate && a.Weapon.melee()):
		return fmt.Errorf("siege: props resist only rams and monsters attacking the gate (IT-PROP-01, A-46)")
	}
	return nil
}

// checkProfiles applies ES-ATK-05/07, ES-FLAM, ES-EQA-RAM-1/2 and
// ES-EQA-CRAM-1.
func checkProfiles(p PartState, a Attack, turn int) error {
	switch {
	case a.Weapon == WeaponFlyer:
		return fmt.Errorf("siege: a landing flyer damages the castle only under the IT tables (IT-FLY-01); use the tables model")
	case a.Props.Ranks > 0:
		return fmt.Errorf("siege: props are an IT rule (IT-PROP-01); use the tables model")
	case (a.Weapon == WeaponBoltThrower || a.Weapon == WeaponFlamer || a.Weapon == WeaponMissile) && !(a.Fire && p.Flammable):
		return fmt.Errorf("siege: a %s cannot damage the castle (ES-ATK-05); only flaming hits damage a wooden, flammable part (ES-FLAM)", a.Weapon)
	case a.Weapon.ram() && p.Kind == PartTower:
		return fmt.Errorf("siege: a ram attacks only gates and walls (ES-EQA-RAM-2), not tower %s", p.ID)
	case a.Weapon.ram() && a.Models < minRamModels(a):
		return fmt.Errorf("siege: a %s needs at least %d %s models (%s), not %d", a.Weapon, minRamModels(a), unitKind(a.Monstrous),
			map[bool]string{false: "ES-EQA-RAM-1", true: "ES-EQA-CRAM-1, A-58"}[a.Weapon == WeaponCoveredRam], a.Models)
	case a.Weapon.ram() && p.Kind == PartGate && p.RamTurn == turn:
		return fmt.Errorf("siege: the gate was already attacked by a ram in turn %d: one ram per turn (ES-EQA-RAM-2)", turn)
	}
	return nil
}

func minRamModels(a Attack) int {
	switch {
	case a.Weapon == WeaponCoveredRam:
		return 6 // 6 infantry or 6 monstrous infantry, as written ([A-58])
	case a.Monstrous:
		return 2
	}
	return 4
}

func unitKind(monstrous bool) string {
	if monstrous {
		return "monstrous infantry"
	}
	return "infantry"
}

// endTurns closes the turns before turn: props that resisted roll 1D6 per
// rank, and break on 5+ (IT-PROP-01, [A-47]).
func (s *SiegeDamage) endTurns(turn int, d *campaign.Dice, e *Effect) {
	if turn == s.Turn {
		return
	}
	for i := range s.Parts {
		p := &s.Parts[i]
		if p.PropsResisted == 0 {
			continue
		}
		r := d.Roll(p.PropsResisted, fmt.Sprintf("IT-PROP-01 props of %s at the end of turn %d: 1D6 per rank, 5+ breaks", p.ID, s.Turn))
		e.Rolls = append(e.Rolls, r)
		broke := 0
		for _, f := range r.Dice {
			if f >= 5 {
				broke++
			}
		}
		p.PropsLost += broke
		p.PropsResisted = 0
		e.Notes = append(e.Notes, Text{
			EN: fmt.Sprintf("End of turn %d: the props of %d of the %d ranks at %s broke; from now on at most %d rank(s) roll for props.", s.Turn, broke, len(r.Dice), p.ID, MaxPropRanks-p.PropsLost),
			ES: fmt.Sprintf("Fin del turno %d: se rompen los puntales de %d de las %d filas en %s; desde ahora tiran por puntales como mucho %d fila(s).", s.Turn, broke, len(r.Dice), p.ID, MaxPropRanks-p.PropsLost)})
	}
}

// rollTable resolves an attack with the IT damage roll (IT-DMG-07/09/10,
// IT-FLY-01) against the part's table (§7.3), then the gate's ignition
// check (IT-FIRE-01).
func (s *SiegeDamage) rollTable(i int, a Attack, d *campaign.Dice, e *Effect) {
	p := &s.Parts[i]
	e.Part, e.Kind = p.ID, p.Kind
	if a.Weapon == WeaponFlamer || a.Weapon == WeaponMissile {
		e.Result = "no-damage-roll"
		e.Text = Text{EN: fmt.Sprintf("A %s cannot damage the castle (IT-DMG-01, IT-DMG-06); it may set the gate alight.", a.Weapon),
			ES: "Este ataque no puede dañar el castillo (IT-DMG-01, IT-DMG-06); puede incendiar la puerta."}
		s.ignite(p, a, e.Turn, d, e)
		return
	}
	e.Terms = s.damageTerms(p, a, e.Turn, d, e)
	for _, t := range e.Terms {
		e.Total += t.Value
	}
	row := lookUp(p, e.Total, d, e)
	e.Row, e.Result, e.Text, e.Modifier = row.name, row.result, row.text, row.modifier
	p.Modifier += row.modifier
	if p.Kind == PartGate && !p.Destroyed {
		s.ignite(p, a, e.Turn, d, e)
	}
}

// damageTerms throws the damage dice and lists what makes the total (§7.4).
func (s *SiegeDamage) damageTerms(p *PartState, a Attack, turn int, d *campaign.Dice, e *Effect) []Term {
	n, rule := 2, "IT-DMG-07"
	switch {
	case a.Weapon.ram():
		rule = "IT-DMG-09"
	case a.Weapon == WeaponMonster:
		rule = "IT-DMG-10"
	case a.Weapon == WeaponFlyer:
		n, rule = 3, "IT-FLY-01"
	}
	r := d.Roll(n, fmt.Sprintf("%s damage roll %dD6 on %s", rule, n, p.ID))
	e.Rolls = append(e.Rolls, r)
	terms := []Term{{fmt.Sprintf("%dD6", n), r.Total()}}
	switch {
	case a.Weapon.ram():
		terms = append(terms, ramTerm(a), Term{"base Strength", a.Strength})
	case a.Weapon == WeaponMonster:
		terms = append(terms, Term{"Strength", a.Strength}, Term{"Attacks", a.Attacks})
		if a.Wounds.multiple() {
			terms = append(terms, Term{"multiple wounds " + a.Wounds.String(), a.Wounds.roll(d, "IT-DMG-10 multiple wounds "+a.Wounds.String(), e)})
		}
	case a.Weapon == WeaponFlyer:
		terms = append(terms, Term{"base Strength", a.Strength})
	default:
		terms = append(terms, Term{"Strength", a.Strength},
			Term{"wounds " + a.Wounds.String(), a.Wounds.roll(d, "IT-DMG-07 wounds "+a.Wounds.String(), e)})
	}
	if p.Modifier != 0 {
		terms = append(terms, Term{"earlier damage", p.Modifier})
	}
	if p.Kind == PartGate {
		if m := s.markersAt(*p, turn); m > 0 {
			terms = append(terms, Term{"fire markers", m})
		}
		if a.Props.Ranks > 0 {
			terms = append(terms, propsTerm(p, a.Props, d, e))
		}
	}
	return terms
}

// ramTerm is the models pushing a ram: at most 10 infantry, or 6 monstrous
// infantry adding 2 each (IT-DMG-09, [A-40]).
func ramTerm(a Attack) Term {
	if a.Monstrous {
		return Term{fmt.Sprintf("%d monstrous models pushing ×2", min(a.Models, 6)), 2 * min(a.Models, 6)}
	}
	return Term{fmt.Sprintf("%d models pushing", min(a.Models, 10)), min(a.Models, 10)}
}

// propsTerm rolls 1D3 per rank with props left (at most 4) and adds the
// unit's Strength once; the value is taken off the attacker's total
// (IT-PROP-01, [A-46], [A-47]).
func propsTerm(p *PartState, pr Props, d *campaign.Dice, e *Effect) Term {
	ranks := min(pr.Ranks, MaxPropRanks-p.PropsLost)
	if ranks <= 0 {
		e.Notes = append(e.Notes, Text{EN: "No rank has props left (IT-PROP-01).", ES: "No queda ninguna fila con puntales (IT-PROP-01)."})
		return Term{"props (none left)", 0}
	}
	r := d.Roll(ranks, fmt.Sprintf("IT-PROP-01 props of %s: 1D3 per rank", p.ID)+halved)
	e.Rolls = append(e.Rolls, r)
	p.PropsResisted = max(p.PropsResisted, ranks)
	return Term{fmt.Sprintf("props (%d ranks 1D3 + Strength %d)", ranks, pr.Strength), -(dieSum(r, 3) + pr.Strength)}
}

// ignite makes the ignition check of a fire-based attack on the gate:
// 2+ in close combat or by a spell (Lore of Fire), 4+ from a war machine,
// 6 from any other shooting (IT-FIRE-01).
func (s *SiegeDamage) ignite(p *PartState, a Attack, turn int, d *campaign.Dice, e *Effect) {
	if !a.Fire || p.Kind != PartGate {
		return
	}
	if s.FireMarkers == MarkersPerTurn && p.IgnitedTurn > 0 {
		e.Notes = append(e.Notes, Text{EN: fmt.Sprintf("The gate has been burning since turn %d.", p.IgnitedTurn),
			ES: fmt.Sprintf("La puerta arde desde el turno %d.", p.IgnitedTurn)})
		return
	}
	need := 6
	switch {
	case a.Weapon.melee() || a.Weapon == WeaponSpell:
		need = 2
	case a.Weapon.warMachine():
		need = 4
	}
	r := d.Roll(1, fmt.Sprintf("IT-FIRE-01 ignition of %s, %d+", p.ID, need))
	e.Rolls = append(e.Rolls, r)
	if r.Total() < need {
		e.Notes = append(e.Notes, Text{EN: fmt.Sprintf("The gate does not catch fire (%d, needs %d+).", r.Total(), need),
			ES: fmt.Sprintf("La puerta no se incendia (%d, necesita %d+).", r.Total(), need)})
		return
	}
	if p.IgnitedTurn == 0 {
		p.IgnitedTurn = turn
	}
	p.Ignitions++
	m := s.markersAt(*p, turn)
	e.Notes = append(e.Notes, Text{
		EN: fmt.Sprintf("The gate catches fire (%d, needs %d+): %d fire marker(s), +1 each on later rolls on the gate table.", r.Total(), need, m),
		ES: fmt.Sprintf("La puerta se incendia (%d, necesita %d+): %d marcador(es) de fuego, +1 cada uno a las tiradas posteriores en la tabla de la puerta.", r.Total(), need, m)})
}

// tableRow is one row of an IT damage table (§7.3).
type tableRow struct {
	name, result string
	text         Text
	modifier     int
}

// lookUp finds the total's row on the part's table and applies its
// one-time effects to p. A total below 0 is "No effect" ([A-48]).
func lookUp(p *PartState, total int, d *campaign.Dice, e *Effect) tableRow {
	switch p.Kind {
	case PartGate:
		return gateRow(p, total)
	case PartTower:
		return towerRow(p, total, d, e)
	}
	return wallRow(p, total)
}

var noEffect = Text{EN: "No effect.", ES: "Sin efecto."}

// wallRow is the wall damage table, with the readings [A-51] (a later
// Breach adds +1) and [A-52] (results without a repeat rule apply in full).
func wallRow(p *PartState, t int) tableRow {
	switch {
	case t <= 22:
		return tableRow{"0-22", "no-effect", noEffect, 0}
	case t <= 24:
		return tableRow{"23-24", "damaged", Text{
			EN: "Damaged: +1 to later rolls on this wall section.",
			ES: "Dañada: +1 a las tiradas posteriores contra esta sección de muralla."}, 1}
	case t <= 26:
		return tableRow{"25-26", "shaken", Text{
			EN: "Shaken: roll a D6 for each unit on this wall section; on 4+ it cannot shoot in its next shooting phase. +1 to later rolls.",
			ES: "Sacudida: tira 1D6 por cada unidad en esta sección de muralla; con 4+ no puede disparar en su siguiente fase de disparo. +1 a las tiradas posteriores."}, 1}
	case t <= 28:
		if p.Battlements {
			return tableRow{"27-28", "battlements-again", Text{
				EN: "Battlements already destroyed: only +1 to later rolls.",
				ES: "Almenas ya destruidas: solo +1 a las tiradas posteriores."}, 1}
		}
		p.Battlements = true
		return tableRow{"27-28", "battlements-destroyed", Text{
			EN: "Battlements destroyed: each unit on this wall section suffers D6 Strength 4 hits; troops here no longer count as behind hard cover or an obstacle. +1 to later rolls.",
			ES: "Almenas destruidas: cada unidad en esta sección de muralla sufre 1D6 impactos de F4; sus tropas ya no cuentan como tras cobertura pesada ni obstáculo. +1 a las tiradas posteriores."}, 1}
	case t == 29:
		p.Breaches++
		if p.Breaches > 1 {
			return tableRow{"29", "breach-again", Text{
				EN: "Breach! again: a further +1 to later rolls.",
				ES: "¡Brecha! de nuevo: otro +1 a las tiradas posteriores."}, 1}
		}
		return tableRow{"29", "breach", Text{
			EN: "Breach! The shot opens a large hole in the wall. +2 to later rolls.",
			ES: "¡Brecha! El disparo abre un gran agujero en la muralla. +2 a las tiradas posteriores."}, 2}
	}
	p.Destroyed = true
	return tableRow{"30+", "collapse", Text{
		EN: "Collapse! The wall falls: every model on it suffers one Strength 5 hit and every model within 4\" one Strength 3 hit; the rubble is an obstacle and hard cover.",
		ES: "¡Derrumbe! La muralla cae: cada miniatura sobre ella sufre un impacto de F5 y cada miniatura a 4\" o menos uno de F3; los escombros son obstáculo y cobertura pesada."}, 0}
}

var partialCollapse = Text{
	EN: "Partial collapse! Each model in the tower must pass an Initiative test or suffer one Strength 5 hit. +1 to later rolls.",
	ES: "¡Derrumbe parcial! Cada miniatura en la torre debe superar un chequeo de Iniciativa o sufrir un impacto de F5. +1 a las tiradas posteriores."}

// towerRow is the tower damage table, read with [A-49] (the +1 is the
// tower's), [A-52], [A-53] (30+ on 1–3 is a whole partial collapse, plus
// S3 hits within 4", and the tower stands) and [A-54] (every model in the
// tower, inside and on top).
func towerRow(p *PartState, t int, d *campaign.Dice, e *Effect) tableRow {
	switch {
	case t <= 22:
		return tableRow{"0-22", "no-effect", noEffect, 0}
	case t <= 24:
		return tableRow{"23-24", "damaged", Text{
			EN: "Damaged: +1 to later rolls on this tower.",
			ES: "Dañada: +1 a las tiradas posteriores contra esta torre."}, 1}
	case t <= 26:
		return tableRow{"25-26", "shaken", Text{
			EN: "Shaken: roll a D6 for each unit on this tower; on 4+ it cannot shoot in its next shooting phase. +1 to later rolls.",
			ES: "Sacudida: tira 1D6 por cada unidad en esta torre; con 4+ no puede disparar en su siguiente fase de disparo. +1 a las tiradas posteriores."}, 1}
	case t <= 28:
		if p.Battlements {
			return tableRow{"27-28", "battlements-again", Text{
				EN: "Battlements already destroyed: only +1 to later rolls.",
				ES: "Almenas ya destruidas: solo +1 a las tiradas posteriores."}, 1}
		}
		p.Battlements = true
		return tableRow{"27-28", "battlements-destroyed", Text{
			EN: "Battlements destroyed: each unit on this tower suffers D6 Strength 4 hits; troops here no longer count as behind hard cover. +1 to later rolls.",
			ES: "Almenas destruidas: cada unidad en esta torre sufre 1D6 impactos de F4; sus tropas ya no cuentan como tras cobertura pesada. +1 a las tiradas posteriores."}, 1}
	case t == 29:
		p.PartialCollapses++
		if p.PartialCollapses > 1 {
			return tableRow{"29", "partial-collapse-again", Text{
				EN: "Partial collapse again: only +1 to later rolls.",
				ES: "Otro derrumbe parcial: solo +1 a las tiradas posteriores."}, 1}
		}
		return tableRow{"29", "partial-collapse", partialCollapse, 1}
	}
	r := d.Roll(1, fmt.Sprintf("IT tower table 30+ on %s (R-20): 1-3 partial, 4-6 whole collapse", p.ID))
	e.Rolls = append(e.Rolls, r)
	if r.Total() <= 3 {
		p.PartialCollapses++
		return tableRow{"30+ (1-3)", "collapse-partial", Text{
			EN: fmt.Sprintf("Collapse! (%d) The tower partly collapses: each model in it must pass an Initiative test or suffer one Strength 5 hit, and every model within 4\" suffers one Strength 3 hit. The tower still stands. +1 to later rolls.", r.Total()),
			ES: fmt.Sprintf("¡Derrumbe! (%d) La torre se derrumba en parte: cada miniatura en ella debe superar un chequeo de Iniciativa o sufrir un impacto de F5, y cada miniatura a 4\" o menos sufre uno de F3. La torre sigue en pie. +1 a las tiradas posteriores.", r.Total())}, 1}
	}
	p.Destroyed = true
	return tableRow{"30+ (4-6)", "collapse", Text{
		EN: fmt.Sprintf("Collapse! (%d) The whole tower falls: every model in it suffers one Strength 5 hit and every model within 4\" one Strength 3 hit; the rubble is an obstacle and hard cover.", r.Total()),
		ES: fmt.Sprintf("¡Derrumbe! (%d) Toda la torre cae: cada miniatura en ella sufre un impacto de F5 y cada miniatura a 4\" o menos uno de F3; los escombros son obstáculo y cobertura pesada.", r.Total())}, 0}
}

// gateRow is the gate damage table; every result applies in full each
// time ([A-52]) and the +3 of a torn-down gate adds to the rest ([A-55]).
func gateRow(p *PartState, t int) tableRow {
	switch {
	case t <= 17:
		return tableRow{"0-17", "no-effect", noEffect, 0}
	case t <= 19:
		return tableRow{"18-19", "crack", Text{
			EN: "Crack! +1 to later rolls on the gate.",
			ES: "¡Grieta! +1 a las tiradas posteriores contra la puerta."}, 1}
	case t <= 21:
		return tableRow{"20-21", "damaged", Text{
			EN: "Damaged: +2 to later rolls on the gate.",
			ES: "Dañada: +2 a las tiradas posteriores contra la puerta."}, 2}
	case t == 22:
		p.TornDown = true
		return tableRow{"22", "torn-down", Text{
			EN: "Gate torn down: the way into the fortress is free; the gateway is difficult terrain. The gate may be attacked again: +3 to later rolls.",
			ES: "Puerta arrancada: el acceso a la fortaleza queda libre; el portal es terreno difícil. Se puede atacar de nuevo la puerta: +3 a las tiradas posteriores."}, 3}
	}
	p.Destroyed = true
	return tableRow{"23+", "destroyed", Text{
		EN: "Gate destroyed! The way is completely clear.",
		ES: "¡Puerta destruida! El paso queda totalmente libre."}, 0}
}

// rollProfile resolves an attack with the ES profiles (§7.1): to-wound
// rolls at the attack's Strength against the part's Toughness, multiple
// wounds off its Wounds; at 0 Wounds the part is destroyed ([A-37]).
func (s *SiegeDamage) rollProfile(i int, a Attack, d *campaign.Dice, e *Effect) {
	p := &s.Parts[s.allocate(i, a, d, e)]
	e.Part, e.Kind = p.ID, p.Kind
	if p.Destroyed {
		e.Result = "no-effect"
		e.Text = Text{EN: fmt.Sprintf("%s is already destroyed: the hit is lost.", p.ID),
			ES: fmt.Sprintf("%s ya está destruida: el impacto se pierde.", p.ID)}
		return
	}
	str, per, hits := a.Strength, a.Wounds, 1
	switch {
	case a.Weapon.ram():
		// ES-EQA-RAM-2: S = the unit's models (×2 if monstrous), at most 8; D6 wounds.
		per = WoundDice{Dice: 1, Sides: 6}
		str = min(a.Models, 8)
		if a.Monstrous {
			str = min(2*a.Models, 8)
		}
		if p.Kind == PartGate {
			p.RamTurn = e.Turn
		}
	case a.Weapon == WeaponMonster:
		hits = a.Attacks // they hit automatically (ES-ATK-07)
	}
	e.Hits, e.ToWound, e.Row = hits, toWound(str, p.Toughness), fmt.Sprintf("S%d vs T%d", str, p.Toughness)
	if e.ToWound == 0 {
		e.Result = "cannot-wound"
		e.Text = Text{EN: fmt.Sprintf("Strength %d cannot wound Toughness %d: no effect.", str, p.Toughness),
			ES: fmt.Sprintf("Fuerza %d no puede herir a Resistencia %d: sin efecto.", str, p.Toughness)}
		return
	}
	r := d.Roll(hits, fmt.Sprintf("ES to wound %s: S%d vs T%d, %d+", p.ID, str, p.Toughness, e.ToWound))
	e.Rolls = append(e.Rolls, r)
	for _, f := range r.Dice {
		if f >= e.ToWound {
			e.Wounded++
		}
	}
	wounds := 0
	if e.Wounded > 0 {
		many := per
		if per.Dice > 0 {
			many.Dice *= e.Wounded // every wounding hit rolls its own dice, thrown together
		} else {
			many.Fixed = max(per.Fixed, 1) * e.Wounded
		}
		wounds = many.roll(d, fmt.Sprintf("ES wounds on %s: %s per wounding hit", p.ID, per), e)
	}
	e.Wounds = min(wounds, p.WoundsLeft())
	p.WoundsLost += e.Wounds
	switch {
	case p.WoundsLeft() == 0:
		p.Destroyed = true
		e.Result, e.Text = "destroyed", destroyedText(p)
	case e.Wounds == 0:
		e.Result = "no-wound"
		e.Text = Text{EN: fmt.Sprintf("No wound: %s keeps %d of %d wounds.", p.ID, p.WoundsLeft(), p.Wounds),
			ES: fmt.Sprintf("Sin heridas: %s conserva %d de %d heridas.", p.ID, p.WoundsLeft(), p.Wounds)}
	default:
		e.Result = "wounded"
		e.Text = Text{EN: fmt.Sprintf("%d wound(s): %s has %d of %d wounds left.", e.Wounds, p.ID, p.WoundsLeft(), p.Wounds),
			ES: fmt.Sprintf("%d herida(s): a %s le quedan %d de %d heridas.", e.Wounds, p.ID, p.WoundsLeft(), p.Wounds)}
	}
}

// toWound is the score a hit needs to wound (the host rulebook's chart):
// 4+ at equal Strength and Toughness, one better or worse per point, never
// better than 2+, 6+ down to three points short, impossible beyond. 0
// means it cannot wound.
func toWound(str, toughness int) int {
	need := 4 + toughness - str
	switch {
	case need < 2:
		return 2
	case need <= 6:
		return need
	case need == 7:
		return 6
	}
	return 0
}

// allocate applies ES-ANA-G4 read with: a shot or spell aimed at
// the gate or at the wall that holds it hits the wall on 1–4 and the gate
// on 5–6; close combat picks its target (ES-ANA-G5).
func (s *SiegeDamage) allocate(i int, a Attack, d *campaign.Dice, e *Effect) int {
	p := s.Parts[i]
	if !a.Weapon.shot() {
		return i
	}
	wall, gate := -1, -1
	for j, q := range s.Parts {
		switch {
		case p.Kind == PartGate && q.Kind == PartWall && strings.EqualFold(q.Gate, p.ID):
			wall, gate = j, i
		case p.Kind == PartWall && p.Gate != "" && q.Kind == PartGate && strings.EqualFold(q.ID, p.Gate):
			wall, gate = i, j
		}
	}
	if wall < 0 || gate < 0 {
		return i
	}
	r := d.Roll(1, fmt.Sprintf("ES-ANA-G4 %s or %s: 1-4 wall, 5-6 gate", s.Parts[wall].ID, s.Parts[gate].ID))
	e.Rolls = append(e.Rolls, r)
	hit := wall
	if r.Total() >= 5 {
		hit = gate
	}
	e.Notes = append(e.Notes, Text{
		EN: fmt.Sprintf("The shot at the gate's wall section hits %s (%d: 1-4 wall, 5-6 gate; ES-ANA-G4).", s.Parts[hit].ID, r.Total()),
		ES: fmt.Sprintf("El disparo a la sección de la puerta alcanza %s (%d: 1-4 muralla, 5-6 puerta; ES-ANA-G4).", s.Parts[hit].ID, r.Total())})
	return hit
}

func destroyedText(p *PartState) Text {
	switch p.Kind {
	case PartTower:
		return Text{EN: fmt.Sprintf("Destroyed: %s has no wounds left and falls (A-37).", p.ID),
			ES: fmt.Sprintf("Destruida: a %s no le quedan heridas y se derrumba (A-37).", p.ID)}
	case PartGate:
		return Text{EN: fmt.Sprintf("Destroyed: %s has no wounds left; the gateway stays open (A-37).", p.ID),
			ES: fmt.Sprintf("Destruida: a %s no le quedan heridas; el portal queda abierto (A-37).", p.ID)}
	}
	return Text{EN: fmt.Sprintf("Destroyed: %s has no wounds left; a gap opens in the wall (A-37).", p.ID),
		ES: fmt.Sprintf("Destruida: a %s no le quedan heridas; se abre un hueco en la muralla (A-37).", p.ID)}
}

// Encode is the state as indented JSON, the same bytes for the same state.
func (s SiegeDamage) Encode() []byte {
	data, _ := json.MarshalIndent(s, "", "  ") // plain data: cannot fail
	return append(data, '\n')
}

// DecodeSiegeDamage reads a state written by Encode; name is the file's
// name for errors. A state that could not have been made by the roller
// is refused.
func DecodeSiegeDamage(name string, data []byte) (SiegeDamage, error) {
	var s SiegeDamage
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return SiegeDamage{}, fmt.Errorf("siege: %s: %v", name, err)
	}
	if dec.More() {
		return SiegeDamage{}, fmt.Errorf("siege: %s: more than one JSON value", name)
	}
	if err := s.valid(); err != nil {
		return SiegeDamage{}, fmt.Errorf("siege: %s: %v", name, err)
	}
	return s, nil
}

func (s SiegeDamage) valid() error {
	switch {
	case s.Model != ModelProfiles && s.Model != ModelTables:
		return fmt.Errorf("model %q is not profiles or tables", s.Model)
	case s.FireMarkers != MarkersPerTurn && s.FireMarkers != MarkersPerIgnition:
		return fmt.Errorf("fire_markers %q is not per_turn or per_ignition", s.FireMarkers)
	case s.Turn < 0 || s.Turn > SiegeTurns:
		return fmt.Errorf("turn %d is not 0–%d", s.Turn, SiegeTurns)
	case s.Attacks < 0:
		return fmt.Errorf("attacks %d is below 0", s.Attacks)
	case len(s.Log) > s.Attacks:
		return fmt.Errorf("%d attacks logged, but %d rolled", len(s.Log), s.Attacks)
	case s.DiceTurn < 0:
		return fmt.Errorf("dice_turn %d is below 0", s.DiceTurn)
	case len(s.Parts) == 0:
		return fmt.Errorf("no parts")
	}
	seen := map[string]bool{}
	for _, p := range s.Parts {
		id := strings.ToUpper(p.ID)
		switch {
		case p.ID == "" || seen[id]:
			return fmt.Errorf("part id %q is empty or repeated", p.ID)
		case p.Kind != PartWall && p.Kind != PartTower && p.Kind != PartGate:
			return fmt.Errorf("part %s: kind %q is not wall, tower or gate", p.ID, p.Kind)
		case p.Toughness < 1 || p.Wounds < 1:
			return fmt.Errorf("part %s: profile T%d W%d is not at least T1 W1", p.ID, p.Toughness, p.Wounds)
		case p.Modifier < 0 || p.Breaches < 0 || p.PartialCollapses < 0 || p.Ignitions < 0 || p.WoundsLost < 0 ||
			p.WoundsLost > p.Wounds || p.PropsLost < 0 || p.PropsLost > MaxPropRanks ||
			p.PropsResisted < 0 || p.PropsResisted > MaxPropRanks-p.PropsLost ||
			p.IgnitedTurn < 0 || p.IgnitedTurn > s.Turn || p.RamTurn < 0 || p.RamTurn > s.Turn:
			return fmt.Errorf("part %s: impossible counts", p.ID)
		}
		seen[id] = true
	}
	return nil
}
