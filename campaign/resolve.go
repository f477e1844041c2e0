package campaign

import "fmt"

// Outcome is a resolved turn: the new state (ready for the next turn) and
// every event, in the order things happened.
type Outcome struct {
	Turn      int // the turn that was played
	State     *State
	Events    []Event
	TurnOrder []Initiator
}

// Input is what a turn's run brings to the rules: the players' orders and
// the results of the previous turn's battles (D14, D16).
type Input struct {
	Orders  []OrderSet
	Results []BattleResult
}

// Resolve plays one campaign turn (§2): validate the orders, roll the turn
// order (D5), let each player act in that order, army by army as he wrote
// his orders (§4.1), then advance the calendar. The input state is not
// changed. Same state + same input + same dice ⇒ same outcome.
func Resolve(m *Map, rules Rules, before *State, in Input, d *Dice) (*Outcome, error) {
	sets := in.Orders
	r := &resolver{m: m, rules: rules, s: before.Clone(), d: d,
		orderCount: map[string]int{}, halted: map[string]bool{}}
	out := &Outcome{Turn: before.Turn}

	// 1. Validate: standing orders change, orders for unknown units or
	// impossible paths are rejected before any die is rolled.
	valid := r.validate(sets)

	// 2. Turn order.
	out.TurnOrder = rollTurnOrder(r.s, d)
	r.emit(Event{Kind: EventTurnOrder, Ranking: out.TurnOrder, Public: true})

	// 3. Each player completely, in turn order (§2).
	for _, in := range out.TurnOrder {
		for _, o := range valid[in.Player] {
			r.execute(in.Player, o)
		}
	}

	// 4. Advance.
	if err := d.Err(); err != nil {
		return nil, err
	}
	r.s.Turn++
	out.State = r.s
	out.Events = r.events
	return out, nil
}

type resolver struct {
	m          *Map
	rules      Rules
	s          *State
	d          *Dice
	events     []Event
	orderCount map[string]int  // orders given to each unit this turn (D2)
	halted     map[string]bool // units whose turn a failed check ended
}

func (r *resolver) emit(e Event) { r.events = append(r.events, e) }

// validate keeps, per player, the orders that can be tried, and records a
// rejection event for each of the others.
// A unit's later order starts where its earlier valid orders would leave
// it: a later order runs only if every earlier check passed (§4.1).
func (r *resolver) validate(sets []OrderSet) map[string][]Order {
	valid := map[string][]Order{}
	planned := map[string]Coord{}
	for _, set := range sets {
		p := r.s.Player(set.Player)
		if p == nil {
			continue // intake authenticates players; an unknown one has no orders here
		}
		if set.Initiative != "" {
			p.Initiative = set.Initiative
		}
		for _, o := range set.Orders {
			if prob := r.check(set.Player, o, planned); prob != nil {
				r.emit(Event{Kind: EventRejected, Player: set.Player, Unit: o.Unit(), Order: o.String(), Line: o.Line(), Problem: prob})
				continue
			}
			valid[set.Player] = append(valid[set.Player], o)
		}
	}
	return valid
}

// check is the static validation of one order against the state at the
// start of the turn and the unit's planned position.
func (r *resolver) check(player string, o Order, planned map[string]Coord) *Problem {
	a := r.s.Army(o.Unit())
	if a == nil {
		return problem("unknown-unit", "there is no army %s", o.Unit())
	}
	if a.Owner != player {
		return problem("not-yours", "army %s is not yours", a.ID)
	}
	from, ok := planned[a.ID]
	if !ok {
		from = a.At
	}
	switch o := o.(type) {
	case Move:
		if p := validateMove(r.m, a, from, o); p != nil {
			return p
		}
		planned[a.ID] = o.Path[len(o.Path)-1]
		return nil
	}
	return problem("unsupported", "%s orders are not supported yet", fmt.Sprintf("%T", o))
}

// execute carries out one valid order.
func (r *resolver) execute(player string, o Order) {
	a := r.s.Army(o.Unit())
	if r.halted[a.ID] {
		r.emit(Event{Kind: EventSkipped, Player: player, Unit: a.ID, Order: o.String(), Line: o.Line()})
		return
	}
	switch o := o.(type) {
	case Move:
		r.move(a, o)
	}
}

// move steps the army through its path, one command check per square
// (§4.1): D = 9 + Table 4.1 − (n−1); the first failure ends its turn.
func (r *resolver) move(a *Army, o Move) {
	for _, to := range o.Path {
		r.orderCount[a.ID]++
		c := newCheck("move", 9, moveModifiers(r.m, r.s, a, to), r.orderCount[a.ID])
		c.roll(r.d, r.rules, fmt.Sprintf("%s move %s→%s", a.ID, a.At, to))
		from := a.At
		r.emit(Event{Kind: EventCheck, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(),
			From: at(from), To: at(to), Check: &c})
		if !c.Passed {
			r.halted[a.ID] = true
			r.emit(Event{Kind: EventHalted, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(), From: at(from), To: at(to)})
			return
		}
		a.At = to
		r.emit(Event{Kind: EventMoved, Player: a.Owner, Unit: a.ID, Order: o.String(), Line: o.Line(),
			From: at(from), To: at(to), Value: a.Points, Public: true})
		if e := explore(r.s, r.d, to, a); e != nil {
			r.emit(*e)
		}
	}
}
