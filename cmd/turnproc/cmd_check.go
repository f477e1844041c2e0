package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/mail"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/orders"
	"github.com/turnproc/turnproc/reports"
)

func cmdCheck(ctx context.Context, e *env, args []string) error {
	fs := newFlags("check", "", `Fetch new order mail into the turn's inbox and answer each mail once: the orders
as understood, every problem with its line, and the odds of every command check as if the
player acted alone. Run it from cron every few minutes. The replies are written to
inbox/NNN/replies/ and, with delivery.kind = "smtp", sent with every other queued mail.`)
	dir := fs.String("dir", ".", "the campaign directory")
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	if err := c.checkDelivery(e.getenv); err != nil {
		return err
	}
	turn, stored, answered, err := c.check(ctx, e, e.now())
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "Turn %d: %d new mails fetched, %d answered (replies in %s).\n",
		turn, stored, answered, filepath.Join(c.inboxDir(turn), "replies"))
	c.deliverAfter(ctx, e)
	return nil
}

// check fetches new mail into the current turn's inbox and answers every
// mail not answered yet; it returns the turn, how many mails were fetched
// and how many answered.
func (c *campaignFiles) check(ctx context.Context, e *env, now time.Time) (turn, fetched, answered int, err error) {
	turn, s, unlock, err := c.begin(e)
	if err != nil {
		return 0, 0, 0, err
	}
	defer unlock()
	stored, skipped, err := c.pull(ctx, e, turn)
	if err != nil {
		return 0, 0, 0, err
	}
	for _, sk := range skipped {
		e.log.Warn("mailbox entry not read", "file", sk.File, "reason", sk.Reason)
	}
	mails, err := c.inbox(turn)
	if err != nil {
		return 0, 0, 0, err
	}
	in := orders.Collect(mails, c.window(turn))
	if err := c.keepVerdicts(turn, in); err != nil {
		return 0, 0, 0, err
	}
	results, err := c.recordMailedResults(s, in)
	if err != nil {
		return 0, 0, 0, err
	}
	if err := c.recordEquipment(s, in); err != nil {
		return 0, 0, 0, err
	}
	answered, err = c.answer(e, turn, s, in, stored, results, now, false)
	return turn, len(stored), answered, err
}

// answer writes the answer to every mail of the turn's intake not
// answered yet, into inbox/NNN/replies/, and counts them. check calls it
// for the mail it fetched, and run for the mail it fetched itself at the
// deadline, so that no mail goes unanswered (resolving: those answers say
// the turn is being played). fetched names the mails just fetched: a mail
// held back by a limit is logged once, when fetched.
func (c *campaignFiles) answer(e *env, turn int, s *campaign.State, in *orders.Intake, fetched []string, results map[string][]reports.AckResult, now time.Time, resolving bool) (answered int, err error) {
	earlier := map[string]orders.Receipt{} // each player's previous accepted mail
	for _, rc := range in.Receipts {
		path := filepath.Join(c.inboxDir(turn), "replies", rc.Name)
		replaces := ""
		if (rc.Status == orders.StatusAccepted || rc.Status == orders.StatusReplaced) && !orders.IsModerator(rc.Player) {
			if prev, ok := earlier[rc.Player]; ok {
				replaces = subjectOrName(prev)
			}
			earlier[rc.Player] = rc
		}
		if rc.Status == orders.StatusIgnored || rc.From == "" || exists(path) {
			continue // no answer to machines, nor to a mail with no sender to answer
		}
		if rc.Unanswered != "" { // over a limit: logged once, when fetched
			if slices.Contains(fetched, rc.Name) {
				e.log.Warn("mail not answered", "mail", rc.Name, "from", rc.From, "player", rc.Player, "reason", rc.Unanswered)
			}
			continue
		}
		eml, err := c.ack(rc, turn, s, in, replaces, now, results[rc.Name], resolving)
		if err != nil { // one mail that cannot be answered must not silence the others
			e.log.Warn("mail not answered", "mail", rc.Name, "from", rc.From, "error", err)
			continue
		}
		if err := store.WriteFile(path, eml); err != nil {
			return answered, err
		}
		answered++
		e.log.Info("orders answered", "mail", rc.Name, "from", rc.From, "player", rc.Player, "status", rc.Status)
	}
	if err := c.warnGuessed(e, turn, in, now); err != nil {
		return answered, err
	}
	return answered, nil
}

// ack composes the answer to one received mail.
func (c *campaignFiles) ack(rc orders.Receipt, turn int, s *campaign.State, in *orders.Intake, replaces string, now time.Time, results []reports.AckResult, resolving bool) ([]byte, error) {
	a := reports.Ack{Campaign: c.cfg.Campaign.ID, Title: c.cfg.Campaign.Title, Turn: turn,
		Lang: c.cfg.Campaign.Language, From: c.cfg.Delivery.From, Domain: domainOf(c.cfg.Delivery.From.Address),
		Date: now, Deadline: c.cfg.Deadline.DeadlineOf(turn), Name: rc.Name, Reason: rc.Reason,
		Replaces: replaces, Rules: c.cfg.Rules(), Results: results, Resolving: resolving,
		Commitment: campaign.SeedCommitment(campaign.TurnSeed(s.Seed, turn))}
	a.Status = string(rc.Status)
	if l := rc.Limit; l != nil {
		a.ReasonCode, a.ReasonLimit = l.Code, l.Limit
	}
	if rc.Status == orders.StatusReplaced {
		a.Status = string(orders.StatusAccepted) // it was the latest when it arrived
	}
	if p := c.cfg.Player(rc.Player); p != nil {
		a.Lang = p.Language
	} else if p := c.cfg.PlayerByEmail(rc.From); p != nil {
		a.Lang = p.Language
	}
	if m := rc.Mail; m != nil {
		a.To = mail.Address{Name: m.FromName, Address: m.From}
		a.Subject = m.Subject
		if m.MessageID != "" {
			a.InReplyTo = "<" + m.MessageID + ">"
		}
		for _, id := range append(m.References, m.MessageID) {
			if id != "" {
				a.References = strings.TrimSpace(a.References + " <" + id + ">")
			}
		}
	}
	if sh := rc.Sheet; sh != nil {
		for _, l := range sh.Echo() {
			a.Echo = append(a.Echo, reports.AckLine{Line: l.Line, Text: l.Text})
		}
		for _, p := range sh.Problems {
			a.Problems = append(a.Problems, reports.AckProblem{Line: p.Line, Code: p.Code, Text: p.Text, Hint: p.Hint})
		}
		if a.Status == string(orders.StatusAccepted) && !orders.IsModerator(rc.Player) {
			a.Preview, a.Map, a.State = campaign.Preview(c.m, c.cfg.Rules(), s, sh.Set), c.m, s
			a.Equipment = c.checkEquipment(s, rc.Player, sh.Equipment)
		}
		if a.Status != string(orders.StatusRejected) { // requests are answered late too
			var err error
			if a.Commands, a.Attachments, err = c.answerCommands(rc, turn, in, a.Lang); err != nil {
				return nil, err
			}
		}
	}
	return reports.ComposeAck(a)
}

func subjectOrName(rc orders.Receipt) string {
	if rc.Mail != nil && rc.Mail.Subject != "" {
		return rc.Mail.Subject
	}
	return rc.Name
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// warnGuessed warns, once a turn, each player whose wrong passwords went
// past intake.max_wrong_passwords: a mail to his own address (never to the
// guesser's), kept as inbox/NNN/replies/passwords-<player>.eml, which is
// also the record that he was warned; the moderator sees it in the log
// and in turnproc status.
func (c *campaignFiles) warnGuessed(e *env, turn int, in *orders.Intake, now time.Time) error {
	limit := c.cfg.Intake.MaxWrongPasswords
	for _, p := range c.cfg.Players {
		n := in.WrongPasswords[p.ID]
		path := c.passwordWarningPath(turn, p.ID)
		if n <= limit || exists(path) {
			continue
		}
		eml, err := reports.ComposeNotice(reports.Notice{Kind: reports.NoticePasswords, Campaign: c.cfg.Campaign.ID,
			Title: c.cfg.Campaign.Title, Turn: turn, Player: p.ID, Lang: p.Language, Limit: limit,
			From: c.cfg.Delivery.From, To: mail.Address{Name: p.Name, Address: p.Email},
			Domain: domainOf(c.cfg.Delivery.From.Address), Date: now, Deadline: c.cfg.Deadline.DeadlineOf(turn)})
		if err != nil { // like an answer that cannot be made, it must not stop the others, nor the turn
			e.log.Warn("password warning not written", "player", p.ID, "error", err)
			continue
		}
		if err := store.WriteFile(path, eml); err != nil {
			return err
		}
		e.log.Warn("wrong passwords over the limit: the player is warned, the later ones are not answered",
			"player", p.ID, "wrong_passwords", n, "limit", limit, "warning", path)
	}
	return nil
}

// passwordWarningPath is a player's warning of a turn about wrong passwords.
func (c *campaignFiles) passwordWarningPath(turn int, player string) string {
	return filepath.Join(c.inboxDir(turn), "replies", "passwords-"+player+".eml")
}
