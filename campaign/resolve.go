package campaign

import (
	"fmt"
	"slices"
	"strings"
)

// Outcome is a resolved turn: the new state (ready for the next turn) and
// every event, in the order things happened.
type Outcome struct {
	Turn      int // the turn that was played
	State     *State
	Events    []Event
	TurnOrder []Initiator
	Battles   []Battle // scheduled at the end of the turn, to fight on the table
}

// Input is what a turn's run brings to the rules: the players' orders and
// the results of the previous turn's battles (D14, D16).
type Input struct {
	Orders  []OrderSet
	Results []BattleResult
}

// Resolve plays one campaign turn. The pipeline, in order:
//
//  1. apply the results of the previous turn's battles (D14, D15); a
//     battle without a result stops everything (D16);
//  2. after a turn that closed a season, the season balance with the
//     players' muster orders (D6, D7);
//  3. reorganisations, which need no check (D8);
//  4. roll the turn order (D5);
//  5. each player acts completely, in turn order, order by order as he
//     wrote them (§2, §4, §5);
//  6. end of turn: built fleets appear (D10), battles and sieges are
//     determined and combine checks rolled (D12, D13);
//  7. advance the calendar.
//
// The input state is not changed. Same state + same input + same dice ⇒
// same outcome.
func Resolve(m *Map, rules Rules, before *State, in Input, d *Dice) (*Outcome, error) {
	r := newResolver(m, rules, before.Clone(), d)
	orders := 0
	for _, set := range in.Orders {
		orders += len(set.Orders)
	}
	r.events = make([]Event, 0, 16+6*orders) // a move step makes a check, a move and an exploration
	if err := r.applyResults(in.Results); err != nil {
		return nil, err
	}
	r.seasonBalance(in.Orders)
	sets := r.standingOrders(in.Orders)
	r.reorganise(sets)
	r.indexAshore()
	order := rollTurnOrder(r.s, d)
	r.emit(Event{Kind: EventTurnOrder, Ranking: order, Public: true})
	for i, ini := range order {
		r.seq = i
		for _, o := range sets[ini.Player].Orders {
			r.execute(ini.Player, o)
		}
	}
	r.placeBuiltFleets()
	battles := r.determineBattles()
	if err := d.Err(); err != nil {
		return nil, err
	}
	r.s.Battles = battles
	r.s.Turn++
	return &Outcome{Turn: before.Turn, State: r.s, Events: r.events, TurnOrder: order, Battles: battles}, nil
}

// unitTurn is what the rules remember about one army or fleet during a turn.
type unitTurn struct {
	orders  int    // orders given so far (D2)
	halted  bool   // a failed check ended its turn (§4.1)
	landed  bool   // it landed or carried an army ashore: no more movement ([A28])
	special string // the special action it attempted (§5: one per turn)
	start   Coord  // where it began the turn
	steps   int    // squares it entered this turn
	from    Coord  // the square it entered its current square from (start if it has not moved)
	bySea   bool   // it entered its current square by landing from a fleet
	// entered is the turn-order position of the player turn in which it
	// entered its current square; -1 if it began the turn there.
	entered int
	arrival int    // the order in which it entered its square, among all entries this turn; -1 if it began there
	failed  string // a failed claim or pillage at its current square (§5.1, D12)
}

// crossed is the number of squares entered before the last entry step (§6.3).
func (u *unitTurn) crossed() int { return max(u.steps-1, 0) }

type resolver struct {
	m        *Map
	rules    Rules
	s        *State
	d        *Dice
	events   []Event
	units    map[string]*unitTurn
	seq      int            // turn-order position of the acting player
	arrivals int            // entries into squares so far this turn
	armyIdx  map[string]int // army id (upper case) → index in s.Armies; checked on use
	// ashore holds, while players act, the ids of the armies standing in
	// each square (not aboard), so "enemy army here?" costs no scan.
	ashore   map[Coord][]string
	improved map[Coord]bool // squares an improvement was tried in (§5.1)
	built    map[Coord]bool // squares a build was tried in (§5.2)
	newFleet []Fleet        // built this turn, placed at its end (D10, [A47])
	// dry makes every check fail unrolled, automatic ones too, so an order
	// is weighed without being carried out (Options).
	dry bool
}

func newResolver(m *Map, rules Rules, s *State, d *Dice) *resolver {
	r := &resolver{m: m, rules: rules, s: s, d: d, units: map[string]*unitTurn{},
		improved: map[Coord]bool{}, built: map[Coord]bool{}}
	for _, a := range s.Armies {
		r.units[a.ID] = &unitTurn{start: a.At, from: a.At, entered: -1, arrival: -1}
	}
	for _, f := range s.Fleets {
		r.units[f.ID] = &unitTurn{start: f.At, from: f.At, entered: -1, arrival: -1}
	}
	return r
}

func (r *resolver) emit(e Event) { r.events = append(r.events, e) }

// army finds an army by id through an index, so that a large turn stays
// linear; an entry made stale by removals is detected and the index rebuilt.
func (r *resolver) army(id string) *Army {
	key := strings.ToUpper(id)
	if i, ok := r.armyIdx[key]; ok && i < len(r.s.Armies) && r.s.Armies[i].ID == key {
		return &r.s.Armies[i]
	}
	r.armyIdx = make(map[string]int, len(r.s.Armies))
	for i, a := range r.s.Armies {
		r.armyIdx[strings.ToUpper(a.ID)] = i
	}
	if i, ok := r.armyIdx[key]; ok {
		return &r.s.Armies[i]
	}
	return nil
}

// unit is the turn record of an army or fleet id (created for new units).
func (r *resolver) unit(id string) *unitTurn {
	u := r.units[id]
	if u == nil {
		u = &unitTurn{entered: -1, arrival: -1}
		if a := r.army(id); a != nil {
			u.start, u.from = a.At, a.At
		}
		r.units[id] = u
	}
	return u
}

// standingOrders applies INITIATIVE (D5) and indexes the order sets of
// known players; two sets for one player are merged in the given order.
func (r *resolver) standingOrders(sets []OrderSet) map[string]OrderSet {
	out := map[string]OrderSet{}
	for _, set := range sets {
		p := r.s.Player(set.Player)
		if p == nil {
			continue // intake authenticates players; an unknown one has no orders here
		}
		if set.Initiative != "" {
			p.Initiative = set.Initiative
		}
		merged := out[set.Player]
		merged.Player = set.Player
		merged.Orders = append(merged.Orders, set.Orders...)
		merged.Reorganisations = append(merged.Reorganisations, set.Reorganisations...)
		out[set.Player] = merged
	}
	return out
}

// reject records an order that cannot be carried out.
func (r *resolver) reject(player string, o interface {
	Line() int
	fmt.Stringer
}, unit string, p *Problem) {
	r.emit(Event{Kind: EventRejected, Player: player, Unit: unit, Order: o.String(), Line: o.Line(), Problem: p})
}

// execute carries out one order of the acting player.
func (r *resolver) execute(player string, o Order) {
	if p := r.owns(player, o.Unit()); p != nil {
		r.reject(player, o, o.Unit(), p)
		return
	}
	u := r.unit(o.Unit())
	if u.halted {
		r.emit(Event{Kind: EventSkipped, Player: player, Unit: o.Unit(), Order: o.String(), Line: o.Line()})
		return
	}
	var p *Problem
	switch o := o.(type) {
	case Move:
		p = r.move(r.army(o.Army), o)
	case Sail:
		p = r.sail(r.s.Fleet(o.Fleet), o)
	case Embark:
		p = r.embark(r.army(o.Army), o)
	case Disembark:
		p = r.disembark(r.army(o.Army), o)
	case Claim, Pillage, Improve, Build:
		p = r.special(r.army(o.Unit()), o)
	default:
		p = problem("unsupported", "%T orders are not supported", o)
	}
	if p != nil {
		r.reject(player, o, o.Unit(), p)
	}
}

// owns checks that the unit exists, is the player's and is of the kind the
// order is for.
func (r *resolver) owns(player, id string) *Problem {
	if a := r.army(id); a != nil {
		if a.Owner != player {
			return problem("not-yours", "army %s is not yours", a.ID)
		}
		return nil
	}
	if f := r.s.Fleet(id); f != nil {
		if f.Owner != player {
			return problem("not-yours", "fleet %s is not yours", f.ID)
		}
		return nil
	}
	return problem("unknown-unit", "there is no army or fleet %s", id)
}

// roll makes the command check of one order of a unit: the order counts
// (D2) and a failure ends the unit's turn (§4.1).
func (r *resolver) roll(id string, c Check, purpose string) Check {
	if r.dry {
		r.unit(id).halted = true
		return c
	}
	c.roll(r.d, r.rules, purpose)
	if !c.Passed {
		r.unit(id).halted = true
	}
	return c
}

// nextOrder counts one more order for the unit and returns its number n.
func (r *resolver) nextOrder(id string) int {
	u := r.unit(id)
	u.orders++
	return u.orders
}

// indexAshore builds the index of armies ashore by square.
func (r *resolver) indexAshore() {
	r.ashore = map[Coord][]string{}
	for _, a := range r.s.Armies {
		if a.Aboard == "" {
			r.ashore[a.At] = append(r.ashore[a.At], a.ID)
		}
	}
}

// leave takes an army out of the ashore index of its square.
func (r *resolver) leave(a *Army) {
	if r.ashore != nil {
		r.ashore[a.At] = slices.DeleteFunc(r.ashore[a.At], func(id string) bool { return id == a.ID })
	}
}

// enemyAt says whether an army hostile to player stands in c. Only armies
// count, not garrisons ([A18]); embarked armies do not ([A30]).
func (r *resolver) enemyAt(player string, c Coord) bool {
	if r.ashore == nil {
		return r.s.enemyArmyAt(player, c)
	}
	for _, id := range r.ashore[c] {
		if r.s.Enemy(player, r.army(id).Owner) {
			return true
		}
	}
	return false
}

// enter records that an army stepped into a square, by land or from a fleet.
func (r *resolver) enter(a *Army, from, to Coord, bySea bool) {
	if a.Aboard == "" {
		r.leave(a)
	}
	if r.ashore != nil {
		r.ashore[to] = append(r.ashore[to], a.ID)
	}
	u := r.unit(a.ID)
	u.steps++
	u.from, u.bySea, u.entered, u.failed = from, bySea, r.seq, ""
	u.arrival = r.arrivals
	r.arrivals++
	a.At = to
}

// sortArmies keeps armies in id order, so every later pass is deterministic.
func (r *resolver) sortArmies() {
	slices.SortFunc(r.s.Armies, func(a, b Army) int { return compareIDs(a.ID, b.ID) })
}
