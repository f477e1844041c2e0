package campaign

import "fmt"

// The special actions of §5: each army may attempt one per turn, in the
// square it stands in [A32]; a build ends the army's turn.

// Claim annexes the army's square (§5.1, Table 5.1a).
type Claim struct {
	Army       string
	SourceLine int
}

func (o Claim) Unit() string   { return o.Army }
func (o Claim) Line() int      { return o.SourceLine }
func (o Claim) String() string { return o.Army + " CLAIM" }

// Pillage loots the army's square (§5.1, Table 5.1b). Bonus names the
// player's own square, adjacent to the pillaged one, that gains +1 [A40];
// nil lets the processor pick (the lowest-value, then first in reading order).
type Pillage struct {
	Army       string
	Bonus      *Coord
	SourceLine int
}

func (o Pillage) Unit() string { return o.Army }
func (o Pillage) Line() int    { return o.SourceLine }

func (o Pillage) String() string {
	if o.Bonus != nil {
		return o.Army + " PILLAGE " + o.Bonus.String()
	}
	return o.Army + " PILLAGE"
}

// Improve raises the value of the army's own square by 1, up to 5
// (§5.1, Table 5.1c).
type Improve struct {
	Army       string
	SourceLine int
}

func (o Improve) Unit() string   { return o.Army }
func (o Improve) Line() int      { return o.SourceLine }
func (o Improve) String() string { return o.Army + " IMPROVE" }

// Build makes a fleet in the army's own coastal square (§5.2, Table 5.2).
type Build struct {
	Army       string
	SourceLine int
}

func (o Build) Unit() string   { return o.Army }
func (o Build) Line() int      { return o.SourceLine }
func (o Build) String() string { return o.Army + " BUILD" }

// special runs a §5 action: one per army per turn, from ashore, in the
// army's own square [A32].
func (r *resolver) special(a *Army, o Order) *Problem {
	u := r.unit(a.ID)
	switch {
	case a.Aboard != "":
		return problem("aboard", "army %s is aboard fleet %s: it must land first", a.ID, a.Aboard)
	case u.special != "":
		return problem("second-special", "army %s already tried to %s this turn: one special action per turn (§5)", a.ID, u.special)
	}
	switch o := o.(type) {
	case Claim:
		return r.claim(a, o)
	case Pillage:
		return r.pillage(a, o)
	case Improve:
		return r.improve(a, o)
	case Build:
		return r.build(a, o)
	}
	return nil
}

// sizeBonus is the size row of Tables 5.1a–c: +1 per 500 above the first 500.
func sizeBonus(a *Army) []Modifier {
	if b := a.Points/ArmyBlock - 1; b > 0 {
		return []Modifier{{"§5.1 size [A37]", "size-bonus", b}}
	}
	return nil
}

// fortified says whether a square cannot be claimed or pillaged without a
// siege: owned, value ≥5 (§6.5, [A75], [A76]).
func (s *State) fortified(c Coord) bool {
	sq := s.Square(c)
	return sq.Owner != "" && sq.Value >= 5
}

// failSpecial ends the army's turn after a failed (or siege-bound) action
// and says what follows: nothing, or a battle at the end of the turn.
func (r *resolver) failSpecial(a *Army, o Order, cause, note string) {
	u := r.unit(a.ID)
	u.halted = true
	if note == "battle" || note == "siege" {
		u.failed = cause
	}
	r.emit(Event{Kind: EventFailed, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(a.At), Note: note})
}

// battleNote says what a failed claim or pillage against a garrison leads
// to: a battle if the garrison is 300+ (D12), else nothing [A35].
func (s *State) battleNote(c Coord) string {
	if s.Square(c).Value >= 3 {
		return "battle"
	}
	return "nothing"
}

// claim annexes the army's square (§5.1, Table 5.1a):
// D = 7 − enemy value − adjacent enemy squares + adjacent own squares + size − (n−1).
func (r *resolver) claim(a *Army, o Claim) *Problem {
	c := a.At
	sq := r.s.Square(c)
	switch {
	case sq.Owner == a.Owner:
		return problem("already-yours", "%s is already yours", c).at(c, c)
	case sq.Owner != "" && !r.s.Enemy(a.Owner, sq.Owner):
		return problem("allied", "%s belongs to your ally: allies do not claim each other's squares (D11)", c).at(c, c)
	case r.enemyAt(a.Owner, c):
		return problem("enemy-army", "there is an enemy army in %s: a square is claimed only with no enemy army in it (§5.1, [A34])", c).at(c, c)
	case !r.linkedToOwn(a.Owner, c):
		return problem("not-linked", "%s is not next to any of your squares, nor two sea squares away from one (§5.1, [A33])", c).at(c, c)
	}
	r.unit(a.ID).special = "claim"
	n := r.nextOrder(a.ID)
	if r.s.fortified(c) {
		r.failSpecial(a, o, "claim", "siege") // [A76]: no roll, a siege at the end of the turn
		return nil
	}
	var mods []Modifier
	if sq.Owner != "" && sq.Value > 0 {
		mods = append(mods, Modifier{"§5.1a #1", "enemy-value", -sq.Value})
	}
	enemies, own := r.adjacentOwners(a.Owner, c)
	if enemies > 0 {
		mods = append(mods, Modifier{"§5.1a #2 [A38]", "adjacent-enemy", -enemies})
	}
	if own > 0 {
		mods = append(mods, Modifier{"§5.1a #3 [A38]", "adjacent-own", own})
	}
	mods = append(mods, sizeBonus(a)...)
	chk := r.roll(a.ID, newCheck("claim", 7, mods, n), fmt.Sprintf("%s claim %s", a.ID, c))
	r.emit(Event{Kind: EventCheck, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(c), Check: &chk})
	if !chk.Passed {
		note := "nothing"
		if sq.Owner != "" {
			note = r.s.battleNote(c)
		}
		r.failSpecial(a, o, "claim", note)
		return nil
	}
	prev := sq.Owner
	if prev != "" {
		sq.Value = max(sq.Value-1, 0) // −1 when taken from an enemy (§5.1)
	}
	sq.Owner = a.Owner
	r.s.Squares[c] = sq
	r.emit(Event{Kind: EventClaimed, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(c), Value: sq.Value, Note: prev, Public: true})
	return nil
}

// linkedToOwn is the claim requirement (§5.1, [A33]): a square of the
// player's next to the target, or joined to it by one or two sea squares.
func (r *resolver) linkedToOwn(player string, target Coord) bool {
	seen := map[Coord]bool{target: true}
	frontier := []Coord{target}
	for depth := 0; depth <= 2 && len(frontier) > 0; depth++ {
		var next []Coord
		for _, c := range frontier {
			for _, n := range r.m.Neighbours(c) {
				if seen[n] {
					continue
				}
				seen[n] = true
				if r.s.Square(n).Owner == player {
					return true
				}
				if r.m.Square(n).Kind == Sea {
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return false
}

// adjacentOwners counts the land squares next to c owned by enemies of
// the player and by the player himself ([A38]).
func (r *resolver) adjacentOwners(player string, c Coord) (enemies, own int) {
	for _, n := range r.m.Neighbours(c) {
		switch owner := r.s.Square(n).Owner; {
		case owner == player:
			own++
		case r.s.Enemy(player, owner):
			enemies++
		}
	}
	return enemies, own
}

// pillage loots the army's square (§5.1, Table 5.1b):
// D = 7 − enemy value + size − (n−1).
func (r *resolver) pillage(a *Army, o Pillage) *Problem {
	c := a.At
	sq := r.s.Square(c)
	switch {
	case sq.Owner == "":
		return problem("free-square", "%s belongs to nobody: only owned squares can be pillaged (§5.1, [A43])", c).at(c, c)
	case sq.Owner != a.Owner && !r.s.Enemy(a.Owner, sq.Owner):
		return problem("allied", "%s belongs to your ally: allies do not pillage each other (D11)", c).at(c, c)
	}
	own := sq.Owner == a.Owner
	cause := "pillage"
	if own {
		cause = "own-pillage" // the garrison is commanded by a non-allied player ([A44])
	}
	r.unit(a.ID).special = "pillage"
	n := r.nextOrder(a.ID)
	if r.s.fortified(c) {
		r.failSpecial(a, o, cause, "siege") // [A76]
		return nil
	}
	var mods []Modifier
	if !own && sq.Value > 0 {
		mods = append(mods, Modifier{"§5.1b #1", "enemy-value", -sq.Value})
	}
	mods = append(mods, sizeBonus(a)...)
	chk := r.roll(a.ID, newCheck("pillage", 7, mods, n), fmt.Sprintf("%s pillage %s", a.ID, c))
	r.emit(Event{Kind: EventCheck, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(c), Check: &chk})
	if !chk.Passed {
		r.failSpecial(a, o, cause, r.s.battleNote(c))
		return nil
	}
	before := sq.Value
	sq.Value = max(sq.Value-2, 0)
	if before == 1 {
		sq.Owner, sq.Value = "", 0 // [A39]: a value-1 square becomes free
	}
	r.s.Squares[c] = sq
	r.emit(Event{Kind: EventPillaged, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(c), Value: sq.Value, Public: true})
	if before >= 2 {
		r.pillageBonus(a, o, c)
	}
	return nil
}

// pillageBonus gives +1 to an own square next to the pillaged one, not
// capped at 5 ([A40]): the one the player named, else his lowest-valued
// neighbouring square (first in reading order); lost if he has none.
func (r *resolver) pillageBonus(a *Army, o Pillage, c Coord) {
	var pick *Coord
	if o.Bonus != nil && r.m.Adjacent(c, *o.Bonus) && r.s.Square(*o.Bonus).Owner == a.Owner {
		pick = o.Bonus
	} else {
		for _, n := range r.m.Neighbours(c) {
			if sq := r.s.Square(n); sq.Owner == a.Owner && (pick == nil || sq.Value < r.s.Square(*pick).Value ||
				sq.Value == r.s.Square(*pick).Value && compareCoord(n, *pick) < 0) {
				pick = &n
			}
		}
	}
	if pick == nil {
		r.emit(Event{Kind: EventBonus, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), From: at(c), Note: "lost"})
		return
	}
	sq := r.s.Squares[*pick]
	sq.Value++
	r.s.Squares[*pick] = sq
	r.emit(Event{Kind: EventBonus, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), From: at(c), To: at(*pick), Value: sq.Value, Public: true})
}

// improve raises the value of the army's own square (§5.1, Table 5.1c):
// D = 7 − (value + 1) + size − (n−1); once per square per turn; cap 5 [A04].
func (r *resolver) improve(a *Army, o Improve) *Problem {
	c := a.At
	sq := r.s.Square(c)
	switch {
	case sq.Owner != a.Owner:
		return problem("not-own", "%s is not yours: only your own squares can be improved (§5.1)", c).at(c, c)
	case sq.Value >= 5:
		return problem("max-value", "%s is worth %d already: improvement stops at 5 (§5.1, [A04])", c, sq.Value).at(c, c)
	case r.improved[c]:
		return problem("improved-already", "an improvement of %s was already tried this turn (§5.1)", c).at(c, c)
	}
	r.improved[c] = true
	r.unit(a.ID).special = "improve"
	mods := append([]Modifier{{"§5.1c #1", "target-level", -(sq.Value + 1)}}, sizeBonus(a)...)
	chk := r.roll(a.ID, newCheck("improve", 7, mods, r.nextOrder(a.ID)), fmt.Sprintf("%s improve %s", a.ID, c))
	r.emit(Event{Kind: EventCheck, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(c), Check: &chk})
	if !chk.Passed {
		r.failSpecial(a, o, "improve", "nothing")
		return nil
	}
	sq.Value++
	r.s.Squares[c] = sq
	r.emit(Event{Kind: EventImproved, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(c), Value: sq.Value, Public: true})
	return nil
}

// build makes a fleet in the army's own coastal square (§5.2, Table 5.2):
// D = −1 + value + forest + 1 per full 500 points [A45] − (n−1). One build
// per square per turn; the army does nothing more this turn; the fleet
// appears at the end of the turn (D10, [A47]).
func (r *resolver) build(a *Army, o Build) *Problem {
	c := a.At
	sq := r.s.Square(c)
	switch {
	case sq.Owner != a.Owner:
		return problem("not-own", "%s is not yours: fleets are built only in your own squares (§5.2)", c).at(c, c)
	case r.m.Square(c).Kind != Coast:
		return problem("not-coast", "%s is not a coastal square: fleets are built only on the coast (§5.2)", c).at(c, c)
	case r.built[c]:
		return problem("built-already", "a fleet was already tried in %s this turn: one build per square (§5.2)", c).at(c, c)
	}
	r.built[c] = true
	u := r.unit(a.ID)
	u.special = "build"
	mods := []Modifier{{"§5.2 #1", "value", sq.Value}}
	if r.m.Square(c).Forest {
		mods = append(mods, Modifier{"§5.2 #2 [A46]", "forest", 1})
	}
	mods = append(mods, Modifier{"§5.2 #3 [A45]", "size-blocks", a.Points / ArmyBlock})
	chk := r.roll(a.ID, newCheck("build", -1, mods, r.nextOrder(a.ID)), fmt.Sprintf("%s build at %s", a.ID, c))
	u.halted = true // a build ends the army's turn, whatever the roll (§5)
	r.emit(Event{Kind: EventCheck, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(c), Check: &chk})
	if !chk.Passed {
		r.emit(Event{Kind: EventFailed, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(c), Note: "nothing"})
		return nil
	}
	f := Fleet{ID: r.s.newFleetID(), Owner: a.Owner, At: c}
	r.newFleet = append(r.newFleet, f)
	r.emit(Event{Kind: EventBuilt, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), To: at(c), Fleet: f.ID, Public: true})
	return nil
}

// placeBuiltFleets puts this turn's new fleets on the map (D10, [A47]).
func (r *resolver) placeBuiltFleets() {
	for _, f := range r.newFleet {
		r.s.Fleets = append(r.s.Fleets, f)
		r.emit(Event{Kind: EventFleet, Player: f.Owner, Unit: f.ID, To: at(f.At), Public: true})
	}
}
