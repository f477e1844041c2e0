package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/config"
	"github.com/turnproc/turnproc/orders"
)

// The inbox keeps every raw mail received, per turn, as it arrived:
// inbox/NNN/<arrival time>-<content hash>.eml (docs/campaign-dir.md). Mail
// is fetched from the mailbox into the inbox of the turn open when it
// arrives, and only then marked taken in the mailbox: a run interrupted
// in between fetches it again and stores it under the same name, so no
// mail is lost or kept twice.

const arrivalLayout = "20060102T150405Z"

// inboxDir is the folder of a turn's received mail.
func (c *campaignFiles) inboxDir(turn int) string {
	return c.dir.Path("inbox", fmt.Sprintf("%03d", turn))
}

// pull moves the new mail of the mailbox into the inbox of the turn, and
// returns the names it stored and the mailbox entries it could not read.
func (c *campaignFiles) pull(ctx context.Context, e *env, turn int) ([]string, []orders.Skipped, error) {
	mb, err := c.mailbox(ctx, e.getenv)
	if err != nil {
		return nil, nil, err
	}
	defer mb.Close()
	mails, skipped, err := mb.Fetch(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("%w", err)
	}
	var stored, taken []string
	for _, m := range mails {
		name := inboxName(m)
		path := filepath.Join(c.inboxDir(turn), name)
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			if err := store.WriteFile(path, m.Raw); err != nil {
				return nil, nil, err
			}
			stored = append(stored, name)
		}
		taken = append(taken, m.Name)
	}
	crashPoint(e, crashFetched)
	if err := mb.Taken(ctx, taken); err != nil {
		return nil, nil, err
	}
	return stored, skipped, nil
}

// inboxName names a mail by when it arrived and what it holds. Of a mail
// over orders.MaxMailSize only the head is kept, named with its size (the
// mail itself is kept aside by the mailbox).
func inboxName(m orders.Received) string {
	sum := sha256.Sum256(m.Raw)
	name := m.At.UTC().Format(arrivalLayout) + "-" + hex.EncodeToString(sum[:6])
	if m.Oversize > 0 {
		name += oversizeMark + strconv.FormatInt(m.Oversize, 10)
	}
	return name + ".eml"
}

// oversizeMark names the kept head of a mail over orders.MaxMailSize.
const oversizeMark = "-oversize-"

// oversizeOf is the size an inbox name gives a mail kept as its head, 0
// for a mail kept whole.
func oversizeOf(name string) int64 {
	_, size, ok := strings.Cut(strings.TrimSuffix(name, ".eml"), oversizeMark)
	if !ok {
		return 0
	}
	n, _ := strconv.ParseInt(size, 10, 64)
	return n
}

// inbox reads a turn's received mail, in arrival order.
func (c *campaignFiles) inbox(turn int) ([]orders.Received, error) {
	dir := c.inboxDir(turn)
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []orders.Received
	for _, e := range entries {
		stamp, _, ok := strings.Cut(e.Name(), "-")
		at, perr := time.Parse(arrivalLayout, stamp)
		if !e.Type().IsRegular() || !ok || perr != nil || filepath.Ext(e.Name()) != ".eml" {
			continue // not a stored mail (a reply folder, a temp file)
		}
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, orders.Received{Name: e.Name(), Raw: raw, At: at, Oversize: oversizeOf(e.Name())})
	}
	slices.SortFunc(out, func(a, b orders.Received) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// mailbox opens the configured mailbox: the maildir, or the IMAP folder
// (its password from the environment or a file, never the config).
func (c *campaignFiles) mailbox(ctx context.Context, getenv func(string) string) (orders.Mailbox, error) {
	if c.cfg.Intake.Kind != config.IntakeIMAP {
		return c.maildir()
	}
	cfg := c.cfg.Intake.IMAP
	password, err := cfg.Password.Resolve(getenv)
	if err != nil {
		return nil, badInput(err, "set the environment variable or write the file that intake.imap names")
	}
	mb, err := orders.OpenIMAP(ctx, orders.IMAPConfig{Host: cfg.Host, Port: cfg.Port, Username: cfg.Username,
		Password: password, TLS: string(cfg.TLS), Folder: cfg.Folder, ProcessedFolder: cfg.ProcessedFolder},
		uidFile(c.dir.Path("intake-imap.json")))
	if err != nil {
		return nil, &cliError{code: exitFailure, err: err, hint: "the turn is not run without its mail; check the server, then run again"}
	}
	return mb, nil
}

// uidFile keeps the IMAP folder's UIDVALIDITY and the last UID taken, so
// that no mail is fetched twice or missed (docs/campaign-dir.md).
type uidFile string

type uidRecord struct {
	Validity uint32 `json:"uidvalidity"`
	LastUID  uint32 `json:"last_uid"`
}

func (f uidFile) Load() (uint32, uint32, error) {
	data, err := os.ReadFile(string(f))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	var r uidRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return 0, 0, fmt.Errorf("%s: %v", f, err)
	}
	return r.Validity, r.LastUID, nil
}

func (f uidFile) Save(validity, lastUID uint32) error {
	data, err := json.Marshal(uidRecord{validity, lastUID})
	if err != nil {
		return err
	}
	return store.WriteFile(string(f), append(data, '\n'))
}

// verdictFile keeps the password verdicts of a turn's stored mail
// (inbox/NNN/verdicts.json, docs/campaign-dir.md), so that no mail costs
// bcrypt twice whichever command reads it. Load is its one reader and
// Save its one writer.
type verdictFile string

// verdictRecord is the file's content.
type verdictRecord struct {
	Verdicts []orders.Verdict `json:"verdicts"` // sorted by mail name
}

// verdicts is the verdict file of a turn.
func (c *campaignFiles) verdicts(turn int) verdictFile {
	return verdictFile(filepath.Join(c.inboxDir(turn), "verdicts.json"))
}

// Load gives the kept verdicts by mail name. A file missing, or one that
// cannot be read, keeps none: the passwords are checked again, and the
// next check or run writes the file anew.
func (f verdictFile) Load() map[string]orders.Verdict {
	data, err := os.ReadFile(string(f))
	if err != nil {
		return nil
	}
	var r verdictRecord
	if json.Unmarshal(data, &r) != nil {
		return nil
	}
	out := make(map[string]orders.Verdict, len(r.Verdicts))
	for _, v := range r.Verdicts {
		out[v.Mail] = v
	}
	return out
}

// Save writes the verdicts, replacing the file atomically.
func (f verdictFile) Save(verdicts map[string]orders.Verdict) error {
	r := verdictRecord{Verdicts: make([]orders.Verdict, 0, len(verdicts))}
	for _, name := range slices.Sorted(maps.Keys(verdicts)) {
		r.Verdicts = append(r.Verdicts, verdicts[name])
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return store.WriteFile(string(f), append(data, '\n'))
}

// keepVerdicts saves the intake's verdicts when it had to check a
// password: the mails are all in the turn's inbox (check and run hold the
// work lock).
func (c *campaignFiles) keepVerdicts(turn int, in *orders.Intake) error {
	if in.Verified == 0 {
		return nil
	}
	return c.verdicts(turn).Save(in.Verdicts)
}
