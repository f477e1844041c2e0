package campaign

import "fmt"

// Initiative is the standing choice of D5: when a player rolls highest for
// turn order, he resolves first or last.
type Initiative string

const (
	InitiativeFirst Initiative = "first"
	InitiativeLast  Initiative = "last"
)

// OrderSet is one player's accepted orders for one campaign turn, in the
// order he wrote them. Initiative, when set, changes his standing order.
// Reorganisations happen before any army acts (D8); muster orders apply
// at the season balance before the turn (D7) and are refused otherwise.
type OrderSet struct {
	Player          string
	Initiative      Initiative
	Orders          []Order
	Reorganisations []Reorganise
	Muster          []Muster
}

// Order is one written order. Each kind of order is its own type in its
// own file (order_*.go); Line is where the player wrote it, so every
// outcome can point back at it.
type Order interface {
	// Unit is the army or fleet id the order is given to.
	Unit() string
	// Line is the line of the order in the player's mail (0 if unknown).
	Line() int
	fmt.Stringer
}
