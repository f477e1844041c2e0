package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"
)

// TestPasswordNotEchoed: a player who types his password again below the
// header (on a PASSWORD line, glued to it, or alone on a line) does not
// get it back in the acknowledgement, and the turn's intake log and
// accepted orders do not hold it either. Only the stored mail does, which
// is the moderator's alone.
func TestPasswordNotEchoed(t *testing.T) {
	const password = "Waaagh-77"
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	cfg := exampleConfig(t, `id = "orcs"`, `id = "orcs"`+"\npassword_hash = \""+string(hash)+"\"")
	dir := filepath.Join(t.TempDir(), "camp")
	if code, _, stderr := run(t, beforeTurn1, "init", "--config", cfg, dir); code != exitOK {
		t.Fatalf("init: exit %d: %s", code, stderr)
	}
	dropMail(t, dir, `From: Grom <grom@blackcrag.example>
To: turns@riverlands.example
Subject: orders
Date: Fri, 04 Dec 2026 10:00:00 +0000
Message-ID: <orcs-pw@blackcrag.example>

CAMPAIGN riverlands PLAYER orcs TURN 1 PASSWORD `+password+`
Password: `+password+`
`+password+`
A1 MOVE `+password+`
INITIATIVE LAST
`, orcsSent)
	if code, _, stderr := run(t, orcsSent.Add(1), "check", "--dir", dir); code != exitOK {
		t.Fatalf("check: exit %d: %s", code, stderr)
	}
	if code, _, stderr := run(t, afterTurn1, "run", "--dir", dir); code != exitOK {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	replies, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "replies", "*.eml"))
	files := append(replies, filepath.Join(dir, "turns", "001", "intake.txt"), filepath.Join(dir, "turns", "001", "orders", "orcs.txt"))
	for _, p := range files {
		data := string(readTestFile(t, p))
		if strings.Contains(data, password) {
			t.Errorf("%s holds the password:\n%s", p, data)
		}
	}
	if len(replies) != 1 || !strings.Contains(string(readTestFile(t, files[1])), "status: accepted") {
		t.Errorf("%d acknowledgements; the mail must be accepted:\n%s", len(replies), readTestFile(t, files[1]))
	}
	if _, err := os.Stat(files[2]); err != nil {
		t.Error(err)
	}
}

// TestInitRefusesCostlyHash: a bcrypt cost of 31 would keep check busy
// for days on one password, holding the campaign's lock; init refuses it
// at its line, before anything is written.
func TestInitRefusesCostlyHash(t *testing.T) {
	hash := "$2a$31$" + strings.Repeat("a", 53)
	cfg := exampleConfig(t, `id = "orcs"`, `id = "orcs"`+"\npassword_hash = \""+hash+"\"")
	dir := filepath.Join(t.TempDir(), "camp")
	code, _, stderr := run(t, beforeTurn1, "init", "--config", cfg, dir)
	want := "turnproc: error: config: " + cfg + ":53:17: players[3].password_hash: bcrypt cost 31 is more than 14: checking one password would hold up every check\n" +
		"hint: make the hash with \"turnproc passwd\" (cost 10) and paste it here\n"
	if code != exitBadInput || stderr != want {
		t.Errorf("exit %d\nstderr %q\nwant   %q", code, stderr, want)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("init wrote the campaign")
	}
}
