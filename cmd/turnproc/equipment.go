package main

import (
	"fmt"
	"strings"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/orders"
	"github.com/turnproc/turnproc/reports"
	"github.com/turnproc/turnproc/siege"
)

// checkEquipment judges a player's EQUIP lines against the sieges awaiting
// their results: the player's side and role in the siege, the catalogue's
// conditions and the side's budget of ⌊15% × points⌋ (D19, [A73], [A74]).
func (c *campaignFiles) checkEquipment(s *campaign.State, player string, lines []orders.Equipment) []reports.AckEquipment {
	var out []reports.AckEquipment
	for _, eq := range lines {
		a := reports.AckEquipment{Line: eq.Line, Battle: eq.Battle, Items: eq.Items}
		b := pendingBattle(s, eq.Battle)
		side, role, in := sideIn(b, player)
		switch {
		case b == nil || b.Kind != campaign.Siege:
			a.Refused = fmt.Sprintf("there is no siege %s awaiting its result (%s)", eq.Battle, pendingSieges(s))
		case !in:
			a.Refused = fmt.Sprintf("you have no army in siege %s", eq.Battle)
		default:
			a.Refused = c.priceEquipment(s, b, side, role, eq.Items, &a)
		}
		out = append(out, a)
	}
	return out
}

func (c *campaignFiles) priceEquipment(s *campaign.State, b *campaign.Battle, side campaign.Side, role campaign.Role, items string, a *reports.AckEquipment) string {
	decl, err := siege.ParseEquipment(items)
	if err != nil {
		return problemsOf(err)
	}
	castle := c.castle(s, b)
	bill, err := siege.Validate(decl, side, role, b.SidePoints(side), &castle)
	a.Cost, a.Budget, a.Notes = bill.Total, bill.Budget, strings.Join(bill.Notes, "; ")
	if err != nil {
		return problemsOf(err)
	}
	return ""
}

// sideIn says on which side and in which role a player fights a battle.
func sideIn(b *campaign.Battle, player string) (campaign.Side, campaign.Role, bool) {
	if b == nil {
		return "", "", false
	}
	switch player {
	case b.Attacker:
		return campaign.Attacker, campaign.MainForce, true
	case b.Defender:
		return campaign.Defender, campaign.MainForce, true
	}
	for _, f := range b.Forces {
		if f.Player == player {
			return f.Side, campaign.Reinforcement, true
		}
	}
	return "", "", false
}

// problemsOf keeps an error's problems, one after the other on one line,
// without the package prefix and the hints.
func problemsOf(err error) string {
	var problems []string
	for _, line := range strings.Split(err.Error(), "\n") {
		if !strings.HasPrefix(line, "hint: ") {
			problems = append(problems, strings.TrimPrefix(line, "siege: equipment: "))
		}
	}
	return strings.Join(problems, "; ")
}
