package campaign

import "fmt"

// MusterKind is one of the season-balance orders (D7).
type MusterKind string

const (
	Raise     MusterKind = "raise"     // a new army in an own square of value ≥5
	Reinforce MusterKind = "reinforce" // add points to an army in such a square
	Disband   MusterKind = "disband"   // remove an army; its points return to reserves
	Reduce    MusterKind = "reduce"    // take points off an army, in 500 blocks
)

// Muster is a season-balance order, sent with the orders of the turn after
// a season closes (D7) and applied before that turn is played.
type Muster struct {
	Kind       MusterKind
	Army       string // Reinforce, Disband, Reduce
	At         Coord  // Raise
	Points     int    // Raise, Reinforce, Reduce
	SourceLine int
}

func (o Muster) Line() int { return o.SourceLine }

func (o Muster) String() string {
	switch o.Kind {
	case Raise:
		return fmt.Sprintf("RAISE %s %d", o.At, o.Points)
	case Disband:
		return fmt.Sprintf("DISBAND %s", o.Army)
	}
	return fmt.Sprintf("%s %s %d", map[MusterKind]string{Reinforce: "REINFORCE", Reduce: "REDUCE"}[o.Kind], o.Army, o.Points)
}
