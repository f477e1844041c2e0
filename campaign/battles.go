package campaign

import (
	"fmt"
	"slices"
)

// determineBattles finds, square by square in reading order, every battle
// and siege to fight at the end of the turn (§6.1, D12) and sets up its
// sides, roles and combine checks (§6.3, D13).
func (r *resolver) determineBattles() []Battle {
	r.sortArmies()
	present := map[Coord][]*Army{}
	var squares []Coord
	for i := range r.s.Armies {
		a := &r.s.Armies[i]
		if a.Aboard != "" {
			continue // embarked armies take no part in battles (D9, [A30])
		}
		if present[a.At] == nil {
			squares = append(squares, a.At)
		}
		present[a.At] = append(present[a.At], a)
	}
	slices.SortFunc(squares, compareCoord)
	var out []Battle
	for _, c := range squares {
		b, ok := r.battleAt(c, present[c])
		if !ok {
			continue
		}
		b.ID = fmt.Sprintf("B%d-%d", r.s.Turn, len(out)+1)
		b.Turn = r.s.Turn
		r.emit(Event{Kind: EventBattle, Player: b.Attacker, To: at(c), Battle: b.ID, Note: string(b.Kind), Public: true})
		r.combine(&b)
		out = append(out, b)
	}
	return out
}

// battleAt decides whether the armies in c must fight, and who is who.
func (r *resolver) battleAt(c Coord, armies []*Army) (Battle, bool) {
	sq := r.s.Square(c)
	slices.SortStableFunc(armies, func(a, b *Army) int { return r.arrival(a) - r.arrival(b) })
	players := playersOf(armies)
	hostile, garrisonFights, ownPillage := false, false, ""
	for _, p := range players {
		for _, q := range players {
			hostile = hostile || r.s.Enemy(p, q)
		}
		garrisonFights = garrisonFights || sq.Value >= 3 && r.s.Enemy(p, sq.Owner)
	}
	for _, a := range armies {
		if r.unit(a.ID).failed == "own-pillage" {
			ownPillage = a.Owner
		}
	}
	b := Battle{At: c}
	switch {
	case ownPillage != "" && !hostile && !garrisonFights:
		// The player fights his own garrison, led by a player not allied with him ([A44]).
		b.Attacker, b.Garrison, b.Cause = ownPillage, PointsPerValue*sq.Value, "own-pillage"
		b.Notes = append(b.Notes, fmt.Sprintf("[A44] the garrison of %s is commanded by a player not allied with %s", c, ownPillage))
	case !hostile && !garrisonFights:
		return b, false
	default:
		b.Defender = players[0] // the first there (§6.3)…
		if sq.Owner != "" && (slices.Contains(players, sq.Owner) || garrisonFights) {
			b.Defender = sq.Owner // …unless the square's owner defends it
		}
		for _, p := range players {
			if r.s.Enemy(b.Defender, p) {
				b.Attacker = p // the first enemy of the defender to arrive
				break
			}
		}
		if b.Attacker == "" {
			return b, false
		}
		if sq.Owner == b.Defender && (sq.Value >= 3 || slices.Contains(players, b.Defender)) {
			b.Garrison = PointsPerValue * sq.Value // [A48], [A52]
		}
	}
	for _, a := range armies {
		f := r.force(b, a)
		b.Forces = append(b.Forces, f)
		if failed := r.unit(a.ID).failed; failed != "" && b.Cause == "" && f.Side == Attacker {
			b.Cause = failed
		}
	}
	b.Kind = r.battleKind(b, sq)
	b.Notes = append(b.Notes, r.multiPlayerNotes(b)...)
	return b, true
}

// arrival orders armies by when they entered the square: those that began
// the turn there first (by id), then in the order they arrived.
func (r *resolver) arrival(a *Army) int {
	return r.unit(a.ID).arrival
}

func playersOf(armies []*Army) []string {
	var out []string
	for _, a := range armies {
		if !slices.Contains(out, a.Owner) {
			out = append(out, a.Owner)
		}
	}
	return out
}

// sideOf says which side a player fights on: the defender and his allies
// defend; everyone else present attacks.
func (r *resolver) sideOf(b Battle, player string) Side {
	if b.Defender != "" && (player == b.Defender || r.s.Allied(b.Defender, player)) {
		return Defender
	}
	return Attacker
}

// force places an army in the battle: main force or reinforcement [A54],
// with where it came from and the table edge it arrives on (§6.3).
func (r *resolver) force(b Battle, a *Army) Force {
	u := r.unit(a.ID)
	f := Force{Army: a.ID, Player: a.Owner, Points: a.Points, Side: r.sideOf(b, a.Owner), Role: MainForce,
		From: u.from, Crossed: u.crossed()}
	if u.entered >= 0 {
		f.Edge = entryEdge(u.from, b.At, u.bySea)
	}
	main := a.Owner == b.Attacker || a.Owner == b.Defender
	if a.Owner == b.Defender && u.entered > r.firstEntry(b) {
		main = false // the defender's own armies that came after the attacker reinforce [A54]
	}
	if !main {
		f.Role = Reinforcement
	}
	return f
}

// firstEntry is when the attacker's first army entered the square.
func (r *resolver) firstEntry(b Battle) int {
	first := 1 << 30
	for _, a := range r.s.ArmiesAt(b.At) {
		if a.Owner == b.Attacker {
			first = min(first, r.unit(a.ID).entered)
		}
	}
	return first
}

// entryEdge names the battle square's edge crossed coming from `from`.
func entryEdge(from, to Coord, bySea bool) string {
	if bySea {
		return "sea"
	}
	var ns, ew string
	switch {
	case from.Row < to.Row:
		ns = "north"
	case from.Row > to.Row:
		ns = "south"
	}
	switch {
	case from.Col < to.Col:
		ew = "west"
	case from.Col > to.Col:
		ew = "east"
	}
	if ns != "" && ew != "" {
		return ns + "-" + ew
	}
	return ns + ew
}

// battleKind: a siege where the defender holds a fortified square (owned,
// value ≥5, §6.5, [A75]); a garrison battle where only the garrison
// defends; otherwise a field battle.
func (r *resolver) battleKind(b Battle, sq SquareState) BattleKind {
	if sq.Owner != "" && sq.Value >= 5 && (sq.Owner == b.Defender || b.Cause == "own-pillage") {
		return Siege
	}
	for _, f := range b.Forces {
		if f.Side == Defender {
			return FieldBattle
		}
	}
	return GarrisonBattle
}

// multiPlayerNotes flags attackers who are enemies of each other: battles
// of three or more hostile players need a house rule ([A53]).
func (r *resolver) multiPlayerNotes(b Battle) []string {
	var attackers []string
	for _, f := range b.Forces {
		if f.Side == Attacker && !slices.Contains(attackers, f.Player) {
			attackers = append(attackers, f.Player)
		}
	}
	for i, p := range attackers {
		for _, q := range attackers[i+1:] {
			if r.s.Enemy(p, q) {
				return []string{fmt.Sprintf("[A53] %s and %s attack together but are enemies: the moderator settles this battle", p, q)}
			}
		}
	}
	return nil
}

// combine rolls the combine checks (D13, [A55], [A58], [A60]): on each
// side, main forces that came straight from a neighbouring square (or
// began there) combine automatically; the others roll 2D6 against
// 9 − ⌈squares crossed / 2⌉, and fight as reinforcements if they fail. If
// none combined automatically, the first to arrive is the anchor.
func (r *resolver) combine(b *Battle) {
	for _, side := range []Side{Attacker, Defender} {
		anchored := false
		for _, f := range b.Forces {
			anchored = anchored || f.Side == side && f.Role == MainForce && f.Crossed == 0
		}
		for i := range b.Forces {
			f := &b.Forces[i]
			if f.Side != side || f.Role != MainForce || f.Crossed == 0 {
				continue
			}
			if !anchored {
				anchored = true
				continue
			}
			c := newCheck("combine", 9, []Modifier{{"§6.3 [A55]", "squares-crossed", -(f.Crossed + 1) / 2}}, 1)
			c.roll(r.d, r.rules, fmt.Sprintf("%s combine in %s (%s)", f.Army, b.At, b.ID))
			f.Combine = &c
			if !c.Passed {
				f.Role = Reinforcement
			}
			r.emit(Event{Kind: EventCombine, Player: f.Player, Unit: f.Army, To: at(b.At), Battle: b.ID, Check: &c})
		}
	}
}
