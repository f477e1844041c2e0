package main

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/config"
	"github.com/turnproc/turnproc/orders"
)

func cmdStatus(ctx context.Context, e *env, args []string) error {
	fs := newFlags("status", "", "Show the campaign at a glance: the turn, its deadline, who has sent orders, and the mail written.")
	dir := fs.String("dir", ".", "the campaign directory")
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	turn, s, err := c.current()
	if err != nil {
		return err
	}
	deadline := c.cfg.Deadline.DeadlineOf(turn)
	fmt.Fprintf(e.stdout, "%s (%s)\n", c.cfg.Campaign.Title, c.cfg.Campaign.ID)
	fmt.Fprintf(e.stdout, "Turn %d: %s\n", turn, describeCalendar(s.Calendar()))
	fmt.Fprintf(e.stdout, "Deadline: %s (%s)\n", deadline.Format(timeLayout), untilText(deadline, e.now()))

	stored, err := c.inbox(turn)
	if err != nil {
		return err
	}
	var waiting []orders.Received
	if c.cfg.Intake.Kind == config.IntakeMaildir {
		md, err := c.maildir()
		if err != nil {
			return err
		}
		var skipped []orders.Skipped
		if waiting, skipped, err = md.Fetch(ctx); err != nil { // a look only: nothing is taken
			return err
		}
		for _, s := range skipped {
			fmt.Fprintf(e.stdout, "  not read: %s (%s)\n", filepath.Join(md.Dir(), s.File), s.Reason)
		}
	}
	in := orders.Collect(append(stored, waiting...), c.window(turn))
	fmt.Fprintf(e.stdout, "Orders (%d mails received, %d waiting in the mailbox):\n", len(stored), len(waiting))
	for _, p := range c.cfg.Players {
		state := "no orders yet"
		if sheet := in.Accepted[p.ID]; sheet != nil {
			state = fmt.Sprintf("%d orders, %d problems", len(sheet.Set.Orders), len(sheet.Problems))
		}
		fmt.Fprintf(e.stdout, "  %-10s %-24s %s\n", p.ID, p.Email, state)
	}
	if err := printBattles(e, c, s); err != nil {
		return err
	}
	if turn > 1 {
		mails := emlFiles(c.dir.TurnPath(turn-1, "outbox"))
		fmt.Fprintf(e.stdout, "Mail of turn %d: %d report mails in %s (delivery: %s)\n",
			turn-1, len(mails), c.dir.TurnPath(turn-1, "outbox"), c.cfg.Delivery.Kind)
	}
	if c.cfg.Delivery.Kind == config.DeliverySMTP {
		queued, sent, err := c.outbox()
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "Mail by SMTP: %d sent, %d queued (turnproc deliver sends the queued ones)\n", len(sent), len(queued))
	}
	return nil
}

// printBattles lists the battles awaiting results (D16) and whether each
// result has been entered.
func printBattles(e *env, c *campaignFiles, s *campaign.State) error {
	if len(s.Battles) == 0 {
		return nil
	}
	results, err := c.dir.LoadResults(s.Battles)
	if err != nil {
		return badInput(err, "")
	}
	entered := map[string]campaign.BattleResult{}
	for _, r := range results {
		entered[r.Battle] = r
	}
	fmt.Fprintf(e.stdout, "Battles of turn %d (%d):\n", s.Turn-1, len(s.Battles))
	for _, b := range s.Battles {
		state := "no result yet: turnproc result " + b.ID + " attacker|defender|draw ATTACKER-VP DEFENDER-VP"
		if r, ok := entered[b.ID]; ok {
			state = fmt.Sprintf("result entered: %s, %d/%d VP", r.Winner, r.AttackerVP, r.DefenderVP)
		}
		defender := b.Defender
		if defender == "" {
			defender = "its garrison"
		}
		fmt.Fprintf(e.stdout, "  %-6s %-8s %-4s %s vs %s: %s\n", b.ID, b.Kind, b.At, b.Attacker, defender, state)
	}
	return nil
}

func describeCalendar(c campaign.Calendar) string {
	return fmt.Sprintf("year %d, %s, turn %d of the season", c.Year, c.Season, c.TurnOfSeason)
}

func untilText(deadline, now time.Time) string {
	d := deadline.Sub(now).Round(time.Minute)
	if d < 0 {
		return fmt.Sprintf("passed %s ago", -d)
	}
	return "in " + d.String()
}
