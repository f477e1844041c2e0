package campaign

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// MissingResultsError stops a turn whose previous battles have no result
// yet (D16).
type MissingResultsError struct {
	Turn    int
	Battles []string
}

func (e *MissingResultsError) Error() string {
	return fmt.Sprintf("campaign: turn %d cannot be played: battle %s of turn %d has no result yet (D16)",
		e.Turn, strings.Join(e.Battles, ", "), e.Turn-1)
}

func (e *MissingResultsError) ProblemHint() string {
	return "enter the result of each battle fought on the table, then run the turn again"
}

// applyResults applies the results of the battles the last turn scheduled
// (D14, D15), in battle order. Every battle needs exactly one result.
func (r *resolver) applyResults(results []BattleResult) error {
	byID := map[string]BattleResult{}
	for _, res := range results {
		if _, dup := byID[res.Battle]; dup {
			return fmt.Errorf("campaign: battle %s has two results", res.Battle)
		}
		byID[res.Battle] = res
	}
	var missing []string
	for _, b := range r.s.Battles {
		res, ok := byID[b.ID]
		if !ok {
			missing = append(missing, b.ID)
			continue
		}
		if p := CheckResult(b, res); p != nil {
			return p
		}
		delete(byID, b.ID)
	}
	if len(missing) > 0 {
		return &MissingResultsError{Turn: r.s.Turn, Battles: missing}
	}
	for id := range byID {
		return fmt.Errorf("campaign: there is no battle %s awaiting a result", id)
	}
	battles := r.s.Battles
	r.s.Battles = nil
	for _, b := range battles {
		r.applyBattle(b, results[slices.IndexFunc(results, func(x BattleResult) bool { return x.Battle == b.ID })])
	}
	return nil
}

// Codes of the problems CheckResult finds.
const (
	CodeResultWinner = "result-winner"
	CodeResultVP     = "result-vp"
	CodeResultKey    = "result-key"
	CodeResultLoss   = "result-loss"
)

// CheckResult says whether a result fits its battle: a known winner word,
// victory points not negative nor more than a side brought, and losses only
// for the battle's armies, its garrison and its players' reserves. The
// problem's Text names the battle, so a refusal can quote it alone.
func CheckResult(b Battle, res BattleResult) *Problem {
	bad := func(code, format string, args ...any) *Problem {
		hint := "name the armies, garrison and reserves of that battle: " + strings.Join(b.LossKeys(), ", ")
		if code == CodeResultVP {
			hint = "victory points suffered are at most what a side brought to the battle: check the numbers from the table"
		}
		p := Problemf(code, hint, "battle %s: "+format, append([]any{b.ID}, args...)...)
		p.Pkg = "campaign"
		return p
	}
	switch {
	case res.Winner != Attacker && res.Winner != Defender && res.Winner != Draw:
		return bad(CodeResultWinner, "result %q is not attacker, defender or draw", res.Winner)
	case res.AttackerVP < 0 || res.DefenderVP < 0:
		return bad(CodeResultVP, "victory points cannot be negative")
	case res.AttackerVP > b.sidePointsAll(Attacker):
		return bad(CodeResultVP, "the attacker cannot suffer %d victory points: its forces hold %d", res.AttackerVP, b.sidePointsAll(Attacker))
	case res.DefenderVP > b.sidePointsAll(Defender):
		return bad(CodeResultVP, "the defender cannot suffer %d victory points: its forces hold %d", res.DefenderVP, b.sidePointsAll(Defender))
	}
	keys := b.LossKeys()
	for _, key := range slices.Sorted(maps.Keys(res.Losses)) {
		if !slices.Contains(keys, key) || res.Losses[key] < 0 {
			return bad(CodeResultKey, "loss %s=%d names no army, garrison or reserves of the battle", key, res.Losses[key])
		}
		if most := b.lossLimit(key); most >= 0 && res.Losses[key] > most {
			return bad(CodeResultLoss, "loss %s=%d is more than its %d points", key, res.Losses[key], most)
		}
	}
	return nil
}

// LossKeys are the keys a result's losses may name: the garrison, the
// players' reserves and the battle's armies.
func (b Battle) LossKeys() []string {
	keys := []string{"garrison", "reserves:" + b.Attacker}
	if b.Defender != "" {
		keys = append(keys, "reserves:"+b.Defender)
	}
	for _, f := range b.Forces {
		keys = append(keys, f.Army)
	}
	return keys
}

// sidePointsAll is everything a side brought: garrison, main forces and
// reinforcements — the most victory points it can give away.
func (b Battle) sidePointsAll(side Side) int {
	total := 0
	if side == Defender {
		total = b.Garrison
	}
	for _, f := range b.Forces {
		if f.Side == side {
			total += f.Points
		}
	}
	return total
}

// lossLimit is the most an explicit loss key can lose: an army's points,
// the garrison; -1 when the battle does not know it (reserves).
func (b Battle) lossLimit(key string) int {
	if key == "garrison" {
		return b.Garrison
	}
	for _, f := range b.Forces {
		if f.Army == key {
			return f.Points
		}
	}
	return -1
}

// explicitFor says whether an explicit allocation names this side.
func (b Battle) explicitFor(side Side, losses map[string]int) bool {
	player := b.Attacker
	if side == Defender {
		player = b.Defender
		if _, ok := losses["garrison"]; ok {
			return true
		}
	}
	if _, ok := losses["reserves:"+player]; ok && player != "" {
		return true
	}
	for _, f := range b.Forces {
		if _, ok := losses[f.Army]; ok && f.Side == side {
			return true
		}
	}
	return false
}

// Losses turns the victory points a side suffered into points lost (D14,
// [A12], [A66]): the winner rounds down to the hundred, the loser and both
// sides of a draw round up.
func Losses(vp int, won bool) int {
	if won {
		return vp / 100 * 100
	}
	return (vp + 99) / 100 * 100
}

func (r *resolver) applyBattle(b Battle, res BattleResult) {
	r.emit(Event{Kind: EventResult, Battle: b.ID, To: at(b.At), Note: string(res.Winner), Public: true})
	for _, side := range []Side{Attacker, Defender} {
		vp := res.AttackerVP
		if side == Defender {
			vp = res.DefenderVP
		}
		loss := Losses(vp, res.Winner == side)
		if b.explicitFor(side, res.Losses) {
			r.explicitLosses(b, side, res.Losses) // the moderator's allocation for this side
		} else {
			r.allocateLosses(b, side, loss)
		}
		r.trim(b, side)
	}
	r.battleEffects(b, res.Winner)
}

// allocateLosses takes a side's losses from its garrison first, then its
// player's reserves, then its armies, largest first (D14, [A67], [A11]).
func (r *resolver) allocateLosses(b Battle, side Side, loss int) {
	if side == Defender && b.Garrison > 0 && loss > 0 {
		g := min(loss, b.Garrison)
		loss -= g
		r.emit(Event{Kind: EventLoss, Battle: b.ID, Player: b.Defender, Value: g, Note: "garrison", Public: true})
	}
	player := b.Attacker
	if side == Defender {
		player = b.Defender
	}
	if p := r.s.Player(player); p != nil && loss > 0 && p.Reserves > 0 {
		take := min(loss, p.Reserves)
		p.Reserves -= take
		loss -= take
		r.emit(Event{Kind: EventLoss, Battle: b.ID, Player: player, Value: take, Note: "reserves", Public: true})
	}
	for _, id := range r.sideArmies(b, side) {
		a := r.army(id)
		if loss == 0 {
			break
		}
		take := min(loss, a.Points)
		a.Points -= take
		loss -= take
		r.emit(Event{Kind: EventLoss, Battle: b.ID, Player: a.Owner, Unit: a.ID, Value: take, Note: "army", Public: true})
	}
}

// explicitLosses applies the allocation the moderator entered for a side;
// a side the allocation does not name takes its losses by the rules.
func (r *resolver) explicitLosses(b Battle, side Side, losses map[string]int) {
	for _, id := range r.sideArmies(b, side) {
		if a := r.army(id); min(losses[a.ID], a.Points) > 0 {
			take := min(losses[a.ID], a.Points)
			a.Points -= take
			r.emit(Event{Kind: EventLoss, Battle: b.ID, Player: a.Owner, Unit: a.ID, Value: take, Note: "army", Public: true})
		}
	}
	for _, p := range r.s.Players {
		if sd, role, _ := b.SideOf(p.ID); sd != side || role != MainForce {
			continue // only a side's main player loses reserves
		}
		if take := min(losses["reserves:"+p.ID], p.Reserves); take > 0 {
			r.s.Player(p.ID).Reserves -= take
			r.emit(Event{Kind: EventLoss, Battle: b.ID, Player: p.ID, Value: take, Note: "reserves", Public: true})
		}
	}
}

// sideArmies lists the ids of the side's armies still alive, largest
// first (then by id). Ids, not pointers: removing an army moves the others.
func (r *resolver) sideArmies(b Battle, side Side) []string {
	var out []Army
	for _, f := range b.Forces {
		if a := r.army(f.Army); a != nil && f.Side == side {
			out = append(out, *a)
		}
	}
	slices.SortStableFunc(out, func(x, y Army) int {
		if x.Points != y.Points {
			return y.Points - x.Points
		}
		return compareIDs(x.ID, y.ID)
	})
	ids := make([]string, len(out))
	for i, a := range out {
		ids[i] = a.ID
	}
	return ids
}

// trim cuts damaged armies down to a 500 block, the trimmed points lost;
// below 500 an army is destroyed (§6.4, [A70]).
func (r *resolver) trim(b Battle, side Side) {
	for _, id := range r.sideArmies(b, side) {
		a := r.army(id)
		kept := a.Points / ArmyBlock * ArmyBlock
		if kept < ArmyBlock {
			r.emit(Event{Kind: EventDestroyed, Battle: b.ID, Player: a.Owner, Unit: a.ID, To: at(a.At), Value: a.Points, Note: "losses", Public: true})
			r.s.removeArmy(a.ID)
			continue
		}
		if kept == a.Points {
			continue
		}
		r.emit(Event{Kind: EventLoss, Battle: b.ID, Player: a.Owner, Unit: a.ID, Value: a.Points - kept, Note: "trim", Public: true})
		a.Points = kept
	}
}

// battleEffects moves the losers and changes the square (D15): the
// winner stays; the loser retreats; a draw sends the attacker back [A65].
func (r *resolver) battleEffects(b Battle, winner Side) {
	loser := Attacker
	if winner == Attacker {
		loser = Defender
	}
	for _, f := range b.Forces {
		if f.Side == loser {
			r.retreat(b, f)
		}
	}
	sq := r.s.Square(b.At)
	switch {
	case winner == Attacker && (b.Cause == "pillage" || b.Cause == "own-pillage"):
		before := sq.Value
		sq.Value = max(sq.Value-3, 0) // [A41]: a battle pillage, no owner change, no benefit
		if before == 1 {
			sq.Owner, sq.Value = "", 0 // [A39]
		}
		r.emit(Event{Kind: EventPillaged, Battle: b.ID, Player: b.Attacker, To: at(b.At), Value: sq.Value, Note: "battle", Public: true})
	case winner == Attacker && (sq.Owner == "" || r.s.Enemy(b.Attacker, sq.Owner)):
		cost := 2 // conquest of an enemy square
		if sq.Owner == "" {
			cost = 1 // a free square is taken at −1 [A71]
		}
		sq.Owner, sq.Value = b.Attacker, max(sq.Value-cost, 0)
		r.emit(Event{Kind: EventConquered, Battle: b.ID, Player: b.Attacker, To: at(b.At), Value: sq.Value, Public: true})
	case winner == Defender && b.Cause == "own-pillage":
		sq.Owner = r.defectTo(b.Attacker)
		if sq.Owner == "" {
			sq.Value = 0
		}
		r.emit(Event{Kind: EventDefected, Battle: b.ID, Player: sq.Owner, To: at(b.At), Value: sq.Value, Note: b.Attacker, Public: true})
	}
	if sq == (SquareState{}) {
		delete(r.s.Squares, b.At)
	} else {
		sq.Explored = true
		r.s.Squares[b.At] = sq
	}
}

// defectTo is who a square goes to after its garrison beats its own
// pillager: another player of the same race, not allied with him first,
// then by player order; "" (free) if there is none ([A44]).
func (r *resolver) defectTo(pillager string) string {
	race := r.s.Player(pillager).Race
	var allied string
	for _, p := range r.s.Players {
		if p.ID == pillager || p.Race != race {
			continue
		}
		if !r.s.Allied(pillager, p.ID) {
			return p.ID
		}
		if allied == "" {
			allied = p.ID
		}
	}
	return allied
}

// retreat sends a beaten army back (D15, [A69]): to the square it entered
// from, else to an adjacent own, allied or free land square with no enemy
// army (in that preference, then reading order); else it is destroyed.
func (r *resolver) retreat(b Battle, f Force) {
	a := r.army(f.Army)
	if a == nil || a.At != b.At {
		return
	}
	if f.From != b.At && r.canRetreatTo(a, b.At, f.From) {
		r.moveBack(b, a, f.From)
		return
	}
	var best *Coord
	rank := func(c Coord) int {
		switch owner := r.s.Square(c).Owner; {
		case owner == a.Owner:
			return 0
		case r.s.Allied(a.Owner, owner):
			return 1
		case owner == "":
			return 2
		}
		return 3
	}
	for _, n := range r.m.Neighbours(b.At) {
		if rank(n) < 3 && r.canRetreatTo(a, b.At, n) && (best == nil || rank(n) < rank(*best) ||
			rank(n) == rank(*best) && compareCoord(n, *best) < 0) {
			best = &n
		}
	}
	if best == nil {
		r.emit(Event{Kind: EventDestroyed, Battle: b.ID, Player: a.Owner, Unit: a.ID, To: at(b.At), Value: a.Points, Note: "no-retreat", Public: true})
		r.s.removeArmy(a.ID)
		return
	}
	r.moveBack(b, a, *best)
}

// canRetreatTo says whether a beaten army can fall back from one square to
// another: land it may enter across that edge ([A20]), with no enemy army.
func (r *resolver) canRetreatTo(a *Army, from, c Coord) bool {
	sq := r.m.Square(c)
	return sq != nil && sq.Kind.HasLand() && sq.EntryTerrain() != Impassable && !r.m.Blocked(from, c) &&
		r.m.Adjacent(from, c) && !r.s.enemyArmyAt(a.Owner, c)
}

func (r *resolver) moveBack(b Battle, a *Army, to Coord) {
	r.emit(Event{Kind: EventRetreat, Battle: b.ID, Player: a.Owner, Unit: a.ID, From: at(b.At), To: at(to), Public: true})
	a.At = to
	if e := explore(r.m, r.s, r.d, to, a); e != nil {
		r.emit(*e)
	}
}
