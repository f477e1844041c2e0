package reports

import (
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
}

// eventArgs is the data every event, action, reason and problem text may use.
func (n *narrator) eventArgs(e campaign.Event) args {
	a := args{"Unit": e.Unit, "Player": n.t.playerName(e.Player), "Order": e.Order, "Line": e.Line,
		"From": coordText(e.From), "To": coordText(e.To), "Points": n.t.unitPoints(e.Unit), "Value": e.Value,
		"Dice": "", "Total": 0, "Range": n.t.Map.Range()}
	if e.Kind == campaign.EventMoved {
		a["Points"] = e.Value // the army's points as it entered
	}
	if e.Roll != nil {
		a["Dice"], a["Total"] = diceText(e.Roll.Dice), e.Roll.Total()
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

// actions tells a run of events, each order written once above what it did.
func (n *narrator) actions(events []campaign.Event) []line {
	var out []line
	var order string
	var at int
	for _, e := range events {
		if e.Order != "" && (e.Order != order || e.Line != at) {
			order, at = e.Order, e.Line
			out = append(out, line{n.orderHeader(e), 0, strong})
		}
		out = append(out, n.event(e, 1)...)
	}
	return out
}

func (n *narrator) orderHeader(e campaign.Event) string {
	if e.Line == 0 {
		return n.w.text("order.no-line", args{"Order": e.Order})
	}
	return n.w.text("order.line", args{"Order": e.Order, "Line": e.Line})
}

// event tells one event; a command check is told with every number.
func (n *narrator) event(e campaign.Event, indent int) []line {
	a := n.eventArgs(e)
	switch e.Kind {
	case campaign.EventTurnOrder:
		return []line{{n.turnOrder(e.Ranking), indent, plain}}
	case campaign.EventRejected:
		code := "unsupported"
		if e.Problem != nil {
			code = e.Problem.Code
		}
		a["Problem"] = n.w.text("problem."+code, a)
		return []line{{n.w.text("event.rejected", a), indent, plain}}
	case campaign.EventCheck:
		if e.Check == nil {
			return nil
		}
		return n.check(e, a, indent)
	}
	return []line{{n.w.text("event."+string(e.Kind), a), indent, plain}}
}

// check tells a command check (D1, D2): base, each modifier with its
// reason, the order penalty, target D and its chance, and each die.
func (n *narrator) check(e campaign.Event, a args, indent int) []line {
	c := e.Check
	a["Action"] = n.w.text("action."+c.Action, a)
	out := []line{
		{n.w.text("event.check", a), indent, plain},
		{n.w.text("check.base", args{"Base": c.Base}), indent + 1, plain},
	}
	for _, m := range c.Modifiers {
		reason := n.w.text("reason."+m.Reason, a)
		out = append(out, line{n.w.text("check.modifier", args{"Reason": reason, "Rule": m.Rule, "Value": signed(m.Value)}), indent + 1, plain})
	}
	if c.OrderN > 1 {
		out = append(out, line{n.w.text("check.order-penalty", args{"N": c.OrderN, "Unit": e.Unit, "Value": signed(-(c.OrderN - 1))}), indent + 1, plain})
	}
	out = append(out, line{n.w.text("check.target", args{"Target": c.Target, "Percent": percent(campaign.Chance(c.Target, n.t.Rules))}), indent + 1, plain})
	roll := args{"Dice": diceText(c.Roll.Dice), "Total": c.Roll.Total(), "Target": c.Target}
	switch {
	case c.Passed:
		out = append(out, line{n.w.text("check.pass", roll), indent + 1, passed})
	case c.Roll.Total() <= c.Target: // failed although under the target: D1's optional 12
		out = append(out, line{n.w.text("check.blunder", roll), indent + 1, failed})
	default:
		out = append(out, line{n.w.text("check.fail", roll), indent + 1, failed})
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

// news tells the public events of the other players (moves, explorations),
// each as "Player: sentence".
func (n *narrator) news(player string) []line {
	var out []line
	for _, e := range n.t.Outcome.Events {
		if !e.Public || e.Player == "" || e.Player == player {
			continue
		}
		for _, l := range n.event(e, 0) {
			out = append(out, line{n.w.text("pdf.news.entry", args{"Player": n.t.playerName(e.Player), "Text": l.text}), 0, plain})
		}
	}
	return out
}

// everything tells all events for the moderator, under a heading per
// player whenever the acting player changes.
func (n *narrator) everything() []line {
	var out []line
	events := n.t.Outcome.Events
	for start := 0; start < len(events); {
		end := start + 1
		for end < len(events) && events[end].Player == events[start].Player {
			end++
		}
		if p := events[start].Player; p != "" {
			out = append(out, line{n.t.playerName(p), 0, strong})
			for _, l := range n.actions(events[start:end]) {
				l.indent++
				out = append(out, l)
			}
		} else {
			for _, e := range events[start:end] {
				out = append(out, n.event(e, 0)...)
			}
		}
		start = end
	}
	return out
}

// playerEvents are the events a player acted in, in order.
func (n *narrator) playerEvents(player string) []campaign.Event {
	var out []campaign.Event
	for _, e := range n.t.Outcome.Events {
		if e.Player == player {
			out = append(out, e)
		}
	}
	return out
}
