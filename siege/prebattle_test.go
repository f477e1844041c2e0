package siege

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

var testWalls = []string{"W1", "W2", "W3", "W4"}

// rollScripted rolls the pre-battle phase with scripted dice and checks
// that the script was used up exactly and that the record holds every roll.
func rollScripted(t *testing.T, s PreBattleSetup, o PreBattleOptions, faces ...int) PreBattle {
	t.Helper()
	d := campaign.ScriptedDice(faces...)
	p, err := RollPreBattle(s, o, d)
	if err != nil {
		t.Fatalf("RollPreBattle: %v", err)
	}
	if n := d.Remaining(); n != 0 {
		t.Fatalf("%d scripted faces left unused", n)
	}
	if !reflect.DeepEqual(p.Rolls(), d.Rolls()) {
		t.Fatalf("record rolls %v, dice rolled %v", p.Rolls(), d.Rolls())
	}
	return p
}

func piece(id string, kind ArtilleryKind) ArtilleryPiece { return ArtilleryPiece{ID: id, Kind: kind} }

func destroyedIDs(p PreBattle) []string {
	var ids []string
	for _, d := range p.Destroyed {
		ids = append(ids, d.Machine)
	}
	return ids
}

func breachedIDs(p PreBattle) []string {
	var ids []string
	for _, b := range p.Breaches {
		ids = append(ids, b.Section)
	}
	return ids
}

func hasLine(t *testing.T, p PreBattle, want string) {
	t.Helper()
	if !slices.Contains(p.Lines(), want) {
		t.Errorf("no line %q in\n%s", want, strings.Join(p.Lines(), "\n"))
	}
}

// D-49: two defending cannons roll (6,3) and (6,6): three enemy machines
// destroyed; the destroyed attackers do not fire in RU-PRE-02.
func TestRUPre01_D49(t *testing.T) {
	s := PreBattleSetup{Walls: testWalls,
		Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{piece("a1", Cannon), piece("a2", StoneThrower), piece("a3", BoltThrower)}},
		Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("d1", Cannon), piece("d2", Cannon)}},
	}
	p := rollScripted(t, s, PreBattleOptions{}, 6, 3, 6, 6)
	if got := destroyedIDs(p); !slices.Equal(got, []string{"a1", "a2", "a3"}) {
		t.Errorf("destroyed %v", got)
	}
	for _, f := range p.AttackingFire {
		if f.Idle != IdleDestroyed || f.Roll != nil {
			t.Errorf("RU-PRE-02 %s fired after being destroyed: %+v", f.Machine, f)
		}
	}
	hasLine(t, p, "RU-PRE-01 defensive artillery fire: cannon d1 rolls 6 3: 6 destroys cannon a1")
	hasLine(t, p, "RU-PRE-01 defensive artillery fire: cannon d2 rolls 6 6: 6 destroys stone thrower a2; 6 destroys bolt thrower a3")
	hasLine(t, p, "RU-PRE-02 attacking artillery fire: stone thrower a2 does not fire (destroyed in RU-PRE-01)")
	hasLine(t, p, "war machines destroyed: cannon a1 (attacker, by d1, RU-PRE-01), stone thrower a2 (attacker, by d2, RU-PRE-01), bolt thrower a3 (attacker, by d2, RU-PRE-01)")
}

// D-49 with fewer targets than sixes: the third 6 has no target.
func TestRUPre01_NoTargetLeft(t *testing.T) {
	s := PreBattleSetup{Walls: testWalls,
		Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{piece("a1", Cannon)}},
		Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("d1", Cannon)}},
	}
	p := rollScripted(t, s, PreBattleOptions{}, 6, 6)
	if got := p.DefensiveFire[0].Shots; len(got) != 2 || got[0].Effect != ShotDestroys || got[1].Effect != ShotWasted {
		t.Errorf("shots %+v", got)
	}
	hasLine(t, p, "RU-PRE-01 defensive artillery fire: cannon d1 rolls 6 6: 6 destroys cannon a1; 6 is wasted: no eligible target left [A-22]")
}

// D-50: a defending bolt thrower does not roll in RU-PRE-01, nor does a
// machine outside the fortress or of another kind; all three shoot twice in
// RU-PRE-03.
func TestRUPre01_D50_WhoRolls(t *testing.T) {
	out := piece("d2", Cannon)
	out.Outside = true
	s := PreBattleSetup{Walls: testWalls,
		Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{piece("a1", Cannon)}},
		Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("d1", BoltThrower), out, piece("d3", OtherMachine), piece("d4", StoneThrower)}},
	}
	p := rollScripted(t, s, PreBattleOptions{}, 1, 2, 3, 4) // d4, then a1
	want := []IdleReason{IdleCannotFire, IdleOutsideFortress, IdleCannotFire, ""}
	for i, f := range p.DefensiveFire {
		if f.Idle != want[i] {
			t.Errorf("%s idle %q, want %q", f.Machine, f.Idle, want[i])
		}
	}
	if sh := p.Shooting; !slices.Equal(sh.Twice, []string{"d1", "d2", "d3"}) || !slices.Equal(sh.FiredInStep1, []string{"d4"}) {
		t.Errorf("RU-PRE-03 %+v", sh)
	}
	hasLine(t, p, "RU-PRE-01 defensive artillery fire: bolt thrower d1 does not roll (its kind does not fire in this step)")
	hasLine(t, p, "RU-PRE-01 defensive artillery fire: cannon d2 does not roll (it stands outside the fortress)")
	hasLine(t, p, "RU-PRE-01 defensive artillery fire: stone thrower d4 rolls 1 2: no effect")
}

// RU-PRE-01 threshold: only a 6 destroys.
func TestRUPre01_Threshold(t *testing.T) {
	for face := 1; face <= 6; face++ {
		s := PreBattleSetup{Walls: testWalls,
			Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{piece("a1", OtherMachine)}},
			Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("d1", StoneThrower)}},
		}
		p := rollScripted(t, s, PreBattleOptions{}, face, 1)
		if got, want := len(p.Destroyed), map[bool]int{true: 1, false: 0}[face == 6]; got != want {
			t.Errorf("face %d: %d destroyed, want %d", face, got, want)
		}
	}
}

// D-51: an attacking cannon rolls (6,2), re-roll 3: one defending machine
// destroyed; the 2 does nothing.
func TestRUPre02_D51(t *testing.T) {
	s := PreBattleSetup{Walls: testWalls,
		Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{piece("a1", Cannon)}},
		Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("d1", BoltThrower)}},
	}
	p := rollScripted(t, s, PreBattleOptions{}, 6, 2, 3)
	if got := destroyedIDs(p); !slices.Equal(got, []string{"d1"}) || p.Destroyed[0].Side != campaign.Defender {
		t.Errorf("destroyed %+v", p.Destroyed)
	}
	if sh := p.Shooting; !slices.Equal(sh.Destroyed, []string{"d1"}) || len(sh.Twice) != 0 {
		t.Errorf("RU-PRE-03 %+v", sh)
	}
	hasLine(t, p, "RU-PRE-02 attacking artillery fire: cannon a1 rolls 6 2: 6 re-rolled 3 destroys bolt thrower d1")
	hasLine(t, p, "RU-PRE-03 destroyed in RU-PRE-02, no shooting: d1")
	if got := p.Rolls()[1].Purpose; got != "RU-PRE-02 re-roll of a 6: cannon a1" {
		t.Errorf("re-roll purpose %q", got)
	}
}

// D-52: a stone thrower rolls (6,6), re-rolls 4 and 6: two breaches. The
// re-rolled 6 is a breach and is not re-rolled again (no face left over).
func TestRUPre02_D52_RerolledSixes(t *testing.T) {
	st := piece("a1", StoneThrower)
	st.Walls = []string{"W3", "W2"}
	s := PreBattleSetup{Walls: testWalls, Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{st}}}
	p := rollScripted(t, s, PreBattleOptions{}, 6, 6, 4, 6)
	if got := breachedIDs(p); !slices.Equal(got, []string{"W3", "W3"}) {
		t.Errorf("breaches %v", got)
	}
	hasLine(t, p, "RU-PRE-02 attacking artillery fire: stone thrower a1 rolls 6 6: 6 re-rolled 4 breaches wall W3; 6 re-rolled 6 breaches wall W3")
	hasLine(t, p, "breaches (RU-PRE-02; effect not given by the seed, [A-21]): W3 ×2")
}

// D-53: a bolt thrower rolls (6,1); re-roll 5 misses, re-roll 2 destroys.
func TestRUPre02_D53_BoltThrower(t *testing.T) {
	for _, c := range []struct {
		reroll int
		effect ShotEffect
		line   string
	}{
		{5, ShotMisses, "RU-PRE-02 attacking artillery fire: bolt thrower a1 rolls 6 1: 6 re-rolled 5 misses (a bolt thrower cannot breach)"},
		{2, ShotDestroys, "RU-PRE-02 attacking artillery fire: bolt thrower a1 rolls 6 1: 6 re-rolled 2 destroys war machine d1"},
	} {
		s := PreBattleSetup{Walls: testWalls,
			Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{piece("a1", BoltThrower)}},
			Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("d1", OtherMachine)}},
		}
		p := rollScripted(t, s, PreBattleOptions{}, 6, 1, c.reroll)
		if got := p.AttackingFire[0].Shots[0].Effect; got != c.effect {
			t.Errorf("re-roll %d: %s, want %s", c.reroll, got, c.effect)
		}
		if len(p.Breaches) != 0 {
			t.Errorf("re-roll %d: a bolt thrower breached %v", c.reroll, p.Breaches)
		}
		hasLine(t, p, c.line)
	}
}

// RU-PRE-02 thresholds: re-roll 1–3 destroys, 4–6 breaches (cannon, stone
// thrower) or misses (bolt thrower).
func TestRUPre02_Thresholds(t *testing.T) {
	for _, kind := range []ArtilleryKind{Cannon, StoneThrower, BoltThrower} {
		for face := 1; face <= 6; face++ {
			s := PreBattleSetup{Walls: testWalls,
				Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{piece("a1", kind)}},
				Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("d1", OtherMachine)}},
			}
			p := rollScripted(t, s, PreBattleOptions{}, 6, 5, face)
			want := ShotDestroys
			switch {
			case face >= 4 && kind == BoltThrower:
				want = ShotMisses
			case face >= 4:
				want = ShotBreaches
			}
			if got := p.AttackingFire[0].Shots[0]; got.Effect != want {
				t.Errorf("%s re-roll %d: %s, want %s", kind, face, got.Effect, want)
			}
		}
	}
}

// the firing player's order of preference picks the target; an
// empty list means none in range and sight; nil means every enemy machine
// in the enemy's order; walls default to the castle's order.
func TestRUPre02_Targets(t *testing.T) {
	pref := piece("a1", Cannon)
	pref.Targets = []string{"d2", "d1"}
	blind := piece("a2", Cannon)
	blind.Targets = []string{}
	free := piece("a3", StoneThrower)
	s := PreBattleSetup{Walls: testWalls,
		Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{pref, blind, free}},
		Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("d1", OtherMachine), piece("d2", OtherMachine)}},
	}
	// a1: 6→1 destroys d2; a2: 6→1 wasted; a3: 6→2 destroys d1, 6→4 breaches W1.
	p := rollScripted(t, s, PreBattleOptions{}, 6, 1, 1, 6, 1, 1, 6, 6, 2, 4)
	if got := destroyedIDs(p); !slices.Equal(got, []string{"d2", "d1"}) {
		t.Errorf("destroyed %v", got)
	}
	if got := p.AttackingFire[1].Shots[0].Effect; got != ShotWasted {
		t.Errorf("a2 with no target in sight: %s", got)
	}
	if got := breachedIDs(p); !slices.Equal(got, []string{"W1"}) {
		t.Errorf("breaches %v", got)
	}
}

// a breach with no wall section in range and sight is wasted.
func TestRUPre02_NoWall(t *testing.T) {
	s := PreBattleSetup{Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{piece("a1", Cannon)}}}
	p := rollScripted(t, s, PreBattleOptions{}, 6, 3, 5)
	if got := p.AttackingFire[0].Shots[0].Effect; got != ShotWasted || len(p.Breaches) != 0 {
		t.Errorf("%s, breaches %v", got, p.Breaches)
	}
	hasLine(t, p, "RU-PRE-02 attacking artillery fire: cannon a1 rolls 6 3: 6 re-rolled 5 is wasted: no eligible target left [A-22]")
}

// D-54: defenders that did not fire in RU-PRE-01 shoot twice; a
// misfire in RU-PRE-03 costs turn 1's shooting, no misfire table.
func TestRUPre03_D54(t *testing.T) {
	s := PreBattleSetup{Walls: testWalls,
		Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("d1", Cannon), piece("d2", BoltThrower)}},
	}
	p := rollScripted(t, s, PreBattleOptions{}, 2, 2)
	hasLine(t, p, "RU-PRE-03 defenders' shooting: every defending unit that did not fire in RU-PRE-01 shoots twice [A-19]")
	hasLine(t, p, "RU-PRE-03 war machines shooting twice: d2")
	hasLine(t, p, "RU-PRE-03 fired in RU-PRE-01, no more shooting: d1")
	hasLine(t, p, "RU-PRE-03 artillery that misfires now does not shoot in turn 1 and does not roll on the misfire table [A-20]")
}

// D-55, C-01: ES-SCN-06 gives turn 1 to the defender (D20's default);
// first_turn = RU gives it to the attacker (RU-PRE-04).
func TestFirstTurn_D55(t *testing.T) {
	es := rollScripted(t, PreBattleSetup{}, PreBattleOptions{})
	if es.FirstTurn != campaign.Defender || es.FirstTurnRule != "ES-SCN-06" {
		t.Errorf("ES: %s by %s", es.FirstTurn, es.FirstTurnRule)
	}
	hasLine(t, es, "ES-SCN-06 the battle begins: the defender takes turn 1 (C-01; RU-PRE-04 would give it to the attacker)")
	ru := rollScripted(t, PreBattleSetup{}, PreBattleOptions{FirstTurnRU: true})
	if ru.FirstTurn != campaign.Attacker || ru.FirstTurnRule != "RU-PRE-04" {
		t.Errorf("RU: %s by %s", ru.FirstTurn, ru.FirstTurnRule)
	}
	hasLine(t, ru, "RU-PRE-04 the assault begins: the attacker takes turn 1 (C-01; ES-SCN-06 would give it to the defender)")
}

// D-41: a mantlet unit rolls 4: it may deploy more than 20" from the castle.
// one roll per unit by default, one for the army as an option.
func TestMantlets_D41(t *testing.T) {
	s := PreBattleSetup{Attacker: PreBattleAttacker{Mantlets: []string{"archers", "crossbows"}}}
	p := rollScripted(t, s, PreBattleOptions{}, 4, 1)
	if m := p.Mantlets[0]; m.Closer != 4 || m.MoreThan != 20 || !slices.Equal(m.Units, []string{"archers"}) {
		t.Errorf("mantlet %+v", m)
	}
	hasLine(t, p, `ES-EQA-MAN-2 mantlets: unit archers rolls 4: may deploy 4" closer, more than 20" from any part of the castle`)
	hasLine(t, p, `ES-EQA-MAN-2 mantlets: unit crossbows rolls 1: may deploy 1" closer, more than 23" from any part of the castle`)
	if got := p.Rolls()[0].Purpose; got != "ES-EQA-MAN-2 mantlets: archers" {
		t.Errorf("purpose %q", got)
	}

	army := rollScripted(t, s, PreBattleOptions{MantletRollPerArmy: true}, 6)
	if len(army.Mantlets) != 1 || army.Mantlets[0].MoreThan != 18 {
		t.Errorf("per army %+v", army.Mantlets)
	}
	hasLine(t, army, `ES-EQA-MAN-2 mantlets: units archers, crossbows (one roll for the army, [A-18]) roll 6: may deploy 6" closer, more than 18" from any part of the castle`)
}

// D-42: a siege tower moves 1D6" (3), or 2D6" with draught beasts (7).
func TestSiegeTower_D42(t *testing.T) {
	s := PreBattleSetup{Attacker: PreBattleAttacker{SiegeTowers: []PreBattleEngine{{ID: "st1"}, {ID: "st2", DraughtBeasts: true}}}}
	p := rollScripted(t, s, PreBattleOptions{}, 3, 3, 4)
	if p.Moves[0].Inches != 3 || p.Moves[0].Rule != "ES-EQA-ST-2" || p.Moves[1].Inches != 7 || p.Moves[1].Rule != "ES-EQA-ST-7" {
		t.Errorf("moves %+v", p.Moves)
	}
	hasLine(t, p, `ES-EQA-ST-2 siege tower st1 without draught beasts rolls 3: may move 3" straight towards the castle`)
	hasLine(t, p, `ES-EQA-ST-7 siege tower st2 with draught beasts rolls 3+4=7: may move 7" straight towards the castle`)
	hasLine(t, p, "ES-EQA-CRAM-2 covered rams: none")
}

// ES-EQA-CRAM-2: 2D6" with draught beasts: 1D6" without, or no
// move under the strict reading.
func TestCoveredRam_A17(t *testing.T) {
	s := PreBattleSetup{Attacker: PreBattleAttacker{CoveredRams: []PreBattleEngine{{ID: "cr1", DraughtBeasts: true}, {ID: "cr2"}}}}
	p := rollScripted(t, s, PreBattleOptions{}, 2, 5, 2)
	if p.Moves[0].Inches != 7 || p.Moves[1].Inches != 2 {
		t.Errorf("moves %+v", p.Moves)
	}
	hasLine(t, p, `ES-EQA-CRAM-2 covered ram cr1 with draught beasts rolls 2+5=7: may move 7" towards the castle`)
	hasLine(t, p, `ES-EQA-CRAM-2 covered ram cr2 without draught beasts rolls 2: may move 2" towards the castle [A-17]`)

	strict := rollScripted(t, s, PreBattleOptions{CoveredRamNeedsBeasts: true}, 2, 5)
	if m := strict.Moves[1]; m.Roll != nil || m.Inches != 0 {
		t.Errorf("strict %+v", m)
	}
	hasLine(t, strict, "ES-EQA-CRAM-2 covered ram cr2 without draught beasts: no pre-battle move (strict reading of [A-17])")
}

// ES moves first, then RU steps 1–4; the option reverses them; the
// RU phase can be left out. Mantlets always roll first, at deployment.
func TestStepOrder_A23(t *testing.T) {
	s := PreBattleSetup{Walls: testWalls, Attacker: PreBattleAttacker{
		Mantlets:    []string{"archers"},
		SiegeTowers: []PreBattleEngine{{ID: "st1"}},
		Artillery:   []ArtilleryPiece{piece("a1", Cannon)},
	}}
	cases := []struct {
		opts     PreBattleOptions
		faces    []int
		steps    []string
		purposes []string
	}{
		{PreBattleOptions{}, []int{1, 1, 1, 1},
			[]string{"ES-EQA-MAN-2", "ES-EQA-ST-2", "ES-EQA-CRAM-2", "RU-PRE-01", "RU-PRE-02", "RU-PRE-03", "ES-SCN-06"},
			[]string{"ES-EQA-MAN-2 mantlets: archers", "ES-EQA-ST-2 siege tower st1: pre-battle move", "RU-PRE-02 attacking artillery fire: cannon a1"}},
		{PreBattleOptions{RUBeforeES: true, FirstTurnRU: true}, []int{1, 1, 1, 1},
			[]string{"ES-EQA-MAN-2", "RU-PRE-01", "RU-PRE-02", "RU-PRE-03", "ES-EQA-ST-2", "ES-EQA-CRAM-2", "RU-PRE-04"},
			[]string{"ES-EQA-MAN-2 mantlets: archers", "RU-PRE-02 attacking artillery fire: cannon a1", "ES-EQA-ST-2 siege tower st1: pre-battle move"}},
		{PreBattleOptions{NoRUPhase: true}, []int{1, 1},
			[]string{"ES-EQA-MAN-2", "ES-EQA-ST-2", "ES-EQA-CRAM-2", "ES-SCN-06"},
			[]string{"ES-EQA-MAN-2 mantlets: archers", "ES-EQA-ST-2 siege tower st1: pre-battle move"}},
	}
	for _, c := range cases {
		p := rollScripted(t, s, c.opts, c.faces...)
		if !slices.Equal(p.Steps, c.steps) {
			t.Errorf("%+v: steps %v", c.opts, p.Steps)
		}
		var purposes []string
		for _, r := range p.Rolls() {
			purposes = append(purposes, r.Purpose)
		}
		if !slices.Equal(purposes, c.purposes) {
			t.Errorf("%+v: purposes %q", c.opts, purposes)
		}
		if c.opts.NoRUPhase && (p.Shooting != nil || p.AttackingFire != nil) {
			t.Errorf("RU steps rolled without the RU phase: %+v", p)
		}
	}
}

// The whole record in English, for a full declaration.
func TestLines(t *testing.T) {
	st := piece("a1", StoneThrower)
	st.Walls = []string{"W2"}
	s := PreBattleSetup{Walls: testWalls,
		Attacker: PreBattleAttacker{
			Artillery:   []ArtilleryPiece{st, piece("a2", BoltThrower)},
			SiegeTowers: []PreBattleEngine{{ID: "st1", DraughtBeasts: true}},
			CoveredRams: []PreBattleEngine{{ID: "cr1"}},
			Mantlets:    []string{"archers"},
		},
		Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("d1", Cannon), piece("d2", BoltThrower)}},
	}
	p := rollScripted(t, s, PreBattleOptions{},
		5,    // mantlets
		2, 6, // siege tower with beasts
		3,    // covered ram
		6, 4, // d1 destroys a1
		6, 6, 5, 1, // a2: both 6s, re-rolls 5 (miss) and 1 (destroys d1)
	)
	want := []string{
		`ES-EQA-MAN-2 mantlets: unit archers rolls 5: may deploy 5" closer, more than 19" from any part of the castle`,
		`ES-EQA-ST-7 siege tower st1 with draught beasts rolls 2+6=8: may move 8" straight towards the castle`,
		`ES-EQA-CRAM-2 covered ram cr1 without draught beasts rolls 3: may move 3" towards the castle [A-17]`,
		"RU-PRE-01 defensive artillery fire: cannon d1 rolls 6 4: 6 destroys stone thrower a1",
		"RU-PRE-01 defensive artillery fire: bolt thrower d2 does not roll (its kind does not fire in this step)",
		"RU-PRE-02 attacking artillery fire: stone thrower a1 does not fire (destroyed in RU-PRE-01)",
		"RU-PRE-02 attacking artillery fire: bolt thrower a2 rolls 6 6: 6 re-rolled 5 misses (a bolt thrower cannot breach); 6 re-rolled 1 destroys cannon d1",
		"RU-PRE-03 defenders' shooting: every defending unit that did not fire in RU-PRE-01 shoots twice [A-19]",
		"RU-PRE-03 war machines shooting twice: d2",
		"RU-PRE-03 destroyed in RU-PRE-02, no shooting: d1",
		"RU-PRE-03 artillery that misfires now does not shoot in turn 1 and does not roll on the misfire table [A-20]",
		"ES-SCN-06 the battle begins: the defender takes turn 1 (C-01; RU-PRE-04 would give it to the attacker)",
		"war machines destroyed: stone thrower a1 (attacker, by d1, RU-PRE-01), cannon d1 (defender, by a2, RU-PRE-02)",
		"breaches (RU-PRE-02; effect not given by the seed, [A-21]): none",
	}
	if got := p.Lines(); !slices.Equal(got, want) {
		t.Errorf("Lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Nothing declared: every step still has its line.
func TestLinesEmpty(t *testing.T) {
	p := rollScripted(t, PreBattleSetup{}, PreBattleOptions{})
	for _, w := range []string{
		"ES-EQA-MAN-2 mantlets: no unit has mantlets",
		"ES-EQA-ST-2 siege towers: none",
		"RU-PRE-01 defensive artillery fire: the defender declared no war machines",
		"RU-PRE-02 attacking artillery fire: the attacker declared no war machines",
		"war machines destroyed: none",
	} {
		hasLine(t, p, w)
	}
}

// Every roll's purpose names its rule id.
func TestPurposesNameRules(t *testing.T) {
	p, d := seeded(t, "purposes")
	if len(d.Rolls()) == 0 {
		t.Fatal("no rolls")
	}
	for _, r := range d.Rolls() {
		if !strings.HasPrefix(r.Purpose, "ES-EQA-") && !strings.HasPrefix(r.Purpose, "RU-PRE-0") {
			t.Errorf("purpose %q names no rule", r.Purpose)
		}
	}
	if !reflect.DeepEqual(p.Rolls(), d.Rolls()) {
		t.Errorf("record rolls differ from the dice's")
	}
}

func fullSetup() PreBattleSetup {
	return PreBattleSetup{Walls: testWalls,
		Attacker: PreBattleAttacker{
			Artillery:   []ArtilleryPiece{piece("a1", Cannon), piece("a2", StoneThrower), piece("a3", BoltThrower)},
			SiegeTowers: []PreBattleEngine{{ID: "st1"}, {ID: "st2", DraughtBeasts: true}},
			CoveredRams: []PreBattleEngine{{ID: "cr1", DraughtBeasts: true}, {ID: "cr2"}},
			Mantlets:    []string{"archers", "crossbows"},
		},
		Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("d1", Cannon), piece("d2", StoneThrower), piece("d3", BoltThrower)}},
	}
}

func seeded(t *testing.T, seed string) (PreBattle, *campaign.Dice) {
	t.Helper()
	d := campaign.NewDice(seed, 7)
	p, err := RollPreBattle(fullSetup(), PreBattleOptions{}, d)
	if err != nil {
		t.Fatal(err)
	}
	return p, d
}

// Same seed ⇒ same record, same lines.
func TestDeterminism(t *testing.T) {
	a, _ := seeded(t, "riverlands")
	b, _ := seeded(t, "riverlands")
	if !reflect.DeepEqual(a, b) || !slices.Equal(a.Lines(), b.Lines()) {
		t.Errorf("same seed, different records:\n%v\n%v", a, b)
	}
}

func TestRollPreBattleErrors(t *testing.T) {
	dup := fullSetup()
	dup.Attacker.SiegeTowers[0].ID = "a1"
	cases := []struct {
		name string
		s    PreBattleSetup
		want string
	}{
		{"empty wall", PreBattleSetup{Walls: []string{"W1", " "}}, "siege: pre-battle: wall section 2 has no id"},
		{"wall twice", PreBattleSetup{Walls: []string{"W1", "W1"}}, `siege: pre-battle: wall section "W1" is listed twice`},
		{"no id", PreBattleSetup{Defender: PreBattleDefender{Artillery: []ArtilleryPiece{piece("", Cannon)}}},
			"siege: pre-battle: defender war machine 1 has no id"},
		{"shared id", dup, "siege: pre-battle: attacker war machine 1 and siege tower 1 share the id \"a1\"\nhint: give every machine, engine and mantlet unit its own id"},
		{"mantlet no id", PreBattleSetup{Attacker: PreBattleAttacker{Mantlets: []string{""}}}, "siege: pre-battle: mantlet unit 1 has no id"},
		{"kind", PreBattleSetup{Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{piece("a1", "mortar")}}},
			"siege: pre-battle: attacker war machine \"a1\" is of unknown kind \"mortar\"\nhint: kinds are stone-thrower, cannon, bolt-thrower, other"},
		{"attacker outside", PreBattleSetup{Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{{ID: "a1", Kind: Cannon, Outside: true}}}},
			"siege: pre-battle: attacker war machine \"a1\" is marked outside the fortress\nhint: only the defender's machines can stand in or outside the fortress"},
		{"own target", PreBattleSetup{Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{{ID: "a1", Kind: Cannon, Targets: []string{"a1"}}}}},
			`siege: pre-battle: attacker war machine "a1" targets "a1", which is not an enemy war machine`},
		{"defender breach", PreBattleSetup{Walls: testWalls, Defender: PreBattleDefender{Artillery: []ArtilleryPiece{{ID: "d1", Kind: Cannon, Walls: []string{"W1"}}}}},
			"siege: pre-battle: defender war machine \"d1\" lists walls to breach\nhint: only the attacker's stone throwers and cannons breach walls (RU-PRE-02)"},
		{"bolt breach", PreBattleSetup{Walls: testWalls, Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{{ID: "a1", Kind: BoltThrower, Walls: []string{"W1"}}}}},
			"siege: pre-battle: attacker war machine \"a1\" lists walls to breach\nhint: only the attacker's stone throwers and cannons breach walls (RU-PRE-02)"},
		{"tower breach", PreBattleSetup{Walls: testWalls, Attacker: PreBattleAttacker{Artillery: []ArtilleryPiece{{ID: "a1", Kind: Cannon, Walls: []string{"T1"}}}}},
			`siege: pre-battle: attacker war machine "a1" aims at "T1", which is not a wall section of the castle`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := RollPreBattle(c.s, PreBattleOptions{}, campaign.ScriptedDice())
			if err == nil || campaign.ErrorText(err) != c.want {
				t.Errorf("error %v\nwant %s", err, c.want)
			}
		})
	}
	if _, err := RollPreBattle(PreBattleSetup{}, PreBattleOptions{}, nil); err == nil ||
		campaign.ErrorText(err) != "siege: pre-battle: no dice\nhint: pass campaign.NewDice(seed, turn)" {
		t.Errorf("nil dice: %v", err)
	}
	short := PreBattleSetup{Attacker: PreBattleAttacker{Mantlets: []string{"archers", "crossbows"}}}
	if _, err := RollPreBattle(short, PreBattleOptions{}, campaign.ScriptedDice(3)); err == nil ||
		campaign.ErrorText(err) != "siege: pre-battle: campaign: the scripted dice ran out after 1 rolls" {
		t.Errorf("short script: %v", err)
	}
}

// FuzzRollPreBattle builds declarations from bytes: the roller never
// panics, and a valid declaration records exactly the rolls it made.
func FuzzRollPreBattle(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, "seed")
	f.Add([]byte{9, 9, 9, 1, 1, 1, 200, 3}, "x")
	kinds := []ArtilleryKind{StoneThrower, Cannon, BoltThrower, OtherMachine, "mortar"}
	ids := []string{"a", "b", "c", "d", "W1", ""}
	f.Fuzz(func(t *testing.T, data []byte, seed string) {
		var s PreBattleSetup
		var o PreBattleOptions
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := int(data[0])
			data = data[1:]
			return b
		}
		o.RUBeforeES, o.NoRUPhase, o.MantletRollPerArmy = next()%2 == 1, next()%3 == 1, next()%2 == 1
		s.Walls = ids[:next()%4]
		for len(data) > 0 {
			id, n := ids[next()%len(ids)]+string(rune('0'+next()%8)), next()
			m := ArtilleryPiece{ID: id, Kind: kinds[n%len(kinds)], Outside: n&8 != 0}
			if n&16 != 0 {
				m.Targets = []string{ids[next()%len(ids)]}
			}
			if n&32 != 0 {
				m.Walls = []string{ids[next()%len(ids)]}
			}
			switch n >> 6 {
			case 0:
				s.Attacker.Artillery = append(s.Attacker.Artillery, m)
			case 1:
				s.Defender.Artillery = append(s.Defender.Artillery, m)
			case 2:
				s.Attacker.SiegeTowers = append(s.Attacker.SiegeTowers, PreBattleEngine{ID: id, DraughtBeasts: n&1 == 1})
			default:
				s.Attacker.CoveredRams = append(s.Attacker.CoveredRams, PreBattleEngine{ID: id, DraughtBeasts: n&1 == 1})
			}
		}
		d := campaign.NewDice(seed, 1)
		p, err := RollPreBattle(s, o, d)
		if err != nil {
			if !strings.HasPrefix(campaign.ErrorText(err), "siege: pre-battle: ") {
				t.Errorf("error %q", err)
			}
			return
		}
		if !reflect.DeepEqual(p.Rolls(), d.Rolls()) {
			t.Errorf("record rolls differ from the dice's")
		}
		_ = p.Lines()
	})
}
