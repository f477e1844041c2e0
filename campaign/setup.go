package campaign

import (
	"fmt"
	"slices"
)

// PlayerSetup is what the config says about a player at the start.
type PlayerSetup struct {
	ID, Name, Race string
	Capital        Coord
	Allies         []string
	Armies         []int // starting armies at the capital; their sum ≤ 1000
	Initiative     Initiative
}

// SetupError is a player's setup the map or the rules refuse. Field names
// what is wrong, "capital" or "armies", so that a caller holding the
// config can point at the line that sets it.
type SetupError struct {
	Player string
	Field  string // "capital" or "armies"
	Msg    string
	Hint   string
}

func (e *SetupError) Error() string {
	return fmt.Sprintf("campaign: player %s: %s", e.Player, e.Msg)
}

func (e *SetupError) ProblemHint() string { return e.Hint }

const (
	capitalHint = "a capital is a land or coast square on the map, one per player (§1)"
	armiesHint  = "starting armies are 500–2500 points in 500-point blocks, together at most the capital's 1000 (§3.1)"
)

// NewState builds the state before turn 1: every capital owned, explored and
// worth 10 (§1, D4); each player's 1000 points (§3.1) fielded as the setup's
// starting armies at the capital, the rest kept as reserves (D6). Squares
// whose value the map presets are explored from the start. A setup the map
// or the rules refuse is reported as a *SetupError.
func NewState(m *Map, campaignID, seed string, setups []PlayerSetup) (*State, error) {
	s := &State{Campaign: campaignID, Turn: 1, Seed: seed, Squares: map[Coord]SquareState{}}
	for _, sq := range m.Squares() {
		if sq.HasValue && sq.Kind.HasLand() {
			s.Squares[sq.At] = SquareState{Value: sq.Value, Explored: true}
		}
	}
	capitals := map[Coord]string{}
	for _, p := range setups {
		if err := checkSetup(m, p, capitals); err != nil {
			return nil, err
		}
		capitals[p.Capital] = p.ID
		total := 0
		for _, pts := range p.Armies {
			total += pts
		}
		s.Players = append(s.Players, Player{ID: p.ID, Name: p.Name, Race: p.Race, Capital: p.Capital,
			Allies: slices.Clone(p.Allies), Reserves: CapitalValue*PointsPerValue - total,
			Initiative: p.Initiative})
		s.Squares[p.Capital] = SquareState{Owner: p.ID, Value: CapitalValue, Explored: true}
		for _, pts := range p.Armies {
			s.Armies = append(s.Armies, Army{ID: s.newArmyID(), Owner: p.ID, At: p.Capital, Points: pts})
		}
	}
	return s, nil
}

// checkSetup checks one player's capital and starting armies; capitals
// holds the capitals of the players before him.
func checkSetup(m *Map, p PlayerSetup, capitals map[Coord]string) *SetupError {
	capital := func(format string, args ...any) *SetupError {
		return &SetupError{Player: p.ID, Field: "capital", Msg: fmt.Sprintf(format, args...), Hint: capitalHint}
	}
	sq := m.Square(p.Capital)
	switch {
	case sq == nil:
		return capital("capital %s is off the map (%s)", p.Capital, m.Range())
	case !sq.Kind.HasLand():
		return capital("capital %s is a sea square", p.Capital)
	case capitals[p.Capital] != "":
		return capital("capital %s is already the capital of %s", p.Capital, capitals[p.Capital])
	}
	armies := func(format string, args ...any) *SetupError {
		return &SetupError{Player: p.ID, Field: "armies", Msg: fmt.Sprintf(format, args...), Hint: armiesHint}
	}
	total := 0
	for _, pts := range p.Armies {
		if !LegalArmySize(pts) {
			return armies("a starting army of %d points is not 500–2500 in 500 blocks", pts)
		}
		total += pts
	}
	if total > CapitalValue*PointsPerValue {
		return armies("starting armies total %d points, more than the capital's %d", total, CapitalValue*PointsPerValue)
	}
	return nil
}
