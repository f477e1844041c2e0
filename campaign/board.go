package campaign

import (
	"fmt"
	"slices"
)

// Square is the fixed geography of one map square: what the map file says.
// Who owns it and what it is worth live in the State (SquareState).
type Square struct {
	At        Coord
	Kind      Kind
	Terrain   Terrain // worst grade of the land part (§4.1, half-area rule)
	Forest    bool    // a forest covering half the land part (§4.1, §5.2 [A46])
	River     River
	Navigable bool // fleets may sail the river ([A24])
	Cliffs    bool // cliffs along the whole coast ([A22]): they rate landings
	Name      string
	Value     int  // preset value (D4), used only when HasValue
	HasValue  bool // the map presets the value: nothing is rolled
	Material  Material
}

// EntryTerrain is the worst terrain met entering the square by land (§4.1:
// terrain modifiers are not cumulative, the most detrimental applies). A
// forest counts as moderately difficult unless the square is rated worse.
func (s *Square) EntryTerrain() Terrain {
	t := s.Terrain
	if s.Forest && t < Moderate {
		t = Moderate
	}
	if r := s.River.Terrain(); r > t {
		t = r
	}
	return t
}

// Adjacency says which squares are neighbours (D3, [A19]).
type Adjacency int

const (
	Orthogonal Adjacency = iota // squares sharing an edge (default)
	Octile                      // the 8 surrounding squares
)

var adjacencyNames = []string{"orthogonal", "octile"}

func (a Adjacency) String() string { return enumName(adjacencyNames, int(a)) }

// ParseAdjacency reads the `map.adjacency` setting.
func ParseAdjacency(s string) (Adjacency, bool) {
	i, ok := parseEnum(adjacencyNames, s)
	return Adjacency(i), ok
}

// Map is the campaign's fixed geography: a Width×Height grid of squares and
// the edges that cannot be crossed ([A20]: impassable from one direction).
type Map struct {
	Name          string
	Width, Height int
	Adjacency     Adjacency
	squares       []Square
	blocked       map[[2]Coord]bool // {from, to}: entering `to` from `from` is impossible
}

// NewMap makes a map of open land; map files and tests then shape it.
func NewMap(name string, width, height int) *Map {
	m := &Map{Name: name, Width: width, Height: height, blocked: map[[2]Coord]bool{}}
	m.squares = make([]Square, width*height)
	for r := 0; r < height; r++ {
		for c := 0; c < width; c++ {
			m.squares[r*width+c].At = Coord{c, r}
		}
	}
	return m
}

// Contains says whether c is on the map.
func (m *Map) Contains(c Coord) bool {
	return c.Col >= 0 && c.Row >= 0 && c.Col < m.Width && c.Row < m.Height
}

// Square returns the square at c, or nil off the map.
func (m *Map) Square(c Coord) *Square {
	if !m.Contains(c) {
		return nil
	}
	return &m.squares[c.Row*m.Width+c.Col]
}

// Squares lists every square in reading order (row by row).
func (m *Map) Squares() []Square { return m.squares }

// Block makes entering `to` from `from` impossible ([A20]).
func (m *Map) Block(from, to Coord) { m.blocked[[2]Coord{from, to}] = true }

// Blocked says whether entering `to` from `from` crosses an impassable edge.
func (m *Map) Blocked(from, to Coord) bool { return m.blocked[[2]Coord{from, to}] }

// BlockedEdges lists the blocked entries, sorted, for reports and snapshots.
func (m *Map) BlockedEdges() [][2]Coord {
	out := make([][2]Coord, 0, len(m.blocked))
	for e := range m.blocked {
		out = append(out, e)
	}
	sortEdges(out)
	return out
}

// Adjacent says whether a and b are neighbours under the map's adjacency.
func (m *Map) Adjacent(a, b Coord) bool {
	dc, dr := abs(a.Col-b.Col), abs(a.Row-b.Row)
	if m.Adjacency == Octile {
		return dc <= 1 && dr <= 1 && dc+dr > 0
	}
	return dc+dr == 1
}

// Neighbours lists the on-map neighbours of c in a fixed order
// (north, west, east, south, then diagonals), so results never depend on
// map iteration.
func (m *Map) Neighbours(c Coord) []Coord {
	steps := [][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
	if m.Adjacency == Octile {
		steps = append(steps, [2]int{-1, -1}, [2]int{1, -1}, [2]int{-1, 1}, [2]int{1, 1})
	}
	out := make([]Coord, 0, len(steps))
	for _, s := range steps {
		n := Coord{c.Col + s[0], c.Row + s[1]}
		if m.Contains(n) {
			out = append(out, n)
		}
	}
	return out
}

// Range is the player-facing extent, like "A1–T15", for error hints.
func (m *Map) Range() string {
	return fmt.Sprintf("A1–%s", Coord{m.Width - 1, m.Height - 1})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sortEdges(es [][2]Coord) {
	slices.SortFunc(es, func(a, b [2]Coord) int {
		if c := compareCoord(a[0], b[0]); c != 0 {
			return c
		}
		return compareCoord(a[1], b[1])
	})
}

// compareCoord orders squares in reading order: row, then column.
func compareCoord(a, b Coord) int {
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}
