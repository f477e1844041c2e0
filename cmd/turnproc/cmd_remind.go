package main

import (
	"context"
	"fmt"
	"net/mail"
	"path/filepath"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/reports"
)

func cmdRemind(ctx context.Context, e *env, args []string) error {
	fs := newFlags("remind", "", `Mail a reminder to every player who has sent no accepted orders for the current turn,
once the deadline is at most --hours away. Each player is reminded once per turn: the reminder
is kept as inbox/NNN/reminders/<player>.eml, and one there means he was reminded already.
Outside the window it does nothing. Meant for cron, beside turnproc check.`)
	dir := fs.String("dir", ".", "the campaign directory")
	hours := fs.Int("hours", 24, "remind when the deadline is at most this many hours away")
	wait := fs.Duration("wait", 2*time.Minute, "how long to wait for a check or run working on the campaign to finish")
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	if *hours < 1 {
		return usageError(fmt.Sprintf("remind: --hours %d: the window is a whole number of hours from 1 up", *hours), "leave --hours out for the default of 24")
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	turn, _, unlock, err := c.beginWaiting(e, *wait) // two reminders at once would both write, and both send
	if err != nil {
		return err
	}
	defer unlock()
	// The mail waiting in the mailbox is fetched first, so that nobody is
	// reminded who has sent orders (the next check answers them).
	if _, _, err := c.pull(ctx, e, turn); err != nil {
		e.log.Warn("mailbox not read: reminding on the mail fetched before", "reason", strings.ReplaceAll(err.Error(), "\n", " "))
	}
	now := e.now()
	st, err := c.status(ctx, now)
	if err != nil {
		return err
	}
	window := time.Duration(*hours) * time.Hour
	switch left := st.Deadline.Sub(now); {
	case left < 0:
		fmt.Fprintf(e.stdout, "Turn %d: the deadline (%s) has passed; no reminders: run the turn.\n", st.Turn, st.Deadline.Format(timeLayout))
		return nil
	case left > window:
		fmt.Fprintf(e.stdout, "Turn %d: the deadline (%s) is %s away, outside the %dh window; no reminders yet.\n",
			st.Turn, st.Deadline.Format(timeLayout), left.Round(time.Minute), *hours)
		return nil
	}
	var reminded, already []string
	for _, p := range st.Players {
		switch {
		case p.Orders:
		case p.Reminded:
			already = append(already, p.ID)
		default:
			if err := c.remind(st.Turn, p.ID, now); err != nil {
				return err
			}
			reminded = append(reminded, p.ID)
		}
	}
	fmt.Fprintf(e.stdout, "Turn %d: %d players reminded%s, %d reminded before%s, in %s\n", st.Turn,
		len(reminded), idList(reminded), len(already), idList(already), c.reminderDir(st.Turn))
	if len(reminded) > 0 {
		c.deliverAfter(ctx, e)
	}
	return nil
}

// reminderPath is a player's reminder of a turn: written once, it is also
// the record that he was reminded.
func (c *campaignFiles) reminderPath(turn int, player string) string {
	return filepath.Join(c.reminderDir(turn), player+".eml")
}

// reminderDir holds a turn's reminders; it is their outbox.
func (c *campaignFiles) reminderDir(turn int) string {
	return filepath.Join(c.inboxDir(turn), "reminders")
}

// remind writes a player's reminder, in his language, from the delivery
// address.
func (c *campaignFiles) remind(turn int, player string, now time.Time) error {
	p := c.cfg.Player(player)
	eml, err := reports.ComposeNotice(reports.Notice{Kind: reports.NoticeReminder, Campaign: c.cfg.Campaign.ID, Title: c.cfg.Campaign.Title,
		Turn: turn, Player: p.ID, Lang: p.Language, From: c.cfg.Delivery.From, To: mail.Address{Name: p.Name, Address: p.Email},
		Domain: domainOf(c.cfg.Delivery.From.Address), Date: now, Deadline: c.cfg.Deadline.DeadlineOf(turn)})
	if err != nil {
		return err
	}
	return store.WriteFile(c.reminderPath(turn, player), eml)
}

// idList writes " (empire, orcs)", or nothing for no ids.
func idList(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return " (" + strings.Join(ids, ", ") + ")"
}
