package siege

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// The pre-battle roller (component (d), siege-rules.md §4): the ES rolls made
// at deployment or before the battle (§4.1) and the RU pre-battle phase
// RU-PRE-01..04 (§4.2), rolled by the processor from what each side declares
// (D17). Range and line of sight cannot be known before the table is set, so
// each war machine may carry its firing player's order of preference.

// ArtilleryKind is a war machine's kind as the RU pre-battle phase sees it.
type ArtilleryKind string

const (
	StoneThrower ArtilleryKind = "stone-thrower" // fires in RU-PRE-01 and RU-PRE-02; may breach
	Cannon       ArtilleryKind = "cannon"        // fires in RU-PRE-01 and RU-PRE-02; may breach
	BoltThrower  ArtilleryKind = "bolt-thrower"  // fires in RU-PRE-02 only; never breaches
	// OtherMachine is any other war machine (a mortar, an organ gun…): it
	// never rolls in the RU phase but can be destroyed there.
	OtherMachine ArtilleryKind = "other"
)

var artilleryNames = map[ArtilleryKind]string{
	StoneThrower: "stone thrower", Cannon: "cannon", BoltThrower: "bolt thrower", OtherMachine: "war machine",
}

// ArtilleryPiece is one war machine a side declares.
type ArtilleryPiece struct {
	ID   string        `json:"id"`
	Kind ArtilleryKind `json:"kind"`
	// Outside marks a defending machine deployed outside the walls (D18):
	// only machines "in the fortress" fire in RU-PRE-01.
	Outside bool `json:"outside,omitempty"`
	// Targets are the enemy war machines this one has in range and line of
	// sight, in its player's order of preference; nil means every
	// enemy machine, in the order the enemy declared them; an empty list
	// means none is in range and sight.
	Targets []string `json:"targets"`
	// Walls are the wall sections this attacking machine may breach
	// (RU-PRE-02), in order of preference; nil means every wall of the
	// castle in the order given. Every breach goes to the first of them.
	Walls []string `json:"walls"`
}

// PreBattleEngine is a siege tower or covered ram the attacker declares.
type PreBattleEngine struct {
	ID            string `json:"id"`
	DraughtBeasts bool   `json:"draught_beasts,omitempty"` // ES-EQA-ST-7, ES-EQA-CRAM-2
}

// PreBattleAttacker is what the besieger declares for the pre-battle phase.
type PreBattleAttacker struct {
	Artillery   []ArtilleryPiece  `json:"artillery,omitempty"`
	SiegeTowers []PreBattleEngine `json:"siege_towers,omitempty"`
	CoveredRams []PreBattleEngine `json:"covered_rams,omitempty"`
	Mantlets    []string          `json:"mantlets,omitempty"` // the units with mantlets (ES-EQA-MAN-1)
}

// PreBattleDefender is what the besieged declares for the pre-battle phase.
type PreBattleDefender struct {
	Artillery []ArtilleryPiece `json:"artillery,omitempty"`
}

// PreBattleSetup is the whole input of the pre-battle roller.
type PreBattleSetup struct {
	// Walls are the ids of the castle's wall sections, the only sections an
	// RU breach can open (RU-PRE-02).
	Walls    []string          `json:"walls"`
	Attacker PreBattleAttacker `json:"attacker"`
	Defender PreBattleDefender `json:"defender"`
}

// PreBattleOptions switch the readings of §4; the zero value is the default.
type PreBattleOptions struct {
	// NoRUPhase leaves out RU-PRE-01..03 (battle sheet item 6: "if the RU
	// pre-battle phase is used"); D17 uses it by default.
	NoRUPhase bool `json:"no_ru_phase,omitempty"`
	// RUBeforeES resolves RU steps 1–3 before the ES engine moves; the
	// reading of moves the engines first, as they finish setting out
	// the table.
	RUBeforeES bool `json:"ru_before_es,omitempty"`
	// CoveredRamNeedsBeasts gives a covered ram without draught beasts no
	// pre-battle move; the reading of [A-17] gives it 1D6".
	CoveredRamNeedsBeasts bool `json:"covered_ram_needs_beasts,omitempty"`
	// MantletRollPerArmy makes one mantlet roll for all mantlet units; the
	// reading of rolls once per unit.
	MantletRollPerArmy bool `json:"mantlet_roll_per_army,omitempty"`
	// FirstTurnRU gives turn 1 to the attacker (RU-PRE-04); by default the
	// defender takes it (ES-SCN-06: C-01 goes to ES under D20).
	FirstTurnRU bool `json:"first_turn_ru,omitempty"`
}

// MantletDeployment is one mantlet roll (ES-EQA-MAN-2).
type MantletDeployment struct {
	Units  []string      `json:"units"` // one unit, or all of them under MantletRollPerArmy
	Roll   campaign.Roll `json:"roll"`
	Closer int           `json:"closer"` // inches closer than the others may deploy
	// MoreThan is the distance the units must keep from any part of the
	// castle: 24" (ES-SCN-05) less the roll.
	MoreThan int `json:"more_than"`
}

// EngineKind names a siege engine that moves before the battle.
type EngineKind string

const (
	SiegeTowerEngine EngineKind = "siege-tower"
	CoveredRamEngine EngineKind = "covered-ram"
)

// EngineMove is a siege engine's pre-battle move (ES-EQA-ST-2/7,
// ES-EQA-CRAM-2, [A-17]).
type EngineMove struct {
	Rule          string         `json:"rule"`
	Engine        string         `json:"engine"`
	Kind          EngineKind     `json:"kind"`
	DraughtBeasts bool           `json:"draught_beasts,omitempty"`
	Roll          *campaign.Roll `json:"roll,omitempty"` // nil: it may not move
	Inches        int            `json:"inches"`         // how far it may move towards the castle
}

// IdleReason says why a declared war machine does not roll in a step.
type IdleReason string

const (
	IdleCannotFire      IdleReason = "kind"      // its kind does not fire in this step
	IdleOutsideFortress IdleReason = "outside"   // RU-PRE-01 counts only machines in the fortress
	IdleDestroyed       IdleReason = "destroyed" // destroyed in RU-PRE-01 before it could fire
)

// ShotEffect is what one 6 did in RU-PRE-01/02.
type ShotEffect string

const (
	ShotDestroys ShotEffect = "destroys" // an enemy war machine is destroyed
	ShotBreaches ShotEffect = "breaches" // a wall section is breached (RU-PRE-02)
	ShotMisses   ShotEffect = "misses"   // a bolt thrower re-rolled 4–6
	ShotWasted   ShotEffect = "wasted"   // no eligible target was left
)

// ArtilleryShot is one 6 rolled by a war machine; dice that are not 6 do
// nothing.
type ArtilleryShot struct {
	Reroll *campaign.Roll `json:"reroll,omitempty"` // RU-PRE-02: the re-roll of the 6
	Effect ShotEffect     `json:"effect"`
	Target string         `json:"target,omitempty"` // the machine destroyed or the wall breached
}

// ArtilleryFire is one declared war machine in RU-PRE-01 or RU-PRE-02.
type ArtilleryFire struct {
	Rule    string          `json:"rule"`
	Machine string          `json:"machine"`
	Kind    ArtilleryKind   `json:"kind"`
	Roll    *campaign.Roll  `json:"roll,omitempty"` // the two dice; nil when Idle
	Idle    IdleReason      `json:"idle,omitempty"`
	Shots   []ArtilleryShot `json:"shots,omitempty"`
}

// DestroyedMachine is a war machine destroyed before the battle.
type DestroyedMachine struct {
	Machine string        `json:"machine"`
	Kind    ArtilleryKind `json:"kind"`
	Side    campaign.Side `json:"side"` // the side that loses it
	By      string        `json:"by"`   // the machine that destroyed it
	Rule    string        `json:"rule"`
}

// RUBreach is one breach opened in RU-PRE-02. Its effect is not in the
// seed; it is not the IT wall table's "Breach!".
type RUBreach struct {
	Section string `json:"section"`
	By      string `json:"by"`
}

// DefenderShooting is RU-PRE-03: every defending unit that did not fire in
// step 1 shoots twice; the shooting itself is done at the table.
type DefenderShooting struct {
	FiredInStep1 []string `json:"fired_in_step1,omitempty"` // they shoot no more
	Destroyed    []string `json:"destroyed,omitempty"`      // lost in step 2
	Twice        []string `json:"twice,omitempty"`          // defending machines that shoot twice
}

// PreBattle is the record of the whole pre-battle phase: every step in the
// order it was resolved, every roll, and what came of it.
type PreBattle struct {
	Options PreBattleOptions `json:"options"`
	// Steps are the rule ids of the steps, in the order resolved: mantlets
	// first (they roll at deployment), the ES moves and RU steps 1–3 in the
	// order of, and last the rule that gives the first turn.
	Steps         []string            `json:"steps"`
	Mantlets      []MantletDeployment `json:"mantlets,omitempty"`
	Moves         []EngineMove        `json:"moves,omitempty"`
	DefensiveFire []ArtilleryFire     `json:"defensive_fire,omitempty"` // RU-PRE-01
	AttackingFire []ArtilleryFire     `json:"attacking_fire,omitempty"` // RU-PRE-02
	Shooting      *DefenderShooting   `json:"shooting,omitempty"`       // RU-PRE-03; nil without the RU phase
	FirstTurn     campaign.Side       `json:"first_turn"`
	FirstTurnRule string              `json:"first_turn_rule"` // ES-SCN-06 or RU-PRE-04
	Destroyed     []DestroyedMachine  `json:"destroyed,omitempty"`
	Breaches      []RUBreach          `json:"breaches,omitempty"`
}

// Rule ids of the steps.
const (
	pbRuleMantlets        = "ES-EQA-MAN-2"
	pbRuleSiegeTower      = "ES-EQA-ST-2"
	pbRuleTowerBeasts     = "ES-EQA-ST-7"
	pbRuleCoveredRam      = "ES-EQA-CRAM-2"
	pbRuleDefensive       = "RU-PRE-01"
	pbRuleAttacking       = "RU-PRE-02"
	pbRuleShootTwice      = "RU-PRE-03"
	pbRuleAssaultRU       = "RU-PRE-04"
	pbRuleFirstTurnES     = "ES-SCN-06"
	preBattleDeployInches = 24 // ES-SCN-05: the besieger deploys more than 24" from the castle
)

// RollPreBattle rolls the pre-battle phase (§4) with the given dice,
// recording each roll with a purpose that names its rule.
func RollPreBattle(s PreBattleSetup, o PreBattleOptions, d *campaign.Dice) (PreBattle, error) {
	if d == nil {
		return PreBattle{}, campaign.Problemf("", "pass campaign.NewDice(seed, turn)", "siege: pre-battle: no dice")
	}
	if err := s.validate(); err != nil {
		return PreBattle{}, err
	}
	r := &preBattleRoller{s: s, d: d, p: PreBattle{Options: o}, gone: map[string]bool{}}
	r.mantlets()
	switch {
	case o.NoRUPhase:
		r.engineMoves()
	case o.RUBeforeES:
		r.ruSteps()
		r.engineMoves()
	default:
		r.engineMoves()
		r.ruSteps()
	}
	r.firstTurn()
	if err := d.Err(); err != nil {
		return PreBattle{}, fmt.Errorf("siege: pre-battle: %w", err)
	}
	return r.p, nil
}

type preBattleRoller struct {
	s    PreBattleSetup
	d    *campaign.Dice
	p    PreBattle
	gone map[string]bool // machines destroyed so far
}

func (r *preBattleRoller) step(rule string) { r.p.Steps = append(r.p.Steps, rule) }

// mantlets: ES-EQA-MAN-2, 1D6" closer than the 24" of ES-SCN-05; one roll
// per unit unless the option says one for the army.
func (r *preBattleRoller) mantlets() {
	r.step(pbRuleMantlets)
	units := r.s.Attacker.Mantlets
	if len(units) == 0 {
		return
	}
	if r.p.Options.MantletRollPerArmy {
		r.mantlet(units, pbRuleMantlets+" [A-18] mantlets, one roll for the army: "+strings.Join(units, ", "))
		return
	}
	for _, u := range units {
		r.mantlet([]string{u}, pbRuleMantlets+" mantlets: "+u)
	}
}

func (r *preBattleRoller) mantlet(units []string, purpose string) {
	roll := r.d.Roll(1, purpose)
	n := roll.Total()
	r.p.Mantlets = append(r.p.Mantlets, MantletDeployment{
		Units: append([]string(nil), units...), Roll: roll, Closer: n, MoreThan: preBattleDeployInches - n,
	})
}

// engineMoves: siege towers 1D6" (2D6" with beasts), ES-EQA-ST-2/7; covered
// rams 2D6" with beasts (ES-EQA-CRAM-2), 1D6" without.
func (r *preBattleRoller) engineMoves() {
	r.step(pbRuleSiegeTower)
	for _, e := range r.s.Attacker.SiegeTowers {
		rule, n := pbRuleSiegeTower, 1
		if e.DraughtBeasts {
			rule, n = pbRuleTowerBeasts, 2
		}
		r.move(e, SiegeTowerEngine, rule, n, rule+" siege tower "+e.ID+pbBeasts(e)+": pre-battle move")
	}
	r.step(pbRuleCoveredRam)
	for _, e := range r.s.Attacker.CoveredRams {
		switch {
		case e.DraughtBeasts:
			r.move(e, CoveredRamEngine, pbRuleCoveredRam, 2, pbRuleCoveredRam+" covered ram "+e.ID+" with draught beasts: pre-battle move")
		case r.p.Options.CoveredRamNeedsBeasts:
			r.p.Moves = append(r.p.Moves, EngineMove{Rule: pbRuleCoveredRam, Engine: e.ID, Kind: CoveredRamEngine})
		default:
			r.move(e, CoveredRamEngine, pbRuleCoveredRam, 1, pbRuleCoveredRam+" [A-17] covered ram "+e.ID+": pre-battle move")
		}
	}
}

func pbBeasts(e PreBattleEngine) string {
	if e.DraughtBeasts {
		return " with draught beasts"
	}
	return ""
}

func (r *preBattleRoller) move(e PreBattleEngine, kind EngineKind, rule string, dice int, purpose string) {
	roll := r.d.Roll(dice, purpose)
	r.p.Moves = append(r.p.Moves, EngineMove{
		Rule: rule, Engine: e.ID, Kind: kind, DraughtBeasts: e.DraughtBeasts, Roll: &roll, Inches: roll.Total(),
	})
}

// ruSteps: RU-PRE-01..03 (§4.2).
func (r *preBattleRoller) ruSteps() {
	r.defensiveFire()
	r.attackingFire()
	r.defendersShoot()
}

// defensiveFire is RU-PRE-01: two dice for each stone thrower or cannon in
// the fortress; each 6 destroys an enemy war machine (D-49, D-50).
func (r *preBattleRoller) defensiveFire() {
	r.step(pbRuleDefensive)
	for _, m := range r.s.Defender.Artillery {
		f := ArtilleryFire{Rule: pbRuleDefensive, Machine: m.ID, Kind: m.Kind}
		switch {
		case m.Kind != StoneThrower && m.Kind != Cannon:
			f.Idle = IdleCannotFire
		case m.Outside:
			f.Idle = IdleOutsideFortress
		default:
			roll := r.d.Roll(2, pbRuleDefensive+" defensive artillery fire: "+artilleryNames[m.Kind]+" "+m.ID)
			f.Roll = &roll
			for _, die := range roll.Dice {
				if die == 6 {
					f.Shots = append(f.Shots, r.destroy(m, r.s.Attacker.Artillery, campaign.Attacker, pbRuleDefensive))
				}
			}
		}
		r.p.DefensiveFire = append(r.p.DefensiveFire, f)
	}
}

// attackingFire is RU-PRE-02: two dice for each stone thrower, cannon or
// bolt thrower; each 6 is re-rolled once (a re-rolled 6 is not re-rolled
// again): 1–3 destroys an enemy war machine, 4–6 breaches a wall, or misses
// for a bolt thrower (D-51..D-53). A machine destroyed in step 1 does not
// fire.
func (r *preBattleRoller) attackingFire() {
	r.step(pbRuleAttacking)
	for _, m := range r.s.Attacker.Artillery {
		f := ArtilleryFire{Rule: pbRuleAttacking, Machine: m.ID, Kind: m.Kind}
		switch {
		case r.gone[m.ID]:
			f.Idle = IdleDestroyed
		case m.Kind == OtherMachine:
			f.Idle = IdleCannotFire
		default:
			name := artilleryNames[m.Kind] + " " + m.ID
			roll := r.d.Roll(2, pbRuleAttacking+" attacking artillery fire: "+name)
			f.Roll = &roll
			for _, die := range roll.Dice {
				if die == 6 {
					f.Shots = append(f.Shots, r.reroll(m, pbRuleAttacking+" re-roll of a 6: "+name))
				}
			}
		}
		r.p.AttackingFire = append(r.p.AttackingFire, f)
	}
}

func (r *preBattleRoller) reroll(m ArtilleryPiece, purpose string) ArtilleryShot {
	again := r.d.Roll(1, purpose)
	var s ArtilleryShot
	switch face := again.Total(); {
	case face <= 3:
		s = r.destroy(m, r.s.Defender.Artillery, campaign.Defender, pbRuleAttacking)
	case m.Kind == BoltThrower:
		s = ArtilleryShot{Effect: ShotMisses}
	default:
		s = r.breach(m)
	}
	s.Reroll = &again
	return s
}

// destroy removes the first enemy machine still standing in the firing
// machine's order of preference; none left wastes the result.
func (r *preBattleRoller) destroy(m ArtilleryPiece, enemy []ArtilleryPiece, side campaign.Side, rule string) ArtilleryShot {
	kinds := make(map[string]ArtilleryKind, len(enemy))
	order := m.Targets
	for _, e := range enemy {
		kinds[e.ID] = e.Kind
		if m.Targets == nil {
			order = append(order, e.ID)
		}
	}
	for _, id := range order {
		if !r.gone[id] {
			r.gone[id] = true
			r.p.Destroyed = append(r.p.Destroyed, DestroyedMachine{Machine: id, Kind: kinds[id], Side: side, By: m.ID, Rule: rule})
			return ArtilleryShot{Effect: ShotDestroys, Target: id}
		}
	}
	return ArtilleryShot{Effect: ShotWasted}
}

// breach opens a breach in the first wall the machine may breach; without
// one the result is wasted. Breaches are only recorded.
func (r *preBattleRoller) breach(m ArtilleryPiece) ArtilleryShot {
	walls := m.Walls
	if walls == nil {
		walls = r.s.Walls
	}
	if len(walls) == 0 {
		return ArtilleryShot{Effect: ShotWasted}
	}
	r.p.Breaches = append(r.p.Breaches, RUBreach{Section: walls[0], By: m.ID})
	return ArtilleryShot{Effect: ShotBreaches, Target: walls[0]}
}

// defendersShoot is RU-PRE-03: the machines that rolled in step 1 are the
// ones that "shot in the first phase"; the rest shoot twice.
func (r *preBattleRoller) defendersShoot() {
	r.step(pbRuleShootTwice)
	fired := map[string]bool{}
	for _, f := range r.p.DefensiveFire {
		fired[f.Machine] = f.Roll != nil
	}
	sh := &DefenderShooting{}
	for _, m := range r.s.Defender.Artillery {
		switch {
		case r.gone[m.ID]:
			sh.Destroyed = append(sh.Destroyed, m.ID)
		case fired[m.ID]:
			sh.FiredInStep1 = append(sh.FiredInStep1, m.ID)
		default:
			sh.Twice = append(sh.Twice, m.ID)
		}
	}
	r.p.Shooting = sh
}

// firstTurn is C-01: ES-SCN-06 (the defender) by D20, or RU-PRE-04 (the
// attacker) when chosen.
func (r *preBattleRoller) firstTurn() {
	r.p.FirstTurn, r.p.FirstTurnRule = campaign.Defender, pbRuleFirstTurnES
	if r.p.Options.FirstTurnRU {
		r.p.FirstTurn, r.p.FirstTurnRule = campaign.Attacker, pbRuleAssaultRU
	}
	r.step(r.p.FirstTurnRule)
}

// validate checks the declaration: ids present and unique, kinds known,
// targets that name enemy machines and walls of the castle.
func (s PreBattleSetup) validate() error {
	walls := map[string]bool{}
	for i, w := range s.Walls {
		switch {
		case strings.TrimSpace(w) == "":
			return fmt.Errorf("siege: pre-battle: wall section %d has no id", i+1)
		case walls[w]:
			return fmt.Errorf("siege: pre-battle: wall section %q is listed twice", w)
		}
		walls[w] = true
	}
	seen := map[string]string{}
	claim := func(id, what string) error {
		if strings.TrimSpace(id) == "" {
			return fmt.Errorf("siege: pre-battle: %s has no id", what)
		}
		if prev, dup := seen[id]; dup {
			return campaign.Problemf("", "give every machine, engine and mantlet unit its own id", "siege: pre-battle: %s and %s share the id %q", prev, what, id)
		}
		seen[id] = what
		return nil
	}
	sides := []struct {
		side    campaign.Side
		pieces  []ArtilleryPiece
		enemies []ArtilleryPiece
	}{
		{campaign.Attacker, s.Attacker.Artillery, s.Defender.Artillery},
		{campaign.Defender, s.Defender.Artillery, s.Attacker.Artillery},
	}
	for _, sd := range sides {
		for i, m := range sd.pieces {
			if err := claim(m.ID, fmt.Sprintf("%s war machine %d", sd.side, i+1)); err != nil {
				return err
			}
		}
	}
	for _, sd := range sides {
		enemy := map[string]bool{}
		for _, e := range sd.enemies {
			enemy[e.ID] = true
		}
		for _, m := range sd.pieces {
			if err := m.check(sd.side, enemy, walls); err != nil {
				return err
			}
		}
	}
	for i, e := range s.Attacker.SiegeTowers {
		if err := claim(e.ID, "siege tower "+strconv.Itoa(i+1)); err != nil {
			return err
		}
	}
	for i, e := range s.Attacker.CoveredRams {
		if err := claim(e.ID, "covered ram "+strconv.Itoa(i+1)); err != nil {
			return err
		}
	}
	for i, u := range s.Attacker.Mantlets {
		if err := claim(u, "mantlet unit "+strconv.Itoa(i+1)); err != nil {
			return err
		}
	}
	return nil
}

func (m ArtilleryPiece) check(side campaign.Side, enemy, walls map[string]bool) error {
	where := fmt.Sprintf("siege: pre-battle: %s war machine %q", side, m.ID)
	if _, ok := artilleryNames[m.Kind]; !ok {
		return campaign.Problemf("", "kinds are stone-thrower, cannon, bolt-thrower, other", "%s is of unknown kind %q", where, m.Kind)
	}
	if m.Outside && side == campaign.Attacker {
		return campaign.Problemf("", "only the defender's machines can stand in or outside the fortress", "%s is marked outside the fortress", where)
	}
	for _, t := range m.Targets {
		if !enemy[t] {
			return fmt.Errorf("%s targets %q, which is not an enemy war machine", where, t)
		}
	}
	if len(m.Walls) == 0 {
		return nil
	}
	if side == campaign.Defender || m.Kind == BoltThrower || m.Kind == OtherMachine {
		return campaign.Problemf("", "only the attacker's stone throwers and cannons breach walls (RU-PRE-02)", "%s lists walls to breach", where)
	}
	for _, w := range m.Walls {
		if !walls[w] {
			return fmt.Errorf("%s aims at %q, which is not a wall section of the castle", where, w)
		}
	}
	return nil
}

// Rolls is every roll of the record in the order it was made.
func (p PreBattle) Rolls() []campaign.Roll {
	var out []campaign.Roll
	fire := func(fs []ArtilleryFire) {
		for _, f := range fs {
			if f.Roll != nil {
				out = append(out, *f.Roll)
			}
			for _, s := range f.Shots {
				if s.Reroll != nil {
					out = append(out, *s.Reroll)
				}
			}
		}
	}
	for _, step := range p.Steps {
		switch step {
		case pbRuleMantlets:
			for _, m := range p.Mantlets {
				out = append(out, m.Roll)
			}
		case pbRuleSiegeTower, pbRuleCoveredRam:
			for _, m := range p.Moves {
				if m.Roll != nil && (m.Kind == CoveredRamEngine) == (step == pbRuleCoveredRam) {
					out = append(out, *m.Roll)
				}
			}
		case pbRuleDefensive:
			fire(p.DefensiveFire)
		case pbRuleAttacking:
			fire(p.AttackingFire)
		}
	}
	return out
}

// Lines is the record in English, one line per roll or outcome, in the
// order the steps were resolved, for logs and tests.
func (p PreBattle) Lines() []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	for _, step := range p.Steps {
		switch step {
		case pbRuleMantlets:
			p.mantletLines(add)
		case pbRuleSiegeTower:
			p.moveLines(SiegeTowerEngine, "siege towers", add)
		case pbRuleCoveredRam:
			p.moveLines(CoveredRamEngine, "covered rams", add)
		case pbRuleDefensive:
			p.fireLines(pbRuleDefensive+" defensive artillery fire", "the defender", p.DefensiveFire, add)
		case pbRuleAttacking:
			p.fireLines(pbRuleAttacking+" attacking artillery fire", "the attacker", p.AttackingFire, add)
		case pbRuleShootTwice:
			p.shootingLines(add)
		case pbRuleFirstTurnES:
			add("%s the battle begins: the defender takes turn 1 (C-01; RU-PRE-04 would give it to the attacker)", step)
		case pbRuleAssaultRU:
			add("%s the assault begins: the attacker takes turn 1 (C-01; ES-SCN-06 would give it to the defender)", step)
		}
	}
	p.summaryLines(add)
	return out
}

func (p PreBattle) mantletLines(add func(string, ...any)) {
	if len(p.Mantlets) == 0 {
		add("%s mantlets: no unit has mantlets", pbRuleMantlets)
	}
	for _, m := range p.Mantlets {
		who := "unit " + m.Units[0] + " rolls"
		if p.Options.MantletRollPerArmy {
			who = "units " + strings.Join(m.Units, ", ") + " (one roll for the army, [A-18]) roll"
		}
		add("%s mantlets: %s %s: may deploy %d\" closer, more than %d\" from any part of the castle",
			pbRuleMantlets, who, pbDice(m.Roll), m.Closer, m.MoreThan)
	}
}

func (p PreBattle) moveLines(kind EngineKind, plural string, add func(string, ...any)) {
	rule, name, path := pbRuleSiegeTower, "siege tower", "straight towards the castle" // ES-EQA-ST-3
	if kind == CoveredRamEngine {
		rule, name, path = pbRuleCoveredRam, "covered ram", "towards the castle"
	}
	none := true
	for _, m := range p.Moves {
		if m.Kind != kind {
			continue
		}
		none = false
		beasts := " without draught beasts"
		if m.DraughtBeasts {
			beasts = " with draught beasts"
		}
		switch {
		case m.Roll == nil:
			add("%s %s %s%s: no pre-battle move (strict reading of [A-17])", m.Rule, name, m.Engine, beasts)
		case kind == CoveredRamEngine && !m.DraughtBeasts:
			add("%s %s %s%s rolls %s: may move %d\" %s [A-17]", m.Rule, name, m.Engine, beasts, pbDice(*m.Roll), m.Inches, path)
		default:
			add("%s %s %s%s rolls %s: may move %d\" %s", m.Rule, name, m.Engine, beasts, pbDice(*m.Roll), m.Inches, path)
		}
	}
	if none {
		add("%s %s: none", rule, plural)
	}
}

func (p PreBattle) fireLines(head, side string, fire []ArtilleryFire, add func(string, ...any)) {
	kinds := map[string]ArtilleryKind{}
	for _, d := range p.Destroyed {
		kinds[d.Machine] = d.Kind
	}
	if len(fire) == 0 {
		add("%s: %s declared no war machines", head, side)
	}
	for _, f := range fire {
		name := artilleryNames[f.Kind] + " " + f.Machine
		switch f.Idle {
		case IdleCannotFire:
			add("%s: %s does not roll (its kind does not fire in this step)", head, name)
			continue
		case IdleOutsideFortress:
			add("%s: %s does not roll (it stands outside the fortress)", head, name)
			continue
		case IdleDestroyed:
			add("%s: %s does not fire (destroyed in RU-PRE-01)", head, name)
			continue
		}
		effects := make([]string, 0, len(f.Shots))
		for _, s := range f.Shots {
			effects = append(effects, pbShotWords(s, kinds[s.Target]))
		}
		if len(effects) == 0 {
			effects = append(effects, "no effect")
		}
		add("%s: %s rolls %s: %s", head, name, strings.Join(pbFaces(f.Roll.Dice), " "), strings.Join(effects, "; "))
	}
}

func pbShotWords(s ArtilleryShot, target ArtilleryKind) string {
	w := "6"
	if s.Reroll != nil {
		w = "6 re-rolled " + strconv.Itoa(s.Reroll.Total())
	}
	switch s.Effect {
	case ShotDestroys:
		return w + " destroys " + artilleryNames[target] + " " + s.Target
	case ShotBreaches:
		return w + " breaches wall " + s.Target
	case ShotMisses:
		return w + " misses (a bolt thrower cannot breach)"
	default:
		return w + " is wasted: no eligible target left [A-22]"
	}
}

func (p PreBattle) shootingLines(add func(string, ...any)) {
	add("%s defenders' shooting: every defending unit that did not fire in RU-PRE-01 shoots twice [A-19]", pbRuleShootTwice)
	if sh := p.Shooting; sh != nil {
		if len(sh.Twice) > 0 {
			add("%s war machines shooting twice: %s", pbRuleShootTwice, strings.Join(sh.Twice, ", "))
		}
		if len(sh.FiredInStep1) > 0 {
			add("%s fired in RU-PRE-01, no more shooting: %s", pbRuleShootTwice, strings.Join(sh.FiredInStep1, ", "))
		}
		if len(sh.Destroyed) > 0 {
			add("%s destroyed in RU-PRE-02, no shooting: %s", pbRuleShootTwice, strings.Join(sh.Destroyed, ", "))
		}
	}
	add("%s artillery that misfires now does not shoot in turn 1 and does not roll on the misfire table [A-20]", pbRuleShootTwice)
}

func (p PreBattle) summaryLines(add func(string, ...any)) {
	if p.Options.NoRUPhase {
		return
	}
	destroyed := make([]string, 0, len(p.Destroyed))
	for _, d := range p.Destroyed {
		destroyed = append(destroyed, fmt.Sprintf("%s %s (%s, by %s, %s)", artilleryNames[d.Kind], d.Machine, d.Side, d.By, d.Rule))
	}
	add("war machines destroyed: %s", pbList(destroyed))
	var walls []string
	count := map[string]int{}
	for _, b := range p.Breaches {
		if count[b.Section] == 0 {
			walls = append(walls, b.Section)
		}
		count[b.Section]++
	}
	breaches := make([]string, 0, len(walls))
	for _, w := range walls {
		breaches = append(breaches, fmt.Sprintf("%s ×%d", w, count[w]))
	}
	add("breaches (RU-PRE-02; effect not given by the seed, [A-21]): %s", pbList(breaches))
}

func pbList(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ", ")
}

// dice writes a roll as "4" or "3+4=7".
func pbDice(r campaign.Roll) string {
	if len(r.Dice) == 1 {
		return strconv.Itoa(r.Dice[0])
	}
	return strings.Join(pbFaces(r.Dice), "+") + "=" + strconv.Itoa(r.Total())
}

func pbFaces(ds []int) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = strconv.Itoa(d)
	}
	return out
}
