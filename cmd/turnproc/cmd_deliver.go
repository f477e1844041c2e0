package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/config"
	"github.com/turnproc/turnproc/reports"
)

// The outbox (docs/campaign-dir.md): every mail is written as an .eml
// before any sending, and a mail is sent once a marker exists beside it,
// sent/<name>.log, written right after the server accepted the mail.
// Delivery is at least once: a crash between the server's acceptance and
// the marker re-sends that one mail at the next drain, with the same
// Message-ID so that mail clients fold the two. To say which mail that
// may be, sent/<name>.sending is written just before the content goes
// (SMTP DATA) and removed once the outcome is known. A mail the server
// refuses for good (5xx) is tried again at the next drains, then, after
// maxRefusals refusals, set aside in refused/ beside it for the
// moderator. A lock file keeps two turnproc processes (a cron check and
// a run) from draining at once.

// A mail is set aside once the server has refused it (5xx) maxRefusals
// times over at least refusalSpan: a refusal may be the server's passing
// fault (a full quota, a greylist answered 5xx, a relay setting being
// fixed), which a span of a day outlasts, but a mail refused again and
// again would fail every drain for ever.
const (
	maxRefusals = 3
	refusalSpan = 24 * time.Hour
)

// smtpTimeout bounds the exchange of one mail with the server.
const smtpTimeout = time.Minute

func cmdDeliver(ctx context.Context, e *env, args []string) error {
	fs := newFlags("deliver", "", `Send every queued mail of the campaign through [delivery.smtp]: the report mails of
every turn played and the acknowledgements, oldest turn first. A mail is sent once; one that
fails stays queued for the next try. run and check do this after their own work.`)
	dir := fs.String("dir", ".", "the campaign directory")
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	cfg, err := c.smtpConfig(e.getenv)
	if err != nil {
		return err
	}
	res, err := c.drain(ctx, e, cfg)
	var ce *cliError
	if errors.As(err, &ce) {
		return err
	} else if err != nil {
		return &cliError{code: exitFailure, err: err, hint: fmt.Sprintf(
			"%d mails stay queued; run turnproc deliver again once the server answers (run and check retry too)", c.queuedCount())}
	}
	if len(res.refused) > 0 {
		return &cliError{code: exitFailure,
			err:  fmt.Errorf("%d mails refused by the server; the first: %w", len(res.refused), res.refused[0]),
			hint: fmt.Sprintf("they stay queued, and a mail refused %d times over a day or more is set aside in refused/ beside it (turnproc status lists them): correct the address or the server's settings, then run turnproc deliver again", maxRefusals)}
	}
	fmt.Fprintf(e.stdout, "%d mails sent, %d queued.\n", res.sent, res.queued)
	return nil
}

func cmdResend(ctx context.Context, e *env, args []string) error {
	fs := newFlags("resend", "", `Send a player's report mail of a played turn again, as it was written (same
Message-ID), even though it was sent already: for a player who lost it.`)
	dir := fs.String("dir", ".", "the campaign directory")
	turn := fs.Int("turn", 0, "the turn played (required)")
	player := fs.String("player", "", "the player's id (required)")
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	if *turn < 1 || *player == "" {
		return usageError("resend needs --turn N and --player ID", `run "turnproc resend --help"`)
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	cfg, err := c.smtpConfig(e.getenv)
	if err != nil {
		return err
	}
	path, err := c.reportMail(*turn, *player)
	if err != nil {
		return err
	}
	unlock, err := c.lockOutbox(e)
	if err != nil {
		return err
	}
	defer unlock()
	what := "resent"
	if !exists(sentMarker(path)) {
		what = "sent" // it was still queued: now it is sent, once
	}
	if err := c.send(ctx, e, cfg, path, what); err != nil {
		return &cliError{code: exitFailure, err: err, hint: "run turnproc resend again once the server answers"}
	}
	fmt.Fprintf(e.stdout, "Report of turn %d sent again to %s.\n", *turn, *player)
	return nil
}

// reportMail is the path of a player's report mail of a played turn.
func (c *campaignFiles) reportMail(turn int, player string) (string, error) {
	if c.cfg.Player(player) == nil {
		return "", usageError(fmt.Sprintf("resend: no player %q in the campaign", player), "name a player by his id in the config")
	}
	current, err := c.dir.CurrentTurn()
	if err != nil {
		return "", badInput(err, "")
	}
	if turn >= current {
		return "", usageError(fmt.Sprintf("resend: turn %d has not been played yet", turn),
			fmt.Sprintf("the turns played are 1 to %d", current-1))
	}
	path := c.dir.TurnPath(turn, "outbox", player+".eml")
	if _, err := os.Stat(path); err != nil {
		return "", &cliError{code: exitFailure, err: errors.New(fileProblem("the report mail", path, err)),
			hint: "restore the turn's folder from your backup"}
	}
	return path, nil
}

// smtpConfig is [delivery.smtp] with its password read; the campaign must
// deliver by SMTP.
func (c *campaignFiles) smtpConfig(getenv func(string) string) (reports.SMTPConfig, error) {
	if c.cfg.Delivery.Kind != config.DeliverySMTP {
		return reports.SMTPConfig{}, badInput(c.cfg.ErrorAt("delivery.kind",
			fmt.Sprintf("%q: turnproc sends no mail; the outbox is the output", c.cfg.Delivery.Kind),
			`set delivery.kind = "smtp" and fill in [delivery.smtp] to send mail`), "")
	}
	s := c.cfg.Delivery.SMTP
	password, err := s.Password.Resolve(getenv)
	if err != nil {
		return reports.SMTPConfig{}, badInput(err, "")
	}
	return reports.SMTPConfig{Host: s.Host, Port: s.Port, Username: s.Username, Password: password,
		TLS: string(s.TLS), Timeout: smtpTimeout}, nil
}

// deliverAfter sends what is queued once a command's own work is written
// (delivery.kind = "smtp"). A failure fails nothing: the work is complete
// and the mails stay queued for the next run.
func (c *campaignFiles) deliverAfter(ctx context.Context, e *env) {
	if c.cfg.Delivery.Kind != config.DeliverySMTP {
		return
	}
	cfg, err := c.smtpConfig(e.getenv)
	var res drainResult
	if err == nil {
		res, err = c.drain(ctx, e, cfg)
	}
	switch {
	case err != nil:
		e.log.Warn(fmt.Sprintf("mail not sent: the work is complete, %d mails queued; the next run delivers them", c.queuedCount()),
			"reason", strings.ReplaceAll(err.Error(), "\n", " "))
	case len(res.refused) > 0:
		e.log.Warn(fmt.Sprintf("%d mails refused by the server stay queued", len(res.refused)), "first", res.refused[0].Error())
	default:
		e.log.Info("mail delivered", "sent", res.sent, "queued", res.queued)
	}
}

// drainResult counts what a drain did.
type drainResult struct {
	sent    int
	queued  int     // still queued afterwards
	refused []error // mails the server refused: still queued
}

// queuedCount is how many mails wait to be sent; 0 if the campaign's
// outbox cannot be listed.
func (c *campaignFiles) queuedCount() int {
	l, _ := c.outbox()
	return len(l.queued)
}

// drain sends every queued mail in outbox order and marks each one sent.
// It stops at the first failure of the connection, the login or the
// server; a mail the server refuses is passed over and stays queued.
func (c *campaignFiles) drain(ctx context.Context, e *env, cfg reports.SMTPConfig) (drainResult, error) {
	var res drainResult
	unlock, err := c.lockOutbox(e)
	if err != nil {
		return res, err
	}
	defer unlock()
	l, err := c.outbox()
	if err != nil {
		return res, err
	}
	queued := l.queued
	res.queued = len(queued)
	for _, path := range queued {
		err := c.send(ctx, e, cfg, path, "sent")
		var se *reports.SendError
		switch {
		case errors.As(err, &se) && se.Refused:
			aside, rerr := c.refused(e, path, err)
			if rerr != nil {
				return res, rerr
			}
			if aside != "" {
				e.log.Warn(fmt.Sprintf("mail refused %d times over a day, set aside for the moderator", maxRefusals), "mail", aside, "reason", err.Error())
				res.queued--
			} else {
				e.log.Warn("mail refused", "mail", path, "reason", err.Error())
			}
			res.refused = append(res.refused, err)
		case err != nil:
			return res, err
		default:
			res.sent++
			res.queued--
			crashPoint(e, crashSentOne)
		}
	}
	return res, nil
}

// send sends one mail and then records it in its marker, as "sent" or
// "resent".
func (c *campaignFiles) send(ctx context.Context, e *env, cfg reports.SMTPConfig, path, what string) error {
	eml, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	sending := sendingMarker(path)
	cfg.BeforeData = func() error {
		return store.WriteFile(sending, fmt.Appendf(nil, "%s sending via %s:%d\n", e.now().UTC().Format(time.RFC3339), cfg.Host, cfg.Port))
	}
	if err := reports.Send(ctx, cfg, eml); err != nil {
		var se *reports.SendError
		if errors.As(err, &se) && se.Refused {
			os.Remove(sending) // refused with an answer: it did not go
		}
		return err
	}
	marker := sentMarker(path)
	log, err := os.ReadFile(marker)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s was sent, but its record %s cannot be read: %w", path, marker, err)
	}
	line := fmt.Sprintf("%s %s via %s:%d\n", e.now().UTC().Format(time.RFC3339), what, cfg.Host, cfg.Port)
	if err := store.WriteFile(marker, append(log, line...)); err != nil {
		return fmt.Errorf("%s was sent, but its record %s could not be written, so the next drain sends it again: %w", path, marker, err)
	}
	if err := os.Remove(sending); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	e.log.Info("mail "+what, "mail", path)
	return nil
}

// refused records a 5xx refusal of a queued mail in sent/<name>.refused;
// at the maxRefusals-th, a refusalSpan or more after the first, it moves
// the mail and that record into refused/ beside the mail, out of the
// queue, and returns where the mail went.
func (c *campaignFiles) refused(e *env, path string, reason error) (aside string, err error) {
	record := refusedRecord(path)
	log, err := os.ReadFile(record)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	log = fmt.Appendf(log, "%s refused: %s\n", e.now().UTC().Format(time.RFC3339), strings.ReplaceAll(reason.Error(), "\n", " "))
	if err := store.WriteFile(record, log); err != nil {
		return "", err
	}
	if bytes.Count(log, []byte("\n")) < maxRefusals || e.now().Sub(firstRefusal(log, e.now())) < refusalSpan {
		return "", nil
	}
	dir := filepath.Join(filepath.Dir(path), "refused")
	aside = filepath.Join(dir, filepath.Base(path))
	if err := store.WriteFile(filepath.Join(dir, strings.TrimSuffix(filepath.Base(path), ".eml")+".log"), log); err != nil {
		return "", err
	}
	if err := os.Rename(path, aside); err != nil { // the same folder's disk: a rename
		return "", err
	}
	if err := store.SyncDir(filepath.Dir(path)); err != nil {
		return "", err
	}
	os.Remove(record) // its copy is beside the mail
	return aside, nil
}

// firstRefusal is the time of the first refusal in a refusal record;
// an unreadable record counts as refused now.
func firstRefusal(log []byte, now time.Time) time.Time {
	first, _, _ := strings.Cut(string(log), " ")
	t, err := time.Parse(time.RFC3339, first)
	if err != nil {
		return now
	}
	return t
}

// sentMarker is the record that a mail was sent: sent/<name>.log beside it.
func sentMarker(eml string) string { return sentRecord(eml, ".log") }

// sendingMarker says a mail's content was going to the server when the
// sender stopped: it may have been sent, and will be sent again.
func sendingMarker(eml string) string { return sentRecord(eml, ".sending") }

// refusedRecord counts the server's refusals of a queued mail.
func refusedRecord(eml string) string { return sentRecord(eml, ".refused") }

func sentRecord(eml, ext string) string {
	return filepath.Join(filepath.Dir(eml), "sent", strings.TrimSuffix(filepath.Base(eml), ".eml")+ext)
}

// outbox lists the campaign's mails in sending order, queued and sent:
// turn by turn, the acknowledgements (inbox/NNN/replies/) and then the
// report mails (turns/NNN/outbox/), the latter only once the turn is
// played, i.e. its next state is written. It also lists the mails whose
// sending was interrupted (they may have gone, and will be sent again)
// and those set aside after maxRefusals refusals.
func (c *campaignFiles) outbox() (outboxList, error) {
	var l outboxList
	current, err := c.dir.CurrentTurn()
	if err != nil {
		return l, badInput(err, "")
	}
	for turn := 1; turn <= current; turn++ {
		dirs := []string{filepath.Join(c.inboxDir(turn), "replies"), filepath.Join(c.inboxDir(turn), "reminders")}
		if turn < current {
			dirs = append(dirs, c.dir.TurnPath(turn, "outbox"))
		}
		for _, dir := range dirs {
			l.aside = append(l.aside, emlFiles(filepath.Join(dir, "refused"))...)
			for _, m := range emlFiles(dir) {
				if exists(sentMarker(m)) {
					l.sent = append(l.sent, m)
				} else {
					l.queued = append(l.queued, m)
				}
				if exists(sendingMarker(m)) {
					l.interrupted = append(l.interrupted, m)
				}
			}
		}
	}
	return l, nil
}

// outboxList is the campaign's mail by where it stands, each list in
// sending order.
type outboxList struct {
	queued, sent []string
	interrupted  []string // queued, but their sending stopped after the content started: they may have gone
	aside        []string // refused maxRefusals times, moved to refused/
}

// emlFiles lists the mails of a folder, by name; none if it does not exist.
func emlFiles(dir string) []string {
	entries, _ := os.ReadDir(dir) // a folder not written yet holds no mail
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() && filepath.Ext(e.Name()) == ".eml" {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}
