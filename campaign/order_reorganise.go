package campaign

import (
	"fmt"
	"slices"
	"strings"
)

// Reorganise merges and splits armies that began the turn in the same
// square and have not acted (§3.1, D8). It needs no check and is not an
// order for the D2 count [A13]. The points of Armies are redistributed into
// armies of Sizes: the results take the ids of Armies in order, and new
// ids when there are more results than armies.
//
// MERGE A1 A2 is Reorganise{[A1 A2], [sum]}; SPLIT A1 500 500 is
// Reorganise{[A1], [500 500]}.
type Reorganise struct {
	Armies     []string
	Sizes      []int
	SourceLine int
}

func (o Reorganise) Line() int { return o.SourceLine }

func (o Reorganise) String() string {
	if len(o.Sizes) == 0 {
		return "MERGE " + strings.Join(o.Armies, " ")
	}
	sizes := make([]string, len(o.Sizes))
	for i, s := range o.Sizes {
		sizes[i] = fmt.Sprint(s)
	}
	return fmt.Sprintf("REORGANIZE %s INTO %s", strings.Join(o.Armies, " "), strings.Join(sizes, " "))
}

// reorganise carries out every player's reorganisations before anyone
// acts (D8, [A13]): no check, no order count.
func (r *resolver) reorganise(sets map[string]OrderSet) {
	for _, id := range r.s.playerIDs() {
		for _, o := range sets[id].Reorganisations {
			if p := r.reorganiseOne(id, o); p != nil {
				r.reject(id, o, "", p)
			}
		}
	}
}

func (r *resolver) reorganiseOne(player string, o Reorganise) *Problem {
	if len(o.Armies) == 0 {
		return problem("no-armies", "the reorganisation names no army")
	}
	var armies []*Army
	total := 0
	for _, id := range o.Armies {
		a := r.army(id)
		switch {
		case a == nil:
			return problem("unknown-unit", "there is no army %s", id)
		case a.Owner != player:
			return problem("not-yours", "army %s is not yours", a.ID)
		case a.Aboard != "":
			return problem("aboard", "army %s is aboard fleet %s", a.ID, a.Aboard)
		case slices.Contains(armies, a):
			return problem("repeated-army", "army %s is listed twice", a.ID)
		case a.At != armies0(armies, a).At:
			return problem("not-together", "armies %s and %s did not begin the turn in the same square (D8)", armies[0].ID, a.ID)
		}
		armies = append(armies, a)
		total += a.Points
	}
	sizes := o.Sizes
	if len(sizes) == 0 {
		sizes = []int{total} // MERGE: one army of all their points
	}
	sum := 0
	for _, p := range sizes {
		if !LegalArmySize(p) {
			return problem("bad-size", "an army of %d points is not 500–2500 in 500 blocks (§3.1)", p)
		}
		sum += p
	}
	if sum != total {
		return problem("points-differ", "the armies hold %d points but the new sizes add up to %d: reorganising keeps every point (D8)", total, sum)
	}
	square := armies[0].At
	old := make([]string, len(armies)) // ids, not pointers: the slice changes below
	for i, a := range armies {
		old[i] = a.ID
	}
	var ids []string
	for i, p := range sizes {
		if i < len(old) {
			r.army(old[i]).Points = p
			ids = append(ids, old[i])
			continue
		}
		a := Army{ID: r.s.newArmyID(), Owner: player, At: square, Points: p}
		r.s.Armies = append(r.s.Armies, a)
		r.units[a.ID] = &unitTurn{start: square, from: square, entered: -1, arrival: -1}
		ids = append(ids, a.ID)
	}
	for _, id := range old[min(len(sizes), len(old)):] {
		r.s.removeArmy(id)
	}
	r.emit(Event{Kind: EventReorganised, Player: player, Order: o.String(), Line: o.Line(), To: at(square),
		Units: ids, Public: true})
	return nil
}

// armies0 is the first army listed, or a itself when it is the first.
func armies0(armies []*Army, a *Army) *Army {
	if len(armies) == 0 {
		return a
	}
	return armies[0]
}
