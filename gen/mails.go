package gen

import (
	"fmt"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/gen/mailshape"
	"github.com/turnproc/turnproc/orders"
)

// mails writes every player's order mail, shaped as the common mail
// clients send them, and for every fourth player an earlier draft that the
// later mail replaces. It returns them in arrival order, with the number
// of order lines in the mails that count.
func (g *generator) mails() ([]Mail, int) {
	start := g.opt.Deadline.Add(-72 * time.Hour)
	var drafts, finals []Mail
	total := 0
	for i := range g.state.Players {
		lines := g.orderLines(i)
		total += len(lines)
		at := start.Add(time.Duration(i) * time.Minute)
		if i%4 == 0 {
			drafts = append(drafts, g.mail(i, 0, lines[:min(len(lines), 3)], at.Add(-24*time.Hour), "draft"))
		}
		finals = append(finals, g.mail(i, i%5, lines, at, "orders"))
	}
	return append(drafts, finals...), total
}

// orderLines are player i's orders: five lines per army (four steps,
// then an action or a fifth step), then a sailing order per fleet.
func (g *generator) orderLines(i int) []string {
	lang := language(i)
	id := playerID(i)
	var lines []string
	for k, a := range g.state.Armies {
		if a.Owner != id {
			continue
		}
		path := g.walk(a, k%len(directions), OrdersPerArmy-1)
		var moves []string
		for _, step := range path {
			moves = append(moves, orders.FormatOrder(campaign.Move{Army: a.ID, Path: []campaign.Coord{step}}, lang))
		}
		// The army tries one §5.1 action on its way, where one is
		// allowed: before its first step, or after one. Starting the
		// search at a different place per army spreads the actions
		// over the walk (each later order is at −1 more, D2).
		places := append([]campaign.Coord{a.At}, path...)
		var action campaign.Order
		place := 0
		for try := range places {
			place = (k + try) % len(places)
			if action = g.action(a.ID, a.Owner, places[place]); action != nil {
				break
			}
		}
		if action == nil { // nowhere to act: a fifth step, back
			back := a.At
			if len(path) > 1 {
				back = path[len(path)-2]
			}
			action, place = campaign.Move{Army: a.ID, Path: []campaign.Coord{back}}, len(moves)
		}
		lines = append(lines, moves[:place]...)
		lines = append(lines, orders.FormatOrder(action, lang))
		lines = append(lines, moves[place:]...)
	}
	for _, f := range g.state.Fleets {
		if f.Owner == id {
			if path := g.sail(f.At, 2); len(path) > 0 {
				lines = append(lines, orders.FormatOrder(campaign.Sail{Fleet: f.ID, Path: path}, lang))
			}
		}
	}
	return lines
}

// action is the §5.1 action the player's army may try in a square, if
// any: improve its own square, claim a free square next to its empire
// (each once a turn), pillage an enemy's.
func (g *generator) action(army, player string, at campaign.Coord) campaign.Order {
	sq := g.state.Squares[at]
	switch {
	case g.mayImprove(at, player):
		return campaign.Improve{Army: army}
	case sq.Owner == "" && g.bordersEmpire(at, player) && !g.acted[at]:
		g.acted[at] = true
		return campaign.Claim{Army: army}
	case sq.Owner != "" && sq.Owner != player:
		return campaign.Pillage{Army: army}
	}
	return nil
}

// mayImprove says whether an improvement of the player's square may be
// tried (value below 5, once a turn), and if so books it.
func (g *generator) mayImprove(at campaign.Coord, player string) bool {
	sq := g.state.Squares[at]
	if sq.Owner != player || sq.Value >= 5 || g.acted[at] {
		return false
	}
	g.acted[at] = true
	return true
}

// bordersEmpire says whether a square is next to one of the player's.
func (g *generator) bordersEmpire(at campaign.Coord, player string) bool {
	for _, nb := range g.m.Neighbours(at) {
		if g.state.Squares[nb].Owner == player {
			return true
		}
	}
	return false
}

var directions = []campaign.Coord{{Col: 0, Row: -1}, {Col: 1, Row: 0}, {Col: 0, Row: 1}, {Col: -1, Row: 0}}

// walk is n single steps of an army from its square: straight on in
// direction d where the land lets it in (difficult terrain takes only
// 500-point armies, §4.1), turning where it does not, back where it must.
func (g *generator) walk(a campaign.Army, d, n int) []campaign.Coord {
	var path []campaign.Coord
	at, prev := a.At, a.At
	for len(path) < n {
		next := prev // walled in but for the way it came
		for _, turn := range []int{0, 1, 3} {
			dir := directions[(d+turn)%len(directions)]
			c := coord(at.Col+dir.Col, at.Row+dir.Row)
			if c != prev && g.mayEnter(a, at, c) {
				next = c
				break
			}
		}
		if next == at { // nowhere to go at all: stand (the rules reject it)
			break
		}
		path, prev, at = append(path, next), at, next
	}
	if len(path) == 0 {
		path = append(path, a.At)
	}
	return path
}

// mayEnter says whether the army may step from one square into the next.
func (g *generator) mayEnter(a campaign.Army, from, to campaign.Coord) bool {
	if !g.enterable(to) || g.m.Blocked(from, to) {
		return false
	}
	return a.Points == campaign.ArmyBlock || !g.m.Square(to).EntryTerrain().OnlyScouts()
}

// sail is up to n steps of a fleet along the water squares.
func (g *generator) sail(from campaign.Coord, n int) []campaign.Coord {
	var path []campaign.Coord
	at := from
	for range n {
		next, ok := campaign.Coord{}, false
		for _, nb := range g.m.Neighbours(at) {
			sq := g.m.Square(nb)
			if sq.Kind.HasWater() && nb != from && !containsCoord(path, nb) {
				next, ok = nb, true
				break
			}
		}
		if !ok {
			break
		}
		path, at = append(path, next), next
	}
	return path
}

func containsCoord(cs []campaign.Coord, c campaign.Coord) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// mail writes player i's mail holding the lines, in one of five shapes:
// plain text, multipart/alternative, windows-1252 quoted-printable, HTML
// only, and the orders in a .txt attachment.
func (g *generator) mail(i, shape int, lines []string, at time.Time, what string) Mail {
	lang := language(i)
	greeting, sign := "Hello,\r\n\r\nmy orders.\r\n\r\n", "\r\n-- \r\nA player\r\n"
	if lang == "es" {
		greeting, sign = "Hola,\r\n\r\naquí van mis órdenes.\r\n\r\n", "\r\n-- \r\nUn jugador\r\n"
	}
	header := orders.FormatHeader(ID, playerID(i), 1, g.password(i), lang)
	text := header + "\r\n" + strings.Join(lines, "\r\n") + "\r\n" + orders.EndWord(lang) + "\r\n"
	name := fmt.Sprintf("%s-%s", what, playerID(i))
	head := fmt.Sprintf("Return-Path: <%[1]s>\r\nFrom: Player %[2]d <%[1]s>\r\nTo: turns@gen.example\r\n"+
		"Subject: =?utf-8?Q?=C3=B3rdenes?= turn 1\r\nDate: %[3]s\r\nMessage-ID: <%[4]s@players.example>\r\nMIME-Version: 1.0\r\n",
		email(i), i+1, at.Format(time.RFC1123Z), name)
	return Mail{Name: name, Raw: []byte(head + mailshape.Body(shape, greeting, text, sign)), At: at}
}
