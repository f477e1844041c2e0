package reports

import (
	"slices"

	"github.com/turnproc/turnproc/campaign"
)

// newsRadius is how far, in squares, a player's news reaches in full
// around his squares and units: the empires within it are his neighbours.
// The others' doings are summed up in a line each, so a report grows with
// the player's neighbourhood, not with the whole campaign (so that
// the cost of a turn is linear in its size).
const newsRadius = 4

// presence says, square by square, which players own it or have a unit in
// it, before or after the turn: worked out once per turn.
type presence struct {
	width  int
	owners [][]string // by square index (row × width + col)
}

func presenceOf(t *Turn) *presence {
	p := &presence{width: t.Map.Width, owners: make([][]string, t.Map.Width*t.Map.Height)}
	for _, s := range []*campaign.State{t.Before, t.After} {
		for at, sq := range s.Squares {
			p.add(at, sq.Owner)
		}
		for _, a := range s.Armies {
			p.add(a.At, a.Owner)
		}
		for _, f := range s.Fleets {
			p.add(f.At, f.Owner)
		}
	}
	return p
}

func (p *presence) index(at campaign.Coord) int { return at.Row*p.width + at.Col }

func (p *presence) add(at campaign.Coord, player string) {
	if player == "" || at.Col < 0 || at.Row < 0 || at.Col >= p.width || p.index(at) >= len(p.owners) {
		return
	}
	if i := p.index(at); !slices.Contains(p.owners[i], player) {
		p.owners[i] = append(p.owners[i], player)
	}
}

// horizon is the squares within newsRadius of the player's own, and the
// players present in them: his neighbours.
type horizon struct {
	near       []bool // by square index
	neighbours map[string]bool
}

func (p *presence) horizonOf(player string, height int) *horizon {
	h := &horizon{near: make([]bool, len(p.owners)), neighbours: map[string]bool{}}
	for i, owners := range p.owners {
		if !slices.Contains(owners, player) {
			continue
		}
		col, row := i%p.width, i/p.width
		for r := max(row-newsRadius, 0); r <= min(row+newsRadius, height-1); r++ {
			for c := max(col-newsRadius, 0); c <= min(col+newsRadius, p.width-1); c++ {
				j := r*p.width + c
				if !h.near[j] {
					h.near[j] = true
					for _, o := range p.owners[j] {
						h.neighbours[o] = true
					}
				}
			}
		}
	}
	return h
}

// sees says whether a square is within the horizon.
func (h *horizon) sees(p *presence, c *campaign.Coord) bool {
	return c != nil && c.Col >= 0 && c.Row >= 0 && c.Col < p.width && p.index(*c) < len(h.near) && h.near[p.index(*c)]
}

// inSight says whether the player's news tells an event in full: one of a
// neighbour or in sight; a battle's, when it is fought in sight or by a
// neighbour (all of a battle's events go together).
func (n *narrator) inSight(h *horizon, e campaign.Event) bool {
	if e.Battle != "" {
		b := n.t.battle(e.Battle)
		return b == nil || h.sees(n.presence, &b.At) || h.neighbours[b.Attacker] || h.neighbours[b.Defender]
	}
	return e.Player != "" && h.neighbours[e.Player] || h.sees(n.presence, e.To) || h.sees(n.presence, e.From)
}

// farNews sums up, empire by empire in the campaign's order, the public
// doings of the players beyond the horizon.
func (n *narrator) farNews(events []campaign.Event) []line {
	type tally struct{ moves, squares, battles int }
	count := map[string]*tally{}
	for _, e := range events {
		if e.Player == "" {
			continue
		}
		c := count[e.Player]
		if c == nil {
			c = &tally{}
			count[e.Player] = c
		}
		switch e.Kind {
		case campaign.EventMoved, campaign.EventSailed, campaign.EventLanded:
			c.moves++
		case campaign.EventClaimed, campaign.EventPillaged, campaign.EventConquered, campaign.EventDefected:
			c.squares++
		case campaign.EventBattle:
			c.battles++
		}
	}
	var out []line
	for _, p := range n.t.After.Players {
		if c := count[p.ID]; c != nil {
			out = append(out, line{n.w.text("pdf.news.far", args{"Player": n.t.playerName(p.ID),
				"Moves": c.moves, "Squares": c.squares, "Battles": c.battles}), 0, plain})
		}
	}
	return out
}
