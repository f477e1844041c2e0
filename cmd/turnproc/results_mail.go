package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/orders"
	"github.com/turnproc/turnproc/reports"
)

// recordMailedResults records the RESULT lines of the moderator's mails
// (every accepted one, in arrival order: results add up, they do not
// replace each other) as `turnproc result` would, and says, by mail,
// what became of each line. A result already recorded the same way is
// accepted again without change, so a rerun is harmless; a different one
// is refused (the moderator changes a result with turnproc result --replace).
func (c *campaignFiles) recordMailedResults(s *campaign.State, in *orders.Intake) (map[string][]reports.AckResult, error) {
	verdicts := map[string][]reports.AckResult{}
	for _, rc := range in.Receipts {
		if !orders.IsModerator(rc.Player) || rc.Sheet == nil ||
			(rc.Status != orders.StatusAccepted && rc.Status != orders.StatusReplaced) {
			continue
		}
		for _, r := range rc.Sheet.Results {
			v := reports.AckResult{Line: r.Line, Text: r.String()}
			refused, err := c.recordResult(s, r.Result)
			if err != nil {
				return nil, err
			}
			v.Refused = refused
			verdicts[rc.Name] = append(verdicts[rc.Name], v)
		}
	}
	return verdicts, nil
}

// recordResult stores one mailed result, or says why it cannot be.
func (c *campaignFiles) recordResult(s *campaign.State, res campaign.BattleResult) (string, error) {
	b := s.Battle(res.Battle)
	if b == nil {
		return fmt.Sprintf("no battle %s is awaiting a result (%s)", res.Battle, pendingHint(s)), nil
	}
	if p := campaign.CheckResult(*b, res); p != nil {
		return p.Text, nil
	}
	if old, err := os.ReadFile(c.dir.ResultPath(*b)); err == nil {
		var prev campaign.BattleResult
		if json.Unmarshal(old, &prev) == nil && sameResult(prev, res) {
			return "", nil
		}
		return fmt.Sprintf("battle %s already has another result; change it with turnproc result --replace", b.ID), nil
	}
	return "", c.dir.SaveResult(*b, res, false)
}

func sameResult(a, b campaign.BattleResult) bool {
	if a.Battle != b.Battle || a.Winner != b.Winner || a.AttackerVP != b.AttackerVP || a.DefenderVP != b.DefenderVP || len(a.Losses) != len(b.Losses) {
		return false
	}
	for k, v := range a.Losses {
		if b.Losses[k] != v {
			return false
		}
	}
	return true
}
