package reports

import (
	"slices"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// style is how a report line is set.
type style int

const (
	plain  style = iota
	strong       // an order, a player
	passed       // a roll that passed
	failed       // a roll that failed
)

// line is one paragraph of narrated events; indent nests the details of a
// check under its order.
type line struct {
	text   string
	indent int
	style  style
}

// narrator tells events as sentences in one language.
type narrator struct {
	t *Turn
	w *words
	// told is the turn's events in the order they are told (toldOrder),
	// shared by the narrators of a Prepared turn.
	told []campaign.Event
	// checked is the action of each unit's last check: a "halted" event
	// follows its failed check and is told after it (sail, embark, …).
	checked map[string]string
	// presence is who is where, for the news horizon: shared by the
	// narrators of a Prepared turn, else worked out when first needed.
	presence *presence
}

func newNarrator(t *Turn, w *words) *narrator {
	return &narrator{t: t, w: w, told: toldOrder(t.Outcome.Events), checked: map[string]string{}}
}

// eventArgs is the data every event, action, reason and problem text may use.
func (n *narrator) eventArgs(e campaign.Event) args {
	a := args{"Unit": e.Unit, "IsFleet": isFleetID(e.Unit), "Player": n.t.playerName(e.Player), "Order": e.Order,
		"Line": e.Line, "From": coordText(e.From), "To": coordText(e.To), "Points": n.t.unitPoints(e.Unit),
		"Value": e.Value, "Dice": "", "Total": 0, "Range": n.t.Map.Range(), "Fleet": e.Fleet, "Battle": e.Battle,
		"Other": "", "Units": n.unitsText(e.Units), "Reserves": e.Reserves, "NextBalance": nextBalanceTurn(n.t.Outcome.Turn),
		"Kind": "", "Attacker": "", "Defender": "", "Garrison": 0, "Crossed": 0, "Amount": 0}
	switch e.Kind {
	case campaign.EventMoved, campaign.EventLanded:
		a["Points"] = e.Value // the army's points as it entered
	case campaign.EventClaimed, campaign.EventDefected:
		a["Other"] = n.t.playerName(e.Note) // the former owner; the beaten pillager
	}
	if e.Roll != nil {
		a["Dice"], a["Total"] = diceText(e.Roll.Dice), e.Roll.Total()
	}
	if b := n.t.battle(e.Battle); b != nil {
		a["Kind"] = n.w.text("battle.kind."+string(b.Kind), nil)
		a["Attacker"], a["Defender"], a["Garrison"] = n.t.playerName(b.Attacker), n.t.playerName(b.Defender), b.Garrison
		if e.To == nil {
			a["To"] = b.At.String()
		}
		if f := forceOf(b, e.Unit); f != nil {
			a["Crossed"] = f.Crossed
		}
	}
	a["Square"], a["Prev"], a["Terrain"] = "", "", ""
	if p := e.Problem; p != nil {
		a["Square"], a["Prev"] = coordText(p.At), coordText(p.From)
		if p.Terrain != "" {
			a["Terrain"] = n.w.text("terrain."+p.Terrain, nil)
		}
	}
	return a
}

// unitsText lists a reorganisation's armies with their points after the
// turn (nothing changes an army's points after the reorganisations, D8).
func (n *narrator) unitsText(ids []string) string {
	items := make([]string, len(ids))
	for i, id := range ids {
		items[i] = n.w.text("unit.points", args{"Unit": id, "Points": n.t.unitPoints(id)})
	}
	return n.w.list(items)
}

// group is a run of events told under one header: an order, a battle, the
// season balance, or nothing.
type group struct {
	key, header string
}

// groupOf says which header an event is told under. An exploration with
// no order (an army that fell back into an unknown square) stays with the
// events it follows.
func (n *narrator) groupOf(e campaign.Event, current group) group {
	switch {
	case e.Order != "":
		return group{"order " + strconv.Itoa(e.Line) + " " + e.Order, n.orderHeader(e)}
	case e.Battle != "":
		return group{"battle " + e.Battle, n.battleHeader(e)}
	case e.Kind == campaign.EventExplored:
		return current
	case e.Kind == campaign.EventBalance || e.Kind == campaign.EventMuster:
		return group{"balance", n.w.text("balance.header", nil)}
	}
	return group{}
}

// tell narrates a run of events, each group's header written once above
// what happened under it.
func (n *narrator) tell(events []campaign.Event, indent int) []line {
	var out []line
	var cur group
	for _, e := range events {
		if g := n.groupOf(e, cur); g != cur {
			cur = g
			if g.header != "" {
				out = append(out, line{g.header, indent, strong})
			}
		}
		in := indent
		if cur.header != "" {
			in++
		}
		out = append(out, n.event(e, in)...)
	}
	return out
}

func (n *narrator) orderHeader(e campaign.Event) string {
	if e.Line == 0 {
		return n.w.text("order.no-line", args{"Order": e.Order})
	}
	return n.w.text("order.line", args{"Order": e.Order, "Line": e.Line})
}

// battleHeader names a battle and its square (not the event's: a retreat
// goes elsewhere).
func (n *narrator) battleHeader(e campaign.Event) string {
	b := n.t.battle(e.Battle)
	if b == nil {
		return n.w.text("battle.header", args{"Kind": "", "Battle": e.Battle, "To": coordText(e.To)})
	}
	kind := n.w.text("battle.kind."+string(b.Kind), nil)
	return n.w.text("battle.header", args{"Kind": kind, "Battle": b.ID, "To": b.At.String()})
}

// event tells one event; a command check is told with every number.
func (n *narrator) event(e campaign.Event, indent int) []line {
	a := n.eventArgs(e)
	switch e.Kind {
	case campaign.EventTurnOrder:
		return []line{{n.turnOrder(e.Ranking), indent, plain}}
	case campaign.EventRejected:
		a["Problem"] = n.problemText(e, a)
		return []line{{n.w.text("event.rejected", a), indent, plain}}
	case campaign.EventCheck, campaign.EventCombine:
		if e.Check == nil {
			return nil
		}
		return n.check(e, a, indent)
	case campaign.EventHalted:
		return []line{{n.w.text(n.haltedText(e.Unit), a), indent, plain}}
	}
	return []line{{n.w.text(n.eventText(e), a), indent, plain}}
}

// problemText says why an order was refused, with the event's data a.
func (n *narrator) problemText(e campaign.Event, a args) string {
	code := "unsupported"
	if e.Problem != nil {
		code = e.Problem.Code
	}
	return n.w.text("problem."+code, a)
}

// eventText names the sentence of an event: event.<kind>.<note> when the
// note changes the story, else event.<kind>.
func (n *narrator) eventText(e campaign.Event) string {
	name := "event." + string(e.Kind)
	switch {
	case e.Kind == campaign.EventClaimed && e.Note == "", e.Kind == campaign.EventDefected && e.Player == "":
		return name + ".free"
	case e.Kind == campaign.EventClaimed || e.Kind == campaign.EventDefected:
		return name // the note is a player, not a variant
	case e.Note != "" && n.w.set.Has(name+"."+e.Note):
		return name + "." + e.Note
	}
	return name
}

// haltedText picks the sentence for a unit stopped by a failed check,
// after the action it failed (a land move unless told otherwise).
func (n *narrator) haltedText(unit string) string {
	if name := "event.halted." + n.checked[unit]; n.w.set.Has(name) {
		return name
	}
	return "event.halted"
}

// check tells a command check (D1, D2) or a combine check (D13): base,
// each modifier with its reason, the order penalty, target D and its
// chance, and each die; an automatic one says why nothing was rolled.
func (n *narrator) check(e campaign.Event, a args, indent int) []line {
	c := e.Check
	n.checked[e.Unit] = c.Action
	a["Action"] = n.w.text("action."+c.Action, a)
	out := []line{{n.w.text("event."+string(e.Kind), a), indent, plain}}
	if c.Automatic {
		auto := args{"To": a["To"], "N": c.OrderN, "Unit": e.Unit}
		return append(out, line{n.w.text("check.automatic", auto), indent + 1, passed})
	}
	out = append(out, line{n.w.text("check.base", args{"Base": number(c.Base)}), indent + 1, plain})
	for _, m := range c.Modifiers {
		reason := n.w.text("reason."+n.reasonCode(c, m, e.To), withAmount(a, m.Value))
		out = append(out, line{n.w.text("check.modifier", args{"Reason": reason, "Rule": m.Rule, "Value": signed(m.Value)}), indent + 1, plain})
	}
	if c.OrderN > 1 {
		name := "check.order-penalty"
		if c.Penalty == 0 { // a flat check: the order counts, with no penalty [A25]
			name = "check.order-no-penalty"
		}
		out = append(out, line{n.w.text(name, args{"N": c.OrderN, "Unit": e.Unit, "Value": signed(c.Penalty)}), indent + 1, plain})
	}
	out = append(out, line{n.w.text("check.target", args{"Target": c.Target, "Percent": percent(campaign.Chance(c.Target, n.t.Rules))}), indent + 1, plain})
	roll := args{"Dice": diceText(c.Roll.Dice), "Total": c.Roll.Total(), "Target": c.Target}
	switch {
	case c.Passed:
		out = append(out, line{n.w.text("check.pass", roll), indent + 1, passed})
	case c.Blunder:
		out = append(out, line{n.w.text("check.blunder", roll), indent + 1, failed})
	default:
		out = append(out, line{n.w.text("check.fail", roll), indent + 1, failed})
	}
	if e.Kind == campaign.EventCombine {
		out = append(out, n.combineOutcome(e, indent+1))
	}
	return out
}

// combineOutcome says how the army fights after its combine check.
func (n *narrator) combineOutcome(e campaign.Event, indent int) line {
	f := forceOf(n.t.battle(e.Battle), e.Unit)
	if f == nil || f.Role == campaign.MainForce {
		return line{n.w.text("combine.main", args{"Unit": e.Unit}), indent, plain}
	}
	return line{n.w.text("combine.reinforcement", args{"Unit": e.Unit, "Value": signed(f.ArrivalModifier())}), indent, plain}
}

// reasonCode is the modifier's reason, told more exactly where the map
// explains it: a landing made very difficult only by cliffs ([A22]).
func (n *narrator) reasonCode(c *campaign.Check, m campaign.Modifier, at *campaign.Coord) string {
	if c.Action == "disembark" && m.Reason == "terrain-very-difficult" && at != nil {
		if sq := n.t.Map.Square(*at); sq != nil && sq.Cliffs && sq.EntryTerrain() < campaign.VeryDifficult {
			return "cliffs"
		}
	}
	return m.Reason
}

// toldOrder is a turn's events in the order they are told: as they
// happened, except that a battle is announced before the combine checks
// the rules rolled while setting it up (D13).
func toldOrder(events []campaign.Event) []campaign.Event {
	out := slices.Clone(events)
	for i, e := range out {
		if e.Kind != campaign.EventBattle {
			continue
		}
		j := i
		for j > 0 && out[j-1].Kind == campaign.EventCombine && out[j-1].Battle == e.Battle {
			j--
		}
		copy(out[j+1:i+1], out[j:i])
		out[j] = e
	}
	return out
}

// turnOrder tells the turn order in one sentence: "1. Belegar (6), 2. …".
func (n *narrator) turnOrder(ranking []campaign.Initiator) string {
	entries := make([]string, len(ranking))
	for i, in := range ranking {
		entries[i] = n.w.text("event.turn-order.entry", args{"Place": i + 1, "Player": n.t.playerName(in.Player), "Rolls": rollsText(in.Rolls)})
	}
	return n.w.text("event.turn-order", args{"Order": strings.Join(entries, ", ")})
}

// actions tells what concerns one player: all he did, and every event of
// the battles he fought or will fight, in the order it happened.
func (n *narrator) actions(player string) []line {
	return n.tell(n.selectEvents(func(e campaign.Event) bool { return n.mine(e, player) }), 0)
}

// mine says whether an event belongs in a player's own account.
func (n *narrator) mine(e campaign.Event, player string) bool {
	return e.Player == player || e.Battle != "" && inBattle(n.t.battle(e.Battle), player)
}

// selectEvents keeps the events that pass keep, in order; an exploration
// with no order goes with the event before it (an army that fell back).
func (n *narrator) selectEvents(keep func(campaign.Event) bool) []campaign.Event {
	var out []campaign.Event
	kept := false
	for _, e := range n.told {
		if e.Kind != campaign.EventExplored || e.Order != "" {
			kept = keep(e)
		}
		if kept {
			out = append(out, e)
		}
	}
	return out
}

// news tells the public events that are not the player's own: those in
// sight (newsRadius) each as "Player: sentence", the battles under their
// headers, then a line for each empire beyond.
func (n *narrator) news(player string) []line {
	if n.presence == nil {
		n.presence = presenceOf(n.t)
	}
	h := n.presence.horizonOf(player, n.t.Map.Height)
	var far []campaign.Event
	events := n.selectEvents(func(e campaign.Event) bool {
		if !e.Public || e.Kind == campaign.EventTurnOrder || n.mine(e, player) {
			return false
		}
		if n.inSight(h, e) {
			return true
		}
		far = append(far, e)
		return false
	})
	var out []line
	battle := ""
	for _, e := range events {
		if e.Battle != "" || battle != "" && e.Kind == campaign.EventExplored && e.Order == "" {
			if e.Battle != "" && e.Battle != battle {
				battle = e.Battle
				out = append(out, line{n.battleHeader(e), 0, strong})
			}
			out = append(out, n.event(e, 1)...)
			continue
		}
		battle = ""
		for _, l := range n.event(e, 0) {
			if e.Player != "" {
				l.text = n.w.text("pdf.news.entry", args{"Player": n.t.playerName(e.Player), "Text": l.text})
			}
			out = append(out, l)
		}
	}
	return append(out, n.farNews(far)...)
}

// everything tells all events for the moderator: each player's under his
// name, each battle's under its own header.
func (n *narrator) everything() []line {
	var out []line
	events := n.told
	for start := 0; start < len(events); {
		sec := sectionOf(events[start], "")
		end := start + 1
		for end < len(events) && sectionOf(events[end], sec) == sec {
			end++
		}
		if p, ok := strings.CutPrefix(sec, "player "); ok {
			out = append(out, line{n.t.playerName(p), 0, strong})
			out = append(out, n.tell(events[start:end], 1)...)
		} else {
			out = append(out, n.tell(events[start:end], 0)...)
		}
		start = end
	}
	return out
}

// sectionOf sorts the moderator's events: battles, a player's, or neither.
func sectionOf(e campaign.Event, current string) string {
	switch {
	case e.Battle != "":
		return "battles"
	case e.Kind == campaign.EventExplored && e.Order == "" && current == "battles":
		return current
	case e.Player != "":
		return "player " + e.Player
	}
	return ""
}

// isFleetID says whether a unit id names a fleet (F1) rather than an army (A1).
func isFleetID(id string) bool { return strings.HasPrefix(strings.ToUpper(id), "F") }

// nextBalanceTurn is the first turn from t that opens with a season
// balance: the one after a turn that closes a season (D7).
func nextBalanceTurn(t int) int {
	for t <= 1 || !campaign.CalendarOf(t-1).ClosesSeason() {
		t++
	}
	return t
}

// withAmount is a reason's data: the event's, with the modifier's size.
func withAmount(a args, value int) args {
	out := make(args, len(a)+1)
	for k, v := range a {
		out[k] = v
	}
	out["Amount"] = max(value, -value)
	return out
}
