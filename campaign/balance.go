package campaign

import "slices"

// balanceDue says whether a season balance comes before the turn: the
// previous turn closed a season (D7).
func balanceDue(turn int) bool { return turn > 1 && CalendarOf(turn-1).ClosesSeason() }

// nextBalanceTurn is the first turn from t that opens with a balance.
func nextBalanceTurn(t int) int {
	for !balanceDue(t) {
		t++
	}
	return t
}

// seasonBalance counts each empire after a season closes (D6, D7, [A05],
// [A06], [A09]): army points = 100 × Σ values of owned squares; the
// players' muster orders are carried out within that total; armies beyond
// it are disbanded farthest from the capital first; the rest is reserves.
// Outside a balance, muster orders are refused.
func (r *resolver) seasonBalance(sets []OrderSet) {
	due := balanceDue(r.s.Turn)
	for _, id := range r.s.playerIDs() {
		var muster []Muster
		for _, set := range sets {
			if set.Player == id {
				muster = append(muster, set.Muster...)
			}
		}
		if !due {
			for _, o := range muster {
				r.reject(id, o, o.Army, problem("no-balance", "muster orders are carried out only at a season balance: send them with the orders of turn %d (D7)", nextBalanceTurn(r.s.Turn)))
			}
			continue
		}
		r.balance(id, muster)
	}
}

func (r *resolver) balance(player string, muster []Muster) {
	total := PointsPerValue * r.s.EmpireValue(player)
	for _, o := range muster {
		if p := r.muster(player, o, total); p != nil {
			r.reject(player, o, o.Army, p)
		}
	}
	r.disbandExcess(player, total)
	p := r.s.Player(player)
	p.Reserves = max(total-r.s.FieldedPoints(player), 0)
	r.emit(Event{Kind: EventBalance, Player: player, Value: total, Reserves: p.Reserves})
}

// muster carries out one muster order within the empire's total.
func (r *resolver) muster(player string, o Muster, total int) *Problem {
	free := total - r.s.FieldedPoints(player)
	emit := func(unit string, c Coord, pts int) {
		r.emit(Event{Kind: EventMuster, Player: player, Unit: unit, Order: o.String(), Line: o.Line(), To: at(c), Value: pts, Note: string(o.Kind), Public: true})
	}
	if o.Kind == Raise {
		if p := r.creationSite(player, o.At, o.Points); p != nil {
			return p
		}
		if !LegalArmySize(o.Points) {
			return problem("bad-size", "an army of %d points is not 500–2500 in 500 blocks (§3.1)", o.Points)
		}
		if o.Points > free {
			return problem("no-points", "raising %d points needs more than the %d points your empire has free (D6)", o.Points, free)
		}
		a := Army{ID: r.s.newArmyID(), Owner: player, At: o.At, Points: o.Points}
		r.s.Armies = append(r.s.Armies, a)
		emit(a.ID, a.At, a.Points)
		return nil
	}
	a := r.army(o.Army)
	switch {
	case a == nil:
		return problem("unknown-unit", "there is no army %s", o.Army)
	case a.Owner != player:
		return problem("not-yours", "army %s is not yours", a.ID)
	}
	switch o.Kind {
	case Disband:
		emit(a.ID, a.At, a.Points)
		r.s.removeArmy(a.ID)
	case Reduce:
		if !LegalArmySize(a.Points-o.Points) || o.Points%ArmyBlock != 0 {
			return problem("bad-size", "%s has %d points: reducing it by %d does not leave 500–2500 in 500 blocks; DISBAND it instead", a.ID, a.Points, o.Points)
		}
		a.Points -= o.Points
		emit(a.ID, a.At, a.Points)
	case Reinforce:
		if a.Aboard != "" {
			return problem("aboard", "army %s is aboard fleet %s", a.ID, a.Aboard)
		}
		if p := r.creationSite(player, a.At, o.Points); p != nil {
			return p
		}
		if !LegalArmySize(a.Points + o.Points) {
			return problem("bad-size", "%s has %d points: %d more would exceed 2500 (§3.1)", a.ID, a.Points, o.Points)
		}
		if o.Points > free {
			return problem("no-points", "reinforcing by %d points needs more than the %d points your empire has free (D6)", o.Points, free)
		}
		a.Points += o.Points
		emit(a.ID, a.At, a.Points)
	}
	return nil
}

// creationSite checks where points may be created (§3.1, [A10]): an own
// square of value ≥5 — the capital too —, at most 100 × value at a time
// except at the capital, which has no size limit.
func (r *resolver) creationSite(player string, c Coord, points int) *Problem {
	sq := r.s.Square(c)
	capital := r.s.Player(player).Capital == c
	switch {
	case !r.m.Contains(c):
		return problem("off-map", "%s is off the map, which runs %s", c, r.m.Range()).at(c, c)
	case sq.Owner != player:
		return problem("not-own", "%s is not yours: armies are raised only in your own squares (§3.1)", c).at(c, c)
	case sq.Value < 5:
		return problem("low-value", "%s is worth %d: armies are raised only in squares of value 5 or more (§3.1)", c, sq.Value).at(c, c)
	case !capital && points > PointsPerValue*sq.Value:
		return problem("site-limit", "%s is worth %d, so it creates at most %d points at a time (§3.1, [A10])", c, sq.Value, PointsPerValue*sq.Value).at(c, c)
	case points <= 0 || points%ArmyBlock != 0:
		return problem("bad-size", "%d points is not a multiple of 500 (§3.1)", points)
	}
	return nil
}

// disbandExcess removes whole armies, farthest from the capital first
// (steps over land; ties: highest id), until the armies fit the empire's
// total (D7, [A05], [A06]).
func (r *resolver) disbandExcess(player string, total int) {
	if r.s.FieldedPoints(player) <= total {
		return
	}
	dist := r.landDistances(r.s.Player(player).Capital)
	var mine []Army
	for _, a := range r.s.Armies {
		if a.Owner == player {
			mine = append(mine, a)
		}
	}
	slices.SortFunc(mine, func(x, y Army) int {
		if dx, dy := distanceOf(dist, x.At), distanceOf(dist, y.At); dx != dy {
			return dy - dx
		}
		return compareIDs(y.ID, x.ID)
	})
	for _, a := range mine {
		if r.s.FieldedPoints(player) <= total {
			return
		}
		r.emit(Event{Kind: EventMuster, Player: player, Unit: a.ID, To: at(a.At), Value: a.Points, Note: "auto-disband", Public: true})
		r.s.removeArmy(a.ID)
	}
}

func distanceOf(dist map[Coord]int, c Coord) int {
	if d, ok := dist[c]; ok {
		return d
	}
	return 1 << 30 // unreachable over land: farthest of all
}

// landDistances counts steps over land from c (breadth first).
func (r *resolver) landDistances(c Coord) map[Coord]int {
	dist := map[Coord]int{c: 0}
	queue := []Coord{c}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, n := range r.m.Neighbours(cur) {
			sq := r.m.Square(n)
			if _, seen := dist[n]; seen || !sq.Kind.HasLand() || sq.EntryTerrain() == Impassable || r.m.Blocked(cur, n) {
				continue
			}
			dist[n] = dist[cur] + 1
			queue = append(queue, n)
		}
	}
	return dist
}
