package campaign

import "fmt"

// Kind is one of the three basic square types of §1.
type Kind int

const (
	Land  Kind = iota // dry land only
	Coast             // a sea part and a land part
	Sea               // water only; never owned, no value
)

var kindNames = []string{"land", "coast", "sea"}

func (k Kind) String() string { return enumName(kindNames, int(k)) }

// HasLand says whether armies can stand on the square (§1, [A19]).
func (k Kind) HasLand() bool { return k != Sea }

// HasWater says whether fleets can be in the square (§4.2).
func (k Kind) HasWater() bool { return k != Land }

// Terrain is the difficulty grade of a square's land part, agreed by the
// players for the map (§4.1 rows 5–8). Only the worst grade applies.
type Terrain int

const (
	Open          Terrain = iota // no modifier
	Moderate                     // −1
	Difficult                    // −2, 500-point armies only
	VeryDifficult                // −3, 500-point armies only
	Impassable                   // cannot be entered
)

var terrainNames = []string{"open", "moderate", "difficult", "very-difficult", "impassable"}

func (t Terrain) String() string { return enumName(terrainNames, int(t)) }

// Modifier is the §4.1 Table 4.1 modifier for entering this terrain.
func (t Terrain) Modifier() int {
	switch t {
	case Moderate:
		return -1
	case Difficult:
		return -2
	case VeryDifficult:
		return -3
	}
	return 0
}

// OnlyScouts says whether only 500-point armies may enter (§4.1 rows 6–7).
func (t Terrain) OnlyScouts() bool { return t == Difficult || t == VeryDifficult }

// River is a square's river class. §4.2 advises small rivers as moderately
// difficult, large ones as difficult and rapids as very difficult.
type River int

const (
	NoRiver River = iota
	SmallRiver
	LargeRiver
	Rapids
)

var riverNames = []string{"none", "small", "large", "rapids"}

func (r River) String() string { return enumName(riverNames, int(r)) }

// Terrain is the difficulty grade the river gives (§4.2 advice).
func (r River) Terrain() Terrain {
	switch r {
	case SmallRiver:
		return Moderate
	case LargeRiver:
		return Difficult
	case Rapids:
		return VeryDifficult
	}
	return Open
}

// Material of a square's fortifications (D20).
type Material int

const (
	AutoMaterial Material = iota // stone for a capital or value ≥8, else wood
	Wood
	Stone
)

var materialNames = []string{"auto", "wood", "stone"}

func (m Material) String() string { return enumName(materialNames, int(m)) }

func enumName(names []string, i int) string {
	if i < 0 || i >= len(names) {
		return fmt.Sprintf("unknown(%d)", i)
	}
	return names[i]
}

func parseEnum(names []string, s string) (int, bool) {
	for i, n := range names {
		if n == s {
			return i, true
		}
	}
	return 0, false
}

// ParseKind, ParseTerrain, ParseRiver and ParseMaterial read the names used
// in map files and snapshots.
func ParseKind(s string) (Kind, bool) { i, ok := parseEnum(kindNames, s); return Kind(i), ok }
func ParseTerrain(s string) (Terrain, bool) {
	i, ok := parseEnum(terrainNames, s)
	return Terrain(i), ok
}
func ParseRiver(s string) (River, bool) { i, ok := parseEnum(riverNames, s); return River(i), ok }
func ParseMaterial(s string) (Material, bool) {
	i, ok := parseEnum(materialNames, s)
	return Material(i), ok
}
