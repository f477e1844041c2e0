package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRunsRacing holds one real "run --early" right after it has read the
// turn (pausePoint), runs a second one meanwhile, then lets the first go
// on. The work lock is taken before the turn is read, so the second finds
// the campaign busy (exit 4) and the turn is played once: every report
// mail reaches the server once, and the archive agrees with the state.
func TestRunsRacing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildTurnproc(t, t.TempDir())
	sink := startSMTPSink(t)
	dir := withTurnOneMail(t)
	useSMTP(t, dir, sink.Port)
	password := "TURNPROC_SMTP_PASSWORD=" + testPassword
	hold := filepath.Join(t.TempDir(), "first")

	first := exec.Command(bin.path, "run", "--early", "--dir", dir)
	first.Env = append(os.Environ(), password, pauseEnv+"="+pauseLoaded+":"+hold)
	var out bytes.Buffer // written by the process's one writer: exec copies both streams through one pipe
	first.Stdout, first.Stderr = &out, &out
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	waitForFile(t, hold+".paused")

	err := runBin(bin, []string{password}, "run", "--early", "--dir", dir)
	var exit *exec.ExitError
	if err == nil || !errors.As(err, &exit) || exit.ExitCode() != exitBlocked {
		t.Errorf("the second run, while the first holds the turn: %v, want exit %d", err, exitBlocked)
	}
	if err := os.WriteFile(hold+".go", nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := first.Wait(); err != nil {
		t.Fatalf("the first run: %v\n%s", err, out.String())
	}
	// A run after the first finds turn 2 not due: nothing to do.
	if err := runBin(bin, []string{password}, "run", "--dir", dir); err == nil || !errors.As(err, &exit) || exit.ExitCode() != exitBlocked {
		t.Errorf("a run of the next turn before its deadline: %v, want exit %d", err, exitBlocked)
	}

	ids := map[string]int{}
	for _, m := range sink.Mails() {
		ids[messageID(t, m.Data)]++
	}
	if len(ids) == 0 {
		t.Fatal("no report mail was sent")
	}
	for id, n := range ids {
		if n != 1 {
			t.Errorf("mail %s sent %d times", id, n)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "state", "turn-003.json")); err == nil {
		t.Error("turn 2 was resolved too: the turn was played twice")
	}
	if err := runBin(bin, nil, "verify", "--dir", dir); err != nil {
		t.Errorf("verify after the race: %v", err)
	}
}

// waitForFile waits until path exists, for at most a minute.
func waitForFile(t *testing.T, path string) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			return
		}
	}
	t.Fatalf("%s never appeared", path)
}

// TestMissingMaildirIsAnError: a mailbox that is not there (a disk not
// mounted) is a failure for every command that reads it, and none of them
// makes a new one, so a turn is never resolved on no mail.
func TestMissingMaildirIsAnError(t *testing.T) {
	dir := withTurnOneMail(t)
	maildir := filepath.Join(dir, "mailbox")
	if err := os.RemoveAll(maildir); err != nil {
		t.Fatal(err)
	}
	before := tree(t, dir)
	for _, args := range [][]string{
		{"status", "--dir", dir},
		{"check", "--dir", dir},
		{"run", "--early", "--dir", dir},
		{"remind", "--dir", dir, "--hours", "1000"},
	} {
		code, _, stderr := run(t, afterTurn1, args...)
		if code != exitFailure {
			t.Errorf("%s: exit %d, want %d\n%s", args[0], code, exitFailure, stderr)
		}
		for _, want := range []string{maildir, "hint: ", "mount"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: the error does not say %q:\n%s", args[0], want, stderr)
			}
		}
		if _, err := os.Stat(maildir); err == nil {
			t.Fatalf("%s made a new maildir", args[0])
		}
	}
	after := tree(t, dir)
	delete(after, "turnproc.lock")
	delete(after, "deliver.lock")
	if len(after) != len(before) {
		t.Errorf("the refused commands wrote files: %d before, %d after", len(before), len(after))
	}
}

// TestWritingCommandsTakeTheLock: while another process holds the work
// lock, every command that writes the campaign waits its turn (exit 4)
// rather than reading a turn that may be committed under it.
func TestWritingCommandsTakeTheLock(t *testing.T) {
	dir := withTurnOneMail(t)
	f, err := os.OpenFile(filepath.Join(dir, "turnproc.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"check", "--dir", dir},
		{"run", "--early", "--dir", dir},
		{"remind", "--dir", dir, "--hours", "1000", "--wait", "0"},
		{"result", "--dir", dir, "B1-1", "attacker", "100", "200"},
		{"siege", "damage", "--dir", dir, "B1-1", "--show"},
		{"siege", "prebattle", "--dir", dir, "B1-1"},
	} {
		if code, _, stderr := run(t, afterTurn1, args...); code != exitBlocked {
			t.Errorf("%s with the lock held elsewhere: exit %d, want %d\n%s", strings.Join(args[:1], " "), code, exitBlocked, stderr)
		}
	}
}

// TestRunAnswersWhatItFetched: mail that reached the mailbox after the
// last check is fetched by run itself, and answered like any other.
func TestRunAnswersWhatItFetched(t *testing.T) {
	dir := withTurnOneMail(t)
	if code, _, stderr := run(t, afterTurn1, "run", "--dir", dir); code != exitOK {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	mails := emlFiles(filepath.Join(dir, "inbox", "001"))
	replies := emlFiles(filepath.Join(dir, "inbox", "001", "replies"))
	if len(mails) == 0 || len(replies) != len(mails) {
		t.Fatalf("run fetched %d mails and answered %d", len(mails), len(replies))
	}
	// The answers say the turn is being played, not that orders may still
	// be changed.
	for _, r := range replies {
		text := strings.Join(strings.Fields(decodeQP(t, string(readTestFile(t, r)))), " ")
		said := false
		for _, s := range []string{"the turn is being resolved with them now", "the turn is resolved without this mail",
			"el turno se está resolviendo ahora", "el turno se resuelve sin este correo"} {
			said = said || strings.Contains(text, s)
		}
		if !said || strings.Contains(text, "You may send new orders until then") || strings.Contains(text, "Hasta entonces puedes enviar") {
			t.Errorf("%s does not say the turn is being played:\n%s", r, text)
		}
	}
}

// TestStaleTempFilesRemoved: the temp files and folders of writes killed
// before their rename go at the next command that takes the campaign.
func TestStaleTempFilesRemoved(t *testing.T) {
	dir := withTurnOneMail(t)
	stale := []string{
		filepath.Join(dir, "state", ".turn-002.json.tmp-123456"),
		filepath.Join(dir, "inbox", "001", "replies", ".x.eml.tmp-42"),
		filepath.Join(dir, "turns", ".001.tmp-987", "events.json"),
	}
	for _, p := range stale {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, p, []byte("half"))
	}
	kept := filepath.Join(dir, ".notes.tmp-draft") // not a name turnproc writes
	writeTestFile(t, kept, []byte("mine"))
	if code, _, stderr := run(t, beforeTurn1, "check", "--dir", dir); code != exitOK {
		t.Fatalf("check: exit %d: %s", code, stderr)
	}
	for _, p := range stale {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s is still there", p)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "turns", ".001.tmp-987")); err == nil {
		t.Error("the temp folder of a record is still there")
	}
	if _, err := os.Stat(kept); err != nil {
		t.Errorf("a file that is not turnproc's was removed: %v", err)
	}
}

// TestRemindWaitsForTheLock: remind, started by cron on the hour beside a
// check, waits for the check to finish instead of skipping its turn.
func TestRemindWaitsForTheLock(t *testing.T) {
	dir := withTurnOneMail(t)
	f, err := os.OpenFile(filepath.Join(dir, "turnproc.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(1500 * time.Millisecond)
		f.Close() // the check is done
	}()
	if code, _, stderr := run(t, afterTurn1.Add(-time.Hour), "remind", "--dir", dir, "--wait", "30s"); code != exitOK {
		t.Errorf("remind while a check ends: exit %d\n%s", code, stderr)
	}
}

// TestBinaryCampaignIsPrivate: the real binary, under the usual umask
// 022, makes a campaign (init), answers its mail (check) and plays its
// turn (run) leaving every file and folder its owner's alone.
func TestBinaryCampaignIsPrivate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildTurnproc(t, t.TempDir())
	dir := filepath.Join(t.TempDir(), "camp")
	if err := runBin(bin, nil, "init", "--config", "../../examples/riverlands/campaign.toml", dir); err != nil {
		t.Fatal(err)
	}
	checkPrivate(t, dir)
	c, err := openCampaign(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := deliverDemoMail(c, "riverlands/mail/turn-001"); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check", "--dir", dir}, {"run", "--early", "--dir", dir}} {
		if err := runBin(bin, nil, args...); err != nil {
			t.Fatalf("%s: %v", args[0], err)
		}
	}
	checkPrivate(t, dir)
}
