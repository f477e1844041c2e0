package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/orders"
	"github.com/turnproc/turnproc/siege"
)

func cmdVerify(_ context.Context, e *env, args []string) error {
	fs := newFlags("verify", "", `Check the dice of every played turn from the campaign's archive: each turn's seed
(turns/NNN/dice.json, revealed in its report) must match the SHA-256 published before the turn,
and playing the turn again from the state before it, the same mail and the same battle results,
with dice from that seed, must give exactly the archived state and event log. The siege rolls
made at the table during the turn ("turnproc siege damage" and "siege prebattle", kept in
turns/NNN/sieges/) are rolled again from their recorded inputs with dice from the same seed.`)
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
		var sv siegeVerdict
		if problem == "" {
			if sv, err = c.verifySieges(turn); err != nil {
				return err
			}
			problem = sv.problem
		}
		if problem != "" {
			failures++
			fmt.Fprintf(e.stdout, "turn %d: NOT verified: %s\n", turn, problem)
			continue
		}
		fmt.Fprintf(e.stdout, "turn %d: dice and outcome verified%s\n", turn, sv.summary())
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
	dice, err := c.dir.LoadDiceRecord(turn)
	if err != nil {
		return "the turn's dice record is missing or unreadable", nil
	}
	switch {
	case campaign.SeedCommitment(dice.Seed) != dice.Commitment:
		return "the revealed seed does not match its published SHA-256", nil
	case dice.Seed != campaign.TurnSeed(before.Seed, turn):
		return "the revealed seed is not the campaign's seed for this turn", nil
	}
	if turn > 1 {
		prev, err := c.dir.LoadDiceRecord(turn - 1)
		if err != nil || prev.NextCommitment != dice.Commitment {
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
	log, data, err := c.dir.LoadEventLog(turn)
	if err != nil {
		return "the turn's event log is missing or unreadable", nil
	}
	a, _ := json.Marshal(log.Events)
	b, _ := json.Marshal(out.Events)
	if !bytes.Equal(a, b) && !(bytes.Equal(a, withoutCheckRecords(out.Events)) && !recordsChecks(data)) {
		return "playing it again does not give the archived event log", nil
	}
	return "", nil
}

// recordsChecks says whether an event log was written by a turnproc whose
// checks record their order penalty and blunder.
func recordsChecks(log []byte) bool {
	return bytes.Contains(log, []byte(`"penalty":`)) || bytes.Contains(log, []byte(`"blunder":`))
}

// withoutCheckRecords is the event log as a turnproc before checks
// recorded their penalty and blunder wrote it. Both follow from what such
// a log holds (the order's number, the roll, the target and the verdict,
// all still compared), so such a log verifies as well.
func withoutCheckRecords(events []campaign.Event) []byte {
	old := make([]campaign.Event, len(events))
	for i, e := range events {
		if e.Check != nil {
			c := *e.Check
			c.Penalty, c.Blunder = 0, false
			e.Check = &c
		}
		old[i] = e
	}
	data, _ := json.Marshal(old) // plain data: cannot fail
	return data
}

// siegeVerdict is what verify found in the siege records of one turn.
type siegeVerdict struct {
	attacks, prebattles int
	problem             string // "" when every record verifies
}

func (v siegeVerdict) summary() string {
	if v.attacks == 0 && v.prebattles == 0 {
		return ""
	}
	return fmt.Sprintf(", and %s and %s", plural(v.attacks, "siege attack"), plural(v.prebattles, "pre-battle phase"))
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// verifySieges rolls again the siege records of the sieges that awaited
// their results during the turn: their dice come from the turn's revealed
// seed (siege.DamageDice, siege.PreBattleDice), and a damage record starts
// from the castle the command lays out.
func (c *campaignFiles) verifySieges(turn int) (siegeVerdict, error) {
	var v siegeVerdict
	before, err := c.dir.LoadState(turn)
	if err != nil {
		return v, badInput(err, "")
	}
	dice, err := c.dir.LoadDiceRecord(turn)
	if err != nil {
		return v, fmt.Errorf("verify: the dice record went away: %w", err)
	}
	for i := range before.Battles {
		b := &before.Battles[i]
		if b.Kind != campaign.Siege {
			continue
		}
		for _, check := range []func(*campaign.State, *campaign.Battle, int, string, *siegeVerdict) error{c.verifyDamage, c.verifyPreBattle} {
			if err := check(before, b, turn, dice.Seed, &v); err != nil || v.problem != "" {
				return v, err
			}
		}
	}
	return v, nil
}

func (c *campaignFiles) verifyDamage(s *campaign.State, b *campaign.Battle, turn int, seed string, v *siegeVerdict) error {
	path := c.dir.TurnPath(b.Turn, "sieges", b.ID+".json")
	name := c.rel(path)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	rec, err := siege.DecodeSiegeDamage(name, data)
	switch {
	case err != nil:
		v.problem = err.Error()
		return nil
	case rec.DiceTurn != 0 && rec.DiceTurn != turn:
		v.problem = fmt.Sprintf("%s was rolled with the dice of turn %d, but its siege awaited its result in turn %d", name, rec.DiceTurn, turn)
		return nil
	}
	ok, err := rec.Replay(c.newSiegeDamage(s, b, rec.Model, rec.FireMarkers), seed)
	switch {
	case errors.Is(err, siege.ErrNotReplayable):
		v.problem = unreplayable(name)
	case !ok:
		v.problem = fmt.Sprintf("rolling the attacks of %s again from the castle and the turn's seed does not give the record", name)
	default:
		v.attacks += rec.Attacks
	}
	return nil
}

func (c *campaignFiles) verifyPreBattle(_ *campaign.State, b *campaign.Battle, turn int, seed string, v *siegeVerdict) error {
	path := c.dir.TurnPath(b.Turn, "sieges", b.ID+"-prebattle.json")
	name := c.rel(path)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var rec siege.PreBattleRecord
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	switch {
	case dec.Decode(&rec) != nil:
		v.problem = name + " is unreadable"
		return nil
	case rec.DiceTurn != 0 && rec.DiceTurn != turn:
		v.problem = fmt.Sprintf("%s was rolled with the dice of turn %d, but its siege awaited its result in turn %d", name, rec.DiceTurn, turn)
		return nil
	}
	ok, err := rec.Replay(b.ID, seed)
	switch {
	case errors.Is(err, siege.ErrNotReplayable):
		v.problem = unreplayable(name)
	case !ok:
		v.problem = fmt.Sprintf("rolling %s again from its declarations and the turn's seed does not give the record", name)
	default:
		v.prebattles++
	}
	return nil
}

// rel names a file of the campaign directory as its docs do.
func (c *campaignFiles) rel(path string) string {
	if r, err := filepath.Rel(c.dir.Root, path); err == nil {
		return filepath.ToSlash(r)
	}
	return path
}

// unreplayable is the verdict on a siege record that holds too little to be
// rolled again: its dice cannot be checked, so the turn is not verified.
func unreplayable(name string) string {
	return fmt.Sprintf("%s holds no dice turn or not every attack with its inputs (made by a turnproc whose siege dice came from the campaign's secret seed): its dice cannot be checked", name)
}
