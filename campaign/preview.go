package campaign

// Preview plays one player's orders alone against the state, as the
// acknowledgement of his mail needs ("computed from the current state as
// if the player acted alone", docs/orders.md): every die shows 1, so each check
// passes unless it cannot, and each later check's target is what it will
// be if the earlier ones pass. It returns the player's events: every
// check with its target (for its odds, see Chance) and every refusal.
// Nothing is changed and no battle is scheduled.
func Preview(m *Map, rules Rules, s *State, set OrderSet) []Event {
	r := newResolver(m, rules, s.Clone(), &Dice{fixed: 1})
	r.s.Battles = nil // pending results are not known yet
	r.seasonBalance([]OrderSet{set})
	sets := r.standingOrders([]OrderSet{set})
	r.reorganise(sets)
	r.indexAshore()
	for _, o := range sets[set.Player].Orders {
		r.execute(set.Player, o)
	}
	var out []Event
	for _, e := range r.events {
		if e.Player == set.Player && e.Kind != EventBalance {
			out = append(out, e)
		}
	}
	return out
}
