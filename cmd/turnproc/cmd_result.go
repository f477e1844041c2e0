package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/orders"
)

func cmdResult(ctx context.Context, e *env, args []string) error {
	fs := newFlags("result", "BATTLE WINNER ATTACKER-VP DEFENDER-VP [ARMY=POINTS|garrison=POINTS|reserves:PLAYER=POINTS …]",
		`Record the result of a battle fought on the table (D14): the winner (attacker, defender or
draw; atacante, defensor, empate) and the victory points each side suffered. Losses are then
taken from the garrison, the reserves and the armies by the rules, unless you give the points
each army, the garrison and each player's reserves lose. The next run applies the result.
Example: turnproc result B3-1 attacker 230 450`)
	dir := fs.String("dir", ".", "the campaign directory")
	replace := fs.Bool("replace", false, "replace a result already entered")
	pos, err := parseInterleaved(fs, e, args) // flags may follow the result, as the hints suggest
	if err != nil {
		return err
	}
	res, err := parseResult(pos)
	if err != nil {
		return err
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	_, s, unlock, err := c.begin(e)
	if err != nil {
		return err
	}
	defer unlock()
	b := s.Battle(res.Battle)
	if b == nil {
		return usageError(fmt.Sprintf("no battle %s is awaiting a result", res.Battle), pendingHint(s))
	}
	if p := campaign.CheckResult(*b, res); p != nil {
		return &cliError{code: exitUsage, err: p}
	}
	if err := c.dir.SaveResult(*b, res, *replace); err != nil {
		return usageError(err.Error(), "add --replace to change it")
	}
	fmt.Fprintf(e.stdout, "Result of %s (%s in %s) recorded: %s; the next run applies it.\n", b.ID, b.Kind, b.At, res.Winner)
	return nil
}

// parseResult reads BATTLE WINNER ATTACKER-VP DEFENDER-VP [KEY=POINTS …]
// by the grammar of the moderator's RESULT lines.
func parseResult(args []string) (campaign.BattleResult, error) {
	res, p := orders.ParseResult(args, "turnproc result B3-1 attacker 230 450")
	if p != nil {
		return res, usageError(p.Text, p.Hint)
	}
	return res, nil
}

// pendingHint lists the battles that await results.
func pendingHint(s *campaign.State) string {
	if len(s.Battles) == 0 {
		return "no battle is awaiting a result"
	}
	ids := make([]string, len(s.Battles))
	for i, b := range s.Battles {
		ids[i] = b.ID
	}
	return "battles awaiting results: " + strings.Join(ids, ", ")
}
