package campaign

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// StateError is a state that does not fit its map or breaks an invariant
// no turn can produce: a hand-edited or damaged snapshot. File is the
// snapshot's name when the caller knows it; Subject names the thing that
// is wrong ("army A3", "player empire", "next_army").
type StateError struct {
	File    string
	Subject string
	Msg     string
}

func (e *StateError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("campaign: %s: %s", e.Subject, e.Msg)
	}
	return fmt.Sprintf("campaign: %s: %s: %s", e.File, e.Subject, e.Msg)
}

// Reason is what is wrong without the package and the file, for a
// message that places it itself.
func (e *StateError) Reason() string { return e.Subject + ": " + e.Msg }

// CheckAgainst verifies a decoded state against the map it is played on,
// beyond what DecodeState can check alone: every square named is on the
// map, armies stand on land unless aboard a fleet that carries them (D9),
// fleets keep to water they can sail ([A24]), allies are mutual players
// (D11), initiatives are known (D5), reserves are not negative (D6), and
// the id counters will not hand out an id already in use. The first
// problem found is returned as a *StateError.
func (s *State) CheckAgainst(m *Map) *StateError {
	checks := []func(*Map) *StateError{s.checkPlayers, s.checkSquares, s.checkArmies, s.checkFleets, s.checkBattles, s.checkCounters}
	for _, check := range checks {
		if err := check(m); err != nil {
			return err
		}
	}
	return nil
}

func stateErr(subject, format string, args ...any) *StateError {
	return &StateError{Subject: subject, Msg: fmt.Sprintf(format, args...)}
}

// offMap says that c is off the map, naming the map's extent.
func offMap(m *Map, c Coord) string {
	return fmt.Sprintf("%s is off the map (%s)", c, m.Range())
}

func (s *State) checkPlayers(m *Map) *StateError {
	for _, p := range s.Players {
		subject := "player " + p.ID
		if !m.Contains(p.Capital) {
			return stateErr(subject, "capital %s", offMap(m, p.Capital))
		}
		if !m.Square(p.Capital).Kind.HasLand() {
			return stateErr(subject, "capital %s is a sea square (§1)", p.Capital)
		}
		switch p.Initiative {
		case "", InitiativeFirst, InitiativeLast:
		default:
			return stateErr(subject, "initiative %q is not %q or %q (D5)", p.Initiative, InitiativeFirst, InitiativeLast)
		}
		if p.Reserves < 0 {
			return stateErr(subject, "reserves of %d points are negative (D6)", p.Reserves)
		}
		for _, ally := range p.Allies {
			other := s.Player(ally)
			switch {
			case ally == p.ID:
				return stateErr(subject, "lists himself as an ally")
			case other == nil:
				return stateErr(subject, "ally %q is not a player", ally)
			case !slices.Contains(other.Allies, p.ID):
				return stateErr(subject, "ally %s does not list %s as an ally (D11: alliances are mutual)", ally, p.ID)
			}
		}
	}
	return nil
}

func (s *State) checkSquares(m *Map) *StateError {
	for _, c := range slices.SortedFunc(maps.Keys(s.Squares), compareCoord) {
		subject := "square " + c.String()
		if !m.Contains(c) {
			return stateErr(subject, "listed, but %s", offMap(m, c))
		}
		if s.Squares[c].Owner != "" && !m.Square(c).Kind.HasLand() {
			return stateErr(subject, "a sea square is owned by %s; sea squares are never owned (§1)", s.Squares[c].Owner)
		}
	}
	return nil
}

func (s *State) checkArmies(m *Map) *StateError {
	for _, a := range s.Armies {
		subject := "army " + a.ID
		if !m.Contains(a.At) {
			return stateErr(subject, "square %s", offMap(m, a.At))
		}
		if a.Aboard == "" {
			if !m.Square(a.At).Kind.HasLand() {
				return stateErr(subject, "stands on the sea square %s without a fleet", a.At)
			}
			continue
		}
		f := s.Fleet(a.Aboard)
		switch {
		case f == nil:
			return stateErr(subject, "is aboard fleet %s, which does not exist", a.Aboard)
		case f.At != a.At:
			return stateErr(subject, "is at %s but aboard fleet %s, which is at %s", a.At, f.ID, f.At)
		case !equalFoldASCII(f.Cargo, a.ID):
			return stateErr(subject, "is aboard fleet %s, whose cargo is %s", f.ID, cargoText(f.Cargo))
		}
	}
	return nil
}

func (s *State) checkFleets(m *Map) *StateError {
	for _, f := range s.Fleets {
		subject := "fleet " + f.ID
		if !m.Contains(f.At) {
			return stateErr(subject, "square %s", offMap(m, f.At))
		}
		if !m.Square(f.At).Sailable() {
			return stateErr(subject, "is at %s, where no fleet can sail: fleets keep to sea, coast and navigable rivers", f.At)
		}
		if f.Cargo == "" {
			continue
		}
		a := s.Army(f.Cargo)
		switch {
		case a == nil:
			return stateErr(subject, "carries army %s, which does not exist", f.Cargo)
		case !equalFoldASCII(a.Aboard, f.ID):
			return stateErr(subject, "carries army %s, which is not aboard it", a.ID)
		}
	}
	return nil
}

func (s *State) checkBattles(m *Map) *StateError {
	for _, b := range s.Battles {
		subject := "battle " + b.ID
		if !m.Contains(b.At) {
			return stateErr(subject, "square %s", offMap(m, b.At))
		}
		for _, f := range b.Forces {
			if !m.Contains(f.From) {
				return stateErr(subject, "army %s came from square %s", f.Army, offMap(m, f.From))
			}
		}
	}
	return nil
}

// checkCounters makes sure newArmyID and newFleetID cannot hand out an id
// that is already in use.
func (s *State) checkCounters(*Map) *StateError {
	topArmy, topFleet := 0, 0
	for _, a := range s.Armies {
		n, ok := idNumber(a.ID, 'A')
		if !ok {
			return stateErr("army "+a.ID, "the id is not A followed by a number")
		}
		topArmy = max(topArmy, n)
	}
	for _, f := range s.Fleets {
		n, ok := idNumber(f.ID, 'F')
		if !ok {
			return stateErr("fleet "+f.ID, "the id is not F followed by a number")
		}
		topFleet = max(topFleet, n)
	}
	switch {
	case s.NextArmy < topArmy:
		return stateErr("next_army", "%d is below A%d, an army id in use", s.NextArmy, topArmy)
	case s.NextFleet < topFleet:
		return stateErr("next_fleet", "%d is below F%d, a fleet id in use", s.NextFleet, topFleet)
	}
	return nil
}

// idNumber reads the number of an id like A12 (letter case ignored).
func idNumber(id string, letter byte) (int, bool) {
	if len(id) < 2 || id[0]&^0x20 != letter {
		return 0, false
	}
	for _, r := range id[1:] {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(id[1:])
	return n, err == nil && n > 0
}

func cargoText(id string) string {
	if id == "" {
		return "empty"
	}
	return id
}
