package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net/mail"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
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
	// offline resolves a turn with the mail already fetched, without the mailbox.
	offline bool
}

// openCampaign loads and checks a campaign directory's config and map.
func openCampaign(root string) (*campaignFiles, error) {
	d, err := store.Open(root)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return nil, accessError(err)
		}
		return nil, usageError(err.Error(), `run inside a campaign directory or pass --dir; "turnproc init" makes one`)
	}
	cfg, err := config.Load(d.Path(store.ConfigFile))
	if errors.Is(err, fs.ErrPermission) {
		return nil, accessError(err)
	} else if err != nil {
		return nil, badInput(err, "")
	}
	if err := checkLayout(cfg); err != nil {
		return nil, err
	}
	m, _, err := readMap(cfg, cfg.Path(cfg.Map.File))
	if err != nil {
		return nil, err
	}
	return &campaignFiles{dir: d, cfg: cfg, m: m}, nil
}

// accessError is a campaign file the system will not let turnproc read:
// not a mistake in the files, nor a wrong directory.
func accessError(err error) error {
	return &cliError{code: exitFailure, err: err,
		hint: "turnproc must be able to read and write the campaign directory and its files: check their owner and permissions"}
}

// checkLayout refuses config paths that would leave the campaign directory
// or clash with its own files (docs/campaign-dir.md): init and every later
// command apply the same rule.
func checkLayout(cfg *config.Config) error {
	switch file := cfg.Map.File; {
	case !filepath.IsLocal(file):
		return badInput(cfg.ErrorAt("map.file", fmt.Sprintf("%q must be a path inside the campaign directory", file),
			`name the map by a relative path such as "map.txt"; pass the file to copy with --map`), "")
	case filepath.Clean(file) == store.ConfigFile:
		return badInput(cfg.ErrorAt("map.file", fmt.Sprintf("%q is the name of the campaign's config file", file),
			`name the map file something else, such as "map.txt"`), "")
	}
	if cfg.Intake.Kind == config.IntakeMaildir && !filepath.IsLocal(cfg.Intake.Maildir) {
		return badInput(cfg.ErrorAt("intake.maildir", fmt.Sprintf("%q must be a path inside the campaign directory", cfg.Intake.Maildir),
			`use a relative path such as "mailbox"`), "")
	}
	return nil
}

// readMap reads and parses the map file at path; a file that cannot be
// read is blamed on the config key that names it.
func readMap(cfg *config.Config, path string) (*campaign.Map, []byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, badInput(cfg.ErrorAt("map.file", fileProblem("the map file", path, err),
			"check that the map file exists and can be read (init takes another one with --map)"), "")
	}
	m, err := campaign.ParseMap(path, data)
	if err != nil {
		return nil, nil, badInput(err, "")
	}
	m.Adjacency = cfg.Map.Adjacency
	return m, data, nil
}

// fileProblem says what went wrong with a file, naming it once.
func fileProblem(what, path string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Sprintf("%s %s: %v", what, path, pe.Err)
	}
	return fmt.Sprintf("%s %s: %v", what, path, err)
}

// maildir opens the intake maildir. One that is not there is a failure,
// not an empty mailbox: a turn resolved on it would lose every order.
func (c *campaignFiles) maildir() (*orders.Maildir, error) {
	dir := c.cfg.Path(c.cfg.Intake.Maildir)
	md, err := orders.OpenMaildir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &cliError{code: exitFailure, err: err,
			hint: "the mailbox that intake.maildir names is not there: if it lives on a disk or share that is not mounted, mount it and run again; turnproc creates a maildir only at init"}
	}
	if err != nil {
		return nil, badInput(c.cfg.ErrorAt("intake.maildir", fileProblem("the maildir", dir, err),
			"the maildir must be a folder (with new/, cur/ and tmp/) that turnproc can write"), "")
	}
	return md, nil
}

// checkDelivery makes sure, before any work, that the mails can be sent:
// with delivery.kind = "smtp" the password must be readable (cron starts
// jobs with a small environment). A server that does not answer is no
// reason to refuse: the mails wait in the outbox.
func (c *campaignFiles) checkDelivery(getenv func(string) string) error {
	if c.cfg.Delivery.Kind != config.DeliverySMTP {
		return nil
	}
	_, err := c.smtpConfig(getenv)
	return err
}

// turnRecord is everything one run of a turn produces, computed before
// anything is written.
type turnRecord struct {
	turn    int
	mails   []orders.Received
	skipped []orders.Skipped // maildir files that were not read
	intake  *orders.Intake
	outcome *campaign.Outcome
	dice    *campaign.Dice
	files   map[string][]byte // path below turns/NNN → content
	reports []string          // paths below turns/NNN of the PDFs, for the summary
	outbox  []string          // paths below turns/NNN of the mails
}

// current loads the turn to be played next and the state before it, and
// checks that the state fits the map and the config.
func (c *campaignFiles) current() (int, *campaign.State, error) {
	turn, err := c.dir.CurrentTurn()
	if err != nil {
		return 0, nil, badInput(err, "a campaign directory made by \"turnproc init\" has state/turn-001.json")
	}
	s, err := c.dir.LoadState(turn)
	if err != nil {
		return 0, nil, badInput(err, "restore the snapshot from your backup; snapshots are never rewritten")
	}
	if err := s.CheckAgainst(c.m); err != nil {
		var se *campaign.StateError
		if errors.As(err, &se) {
			se.File = c.dir.StatePath(turn)
		}
		return 0, nil, badInput(err, "restore the snapshot (or the map, if it was edited) from your backup; snapshots are never rewritten")
	}
	if err := c.agrees(s, c.dir.StatePath(turn)); err != nil {
		return 0, nil, err
	}
	return turn, s, nil
}

// agrees checks that the config and the state are of the same campaign
// and the same players: neither may change once a campaign runs.
func (c *campaignFiles) agrees(s *campaign.State, statePath string) error {
	const hint = "players and the campaign id cannot change in a running campaign: restore the config or the state from your backup"
	if s.Campaign != c.cfg.Campaign.ID {
		return badInput(c.cfg.ErrorAt("campaign.id", fmt.Sprintf("campaign %q, but %s is a state of campaign %q", c.cfg.Campaign.ID, statePath, s.Campaign), hint), "")
	}
	for i, p := range c.cfg.Players {
		if s.Player(p.ID) == nil {
			return badInput(c.cfg.ErrorAt(fmt.Sprintf("players[%d].id", i+1), fmt.Sprintf("player %q is not in %s", p.ID, statePath), hint), "")
		}
	}
	for _, p := range s.Players {
		if c.cfg.Player(p.ID) == nil {
			return badInput(fmt.Errorf("campaign: %s: player %q is not in %s", statePath, p.ID, c.dir.Path(store.ConfigFile)), hint)
		}
	}
	return nil
}

// runTurn is the main job (DESIGN.md data flow): fetch the new mail into
// the turn's inbox, parse and authenticate the orders, resolve the turn
// with its dice, render the reports and mails, then write the turn's
// record and the new state snapshot last. Nothing but the fetched mail,
// its password verdicts and its answers is written if any step before the
// writing fails. The caller holds the work lock, taken before it read the
// turn (begin).
func (c *campaignFiles) runTurn(ctx context.Context, e *env, turn int, before *campaign.State, at time.Time, got fetched) (*turnRecord, error) {
	rec := &turnRecord{turn: turn, files: map[string][]byte{}, skipped: got.skipped}
	if later := mailsLeft(rec.skipped); later > 0 {
		return nil, &cliError{code: exitFailure,
			err:  fmt.Errorf("%d new mails are still in the mailbox: one fetch takes at most %d, and the turn is not resolved without them", later, orders.MaxMailsPerFetch),
			hint: "what was fetched is kept; run turnproc run again (each run or check takes the next batch), or clear the flood from the mailbox"}
	}
	var err error
	if rec.mails, err = c.inbox(turn); err != nil {
		return nil, err
	}
	rec.intake = orders.Collect(rec.mails, c.window(turn))
	if err := c.keepVerdicts(turn, rec.intake); err != nil {
		return nil, err
	}
	mailed, err := c.recordMailedResults(before, rec.intake)
	if err != nil {
		return nil, err
	}
	if err := c.recordEquipment(before, rec.intake); err != nil {
		return nil, err
	}
	// Mail that arrived after the last check is answered like any other:
	// the report follows, but the player learns what was read.
	if _, err := c.answer(e, turn, before, rec.intake, got.names, mailed, e.now(), true); err != nil {
		return nil, err
	}
	rec.dice = campaign.NewDice(campaign.TurnSeed(before.Seed, turn), turn)
	results, err := c.dir.LoadResults(before.Battles)
	if err != nil {
		return nil, badInput(err, "fix or remove that result file, then enter the result again with \"turnproc result\"")
	}
	rec.outcome, err = campaign.Resolve(c.m, c.cfg.Rules(), before, campaign.Input{Orders: rec.intake.OrderSets(), Results: results}, rec.dice)
	var missing *campaign.MissingResultsError
	switch {
	case errors.As(err, &missing):
		// The command's hint, naming the battle, replaces the package's.
		return nil, &cliError{code: exitBlocked, err: errors.New(missing.Error()),
			hint: fmt.Sprintf("enter each result with: turnproc result %s attacker|defender|draw ATTACKER-VP DEFENDER-VP", missing.Battles[0])}
	case err != nil:
		return nil, err
	}
	if err := c.render(rec, before, at); err != nil {
		return nil, err
	}
	crashPoint(e, crashResolved)
	if err := c.write(e, rec); err != nil {
		return nil, err
	}
	crashPoint(e, crashCommitted)
	c.deliverAfter(ctx, e) // the turn is complete whether or not its mail leaves now
	return rec, nil
}

// fetched is what a run took from the mailbox into the turn's inbox.
type fetched struct {
	names   []string         // the mails stored
	skipped []orders.Skipped // maildir files that were not read
}

// fetch takes the new mail into the turn's inbox, unless the run is
// offline. The turn is not resolved on a mailbox that could not be read.
func (c *campaignFiles) fetch(ctx context.Context, e *env, turn int) (fetched, error) {
	var got fetched
	if c.offline {
		return got, nil
	}
	var err error
	if got.names, got.skipped, err = c.pull(ctx, e, turn); err != nil {
		if errors.Is(err, fs.ErrNotExist) { // a mailbox not there says what to do about it
			return got, err
		}
		return got, &cliError{code: exitFailure, err: err, more: true,
			hint: "the turn is not resolved without its mail: fix the mailbox and run again, or resolve with the mail already fetched: turnproc run --offline"}
	}
	return got, nil
}

// mailsLeft counts the new mails a fetch left in the mailbox (the per-fetch limit).
func mailsLeft(skipped []orders.Skipped) int {
	n := 0
	for _, s := range skipped {
		n += s.Later
	}
	return n
}

// window says which mails count for a turn and who may send them.
func (c *campaignFiles) window(turn int) orders.Window {
	return orders.Window{Campaign: c.cfg.Campaign.ID, Turn: turn, Map: c.m,
		Deadline: c.cfg.Deadline.DeadlineOf(turn), CheckFrom: c.cfg.Intake.CheckFrom,
		Ourselves: c.cfg.Delivery.From.Address, Verdicts: c.verdicts(turn).Load(),
		Limits: orders.Limits{WrongPasswords: c.cfg.Intake.MaxWrongPasswords,
			AnswersPerTurn: c.cfg.Intake.MaxAnswersPerTurn, AnswersPerDay: c.cfg.Intake.MaxAnswersPerDay},
		Moderator: orders.Credentials{Email: c.cfg.Campaign.Moderator.Address, PasswordHash: c.cfg.Campaign.ModeratorPasswordHash},
		Player: func(id string) (orders.Credentials, bool) {
			p := c.cfg.Player(id)
			if p == nil {
				return orders.Credentials{}, false
			}
			return orders.Credentials{Email: p.Email, PasswordHash: p.PasswordHash}, true
		}}
}

// render makes the record's files, by path below turns/NNN: raw mail
// copies, the intake log, the accepted orders, the event log, the PDFs and
// the outbox.
func (c *campaignFiles) render(rec *turnRecord, before *campaign.State, at time.Time) error {
	for _, m := range rec.mails {
		rec.files[filepath.Join("mail", m.Name)] = m.Raw
	}
	rec.files[filepath.Join("intake.txt")] = []byte(intakeLog(rec.intake, rec.skipped))
	for player, sheet := range rec.intake.Accepted {
		rec.files[filepath.Join("orders", player+".txt")] = []byte(echo(sheet))
	}
	events, err := store.EventLog{Turn: rec.turn, Events: rec.outcome.Events, Rolls: rec.dice.Rolls()}.Encode()
	if err != nil {
		return err
	}
	rec.files["events.json"] = events
	rec.files["dice.json"] = store.NewDiceRecord(before.Seed, rec.turn).Encode()

	t := c.reportTurn(before, rec.outcome, rec.intake, at)
	pdfs, err := c.renderReports(t)
	if err != nil {
		return err
	}
	mails, err := c.composeReports(t, rec.turn, at, pdfs)
	if err != nil {
		return err
	}
	for i, p := range c.cfg.Players {
		path := filepath.Join("reports", p.ID+".pdf")
		rec.files[path], rec.reports = pdfs[i], append(rec.reports, path)
		path = filepath.Join("outbox", p.ID+".eml")
		rec.files[path], rec.outbox = mails[i], append(rec.outbox, path)
	}
	path := filepath.Join("reports", "moderator.pdf")
	rec.files[path], rec.reports = pdfs[len(c.cfg.Players)], append(rec.reports, path)
	return nil
}

// renderReports renders every player's report, in the config's player
// order, then the moderator's, on all the cores: the reports of a turn
// are independent of each other. The moderator's, the longest, is started
// first so that it does not finish alone at the end.
func (c *campaignFiles) renderReports(t reports.Turn) ([][]byte, error) {
	who := []reports.Recipient{{Moderator: true, Lang: c.cfg.Campaign.Language}}
	for _, p := range c.cfg.Players {
		who = append(who, reports.Recipient{Player: p.ID, Lang: p.Language})
	}
	pdfs, err := reports.RenderAll(t, who, runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, err
	}
	return append(pdfs[1:], pdfs[0]), nil
}

// composeReports makes each player's report mail with his PDF attached
// and his order form for the next turn, on all the cores.
func (c *campaignFiles) composeReports(t reports.Turn, turn int, at time.Time, pdfs [][]byte) ([][]byte, error) {
	mails := make([][]byte, len(c.cfg.Players))
	err := inParallel(len(c.cfg.Players), func(i int) error {
		p := c.cfg.Players[i]
		form, err := reports.OrderForm(t, p.ID, p.Language, p.PasswordHash != "")
		if err != nil {
			return err
		}
		mails[i], err = reports.ComposeReport(reports.ReportMail{Campaign: c.cfg.Campaign.ID, Title: c.cfg.Campaign.Title,
			Turn: turn, Player: p.ID, Lang: p.Language, From: c.cfg.Delivery.From,
			To: mail.Address{Name: p.Name, Address: p.Email}, Domain: domainOf(c.cfg.Delivery.From.Address),
			Date: at, Deadline: t.Deadline, PDF: pdfs[i], Form: form})
		return err
	})
	return mails, err
}

// inParallel calls do(0) … do(n−1) on GOMAXPROCS workers and returns the
// error of the lowest i that failed, so the outcome does not depend on
// scheduling.
func inParallel(n int, do func(i int) error) error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := range next {
				errs[i] = do(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// reportTurn is what the reports of a played turn show, the turn's dice
// seed revealed and the next turn's committed (verifiable dice).
func (c *campaignFiles) reportTurn(before *campaign.State, out *campaign.Outcome, in *orders.Intake, at time.Time) reports.Turn {
	t := reports.Turn{Title: c.cfg.Campaign.Title, Map: c.m, Rules: c.cfg.Rules(), Before: before,
		After: out.State, Outcome: out, Deadline: c.cfg.Deadline.DeadlineOf(out.Turn + 1),
		Generated:      at,
		DiceSeed:       campaign.TurnSeed(before.Seed, out.Turn),
		NextCommitment: campaign.SeedCommitment(campaign.TurnSeed(before.Seed, out.Turn+1))}
	t.Notes, t.Refused, t.RefusedDetail = intakeNotes(in)
	return t
}

// write stores the turn's record, then the next state (the commit point).
// A rerun after a crash before the state was written redoes the turn with
// the same mail and the same dice, and writes the same files.
func (c *campaignFiles) write(e *env, rec *turnRecord) error {
	if err := c.writeRecord(e, rec); err != nil {
		return err
	}
	crashPoint(e, crashRecorded)
	return c.dir.SaveState(rec.outcome.State)
}

// writeRecord writes the turn's files into a new folder beside turns/NNN
// and renames it into place, so turns/NNN always holds one whole run: the
// record of an interrupted run, and any temp folder it left, is replaced,
// never mixed with this one.
func (c *campaignFiles) writeRecord(e *env, rec *turnRecord) error {
	final := c.dir.TurnPath(rec.turn)
	parent, pattern := filepath.Dir(final), "."+filepath.Base(final)+".tmp-*"
	if err := os.MkdirAll(parent, store.DirMode); err != nil {
		return err
	}
	stale, _ := filepath.Glob(filepath.Join(parent, pattern)) // the pattern is well-formed
	for _, dir := range stale {
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
	}
	tmp, err := os.MkdirTemp(parent, pattern)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp) // gone after the rename; a failed run leaves nothing; 0700 (store.DirMode)
	for i, p := range slices.Sorted(maps.Keys(rec.files)) {
		if i == len(rec.files)/2 {
			crashPoint(e, crashRecordIn)
		}
		if err := store.WriteFile(filepath.Join(tmp, p), rec.files[p]); err != nil {
			return err
		}
	}
	if err := os.RemoveAll(final); err != nil {
		return fmt.Errorf("removing the record of an interrupted run: %w", err)
	}
	if err := os.Rename(tmp, final); err != nil {
		return fmt.Errorf("moving the turn's record into place: %w", err)
	}
	return store.SyncDir(parent)
}

func domainOf(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		return addr[i+1:]
	}
	return "turnproc.invalid"
}

// intakeLog says, mail by mail, what became of it and why, and which
// maildir files were not read. What comes from the mail is made inert: the
// moderator reads this file on his terminal.
func intakeLog(in *orders.Intake, skipped []orders.Skipped) string {
	var b strings.Builder
	for _, s := range skipped {
		fmt.Fprintf(&b, "%q\n  status: skipped, not read\n  reason: %s\n", s.File, inert(s.Reason))
	}
	for _, r := range in.Receipts {
		fmt.Fprintf(&b, "%s\n  from: %s\n  player: %s\n  status: %s\n", inert(r.Name), inert(r.From), inert(orNone(r.Player)), r.Status)
		if r.Reason != "" {
			fmt.Fprintf(&b, "  reason: %s\n", inert(r.Reason))
		}
		if r.Unanswered != "" {
			fmt.Fprintf(&b, "  not answered: %s\n", inert(r.Unanswered))
		}
		if r.Sheet != nil {
			for _, p := range r.Sheet.Problems {
				fmt.Fprintf(&b, "  problem: %s\n", inert(p.String()))
			}
		}
	}
	if len(in.Receipts) == 0 && len(skipped) == 0 {
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

// intakeNotes gives each player the notes on his mails: the refused
// lines of his accepted set and his mails replaced. The mails naming him
// that were refused are only counted for him, as anyone may send them; the
// moderator's report has their detail.
func intakeNotes(in *orders.Intake) (notes map[string][]string, refused map[string]reports.Refused, detail map[string][]string) {
	notes, refused, detail = map[string][]string{}, map[string]reports.Refused{}, map[string][]string{}
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
			n := refused[r.Player]
			if r.WrongPassword {
				n.WrongPassword++
			} else {
				n.Other++
			}
			refused[r.Player] = n
			detail[r.Player] = append(detail[r.Player], fmt.Sprintf("%s from %s: rejected: %s", mailLabel(r), r.From, r.Reason))
		}
	}
	return notes, refused, detail
}

// maxSubject is how much of a subject a note quotes.
const maxSubject = 60

func mailLabel(r orders.Receipt) string {
	if r.Mail != nil && r.Mail.Subject != "" {
		if s := []rune(r.Mail.Subject); len(s) > maxSubject {
			return fmt.Sprintf("mail %q…", string(s[:maxSubject]))
		}
		return fmt.Sprintf("mail %q", r.Mail.Subject)
	}
	return "mail " + r.Name
}
