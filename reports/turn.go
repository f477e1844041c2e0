package reports

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

// Turn is everything a report of one resolved campaign turn shows.
type Turn struct {
	Title   string // the campaign's title, e.g. "The Riverlands Campaign"
	Map     *campaign.Map
	Rules   campaign.Rules // for the chances shown next to each check
	Before  *campaign.State
	After   *campaign.State // the state after the turn, normally Outcome.State
	Outcome *campaign.Outcome
	// Deadline is the next turn's deadline; zero leaves it out.
	Deadline time.Time
	// Generated is the injected clock: the PDF's dates and "generated" line.
	Generated time.Time
	// Notes holds, per player id, the intake's notes on the mails that
	// were his (authenticated): the order lines it refused, his mails
	// replaced; already as text.
	Notes map[string][]string
	// Refused counts, per player id, the mails naming him that the intake
	// refused. His report shows the counts alone, never their words:
	// anyone can send a mail naming a player.
	Refused map[string]Refused
	// RefusedDetail holds, per player id, a line for each mail of Refused,
	// which the moderator's report alone shows, clipped (maxDetail).
	RefusedDetail map[string][]string
	// PreBattles holds, per siege id, the pre-battle phase rolled for it
	// (siege.PreBattle.Lines()), when the moderator re-prints the sheets
	// after rolling it (turnproc report).
	PreBattles map[string][]string
	// DiceSeed is the seed of the turn's dice, revealed with its report;
	// NextCommitment is the SHA-256 of the next turn's seed, published now
	// so that nobody can change those dice later (verifiable dice).
	DiceSeed, NextCommitment string
}

// Refused counts the mails naming a player that the intake refused.
type Refused struct {
	WrongPassword int // the password was not his
	Other         int // not his for another reason, or unreadable as orders
}

// check refuses a Turn that cannot be reported.
func (t *Turn) check() error {
	switch {
	case t.Map == nil:
		return fmt.Errorf("reports: the turn has no map")
	case t.Before == nil || t.After == nil:
		return fmt.Errorf("reports: the turn needs the state before and after it")
	case t.Outcome == nil:
		return campaign.Problemf("", "pass what campaign.Resolve returned", "reports: the turn has no outcome")
	case t.Outcome.Turn < 1:
		return fmt.Errorf("reports: turn %d: turns count from 1", t.Outcome.Turn)
	}
	return nil
}

// player finds a player in the state after the turn.
func (t *Turn) player(id string) (*campaign.Player, error) {
	if p := t.After.Player(id); p != nil {
		return p, nil
	}
	ids := make([]string, len(t.After.Players))
	for i, p := range t.After.Players {
		ids[i] = p.ID
	}
	return nil, campaign.Problemf("", "the players are "+strings.Join(ids, ", "), "reports: turn %d has no player %q", t.Outcome.Turn, id)
}

// playerName is how reports name a player: his name, else his id.
func (t *Turn) playerName(id string) string {
	if p := t.After.Player(id); p != nil && p.Name != "" {
		return p.Name
	}
	return id
}

// unitPoints is the size of an army as it acted: after the turn (nothing
// changes an army's points once the orders start: results, balance and
// reorganisations come first), else before it for an army that is gone.
func (t *Turn) unitPoints(id string) int {
	if a := t.After.Army(id); a != nil {
		return a.Points
	}
	if a := t.Before.Army(id); a != nil {
		return a.Points
	}
	return 0
}

// battle finds a battle by id: one this turn scheduled, else one whose
// result this turn applied.
func (t *Turn) battle(id string) *campaign.Battle {
	if id == "" {
		return nil
	}
	for _, list := range [][]campaign.Battle{t.Outcome.Battles, t.Before.Battles} {
		for i := range list {
			if list[i].ID == id {
				return &list[i]
			}
		}
	}
	return nil
}

// forceOf is an army's part in a battle, or nil.
func forceOf(b *campaign.Battle, army string) *campaign.Force {
	if b == nil {
		return nil
	}
	for i := range b.Forces {
		if b.Forces[i].Army == army {
			return &b.Forces[i]
		}
	}
	return nil
}

// inBattle says whether a player attacks, defends or has an army in a battle.
func inBattle(b *campaign.Battle, player string) bool {
	if b == nil {
		return false
	}
	_, _, in := b.SideOf(player)
	return in
}

// battlesOf lists the battles to fight that a player is in.
func (t *Turn) battlesOf(player string) []campaign.Battle {
	var out []campaign.Battle
	for i := range t.Outcome.Battles {
		if inBattle(&t.Outcome.Battles[i], player) {
			out = append(out, t.Outcome.Battles[i])
		}
	}
	return out
}

// empire is a player's position at a glance (D6: value and army points).
type empire struct {
	Capital  campaign.Coord
	Squares  int
	Value    int
	Fielded  int
	Reserves int
	Armies   []campaign.Army
	Fleets   []campaign.Fleet
}

func (t *Turn) empireOf(p *campaign.Player) empire {
	e := empire{Capital: p.Capital, Squares: len(t.After.Owned(p.ID)), Value: t.After.EmpireValue(p.ID),
		Fielded: t.After.FieldedPoints(p.ID), Reserves: p.Reserves}
	for _, a := range t.After.Armies {
		if a.Owner == p.ID {
			e.Armies = append(e.Armies, a)
		}
	}
	slices.SortFunc(e.Armies, func(a, b campaign.Army) int { return compareArmyIDs(a.ID, b.ID) })
	for _, f := range t.After.Fleets {
		if f.Owner == p.ID {
			e.Fleets = append(e.Fleets, f)
		}
	}
	slices.SortFunc(e.Fleets, func(a, b campaign.Fleet) int { return compareArmyIDs(a.ID, b.ID) })
	return e
}

// compareArmyIDs sorts A2 before A10 (and F2 before F10).
func compareArmyIDs(a, b string) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}
