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

// NewState builds the state before turn 1: every capital owned, explored and
// worth 10 (§1, D4); each player's 1000 points (§3.1) fielded as the setup's
// starting armies at the capital, the rest kept as reserves (D6). Squares
// whose value the map presets are explored from the start.
func NewState(m *Map, campaignID, seed string, setups []PlayerSetup) (*State, error) {
	s := &State{Campaign: campaignID, Turn: 1, Seed: seed, Squares: map[Coord]SquareState{}}
	for _, sq := range m.Squares() {
		if sq.HasValue && sq.Kind.HasLand() {
			s.Squares[sq.At] = SquareState{Value: sq.Value, Explored: true}
		}
	}
	capitals := map[Coord]string{}
	for _, p := range setups {
		sq := m.Square(p.Capital)
		switch {
		case sq == nil:
			return nil, fmt.Errorf("campaign: player %s: capital %s is off the map (%s)", p.ID, p.Capital, m.Range())
		case !sq.Kind.HasLand():
			return nil, fmt.Errorf("campaign: player %s: capital %s is a sea square", p.ID, p.Capital)
		case capitals[p.Capital] != "":
			return nil, fmt.Errorf("campaign: players %s and %s share the capital %s", capitals[p.Capital], p.ID, p.Capital)
		}
		capitals[p.Capital] = p.ID
		total := 0
		for _, pts := range p.Armies {
			if !LegalArmySize(pts) {
				return nil, fmt.Errorf("campaign: player %s: a starting army of %d points is not 500–2500 in 500 blocks", p.ID, pts)
			}
			total += pts
		}
		if total > CapitalValue*PointsPerValue {
			return nil, fmt.Errorf("campaign: player %s: starting armies total %d points, more than the capital's %d", p.ID, total, CapitalValue*PointsPerValue)
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
