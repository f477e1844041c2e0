package campaign

import (
	"fmt"
	"maps"
	"slices"
)

// Player is one empire (§3): its race, its capital (the starting square of
// value 10, §1) and its allies (D11: declared in the config, mutual).
type Player struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Race     string   `json:"race"`
	Capital  Coord    `json:"capital"`
	Allies   []string `json:"allies,omitempty"`
	Reserves int      `json:"reserves"` // army points not fielded (§3.1, D6)
	// Initiative is the standing INITIATIVE order (D5): whether this player,
	// when he rolls highest, resolves first (the default) or last.
	Initiative Initiative `json:"initiative"`
}

// SquareState is what changes about a square during the campaign.
type SquareState struct {
	Owner    string `json:"owner,omitempty"` // "" = free
	Value    int    `json:"value"`
	Explored bool   `json:"explored"` // D4: the value is known to all
}

// Army is a force of 500–2500 points in 500-point blocks (§3.1).
type Army struct {
	ID     string `json:"id"`
	Owner  string `json:"owner"`
	At     Coord  `json:"at"`
	Points int    `json:"points"`
	Aboard string `json:"aboard,omitempty"` // fleet id while embarked (D9)
}

// Fleet is a 500-point transport block (§3.2, D9).
type Fleet struct {
	ID    string `json:"id"`
	Owner string `json:"owner"`
	At    Coord  `json:"at"`
	Cargo string `json:"cargo,omitempty"` // army id aboard
}

// Army sizes (§3.1).
const (
	ArmyBlock      = 500
	MaxArmyPoints  = 2500
	CapitalValue   = 10
	PointsPerValue = 100 // §3.1: each point of value is worth 100 army points
)

// LegalArmySize says whether p is 500, 1000, 1500, 2000 or 2500.
func LegalArmySize(p int) bool {
	return p >= ArmyBlock && p <= MaxArmyPoints && p%ArmyBlock == 0
}

// State is the whole changing campaign between two turns. Turn is the
// campaign turn to be played next.
type State struct {
	Campaign  string
	Turn      int
	Seed      string // campaign dice seed (hex); each turn's dice derive from it
	Players   []Player
	Squares   map[Coord]SquareState
	Armies    []Army
	Fleets    []Fleet
	Battles   []Battle // scheduled by the last turn, awaiting their results (D16)
	NextArmy  int      // number of the next army id (A<n>)
	NextFleet int      // number of the next fleet id (F<n>)
}

// Calendar of the turn to be played next.
func (s *State) Calendar() Calendar { return CalendarOf(s.Turn) }

// Player returns the player with that id, or nil.
func (s *State) Player(id string) *Player {
	for i := range s.Players {
		if s.Players[i].ID == id {
			return &s.Players[i]
		}
	}
	return nil
}

// Army returns the army with that id (case-insensitive), or nil.
func (s *State) Army(id string) *Army {
	for i := range s.Armies {
		if equalFoldASCII(s.Armies[i].ID, id) {
			return &s.Armies[i]
		}
	}
	return nil
}

// Fleet returns the fleet with that id (case-insensitive), or nil.
func (s *State) Fleet(id string) *Fleet {
	for i := range s.Fleets {
		if equalFoldASCII(s.Fleets[i].ID, id) {
			return &s.Fleets[i]
		}
	}
	return nil
}

// removeArmy deletes an army (destroyed or disbanded), and frees its fleet.
func (s *State) removeArmy(id string) {
	if a := s.Army(id); a != nil && a.Aboard != "" {
		if f := s.Fleet(a.Aboard); f != nil {
			f.Cargo = ""
		}
	}
	s.Armies = slices.DeleteFunc(s.Armies, func(a Army) bool { return a.ID == id })
}

// playerIDs lists the players in state order (the config's order).
func (s *State) playerIDs() []string {
	ids := make([]string, len(s.Players))
	for i, p := range s.Players {
		ids[i] = p.ID
	}
	return ids
}

// Battle finds a battle awaiting its result by id, or nil.
func (s *State) Battle(id string) *Battle {
	for i := range s.Battles {
		if s.Battles[i].ID == id {
			return &s.Battles[i]
		}
	}
	return nil
}

// Square returns what is known of the square at c (zero value: free, unexplored).
func (s *State) Square(c Coord) SquareState { return s.Squares[c] }

// Owned lists the squares a player owns, in reading order.
func (s *State) Owned(player string) []Coord {
	var out []Coord
	for c, sq := range s.Squares {
		if sq.Owner == player {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, compareCoord)
	return out
}

// Allied says whether two players are allies (D11). A player is not his own ally.
func (s *State) Allied(a, b string) bool {
	p := s.Player(a)
	return p != nil && slices.Contains(p.Allies, b)
}

// Enemy says whether b is an enemy of a: another player, not allied (D11).
func (s *State) Enemy(a, b string) bool {
	return a != b && b != "" && !s.Allied(a, b)
}

// Garrison is the free local force of an owned square: 100 × value (§6.2).
func (s *State) Garrison(c Coord) int {
	sq := s.Squares[c]
	if sq.Owner == "" {
		return 0
	}
	return PointsPerValue * sq.Value
}

// EmpireValue is Σ values of the player's squares; ×100 gives his army
// points at a season balance (D6).
func (s *State) EmpireValue(player string) int {
	v := 0
	for _, sq := range s.Squares {
		if sq.Owner == player {
			v += sq.Value
		}
	}
	return v
}

// FieldedPoints is Σ points of the player's armies.
func (s *State) FieldedPoints(player string) int {
	t := 0
	for _, a := range s.Armies {
		if a.Owner == player {
			t += a.Points
		}
	}
	return t
}

// ArmiesAt lists the armies standing in c (not aboard a fleet), by id.
func (s *State) ArmiesAt(c Coord) []*Army {
	var out []*Army
	for i := range s.Armies {
		if a := &s.Armies[i]; a.At == c && a.Aboard == "" {
			out = append(out, a)
		}
	}
	return out
}

// Clone makes a deep copy, so resolving a turn never changes its input.
func (s *State) Clone() *State {
	c := *s
	c.Players = slices.Clone(s.Players)
	for i := range c.Players {
		c.Players[i].Allies = slices.Clone(c.Players[i].Allies)
	}
	c.Squares = maps.Clone(s.Squares)
	c.Armies = slices.Clone(s.Armies)
	c.Fleets = slices.Clone(s.Fleets)
	c.Battles = slices.Clone(s.Battles)
	return &c
}

// newArmyID hands out the next army id.
func (s *State) newArmyID() string {
	s.NextArmy++
	return fmt.Sprintf("A%d", s.NextArmy)
}

// newFleetID hands out the next fleet id.
func (s *State) newFleetID() string {
	s.NextFleet++
	return fmt.Sprintf("F%d", s.NextFleet)
}

// compareIDs orders unit ids like A2 < A10 (letter, then number).
func compareIDs(a, b string) int {
	if len(a) != len(b) && len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		return len(a) - len(b)
	}
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'a' <= x && x <= 'z' {
			x -= 'a' - 'A'
		}
		if 'a' <= y && y <= 'z' {
			y -= 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
