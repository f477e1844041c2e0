package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/orders"
)

func cmdVerify(_ context.Context, e *env, args []string) error {
	fs := newFlags("verify", "", `Check the dice of every played turn from the campaign's archive: each turn's seed
(turns/NNN/dice.json, revealed in its report) must match the SHA-256 published before the turn,
and playing the turn again from the state before it, the same mail and the same battle results,
with dice from that seed, must give exactly the archived state and event log.`)
	dir := fs.String("dir", ".", "the campaign directory")
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	current, _, err := c.current()
	if err != nil {
		return err
	}
	var failures int
	for turn := 1; turn < current; turn++ {
		problem, err := c.verifyTurn(turn)
		if err != nil {
			return err
		}
		if problem != "" {
			failures++
			fmt.Fprintf(e.stdout, "turn %d: NOT verified: %s\n", turn, problem)
			continue
		}
		fmt.Fprintf(e.stdout, "turn %d: dice and outcome verified\n", turn)
	}
	if failures > 0 {
		return &cliError{code: exitFailure, err: fmt.Errorf("%d of %d played turns do not verify", failures, current-1),
			hint: "a file of the archive was changed after the turn was played: compare it with your backup"}
	}
	fmt.Fprintf(e.stdout, "%d played turns verified.\n", current-1)
	return nil
}

// verifyTurn plays an archived turn again and compares; "" means it verifies.
func (c *campaignFiles) verifyTurn(turn int) (string, error) {
	before, err := c.dir.LoadState(turn)
	if err != nil {
		return "", badInput(err, "")
	}
	var dice struct {
		Seed, Commitment string
	}
	data, err := os.ReadFile(c.dir.TurnPath(turn, "dice.json"))
	if err != nil || json.Unmarshal(data, &dice) != nil {
		return "the turn's dice record is missing or unreadable", nil
	}
	switch {
	case campaign.SeedCommitment(dice.Seed) != dice.Commitment:
		return "the revealed seed does not match its published SHA-256", nil
	case dice.Seed != campaign.TurnSeed(before.Seed, turn):
		return "the revealed seed is not the campaign's seed for this turn", nil
	}
	if turn > 1 {
		var prev struct {
			NextCommitment string `json:"next_commitment"`
		}
		data, err := os.ReadFile(c.dir.TurnPath(turn-1, "dice.json"))
		if err != nil || json.Unmarshal(data, &prev) != nil || prev.NextCommitment != dice.Commitment {
			return "the seed's SHA-256 is not the one the previous report published", nil
		}
	}
	mails, err := archivedMail(c.dir.TurnPath(turn, "mail"))
	if err != nil {
		return "", err
	}
	results, err := c.dir.LoadResults(before.Battles)
	if err != nil {
		return "", badInput(err, "")
	}
	in := orders.Collect(mails, c.window(turn))
	out, err := campaign.Resolve(c.m, c.cfg.Rules(), before, campaign.Input{Orders: in.OrderSets(), Results: results},
		campaign.NewDice(dice.Seed, turn))
	if err != nil {
		return fmt.Sprintf("playing it again fails: %v", err), nil
	}
	var got bytes.Buffer
	if err := out.State.Encode(&got); err != nil {
		return "", err
	}
	want, err := os.ReadFile(c.dir.StatePath(turn + 1))
	if err != nil {
		return "", err
	}
	if !bytes.Equal(got.Bytes(), want) {
		return fmt.Sprintf("playing it again does not give %s", c.dir.StatePath(turn+1)), nil
	}
	var log struct {
		Events []campaign.Event `json:"events"`
	}
	data, err = os.ReadFile(c.dir.TurnPath(turn, "events.json"))
	if err != nil || json.Unmarshal(data, &log) != nil {
		return "the turn's event log is missing or unreadable", nil
	}
	a, _ := json.Marshal(log.Events)
	b, _ := json.Marshal(out.Events)
	if !bytes.Equal(a, b) {
		return "playing it again does not give the archived event log", nil
	}
	return "", nil
}
