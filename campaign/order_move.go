package campaign

import (
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
func moveModifiers(m *Map, s *State, a *Army, to Coord) []Modifier {
	var mods []Modifier
	switch owner := s.Square(to).Owner; {
	case owner == "":
		mods = append(mods, Modifier{"§4.1 #1", "dest-free", 1})
	case owner == a.Owner:
		mods = append(mods, Modifier{"§4.1 #2 [A17]", "dest-own", 2})
	}
	if size := -(a.Points/ArmyBlock - 1); size != 0 {
		mods = append(mods, Modifier{"§4.1 #3", "size", size})
	}
	if s.enemyArmyAt(a.Owner, a.At) {
		mods = append(mods, Modifier{"§4.1 #4 [A18]", "enemy-in-start", -1})
	}
	if t := m.Square(to).EntryTerrain(); t.Modifier() != 0 {
		mods = append(mods, Modifier{"§4.1 #5–7", "terrain-" + t.String(), t.Modifier()})
	}
	return mods
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
