package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

func cmdRun(ctx context.Context, e *env, args []string) error {
	fs := newFlags("run", "", `Process the current turn: read the order mails from the mailbox, resolve the turn
with its dice, write every player's PDF report and report mail, and the next state.
Reports and mails are dated at the turn's deadline, so a rerun gives the same files.`)
	dir := fs.String("dir", ".", "the campaign directory")
	early := fs.Bool("early", false, "run the turn before its deadline")
	offline := fs.Bool("offline", false, "do not read the mailbox: resolve with the mail already fetched (by check or an earlier run)")
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	c.offline = *offline
	if err := c.checkDelivery(e.getenv); err != nil { // before any work, the lock file included
		return err
	}
	turn, before, unlock, err := c.begin(e)
	if err != nil {
		return err
	}
	defer unlock()
	// The mail is fetched first, so that the FINAL orders in it count and
	// their passwords are checked once (the next check answers them).
	got, fetchErr := c.fetch(ctx, e, turn)
	deadline := c.cfg.Deadline.DeadlineOf(turn)
	if now := e.now(); now.Before(deadline) && !*early && !c.allFinal(ctx, now) {
		if fetchErr != nil {
			e.log.Warn("mailbox not read", "reason", strings.ReplaceAll(fetchErr.Error(), "\n", " "))
		}
		c.deliverAfter(ctx, e) // a run killed after its turn was complete left mail to send
		return &cliError{code: exitBlocked,
			err:  fmt.Errorf("turn %d is not due until %s (in %s)", turn, deadline.Format(timeLayout), deadline.Sub(now).Round(time.Minute)),
			hint: "run it at the deadline, or now with --early; it also runs early once every player has sent orders marked FINAL"}
	}
	if fetchErr != nil {
		return fetchErr
	}
	rec, err := c.runTurn(ctx, e, turn, before, deadline, got)
	if err != nil {
		return err
	}
	e.log.Info("turn resolved", "campaign", c.cfg.Campaign.ID, "turn", rec.turn, "mails", len(rec.mails),
		"order_sets", len(rec.intake.Accepted), "events", len(rec.outcome.Events))
	printRecord(e, c, rec)
	return nil
}

const timeLayout = "2006-01-02 15:04 MST"

// allFinal says whether every player's orders are in and marked FINAL:
// then the turn need not wait for its deadline (docs/campaign-dir.md).
func (c *campaignFiles) allFinal(ctx context.Context, now time.Time) bool {
	st, err := c.status(ctx, now)
	if err != nil || len(st.Players) == 0 {
		return false
	}
	for _, p := range st.Players {
		if !p.Orders || !p.Final {
			return false
		}
	}
	return true
}

// printRecord tells the moderator where the turn's files went.
func printRecord(e *env, c *campaignFiles, rec *turnRecord) {
	fmt.Fprintf(e.stdout, "Turn %d of %q resolved: %d mails read, %d players' orders accepted, %d events.\n",
		rec.turn, c.cfg.Campaign.ID, len(rec.mails), len(rec.intake.Accepted), len(rec.outcome.Events))
	fmt.Fprintf(e.stdout, "  intake log:  %s\n", c.dir.TurnPath(rec.turn, "intake.txt"))
	fmt.Fprintf(e.stdout, "  event log:   %s\n", c.dir.TurnPath(rec.turn, "events.json"))
	for _, p := range rec.reports {
		fmt.Fprintf(e.stdout, "  report:      %s\n", c.dir.TurnPath(rec.turn, p))
	}
	for _, p := range rec.outbox {
		fmt.Fprintf(e.stdout, "  mail:        %s\n", c.dir.TurnPath(rec.turn, p))
	}
	for _, s := range rec.skipped {
		fmt.Fprintf(e.stdout, "  not read:    %s (%s)\n", inert(filepath.Join(c.cfg.Path(c.cfg.Intake.Maildir), s.File)), inert(s.Reason))
	}
	fmt.Fprintf(e.stdout, "  next state:  %s\n", c.dir.StatePath(rec.turn+1))
}
