package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
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
		b := s.Battle(eq.Battle)
		switch {
		case b == nil || b.Kind != campaign.Siege:
			a.Refused = fmt.Sprintf("there is no siege %s awaiting its result (%s)", eq.Battle, pendingSieges(s))
		default:
			if side, role, in := b.SideOf(player); !in {
				a.Refused = fmt.Sprintf("you have no army in siege %s", eq.Battle)
			} else {
				a.Refused = c.priceEquipment(s, b, side, role, eq.Items, &a)
			}
		}
		out = append(out, a)
	}
	return out
}

func (c *campaignFiles) priceEquipment(s *campaign.State, b *campaign.Battle, side campaign.Side, role campaign.Role, items string, a *reports.AckEquipment) string {
	bill, err := c.bill(s, b, side, role, items)
	a.Cost, a.Budget, a.Notes = bill.Total, bill.Budget, strings.Join(bill.Notes, "; ")
	if err != nil {
		return problemsOf(err)
	}
	return ""
}

// bill prices a declaration for a side of a siege.
func (c *campaignFiles) bill(s *campaign.State, b *campaign.Battle, side campaign.Side, role campaign.Role, items string) (siege.Bill, error) {
	decl, err := siege.ParseEquipment(items)
	if err != nil {
		return siege.Bill{}, err
	}
	castle := c.castle(s, b)
	return siege.Validate(decl, side, role, b.SidePoints(side), &castle)
}

// declared is what a side's main player declared for a siege and was
// accepted: the table uses it (a reinforced gate, the engines of the
// pre-battle phase).
type declared struct {
	Player string `json:"player"`
	Items  string `json:"items"`
}

// equipmentPath is where a side's accepted declaration for a siege is kept.
func (c *campaignFiles) equipmentPath(b *campaign.Battle, side campaign.Side) string {
	return c.dir.TurnPath(b.Turn, "sieges", b.ID+"-equipment-"+string(side)+".json")
}

// recordEquipment keeps each main player's last valid EQUIP declaration
// of each siege (in arrival order, a later one replaces an earlier one).
func (c *campaignFiles) recordEquipment(s *campaign.State, in *orders.Intake) error {
	for _, rc := range in.Receipts {
		if rc.Sheet == nil || (rc.Status != orders.StatusAccepted && rc.Status != orders.StatusReplaced) {
			continue
		}
		for _, eq := range rc.Sheet.Equipment {
			b := s.Battle(eq.Battle)
			if b == nil || b.Kind != campaign.Siege {
				continue
			}
			side, role, _ := b.SideOf(rc.Player)
			if role != campaign.MainForce {
				continue
			}
			if _, err := c.bill(s, b, side, role, eq.Items); err != nil {
				continue // refused: the acknowledgement says why
			}
			data, err := json.MarshalIndent(declared{Player: rc.Player, Items: eq.Items}, "", "  ")
			if err != nil {
				return err
			}
			if err := store.WriteFile(c.equipmentPath(b, side), append(data, '\n')); err != nil {
				return err
			}
		}
	}
	return nil
}

// declaredBill is the accepted declaration of a side, if any.
func (c *campaignFiles) declaredBill(s *campaign.State, b *campaign.Battle, side campaign.Side) (siege.Bill, bool) {
	data, err := os.ReadFile(c.equipmentPath(b, side))
	if err != nil {
		return siege.Bill{}, false
	}
	var d declared
	if json.Unmarshal(data, &d) != nil {
		return siege.Bill{}, false
	}
	bill, err := c.bill(s, b, side, campaign.MainForce, d.Items)
	return bill, err == nil
}

// problemsOf keeps an error's problems, one after the other on one line,
// without the package prefix and the hints: a refusal quotes them.
func problemsOf(err error) string {
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	var problems []string
	for _, e := range errs {
		var ee *siege.EquipmentError
		var p *campaign.Problem
		switch {
		case errors.As(e, &ee):
			problems = append(problems, ee.Message)
		case errors.As(e, &p):
			problems = append(problems, p.Text)
		default:
			problems = append(problems, e.Error())
		}
	}
	return strings.Join(problems, "; ")
}
