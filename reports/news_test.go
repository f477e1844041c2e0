package reports

import (
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

// TestNewsHorizon: a player's news tells in full what happens within
// newsRadius of his lands and units, and sums up each empire beyond in a
// line: a report grows with its player's neighbourhood.
func TestNewsHorizon(t *testing.T) {
	tt := bigCampaign(t, 64)
	p1 := tt.After.Player("p1").Capital
	// The fixture spreads every empire over the whole map: here p1 keeps
	// his capital and one army in it, nothing else.
	for _, s := range []**campaign.State{&tt.Before, &tt.After} {
		c := (*s).Clone()
		for at, sq := range c.Squares {
			if sq.Owner == "p1" && at != p1 {
				delete(c.Squares, at)
			}
		}
		var armies []campaign.Army
		for _, a := range c.Armies {
			if a.Owner != "p1" {
				armies = append(armies, a)
			}
		}
		c.Armies = append(armies, campaign.Army{ID: "A999", Owner: "p1", At: p1, Points: 500})
		*s = c
	}
	near := campaign.Coord{Col: p1.Col + 2, Row: p1.Row}
	far := campaign.Coord{Col: 95, Row: 95}
	h := presenceOf(&tt).horizonOf("p1", tt.Map.Height)
	stranger := ""
	for _, p := range tt.After.Players {
		if !h.neighbours[p.ID] {
			stranger = p.ID
		}
	}
	if stranger == "" || h.sees(presenceOf(&tt), &far) {
		t.Fatalf("the fixture leaves nobody beyond p1's horizon")
	}
	out := *tt.Outcome
	out.Events = append([]campaign.Event{}, out.Events...)
	for _, e := range []campaign.Event{
		{Kind: campaign.EventMoved, Player: "p2", Unit: "A900", From: &near, To: &near, Value: 500, Public: true},
		{Kind: campaign.EventMoved, Player: stranger, Unit: "A901", From: &far, To: &far, Value: 500, Public: true},
	} {
		out.Events = append(out.Events, e)
	}
	tt.Outcome = &out
	n := newNarrator(&tt, mustSet(t))
	var text []string
	for _, l := range n.news("p1") {
		text = append(text, l.text)
	}
	news := strings.Join(text, "\n")
	if !strings.Contains(news, "Player 2: ") || !strings.Contains(news, near.String()) {
		t.Errorf("the neighbour's move is not told:\n%s", news)
	}
	if strings.Contains(news, far.String()) {
		t.Errorf("a move beyond the horizon is told in full:\n%s", news)
	}
	if !strings.Contains(news, tt.playerName(stranger)+", beyond your horizon: 1 moves,") {
		t.Errorf("no summary of the empire beyond:\n%s", news)
	}
}
