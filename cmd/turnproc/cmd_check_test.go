package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

func TestPasswd(t *testing.T) {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader("sigmar-1\n"), stdout: &out, stderr: &errb, getenv: os.Getenv, now: time.Now}
	if code := dispatch(context.Background(), e, []string{"passwd"}); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	line := strings.TrimSpace(out.String())
	hash := strings.TrimSuffix(strings.TrimPrefix(line, `password_hash = "`), `"`)
	if hash == line || bcrypt.CompareHashAndPassword([]byte(hash), []byte("sigmar-1")) != nil {
		t.Errorf("printed %q", line)
	}
	for input, want := range map[string]string{
		"":                                   "turnproc: error: no password on standard input",
		"short\n":                            "turnproc: error: the password is shorter than 6 characters",
		"two words\n":                        "turnproc: error: the password contains a space",
		"x" + strings.Repeat("y", 80) + "\n": "turnproc: error: the password is longer than 72 bytes",
	} {
		out.Reset()
		errb.Reset()
		e.stdin = strings.NewReader(input)
		if code := dispatch(context.Background(), e, []string{"passwd"}); code != exitUsage || !strings.HasPrefix(errb.String(), want) {
			t.Errorf("input %q: exit %d, %q", input, code, errb.String())
		}
	}
}

// withTurnOneMail makes the example campaign and delivers its turn-1 order
// mails into its maildir, arriving when they were sent.
func withTurnOneMail(t *testing.T) string {
	t.Helper()
	dir := newCampaign(t)
	c, err := openCampaign(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := deliverDemoMail(c, "riverlands/mail/turn-001"); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestCheckAnswersEachMailOnce(t *testing.T) {
	dir := withTurnOneMail(t)
	code, out, stderr := run(t, beforeTurn1.Add(96*time.Hour), "check", "--dir", dir)
	if code != exitOK || !strings.HasPrefix(out, "Turn 1: 5 new mails fetched, 5 answered") {
		t.Fatalf("check: exit %d\n%s%s", code, out, stderr)
	}
	replies, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "replies", "*.eml"))
	if len(replies) != 5 {
		t.Fatalf("%d replies", len(replies))
	}
	var all strings.Builder
	for _, r := range replies {
		b, _ := os.ReadFile(r)
		all.Write(b)
	}
	text := all.String()
	for _, want := range []string{"In-Reply-To: <", "Auto-Submitted: auto-replied", "MARCH", "or less on 2D6"} {
		if !strings.Contains(text, want) {
			t.Errorf("the replies do not contain %q", want)
		}
	}
	if new, _ := os.ReadDir(filepath.Join(dir, "mailbox", "new")); len(new) != 0 {
		t.Errorf("%d mails left unread in the mailbox", len(new))
	}
	code, out, _ = run(t, beforeTurn1.Add(97*time.Hour), "check", "--dir", dir)
	if code != exitOK || !strings.HasPrefix(out, "Turn 1: 0 new mails fetched, 0 answered") {
		t.Errorf("second check: %s", out)
	}
	code, out, stderr = run(t, afterTurn1, "run", "--dir", dir)
	if code != exitOK || !strings.Contains(out, "5 mails read, 4 players' orders accepted") {
		t.Errorf("run after check: exit %d\n%s%s", code, out, stderr)
	}
}

func TestLateMailIsAnsweredNotApplied(t *testing.T) {
	dir := newCampaign(t)
	c, err := openCampaign(dir)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := c.maildir()
	raw := "From: Karl Franz <karl@reikland.example>\r\nTo: turns@riverlands.example\r\nSubject: late orders\r\n" +
		"Message-ID: <late@reikland.example>\r\n\r\nCAMPAIGN riverlands PLAYER empire TURN 1\r\nA1 MOVE E10\r\n"
	name, err := md.Deliver([]byte(raw), "late")
	if err != nil {
		t.Fatal(err)
	}
	arrived := afterTurn1.Add(-time.Minute) // 20:04, after the deadline of 20:00
	os.Chtimes(filepath.Join(md.Dir(), "new", name), arrived, arrived)
	if code, _, stderr := run(t, afterTurn1, "check", "--dir", dir); code != exitOK {
		t.Fatal(stderr)
	}
	replies, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "replies", "*.eml"))
	if len(replies) != 1 {
		t.Fatalf("%d replies", len(replies))
	}
	b, _ := os.ReadFile(replies[0])
	if !strings.Contains(string(b), "after the deadline") {
		t.Errorf("the reply to a late mail must say so:\n%s", b)
	}
	if code, out, _ := run(t, afterTurn1, "run", "--dir", dir); code != exitOK || !strings.Contains(out, "0 players' orders accepted") {
		t.Errorf("a late mail must not be applied: %s", out)
	}
}

func TestCheckJudgesEquipment(t *testing.T) {
	dir := withPendingBattle(t) // siege B0-1 at P11: the empire's A1 (500) against the orc capital
	c, _ := openCampaign(dir)
	md, _ := c.maildir()
	raw := "From: Karl Franz <karl@reikland.example>\r\nTo: turns@riverlands.example\r\nSubject: siege kit\r\n" +
		"Message-ID: <kit@reikland.example>\r\n\r\nCAMPAIGN riverlands PLAYER empire TURN 1\r\nEQUIP B0-1 ladders 4\r\nEQUIP B9-9 ram 1\r\n"
	name, err := md.Deliver([]byte(raw), "kit")
	if err != nil {
		t.Fatal(err)
	}
	at := beforeTurn1
	os.Chtimes(filepath.Join(md.Dir(), "new", name), at, at)
	if code, _, stderr := run(t, at, "check", "--dir", dir); code != exitOK {
		t.Fatal(stderr)
	}
	replies, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "replies", "*.eml"))
	if len(replies) != 1 {
		t.Fatalf("%d replies", len(replies))
	}
	b, _ := os.ReadFile(replies[0])
	body := strings.ReplaceAll(string(b), "=\r\n", "")
	for _, want := range []string{"EQUIP B0-1 ladders 4: accepted, 0 of 75 points", "EQUIP B9-9 ram 1: refused: there is no siege B9-9 awaiting its result"} {
		if !strings.Contains(body, want) {
			t.Errorf("the reply lacks %q:\n%s", want, body)
		}
	}
}

// TestModeratorMailsResults: the moderator may send battle results by
// mail (docs/orders.md); they are recorded as turnproc result would, once, and
// acknowledged; a player's RESULT line is refused.
func TestModeratorMailsResults(t *testing.T) {
	dir := withPendingBattle(t) // siege B0-1 at P11
	c, _ := openCampaign(dir)
	md, _ := c.maildir()
	deliver := func(uniq, from, body string) {
		raw := "From: " + from + "\r\nTo: turns@riverlands.example\r\nSubject: " + uniq + "\r\nMessage-ID: <" + uniq + "@x.example>\r\n\r\n" + body
		name, err := md.Deliver([]byte(raw), uniq)
		if err != nil {
			t.Fatal(err)
		}
		os.Chtimes(filepath.Join(md.Dir(), "new", name), beforeTurn1, beforeTurn1)
	}
	deliver("results", "Marta <moderator@riverlands.example>", "CAMPAIGN riverlands PLAYER moderator TURN 1\r\nRESULT B0-1 defender 500 100\r\nRESULT B7-7 draw 1 1\r\n")
	deliver("cheat", "Grom <grom@blackcrag.example>", "CAMPAIGN riverlands PLAYER orcs TURN 1\r\nRESULT B0-1 defender 0 0\r\n")
	if code, _, stderr := run(t, beforeTurn1, "check", "--dir", dir); code != exitOK {
		t.Fatal(stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "turns", "000", "results", "B0-1.json"))
	if err != nil || !strings.Contains(string(data), `"attacker_vp": 500`) {
		t.Fatalf("the mailed result was not recorded: %s %v", data, err)
	}
	replies, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "replies", "*.eml"))
	var all strings.Builder
	for _, r := range replies {
		b, _ := os.ReadFile(r)
		all.WriteString(strings.ReplaceAll(string(b), "=\r\n", ""))
	}
	for _, want := range []string{"RESULT B0-1 defender 500 100: recorded", "RESULT B7-7 draw 1 1: refused: no battle B7-7 is awaiting a result",
		"only the moderator enters battle results"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("the replies lack %q", want)
		}
	}
	if code, _, stderr := run(t, afterTurn1, "run", "--dir", dir); code != exitOK {
		t.Errorf("the run must apply the mailed result: %s", stderr)
	}
}

// TestEquipmentReachesTheTable: a defender's accepted EQUIP of a reinforced
// gate is kept and the damage helper's gate gets its extra wound (ES-EQD).
func TestEquipmentReachesTheTable(t *testing.T) {
	dir := withPendingBattle(t) // siege B0-1 at P11: orcs defend their capital
	c, _ := openCampaign(dir)
	md, _ := c.maildir()
	raw := "From: Grom <grom@blackcrag.example>\r\nTo: turns@riverlands.example\r\nSubject: gate\r\n" +
		"Message-ID: <gate@blackcrag.example>\r\n\r\nCAMPAIGN riverlands PLAYER orcs TURN 1\r\nEQUIP B0-1 reinforced gate 1\r\n"
	name, _ := md.Deliver([]byte(raw), "gate")
	os.Chtimes(filepath.Join(md.Dir(), "new", name), beforeTurn1, beforeTurn1)
	if code, _, stderr := run(t, beforeTurn1, "check", "--dir", dir); code != exitOK {
		t.Fatal(stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "turns", "000", "sieges", "B0-1-equipment-defender.json")); err != nil {
		t.Fatalf("the accepted declaration was not kept: %v", err)
	}
	code, out, stderr := run(t, beforeTurn1, "siege", "damage", "--dir", dir, "B0-1", "--show")
	if code != exitOK || !strings.Contains(out, "W8") {
		t.Errorf("the reinforced gate must have 8 wounds:\n%s%s", out, stderr)
	}
}

// TestCheckSurvivesMailWithoutSender: a mail with no readable sender is
// kept and logged as rejected, never answered, and never stops the others.
func TestCheckSurvivesMailWithoutSender(t *testing.T) {
	dir := withTurnOneMail(t)
	os.WriteFile(filepath.Join(dir, "mailbox", "new", "empty"), nil, 0o644)
	code, out, stderr := run(t, beforeTurn1.Add(96*time.Hour), "check", "--dir", dir)
	if code != exitOK || !strings.HasPrefix(out, "Turn 1: 6 new mails fetched, 5 answered") {
		t.Fatalf("check: exit %d\n%s%s", code, out, stderr)
	}
}

// TestRunAndCheckDoNotOverlap: while one check or run works on a
// campaign, another is turned away (exit 4) rather than racing it.
func TestRunAndCheckDoNotOverlap(t *testing.T) {
	dir := newCampaign(t)
	c, _ := openCampaign(dir)
	holder := testEnv()
	holder.command = "run"
	unlock, err := c.lockWork(holder)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	busy := fmt.Sprintf("another turnproc check or run is working on this campaign (%s is locked by pid %d run since 2026-12-06T20:05:00Z)",
		filepath.Join(dir, "turnproc.lock"), os.Getpid())
	for _, cmd := range []string{"check", "run"} {
		code, _, stderr := run(t, afterTurn1, cmd, "--dir", dir)
		if code != exitBlocked || !strings.Contains(stderr, busy) {
			t.Errorf("%s: exit %d %q", cmd, code, stderr)
		}
	}
}

// TestStaleLockIsReported: a lock file still naming its holder is the
// trace of a turnproc killed at work: the next command says so,
// takes the lock (the kernel freed it) and does its work.
func TestStaleLockIsReported(t *testing.T) {
	dir := withTurnOneMail(t)
	writeTestFile(t, filepath.Join(dir, "turnproc.lock"), []byte("pid 4242 run since 2026-12-06T20:00:00Z\n"))
	code, _, stderr := run(t, afterTurn1, "check", "--dir", dir)
	if code != exitOK || !strings.Contains(stderr, `level=WARN msg="a turnproc was killed at work on this campaign; its work resumes"`) ||
		!strings.Contains(stderr, `holder="pid 4242 run since 2026-12-06T20:00:00Z"`) {
		t.Fatalf("check over a stale lock: exit %d\n%s", code, stderr)
	}
	if rest := readTestFile(t, filepath.Join(dir, "turnproc.lock")); len(rest) != 0 {
		t.Errorf("a finished check leaves %q in its lock file", rest)
	}
}
