package campaign

import "strings"

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
