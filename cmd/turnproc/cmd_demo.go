package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"time"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/config"
	"github.com/turnproc/turnproc/examples"
	"github.com/turnproc/turnproc/orders"
)

// demoMarker marks a directory the demo made, so a second demo may replace it.
const demoMarker = ".turnproc-demo"

const demoCampaign = "riverlands"

func cmdDemo(ctx context.Context, e *env, args []string) error {
	flags := newFlags("demo", "", `Run the bundled example campaign end to end with no server: make the campaign
directory, then for each turn deliver the players' order mails into its maildir and run
the turn. Prints where the reports, mails, logs and states went.`)
	out := flags.String("out", "turnproc-demo", "where to put the demo campaign (replaced if a previous demo made it)")
	if err := parse(flags, e, args, 0); err != nil {
		return err
	}
	if err := clearDemoDir(*out); err != nil {
		return err
	}
	c, err := initDemo(e, *out)
	if err != nil {
		return err
	}
	turns, err := fs.Glob(examples.FS, path.Join(demoCampaign, "mail", "turn-*"))
	if err != nil {
		return err
	}
	slices.Sort(turns)
	for _, turnDir := range turns {
		n, err := deliverDemoMail(c, turnDir)
		if err != nil {
			return err
		}
		// An hour before the deadline the moderator's cron runs check: every
		// mail gets its acknowledgement.
		due, err := c.dir.CurrentTurn() // the demo is alone on its campaign: no lock is needed to read the clock
		if err != nil {
			return err
		}
		turn, _, answered, err := c.check(ctx, e, c.cfg.Deadline.DeadlineOf(due).Add(-time.Hour))
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "\n%d order mails arrive for turn %d and %d acknowledgements are written to %s;\nthe deadline passes and the turn runs.\n",
			n, turn, answered, filepath.Join(c.inboxDir(turn), "replies"))
		rec, err := c.demoTurn(ctx, e)
		if err != nil {
			return err
		}
		printRecord(e, c, rec)
	}
	fmt.Fprintf(e.stdout, "\nThe demo campaign is in %s: look at the PDFs in turns/*/reports/ and the mails in turns/*/outbox/.\n", *out)
	return nil
}

// clearDemoDir removes a previous demo; anything else in the way is refused.
func clearDemoDir(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, demoMarker)); err == nil {
		return os.RemoveAll(dir)
	}
	if err := checkEmptyTarget(dir); err != nil {
		return usageError(fmt.Sprintf("%s is in the way: it is not empty and not a previous demo", dir),
			"name another folder with --out; the demo replaces only a folder it made itself")
	}
	return nil
}

// initDemo makes the campaign directory from the embedded example.
func initDemo(e *env, dir string) (*campaignFiles, error) {
	configData, err := fs.ReadFile(examples.FS, path.Join(demoCampaign, store.ConfigFile))
	if err != nil {
		return nil, err
	}
	cfg, err := config.Parse(path.Join("examples", demoCampaign, store.ConfigFile), configData)
	if err != nil {
		return nil, err
	}
	mapData, err := fs.ReadFile(examples.FS, path.Join(demoCampaign, cfg.Map.File))
	if err != nil {
		return nil, err
	}
	m, err := campaign.ParseMap(cfg.Map.File, mapData)
	if err != nil {
		return nil, err
	}
	s, err := campaign.NewState(m, cfg.Campaign.ID, cfg.Campaign.Seed, cfg.PlayerSetups())
	if err != nil {
		return nil, err
	}
	if err := writeNewCampaign(dir, cfg, configData, mapData, s); err != nil {
		return nil, err
	}
	if err := store.WriteFile(filepath.Join(dir, demoMarker), []byte("made by turnproc demo\n")); err != nil {
		return nil, err
	}
	fmt.Fprintf(e.stdout, "Demo campaign %q: %d players on a %d×%d map, made in %s.\n", cfg.Campaign.ID, len(cfg.Players), m.Width, m.Height, dir)
	return openCampaign(dir)
}

// deliverDemoMail puts one turn's example mails into the campaign maildir,
// as the players' mail clients would.
func deliverDemoMail(c *campaignFiles, turnDir string) (int, error) {
	md, err := c.maildir()
	if err != nil {
		return 0, err
	}
	names, err := fs.Glob(examples.FS, path.Join(turnDir, "*.eml"))
	if err != nil {
		return 0, err
	}
	for _, name := range names {
		raw, err := fs.ReadFile(examples.FS, name)
		if err != nil {
			return 0, err
		}
		delivered, err := md.Deliver(raw, path.Base(turnDir)+"-"+path.Base(name))
		if err != nil {
			return 0, err
		}
		// The mail arrives when its player sent it, so the demo's inbox
		// (named by arrival) is the same on every run.
		m, err := orders.ReadMail(raw)
		if err != nil {
			return 0, fmt.Errorf("demo mail %s: %w", name, err)
		}
		file := filepath.Join(md.Dir(), "new", delivered)
		if err := os.Chtimes(file, m.Date, m.Date); err != nil {
			return 0, err
		}
	}
	return len(names), nil
}

// demoTurn runs the current turn at its deadline, as cron would.
func (c *campaignFiles) demoTurn(ctx context.Context, e *env) (*turnRecord, error) {
	turn, before, unlock, err := c.begin(e)
	if err != nil {
		return nil, err
	}
	defer unlock()
	got, err := c.fetch(ctx, e, turn)
	if err != nil {
		return nil, err
	}
	return c.runTurn(ctx, e, turn, before, c.cfg.Deadline.DeadlineOf(turn), got)
}
