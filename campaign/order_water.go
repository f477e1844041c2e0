package campaign

import (
	"fmt"
	"strings"
)

// Embark puts a 500-point army aboard a fleet of its owner in the same
// coastal square (§4.2): a flat check of 9 with no modifiers at all [A25],
// automatic in an own square of value ≥5 [A29]; it counts as an order for
// both the army and the fleet (D2, [A26]).
type Embark struct {
	Army, Fleet string
	SourceLine  int
}

func (o Embark) Unit() string   { return o.Army }
func (o Embark) Line() int      { return o.SourceLine }
func (o Embark) String() string { return o.Army + " EMBARK " + o.Fleet }

// Disembark lands an embarked army in the coastal square its fleet is in
// (§4.2, [A27]): checked like a land step into that square, automatic in
// an own square of value ≥5 [A29]; afterwards neither the army nor the
// fleet moves again this turn [A28].
type Disembark struct {
	Army       string
	SourceLine int
}

func (o Disembark) Unit() string   { return o.Army }
func (o Disembark) Line() int      { return o.SourceLine }
func (o Disembark) String() string { return o.Army + " DISEMBARK" }

// Sail moves a fleet (and the army aboard) through water squares, one
// check per square on Table 4.2 with the fleet's own order count (§4.2, D9).
type Sail struct {
	Fleet      string
	Path       []Coord
	SourceLine int
}

func (o Sail) Unit() string { return o.Fleet }
func (o Sail) Line() int    { return o.SourceLine }

func (o Sail) String() string {
	parts := []string{o.Fleet, "MOVE"}
	for _, c := range o.Path {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " ")
}

// CliffLanding is how hard cliffs along a whole coast make a landing
// ([A22] Plausible: rated like terrain; very difficult by default).
const CliffLanding = VeryDifficult

// landingTerrain is the worst terrain met landing in a square: its land
// terrain, and its cliffs ([A22]).
func landingTerrain(sq *Square) Terrain {
	t := sq.EntryTerrain()
	if sq.Cliffs && CliffLanding > t {
		t = CliffLanding
	}
	return t
}

// port says whether embarking or landing in c is automatic for player:
// an own square of value ≥5 has a port ([A29]); the order still counts.
func (s *State) port(player string, c Coord) bool {
	sq := s.Square(c)
	return sq.Owner == player && sq.Value >= 5
}

// Sailable says whether a fleet can be in the square: sea, coast, or a
// navigable river ([A24], D9).
func (sq *Square) Sailable() bool {
	return sq.Kind.HasWater() || sq.River != NoRiver && sq.Navigable
}

func (r *resolver) embark(a *Army, o Embark) *Problem {
	f := r.s.Fleet(o.Fleet)
	switch {
	case f == nil || f.Owner != a.Owner:
		return problem("unknown-fleet", "you have no fleet %s", o.Fleet)
	case a.Aboard != "":
		return problem("aboard", "army %s is already aboard fleet %s", a.ID, a.Aboard)
	case r.unit(a.ID).landed || r.unit(f.ID).landed:
		return problem("landed", "%s or %s landed this turn and cannot move again [A28]", a.ID, f.ID)
	case r.unit(f.ID).halted:
		return problem("fleet-halted", "fleet %s failed a check this turn and does nothing more", f.ID)
	case a.Points != ArmyBlock:
		return problem("too-big-to-embark", "a fleet carries 500 points and %s has %d: split it first (D9)", a.ID, a.Points)
	case f.Cargo != "":
		return problem("fleet-full", "fleet %s already carries army %s", f.ID, f.Cargo)
	case f.At != a.At:
		return problem("not-with-fleet", "army %s is in %s and fleet %s in %s: they must share a coastal square", a.ID, a.At, f.ID, f.At).at(f.At, a.At)
	case r.m.Square(a.At).Kind != Coast:
		return problem("not-coast", "%s is not a coastal square: armies embark only on the coast (§4.2)", a.At).at(a.At, a.At)
	}
	n := r.nextOrder(a.ID)
	r.nextOrder(f.ID) // the embark counts for the fleet's later moves too ([A26])
	c := Check{Action: "embark", Base: 9, OrderN: n, Target: 9}
	if r.s.port(a.Owner, a.At) {
		c.Automatic, c.Passed = true, !r.dry
	} else {
		c = r.roll(a.ID, c, fmt.Sprintf("%s embark on %s at %s", a.ID, f.ID, a.At)) // flat 9, no penalty [A25]
	}
	r.emit(Event{Kind: EventCheck, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(a.At), Check: &c})
	if !c.Passed {
		r.emit(Event{Kind: EventHalted, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(a.At)})
		return nil
	}
	r.leave(a)
	a.Aboard, f.Cargo = f.ID, a.ID
	r.emit(Event{Kind: EventEmbarked, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(a.At), Fleet: f.ID, Public: true})
	return nil
}

func (r *resolver) disembark(a *Army, o Disembark) *Problem {
	if a.Aboard == "" {
		return problem("not-aboard", "army %s is not aboard a fleet", a.ID)
	}
	f := r.s.Fleet(a.Aboard)
	sq := r.m.Square(f.At)
	switch {
	case sq.Kind != Coast:
		return problem("not-coast", "fleet %s is in %s, not a coastal square: armies land only on the coast (§4.2)", f.ID, f.At).at(f.At, f.At)
	case landingTerrain(sq) == Impassable:
		return problem("impassable", "%s is impassable terrain", f.At).at(f.At, f.At)
	}
	n := r.nextOrder(a.ID)
	var c Check
	if r.s.port(a.Owner, f.At) {
		c = Check{Action: "disembark", Base: 9, OrderN: n, Target: 9, Automatic: true, Passed: !r.dry}
	} else {
		// As a land step into the square, without the start-square row [A27].
		mods := ownershipModifiers(r.s, a.Owner, f.At)
		mods = append(mods, sizeMovePenalty(a)...)
		mods = append(mods, terrainModifiers(landingTerrain(sq))...)
		c = r.roll(a.ID, newCheck("disembark", 9, mods, n), fmt.Sprintf("%s land from %s at %s", a.ID, f.ID, f.At))
	}
	r.emit(Event{Kind: EventCheck, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(f.At), Check: &c})
	if !c.Passed {
		r.emit(Event{Kind: EventHalted, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(f.At)})
		return nil
	}
	fleetFrom := r.unit(f.ID).from
	a.Aboard, f.Cargo = "", ""
	r.enter(a, fleetFrom, f.At, true)
	r.unit(a.ID).landed, r.unit(f.ID).landed = true, true
	r.emit(Event{Kind: EventLanded, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(f.At), Fleet: f.ID, Value: a.Points, Public: true})
	if e := explore(r.m, r.s, r.d, f.At, a); e != nil {
		r.emit(*e)
	}
	return nil
}

// sail moves a fleet one water square per check (§4.2, Table 4.2), with
// its own order count ([A26]); its cargo goes with it, and a failure
// stops both.
func (r *resolver) sail(f *Fleet, o Sail) *Problem {
	if r.unit(f.ID).landed {
		return problem("landed", "fleet %s put an army ashore this turn and cannot move again [A28]", f.ID)
	}
	from := f.At
	for _, to := range o.Path {
		sq := r.m.Square(to)
		switch {
		case sq == nil:
			return problem("off-map", "%s is off the map, which runs %s", to, r.m.Range()).at(to, from)
		case !r.m.Adjacent(from, to):
			return problem("not-adjacent", "%s is not next to %s", to, from).at(to, from)
		case !sq.Sailable():
			return problem("no-water", "%s has no water a fleet can sail: fleets keep to sea, coast and navigable rivers", to).at(to, from)
		}
		from = to
	}
	for _, to := range o.Path {
		n := r.nextOrder(f.ID)
		c := r.roll(f.ID, newCheck("sail", 9, r.sailModifiers(f, to), n), fmt.Sprintf("%s sail %s→%s", f.ID, f.At, to))
		from := f.At
		r.emit(Event{Kind: EventCheck, Player: f.Owner, Unit: f.ID, Order: o.String(), Line: o.Line(), From: at(from), To: at(to), Check: &c})
		if !c.Passed {
			r.emit(Event{Kind: EventHalted, Player: f.Owner, Unit: f.ID, Order: o.String(), Line: o.Line(), From: at(from), To: at(to)})
			if f.Cargo != "" {
				r.unit(f.Cargo).halted = true // the army aboard stops with it ([A26])
			}
			return nil
		}
		f.At = to
		u := r.unit(f.ID)
		u.from, u.steps = from, u.steps+1
		if a := r.army(f.Cargo); a != nil {
			a.At = to
		}
		r.emit(Event{Kind: EventSailed, Player: f.Owner, Unit: f.ID, Order: o.String(), Line: o.Line(), From: at(from), To: at(to), Public: true})
	}
	return nil
}

// sailModifiers is Table 4.2: ownership counts only in river and coastal
// squares (a sea square is never owned).
func (r *resolver) sailModifiers(f *Fleet, to Coord) []Modifier {
	var mods []Modifier
	switch owner := r.s.Square(to).Owner; {
	case owner == f.Owner:
		mods = append(mods, Modifier{"§4.2 #3", "dest-own", 1})
	case r.s.Enemy(f.Owner, owner):
		mods = append(mods, Modifier{"§4.2 #1", "dest-enemy", -1})
	}
	for _, g := range r.s.Fleets {
		if g.At == f.At && r.s.Enemy(f.Owner, g.Owner) {
			mods = append(mods, Modifier{"§4.2 #2", "enemy-fleet-in-start", -1})
			break
		}
	}
	return mods
}
