package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/config"
	"github.com/turnproc/turnproc/orders"
)

// statusExposed is a secret of the campaign that other users of the
// machine can read: a campaign made before turnproc wrote it for its owner
// alone (store.DirMode, store.FileMode), or one a chmod opened.
type statusExposed struct {
	File string `json:"file"`
	What string `json:"what"` // what the file gives away
	Mode string `json:"mode"` // its mode, like "0644"
}

// exposed lists the secrets others can read: the config when it holds the
// seed or password hashes, the newest snapshot that can be read (every
// snapshot holds the seed, so every future roll), and the stored mail of
// the turn and in the maildir, the mails kept aside included (passwords
// in plain text).
func (c *campaignFiles) exposed(turn int) []statusExposed {
	out := []statusExposed{}
	if readableByOthers(c.dir.Path(store.ConfigFile)) && c.configSecrets() {
		out = append(out, exposure(c.dir.Path(store.ConfigFile), "the config, with the dice seed or password hashes"))
	}
	for t := turn; t >= 1; t-- {
		if p := c.dir.StatePath(t); readableByOthers(p) {
			out = append(out, exposure(p, "the dice seed"))
			break
		}
	}
	folders := []string{c.inboxDir(turn)}
	if c.cfg.Intake.Kind == config.IntakeMaildir {
		md := c.cfg.Path(c.cfg.Intake.Maildir)
		folders = append(folders, filepath.Join(md, "new"), filepath.Join(md, "cur"), filepath.Join(md, orders.OversizeDir))
	}
	for _, dir := range folders {
		var open []string
		entries, _ := os.ReadDir(dir) // a folder not made yet exposes nothing
		for _, e := range entries {
			if p := filepath.Join(dir, e.Name()); e.Type().IsRegular() && readableByOthers(p) {
				open = append(open, p)
			}
		}
		if len(open) == 0 {
			continue
		}
		what := fmt.Sprintf("%d stored mails, with the passwords in them", len(open))
		if len(open) == 1 {
			what = "1 stored mail, with the passwords in it"
		}
		x := exposure(open[0], what)
		x.File = dir
		out = append(out, x)
	}
	return out
}

// configSecrets says whether the config holds what must stay secret.
func (c *campaignFiles) configSecrets() bool {
	return c.cfg.Campaign.Seed != "" || c.cfg.Campaign.ModeratorPasswordHash != "" ||
		slices.ContainsFunc(c.cfg.Players, func(p config.Player) bool { return p.PasswordHash != "" })
}

func exposure(path, what string) statusExposed {
	mode := fs.FileMode(0)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	return statusExposed{File: path, What: what, Mode: fmt.Sprintf("%04o", mode)}
}

// readableByOthers says whether a user who is neither the owner nor in the
// group can read path: the file is world-readable and every folder above
// it world-searchable. A 0700 folder anywhere above hides it.
func readableByOthers(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	st, err := os.Stat(abs)
	if err != nil || st.Mode().Perm()&0o004 == 0 {
		return false
	}
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		st, err := os.Stat(dir)
		if err != nil || st.Mode().Perm()&0o001 == 0 {
			return false
		}
		if dir == filepath.Dir(dir) {
			return true
		}
	}
}
