package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// checkPrivate fails for every file or folder below (and including) root
// that someone other than its owner could read: the seed, the password
// hashes and the stored mails must stay the moderator's. Permission
// checks do not bind root, who runs the tests, so the modes are checked.
func checkPrivate(t *testing.T, root string) {
	t.Helper()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		st, err := os.Lstat(p)
		if err != nil {
			return err
		}
		want := fs.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		}
		if got := st.Mode().Perm(); got != want {
			t.Errorf("%s: mode %04o, want %04o", p, got, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestCampaignIsPrivate: init and a played turn (with mail stored, its
// acknowledgement, the record, the reports and the next state) leave the
// campaign readable by its owner alone.
func TestCampaignIsPrivate(t *testing.T) {
	dir := newCampaign(t)
	checkPrivate(t, dir)
	dropMail(t, dir, orcsFinal, orcsSent)
	if code, _, stderr := run(t, orcsSent.Add(1), "check", "--dir", dir); code != exitOK {
		t.Fatalf("check: exit %d: %s", code, stderr)
	}
	if code, _, stderr := run(t, afterTurn1, "run", "--dir", dir); code != exitOK {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	checkPrivate(t, dir)
}

// TestInitKeepsPrivateFolder: a folder the moderator made 0700 for the
// campaign stays 0700.
func TestInitKeepsPrivateFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "camp")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, beforeTurn1, "init", "--config", "../../examples/riverlands/campaign.toml", dir); code != exitOK {
		t.Fatalf("init: exit %d: %s", code, stderr)
	}
	st, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Mode().Perm(); got != 0o700 {
		t.Errorf("the campaign folder is %04o after init, want 0700", got)
	}
}

// TestMapExportIsPublic: the map export is meant to be handed round, so it
// keeps the usual 0644 (under the tests' umask 022).
func TestMapExportIsPublic(t *testing.T) {
	dir := newCampaign(t)
	out := filepath.Join(t.TempDir(), "map")
	if code, _, stderr := run(t, beforeTurn1, "map", "--dir", dir, "--out", out); code != exitOK {
		t.Fatalf("map: exit %d: %s", code, stderr)
	}
	for _, p := range []string{out + ".pdf", out + ".png"} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Mode().Perm(); got != 0o644 {
			t.Errorf("%s: mode %04o, want 0644", p, got)
		}
	}
}

// TestStatusWarnsOfReadableSecrets: a campaign made by an older turnproc
// (0755 folders, 0644 files) shows its seed and its mail to every local
// user; status says so, and what to do.
func TestStatusWarnsOfReadableSecrets(t *testing.T) {
	dir := newCampaign(t)
	dropMail(t, dir, orcsFinal, orcsSent)
	if code, _, stderr := run(t, orcsSent.Add(1), "check", "--dir", dir); code != exitOK {
		t.Fatalf("check: exit %d: %s", code, stderr)
	}
	code, out, _ := run(t, tenHoursTo, "status", "--dir", dir)
	if code != exitOK || strings.Contains(out, "Warning") {
		t.Fatalf("a private campaign gets no warning: exit %d\n%s", code, out)
	}
	// t.TempDir's folders are 0700 too: open them, as a home folder is.
	os.Chmod(filepath.Dir(dir), 0o755)
	os.Chmod(filepath.Dir(filepath.Dir(dir)), 0o755)
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if d.IsDir() {
			return os.Chmod(p, 0o755)
		}
		return os.Chmod(p, 0o644)
	})
	code, out, stderr := run(t, tenHoursTo, "status", "--dir", dir)
	if code != exitOK {
		t.Fatalf("status: exit %d: %s", code, stderr)
	}
	config := filepath.Join(dir, "campaign.toml") // the example sets campaign.seed
	seed := filepath.Join(dir, "state", "turn-001.json")
	inbox := filepath.Join(dir, "inbox", "001")
	maildir := filepath.Join(dir, "mailbox", "cur")
	for _, want := range []string{
		"Warning: " + config + " (the config, with the dice seed or password hashes) can be read by other users of this machine (mode 0644)\n",
		"Warning: " + seed + " (the dice seed) can be read by other users of this machine (mode 0644)\n",
		"Warning: " + inbox + " (1 stored mail, with the passwords in it) can be read by other users of this machine (mode 0644)\n",
		"Warning: " + maildir + " (1 stored mail, with the passwords in it) can be read by other users of this machine (mode 0644)\n",
		"hint: chmod -R go-rwx " + dir + " (turnproc writes new files for its user alone)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("status says\n%s\nwant it to contain %q", out, want)
		}
	}
	code, out, _ = run(t, tenHoursTo, "status", "--json", "--dir", dir)
	var st struct {
		Exposed []statusExposed `json:"exposed"`
	}
	if err := json.Unmarshal([]byte(out), &st); code != exitOK || err != nil {
		t.Fatalf("status --json: exit %d, %v", code, err)
	}
	want := []statusExposed{{config, "the config, with the dice seed or password hashes", "0644"},
		{seed, "the dice seed", "0644"}, {inbox, "1 stored mail, with the passwords in it", "0644"},
		{maildir, "1 stored mail, with the passwords in it", "0644"}}
	if !slices.Equal(st.Exposed, want) {
		t.Errorf("exposed = %+v", st.Exposed)
	}
	// Closing the campaign folder is enough: nothing below it can be reached.
	os.Chmod(dir, 0o700)
	if _, out, _ = run(t, tenHoursTo, "status", "--dir", dir); strings.Contains(out, "Warning") {
		t.Errorf("a 0700 campaign folder hides what is in it; status says\n%s", out)
	}
}
