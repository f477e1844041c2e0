package campaign

import "slices"

// Option is one order a unit may be given as its first this turn, with
// the check it would meet: what the order template of a report offers
// (docs/orders.md, the order form). Check is nil for an order that needs none.
type Option struct {
	Order Order
	Check *Check
	// Siege: the claim or pillage of a fortified square leads to a siege
	// instead of a check (§6.5, [A76]).
	Siege bool
}

// Options lists, unit by unit (armies, then fleets, in state order), the
// single orders the rules accept for each of the player's units as things
// stand: a step to each neighbouring square (§4.1, §4.2), embarking on
// each of his fleets in the square and disembarking (§4.2), and the §5
// actions. Each is weighed alone, as the unit's first order (D2), by a
// dry run of the rules: checks are computed, never rolled or carried out,
// so the state is only read (TestOptionsAgreeWithPreview checks it).
func Options(m *Map, rules Rules, s *State, player string) []Option {
	view := *s
	view.Battles = nil // as in Preview: pending results are not known yet
	r := newResolver(m, rules, &view, &Dice{fixed: 1})
	r.dry = true
	r.indexAshore()
	var out []Option
	for _, a := range s.Armies {
		if a.Owner == player {
			out = append(out, r.weigh(player, armyCandidates(m, s, a))...)
		}
	}
	for _, f := range s.Fleets {
		if f.Owner == player {
			var orders []Order
			for _, to := range m.Neighbours(f.At) {
				orders = append(orders, Sail{Fleet: f.ID, Path: []Coord{to}})
			}
			out = append(out, r.weigh(player, orders)...)
		}
	}
	return out
}

// armyCandidates are the orders worth weighing for an army.
func armyCandidates(m *Map, s *State, a Army) []Order {
	if a.Aboard != "" {
		return []Order{Disembark{Army: a.ID}}
	}
	var orders []Order
	for _, to := range m.Neighbours(a.At) {
		orders = append(orders, Move{Army: a.ID, Path: []Coord{to}})
	}
	for _, f := range s.Fleets {
		if f.Owner == a.Owner && f.At == a.At {
			orders = append(orders, Embark{Army: a.ID, Fleet: f.ID})
		}
	}
	return append(orders, Claim{Army: a.ID}, Pillage{Army: a.ID}, Improve{Army: a.ID}, Build{Army: a.ID})
}

// weigh dry-runs each order as the unit's first of the turn and keeps
// those the rules accept, with their first check.
func (r *resolver) weigh(player string, orders []Order) []Option {
	var out []Option
	for _, o := range orders {
		ids := []string{o.Unit()}
		if e, ok := o.(Embark); ok {
			ids = append(ids, e.Fleet) // it counts for the fleet too ([A26])
		}
		fresh := make([]unitTurn, len(ids))
		for i, id := range ids {
			fresh[i] = *r.unit(id)
		}
		r.events = r.events[:0]
		clear(r.improved)
		clear(r.built)
		r.execute(player, o)
		for i, id := range ids {
			*r.unit(id) = fresh[i] // each order is weighed as the unit's first
		}
		if slices.ContainsFunc(r.events, func(e Event) bool { return e.Kind == EventRejected }) {
			continue
		}
		opt := Option{Order: o}
		for _, e := range r.events {
			switch {
			case e.Kind == EventCheck && opt.Check == nil:
				c := *e.Check
				opt.Check = &c
			case e.Kind == EventFailed && e.Note == "siege":
				opt.Siege = true
			}
		}
		out = append(out, opt)
	}
	return out
}
