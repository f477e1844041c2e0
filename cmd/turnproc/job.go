package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/config"
	"github.com/turnproc/turnproc/orders"
	"github.com/turnproc/turnproc/reports"
)

// campaignFiles is an opened campaign directory: its config, map and store.
type campaignFiles struct {
	dir *store.Dir
	cfg *config.Config
	m   *campaign.Map
}

// openCampaign loads and checks a campaign directory's config and map.
func openCampaign(root string) (*campaignFiles, error) {
	d, err := store.Open(root)
	if err != nil {
		return nil, usageError(err.Error(), `run inside a campaign directory or pass --dir; "turnproc init" makes one`)
	}
	cfg, err := config.Load(d.Path(store.ConfigFile))
	if err != nil {
		return nil, badInput(err, "")
	}
	mapPath := cfg.Path(cfg.Map.File)
	data, err := os.ReadFile(mapPath)
	if err != nil {
		return nil, badInput(err, "the config's map.file names the map")
	}
	m, err := campaign.ParseMap(mapPath, data)
	if err != nil {
		return nil, badInput(err, "")
	}
	m.Adjacency = cfg.Map.Adjacency
	return &campaignFiles{dir: d, cfg: cfg, m: m}, nil
}

// maildir opens the intake maildir; other intake kinds are refused.
func (c *campaignFiles) maildir() (*orders.Maildir, error) {
	if c.cfg.Intake.Kind != config.IntakeMaildir {
		return nil, badInput(fmt.Errorf("intake.kind = %q: this turnproc reads orders from a maildir only", c.cfg.Intake.Kind),
			`set intake.kind = "maildir" and let fetchmail or getmail fill it`)
	}
	return orders.OpenMaildir(c.cfg.Path(c.cfg.Intake.Maildir))
}

// turnRecord is everything one run of a turn produces, computed before
// anything is written.
type turnRecord struct {
	turn    int
	mails   []orders.Received
	intake  *orders.Intake
	outcome *campaign.Outcome
	dice    *campaign.Dice
	files   map[string][]byte // path below the campaign root → content
	reports []string          // paths of the PDFs, for the summary
	outbox  []string          // paths of the mails
}

// current loads the turn to be played next and the state before it.
func (c *campaignFiles) current() (int, *campaign.State, error) {
	turn, err := c.dir.CurrentTurn()
	if err != nil {
		return 0, nil, badInput(err, "a campaign directory made by \"turnproc init\" has state/turn-001.json")
	}
	s, err := c.dir.LoadState(turn)
	if err != nil {
		return 0, nil, badInput(err, "restore the snapshot from your backup; snapshots are never rewritten")
	}
	return turn, s, nil
}

// runTurn is the main job (DESIGN.md data flow): read the mailbox, parse
// and authenticate the orders, resolve the turn with its dice, render the
// reports and mails, then write the turn's record, the new state snapshot
// last, and mark the mail seen. Nothing is written if any step before
// the writing fails.
func (c *campaignFiles) runTurn(turn int, before *campaign.State, at time.Time) (*turnRecord, error) {
	md, err := c.maildir()
	if err != nil {
		return nil, err
	}
	rec := &turnRecord{turn: turn, files: map[string][]byte{}}
	if rec.mails, err = readMaildir(md); err != nil {
		return nil, err
	}
	rec.intake = orders.Collect(rec.mails, turn, c.cfg.Campaign.ID, c.m, c.emailOf)
	rec.dice = campaign.NewDice(before.Seed, turn)
	rec.outcome, err = campaign.Resolve(c.m, c.cfg.Rules(), before, campaign.Input{Orders: rec.intake.OrderSets()}, rec.dice)
	if err != nil {
		return nil, err
	}
	if err := c.render(rec, before, at); err != nil {
		return nil, err
	}
	if err := c.write(rec, md); err != nil {
		return nil, err
	}
	return rec, nil
}

func (c *campaignFiles) emailOf(player string) (string, bool) {
	if p := c.cfg.Player(player); p != nil {
		return p.Email, true
	}
	return "", false
}

func readMaildir(md *orders.Maildir) ([]orders.Received, error) {
	names, err := md.List()
	if err != nil {
		return nil, err
	}
	out := make([]orders.Received, 0, len(names))
	for _, n := range names {
		raw, err := md.Read(n)
		if err != nil {
			return nil, err
		}
		out = append(out, orders.Received{Name: n, Raw: raw})
	}
	return out, nil
}

// render makes the record's files: raw mail copies, the intake log, the
// accepted orders, the event log, the PDFs and the outbox.
func (c *campaignFiles) render(rec *turnRecord, before *campaign.State, at time.Time) error {
	turnDir := func(parts ...string) string {
		return filepath.Join(append([]string{"turns", fmt.Sprintf("%03d", rec.turn)}, parts...)...)
	}
	for i, m := range rec.mails {
		rec.files[turnDir("mail", fmt.Sprintf("%03d-%s.eml", i+1, safeName(m.Name)))] = m.Raw
	}
	rec.files[turnDir("intake.txt")] = []byte(intakeLog(rec.intake))
	for player, sheet := range rec.intake.Accepted {
		rec.files[turnDir("orders", player+".txt")] = []byte(echo(sheet))
	}
	events, err := eventLog(rec)
	if err != nil {
		return err
	}
	rec.files[turnDir("events.json")] = events

	t := reports.Turn{Title: c.cfg.Campaign.Title, Map: c.m, Rules: c.cfg.Rules(), Before: before,
		After: rec.outcome.State, Outcome: rec.outcome, Deadline: c.cfg.Deadline.DeadlineOf(rec.turn + 1),
		Generated: at, Notes: intakeNotes(rec.intake)}
	for _, p := range c.cfg.Players {
		pdf, err := reports.RenderPlayer(t, p.ID, p.Language)
		if err != nil {
			return err
		}
		path := turnDir("reports", p.ID+".pdf")
		rec.files[path], rec.reports = pdf, append(rec.reports, path)
		eml, err := reports.ComposeReport(reports.ReportMail{Campaign: c.cfg.Campaign.ID, Title: c.cfg.Campaign.Title,
			Turn: rec.turn, Player: p.ID, Lang: p.Language, From: c.cfg.Delivery.From,
			To: mail.Address{Name: p.Name, Address: p.Email}, Domain: domainOf(c.cfg.Delivery.From.Address),
			Date: at, Deadline: t.Deadline, PDF: pdf})
		if err != nil {
			return err
		}
		path = turnDir("outbox", p.ID+".eml")
		rec.files[path], rec.outbox = eml, append(rec.outbox, path)
	}
	pdf, err := reports.RenderModerator(t, c.cfg.Campaign.Language)
	if err != nil {
		return err
	}
	path := turnDir("reports", "moderator.pdf")
	rec.files[path], rec.reports = pdf, append(rec.reports, path)
	return nil
}

// write stores the turn's record, then the next state (the commit point),
// then marks the mail seen. A rerun after a crash before the state was
// written redoes the turn with the same dice and writes the same files.
func (c *campaignFiles) write(rec *turnRecord, md *orders.Maildir) error {
	paths := make([]string, 0, len(rec.files))
	for p := range rec.files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		if err := store.WriteFile(c.dir.Path(p), rec.files[p]); err != nil {
			return err
		}
	}
	if err := c.dir.SaveState(rec.outcome.State); err != nil {
		return err
	}
	for _, m := range rec.mails {
		if err := md.MarkSeen(m.Name); err != nil {
			return err
		}
	}
	return nil
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// safeName makes a mailbox name usable as a file name: never a path.
func safeName(name string) string {
	s := strings.Trim(unsafeChars.ReplaceAllString(name, "_"), "._")
	if len(s) > 80 {
		s = s[:80]
	}
	if s == "" {
		s = "mail"
	}
	return s
}

func domainOf(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		return addr[i+1:]
	}
	return "turnproc.invalid"
}

// intakeLog says, mail by mail, what became of it and why.
func intakeLog(in *orders.Intake) string {
	var b strings.Builder
	for _, r := range in.Receipts {
		fmt.Fprintf(&b, "%s\n  from: %s\n  player: %s\n  status: %s\n", r.Name, r.From, orNone(r.Player), r.Status)
		if r.Reason != "" {
			fmt.Fprintf(&b, "  reason: %s\n", r.Reason)
		}
		if r.Sheet != nil {
			for _, p := range r.Sheet.Problems {
				fmt.Fprintf(&b, "  problem: %s\n", p)
			}
		}
	}
	if len(in.Receipts) == 0 {
		b.WriteString("no mail was received for this turn\n")
	}
	return b.String()
}

func orNone(s string) string {
	if s == "" {
		return "(unknown)"
	}
	return s
}

// echo is a player's accepted orders as understood, with their lines.
func echo(s *orders.Sheet) string {
	var b strings.Builder
	for _, l := range s.Echo() {
		fmt.Fprintln(&b, l)
	}
	return b.String()
}

// intakeNotes gives each player the problems of his mails: refused lines
// of the accepted set, and mails rejected or replaced.
func intakeNotes(in *orders.Intake) map[string][]string {
	notes := map[string][]string{}
	for _, r := range in.Receipts {
		if r.Player == "" || r.Status == orders.StatusIgnored {
			continue
		}
		switch r.Status {
		case orders.StatusAccepted:
			for _, p := range r.Sheet.Problems {
				notes[r.Player] = append(notes[r.Player], p.String())
			}
		case orders.StatusReplaced:
			notes[r.Player] = append(notes[r.Player], fmt.Sprintf("%s: replaced by a later mail", mailLabel(r)))
		case orders.StatusRejected:
			notes[r.Player] = append(notes[r.Player], fmt.Sprintf("%s: rejected: %s", mailLabel(r), r.Reason))
		}
	}
	return notes
}

func mailLabel(r orders.Receipt) string {
	if r.Mail != nil && r.Mail.Subject != "" {
		return fmt.Sprintf("mail %q", r.Mail.Subject)
	}
	return "mail " + r.Name
}

// eventLog is the turn's event log and every die rolled, as JSON.
func eventLog(rec *turnRecord) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	err := enc.Encode(struct {
		Turn   int              `json:"turn"`
		Events []campaign.Event `json:"events"`
		Rolls  []campaign.Roll  `json:"rolls"`
	}{rec.turn, rec.outcome.Events, rec.dice.Rolls()})
	return b.Bytes(), err
}
