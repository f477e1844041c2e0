package campaign

import (
	"fmt"
	"strings"
)

// Move is a land movement order (§4.1): the army tries to step through
// Path, one command check per square, stopping at the first failure.
type Move struct {
	Army       string
	Path       []Coord
	SourceLine int
}

func (o Move) Unit() string { return o.Army }
func (o Move) Line() int    { return o.SourceLine }

func (o Move) String() string {
	parts := []string{o.Army, "MOVE"}
	for _, c := range o.Path {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " ")
}

// move steps the army through its path, one command check per square
// (§4.1): D = 9 + Table 4.1 − (n−1); the first failure ends its turn.
// The whole path is checked first: an impossible path is refused before
// any die is rolled.
func (r *resolver) move(a *Army, o Move) *Problem {
	if r.unit(a.ID).landed {
		return problem("landed", "%s landed this turn and cannot move again [A28]", a.ID)
	}
	if p := validateMove(r.m, a, a.At, o); p != nil {
		return p
	}
	text := o.String()
	for _, to := range o.Path {
		n := r.nextOrder(a.ID)
		c := r.roll(a.ID, newCheck("move", 9, r.moveModifiers(a, to), n), fmt.Sprintf("%s move %s→%s", a.ID, a.At, to))
		from := a.At
		r.emit(Event{Kind: EventCheck, Player: a.Owner, Unit: a.ID, Order: text, Line: o.Line(),
			From: at(from), To: at(to), Check: &c})
		if !c.Passed {
			r.emit(Event{Kind: EventHalted, Player: a.Owner, Unit: a.ID, Order: text, Line: o.Line(), From: at(from), To: at(to)})
			return nil
		}
		r.enter(a, from, to, false)
		r.emit(Event{Kind: EventMoved, Player: a.Owner, Unit: a.ID, Order: text, Line: o.Line(),
			From: at(from), To: at(to), Value: a.Points, Public: true})
		if e := explore(r.m, r.s, r.d, to, a); e != nil {
			r.emit(*e)
		}
	}
	return nil
}

// validateMove checks, from the square the army will start the move in,
// everything about a move that does not depend on dice:
// every step on the map, adjacent to the one before, onto land, not across
// an impassable edge or into impassable terrain, and no difficult terrain
// for armies over 500 points (§4.1 rows 6–8, [A20]).
func validateMove(m *Map, a *Army, from Coord, o Move) *Problem {
	if len(o.Path) == 0 {
		return problem("no-path", "the move names no square to move to")
	}
	if a.Aboard != "" {
		return problem("aboard", "army %s is aboard fleet %s: it must disembark first", a.ID, a.Aboard)
	}
	for _, to := range o.Path {
		sq := m.Square(to)
		switch {
		case sq == nil:
			return problem("off-map", "%s is off the map, which runs %s", to, m.Range()).at(to, from)
		case !m.Adjacent(from, to):
			return problem("not-adjacent", "%s is not next to %s", to, from).at(to, from)
		case !sq.Kind.HasLand():
			return problem("sea", "%s is sea: armies cross the sea only aboard a fleet", to).at(to, from)
		case sq.EntryTerrain() == Impassable:
			return problem("impassable", "%s is impassable terrain", to).at(to, from)
		case m.Blocked(from, to):
			return problem("impassable-edge", "%s cannot be entered from %s (impassable edge)", to, from).at(to, from)
		case sq.EntryTerrain().OnlyScouts() && a.Points > ArmyBlock:
			p := problem("too-big", "%s is %s terrain: only 500-point armies may enter, and %s has %d points", to, sq.EntryTerrain(), a.ID, a.Points)
			p.Terrain = sq.EntryTerrain().String()
			return p.at(to, from)
		}
		from = to
	}
	return nil
}

// moveModifiers lists the Table 4.1 modifiers of one land step.
func (r *resolver) moveModifiers(a *Army, to Coord) []Modifier {
	mods := ownershipModifiers(r.s, a.Owner, to)
	mods = append(mods, sizeMovePenalty(a)...)
	if r.enemyAt(a.Owner, a.At) {
		mods = append(mods, Modifier{"§4.1 #4 [A18]", "enemy-in-start", -1})
	}
	return append(mods, terrainModifiers(r.m.Square(to).EntryTerrain())...)
}

// ownershipModifiers are Table 4.1 rows 1–2 for the destination [A17]; an
// enemy-owned destination gives nothing.
func ownershipModifiers(s *State, player string, to Coord) []Modifier {
	switch owner := s.Square(to).Owner; owner {
	case "":
		return []Modifier{{"§4.1 #1", "dest-free", 1}}
	case player:
		return []Modifier{{"§4.1 #2 [A17]", "dest-own", 2}}
	}
	return nil
}

// sizeMovePenalty is Table 4.1 row 3: −1 per 500 points above the first 500.
func sizeMovePenalty(a *Army) []Modifier {
	if size := -(a.Points/ArmyBlock - 1); size != 0 {
		return []Modifier{{"§4.1 #3", "size", size}}
	}
	return nil
}

// terrainModifiers is the single worst terrain row, 5–7 (§4.1).
func terrainModifiers(t Terrain) []Modifier {
	if t.Modifier() != 0 {
		return []Modifier{{"§4.1 #5–7", "terrain-" + t.String(), t.Modifier()}}
	}
	return nil
}

// enemyArmyAt says whether an army hostile to player stands in c. Only
// armies count, not garrisons ([A18]); embarked armies do not ([A30]).
func (s *State) enemyArmyAt(player string, c Coord) bool {
	for _, a := range s.ArmiesAt(c) {
		if s.Enemy(player, a.Owner) {
			return true
		}
	}
	return false
}
