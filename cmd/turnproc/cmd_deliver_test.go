package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/internal/testmail"
)

// testPassword is the SMTP password the test sink takes.
const testPassword = testmail.Password

// startSMTPSink serves SMTP on 127.0.0.1 for a campaign's delivery.
func startSMTPSink(t *testing.T) *testmail.Sink { return testmail.StartSink(t, testmail.Options{}) }

// runSMTP runs a command whose environment holds the SMTP password.
func runSMTP(t *testing.T, now time.Time, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runWithPassword(t, testPassword, now, args...)
}

// runWithPassword runs a command with TURNPROC_SMTP_PASSWORD = password.
func runWithPassword(t *testing.T, password string, now time.Time, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb,
		getenv: func(k string) string {
			if k == "TURNPROC_SMTP_PASSWORD" {
				return password
			}
			return ""
		},
		now: func() time.Time { return now }, newSeed: func() (string, error) { return "feedface", nil }}
	code = dispatch(context.Background(), e, args)
	return code, out.String(), errb.String()
}

// useSMTP switches a campaign directory to delivery by SMTP at 127.0.0.1:port.
func useSMTP(t *testing.T, dir string, port int) {
	t.Helper()
	path := filepath.Join(dir, "campaign.toml")
	text := string(readTestFile(t, path))
	if i := strings.Index(text, "[delivery]\n"); i >= 0 { // up to the next blank line, or the end
		rest := ""
		if end := strings.Index(text[i:], "\n\n"); end >= 0 {
			rest = text[i+end+2:]
		}
		text = text[:i] + rest
	}
	text += fmt.Sprintf("\n[delivery]\nkind = \"smtp\"\nfrom = \"Riverlands turnproc <turns@riverlands.example>\"\n"+
		"[delivery.smtp]\nhost = \"127.0.0.1\"\nport = %d\ntls = \"none\"\nusername = \"turns\"\npassword_env = \"TURNPROC_SMTP_PASSWORD\"\n", port)
	writeTestFile(t, path, []byte(text))
}

// wantSent checks that the sink received exactly these files, in order,
// byte for byte, each from the campaign's address to its To address.
func wantSent(t *testing.T, s *testmail.Sink, paths ...string) {
	t.Helper()
	got := s.Mails()
	if len(got) != len(paths) {
		t.Fatalf("the server received %d mails, want %d", len(got), len(paths))
	}
	for i, p := range paths {
		eml := readTestFile(t, p)
		if !bytes.Equal(got[i].Data, eml) {
			t.Errorf("mail %d is not %s as written", i+1, p)
		}
		if got[i].From != "turns@riverlands.example" || len(got[i].To) != 1 || !bytes.Contains(eml, []byte("<"+got[i].To[0]+">")) {
			t.Errorf("mail %d (%s): envelope %s → %v", i+1, p, got[i].From, got[i].To)
		}
	}
}

func reportMails(dir string, turn int) []string {
	var out []string
	for _, p := range []string{"chaos", "dwarfs", "empire", "orcs"} {
		out = append(out, filepath.Join(dir, "turns", fmt.Sprintf("%03d", turn), "outbox", p+".eml"))
	}
	return out
}

func TestCheckAndRunDeliverEachMailOnce(t *testing.T) {
	s := startSMTPSink(t)
	dir := withTurnOneMail(t)
	useSMTP(t, dir, s.Port)

	if code, _, stderr := runSMTP(t, beforeTurn1.Add(96*time.Hour), "check", "--dir", dir); code != exitOK {
		t.Fatalf("check: exit %d: %s", code, stderr)
	}
	acks := emlFiles(filepath.Join(dir, "inbox", "001", "replies"))
	if len(acks) != 5 {
		t.Fatalf("%d acknowledgements", len(acks))
	}
	wantSent(t, s, acks...)

	if code, _, stderr := runSMTP(t, afterTurn1, "run", "--dir", dir); code != exitOK {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	wantSent(t, s, append(acks, reportMails(dir, 1)...)...)

	code, out, stderr := runSMTP(t, afterTurn1, "deliver", "--dir", dir)
	if code != exitOK || out != "0 mails sent, 0 queued.\n" {
		t.Errorf("deliver after the run: exit %d, %q %s", code, out, stderr)
	}
	if _, out, _ := runSMTP(t, afterTurn1, "status", "--dir", dir); !strings.Contains(out, "Mail by SMTP: 9 sent, 0 queued") ||
		!strings.Contains(out, "Mail of turn 1: 4 report mails") {
		t.Errorf("status:\n%s", out)
	}

	resendAt := afterTurn1.Add(time.Hour)
	code, out, stderr = runSMTP(t, resendAt, "resend", "--dir", dir, "--turn", "1", "--player", "empire")
	if code != exitOK || out != "Report of turn 1 sent again to empire.\n" {
		t.Fatalf("resend: exit %d, %q %s", code, out, stderr)
	}
	empire := filepath.Join(dir, "turns", "001", "outbox", "empire.eml")
	wantSent(t, s, append(append(acks, reportMails(dir, 1)...), empire)...)
	log := string(readTestFile(t, filepath.Join(dir, "turns", "001", "outbox", "sent", "empire.log")))
	port := fmt.Sprint(s.Port)
	if want := "2026-12-06T20:05:00Z sent via 127.0.0.1:" + port + "\n2026-12-06T21:05:00Z resent via 127.0.0.1:" + port + "\n"; log != want {
		t.Errorf("the sent record is %q, want %q", log, want)
	}
}

// TestFailedSendStaysQueued: a server that drops the connection in the
// middle of a mail does not fail the turn; the mails stay queued and the
// next deliver sends each exactly once. A mail whose sent record is
// missing (a crash right after the server took it) is sent once more.
func TestFailedSendStaysQueued(t *testing.T) {
	s := startSMTPSink(t)
	s.OnData = testmail.DropSecond
	dir := newCampaign(t)
	useSMTP(t, dir, s.Port)

	code, _, stderr := runSMTP(t, afterTurn1, "run", "--dir", dir)
	if code != exitOK || !strings.Contains(stderr, "mail not sent: the work is complete, 3 mails queued; the next run delivers them") {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "state", "turn-002.json")); err != nil {
		t.Fatalf("the turn must be complete: %v", err)
	}
	mails := reportMails(dir, 1)
	wantSent(t, s, mails[0])
	// The second mail's content had started: status says it may have gone.
	mayHaveGone := "  may have gone: " + mails[1] + " (its sending was interrupted; it is sent again, so the player may get it twice)\n"
	if _, out, _ := runSMTP(t, afterTurn1, "status", "--dir", dir); !strings.Contains(out, mayHaveGone) {
		t.Errorf("status does not say %q:\n%s", mayHaveGone, out)
	}

	code, out, stderr := runSMTP(t, afterTurn1, "deliver", "--dir", dir)
	if code != exitOK || out != "3 mails sent, 0 queued.\n" {
		t.Fatalf("deliver: exit %d, %q %s", code, out, stderr)
	}
	wantSent(t, s, mails...)
	if _, out, _ := runSMTP(t, afterTurn1, "status", "--dir", dir); strings.Contains(out, "may have gone") {
		t.Errorf("status after the mail went:\n%s", out)
	}

	os.Remove(filepath.Join(dir, "turns", "001", "outbox", "sent", "orcs.log"))
	if _, out, _ := runSMTP(t, afterTurn1, "status", "--dir", dir); !strings.Contains(out, "Mail by SMTP: 3 sent, 1 queued") {
		t.Errorf("status:\n%s", out)
	}
	down := downPort(t)
	useSMTP(t, dir, down)
	code, out, stderr = runSMTP(t, afterTurn1, "deliver", "--dir", dir)
	want := fmt.Sprintf("turnproc: error: reports: smtp 127.0.0.1:%d: dial tcp 127.0.0.1:%d: connect: connection refused\n"+
		"hint: 1 mails stay queued; run turnproc deliver again once the server answers (run and check retry too)\n", down, down)
	if code != exitFailure || out != "" || stderr != want {
		t.Errorf("deliver to no server: exit %d, %q\nstderr %q\nwant   %q", code, out, stderr, want)
	}
	useSMTP(t, dir, s.Port)
	if code, out, stderr := runSMTP(t, afterTurn1, "deliver", "--dir", dir); code != exitOK || out != "1 mails sent, 0 queued.\n" {
		t.Fatalf("deliver: exit %d, %q %s", code, out, stderr)
	}
	wantSent(t, s, append(mails, mails[3])...)
}

// downPort is a port of 127.0.0.1 where no one listens.
func downPort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// TestUnreachableServer: the turn completes with its mails queued; a
// refused login keeps them queued; another drain running keeps out.
func TestUnreachableServer(t *testing.T) {
	s := startSMTPSink(t)
	dir := newCampaign(t)
	useSMTP(t, dir, downPort(t))
	code, out, stderr := runSMTP(t, afterTurn1, "run", "--dir", dir)
	if code != exitOK || !strings.Contains(out, "Turn 1 of \"riverlands\" resolved") ||
		!strings.Contains(stderr, "mail not sent: the work is complete, 4 mails queued; the next run delivers them") {
		t.Fatalf("run: exit %d\n%s%s", code, out, stderr)
	}

	useSMTP(t, dir, s.Port)
	code, _, stderr = runWithPassword(t, "wrong-pw", afterTurn1, "deliver", "--dir", dir)
	want := fmt.Sprintf("turnproc: error: reports: smtp 127.0.0.1:%d: login as turns refused: 535 \"5.7.8 Authentication failed\"\n"+
		"hint: 4 mails stay queued; run turnproc deliver again once the server answers (run and check retry too)\n", s.Port)
	if code != exitFailure || stderr != want {
		t.Errorf("deliver with a wrong password: exit %d\nstderr %q\nwant   %q", code, stderr, want)
	}

	c, err := openCampaign(dir)
	if err != nil {
		t.Fatal(err)
	}
	unlock, err := c.lockOutbox(testEnv())
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runSMTP(t, afterTurn1, "deliver", "--dir", dir)
	want = "turnproc: error: another turnproc is sending this campaign's mail (" + filepath.Join(dir, "deliver.lock") + fmt.Sprintf(" is locked by pid %d turnproc since %s)\n", os.Getpid(), afterTurn1.UTC().Format(time.RFC3339)) +
		"hint: wait for it to finish; whatever it leaves queued is sent by the next run\n"
	if code != exitFailure || stderr != want {
		t.Errorf("deliver while locked: exit %d\nstderr %q\nwant   %q", code, stderr, want)
	}
	unlock()
	if n := len(s.Mails()); n != 0 {
		t.Fatalf("%d mails sent", n)
	}
	if code, out, stderr := runSMTP(t, afterTurn1, "deliver", "--dir", dir); code != exitOK || out != "4 mails sent, 0 queued.\n" {
		t.Fatalf("deliver: exit %d, %q %s", code, out, stderr)
	}
	wantSent(t, s, reportMails(dir, 1)...)
}

// TestRefusedMailIsPassedOver: a mail the server refuses for good stays
// queued without holding back the others, until its third refusal sets
// it aside for the moderator: deliver then stops failing for it.
func TestRefusedMailIsPassedOver(t *testing.T) {
	s := startSMTPSink(t)
	dir := newCampaign(t)
	config := filepath.Join(dir, "campaign.toml")
	writeTestFile(t, config, bytes.Replace(readTestFile(t, config), []byte("belegar@karak.example"), []byte("nobody@karak.example"), 1))
	useSMTP(t, dir, s.Port)
	code, _, stderr := runSMTP(t, afterTurn1, "run", "--dir", dir)
	if code != exitOK || !strings.Contains(stderr, "1 mails refused by the server stay queued") {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	mails := reportMails(dir, 1)
	wantSent(t, s, mails[0], mails[2], mails[3])
	code, _, stderr = runSMTP(t, afterTurn1, "deliver", "--dir", dir)
	want := fmt.Sprintf("turnproc: error: 1 mails refused by the server; the first: reports: smtp 127.0.0.1:%d: "+
		"recipient nobody@karak.example refused: 550 \"5.1.1 no such user\"\n"+
		"hint: they stay queued, and a mail refused 3 times over a day or more is set aside in refused/ beside it (turnproc status lists them): "+
		"correct the address or the server's settings, then run turnproc deliver again\n", s.Port)
	if code != exitFailure || !strings.HasSuffix(stderr, want) {
		t.Errorf("deliver: exit %d\nstderr %q\nwant   %q", code, stderr, want)
	}
	// A third refusal within the day may be the server's passing fault: the
	// mail stays queued. One a day after the first sets it aside.
	code, _, stderr = runSMTP(t, afterTurn1.Add(time.Hour), "deliver", "--dir", dir)
	if code != exitFailure || strings.Contains(stderr, "set aside for the moderator") {
		t.Errorf("deliver, refused a third time within the day: exit %d\n%s", code, stderr)
	}
	code, _, stderr = runSMTP(t, afterTurn1.Add(25*time.Hour), "deliver", "--dir", dir)
	if code != exitFailure || !strings.Contains(stderr, "mail refused 3 times over a day, set aside for the moderator") {
		t.Errorf("deliver, refused a day later: exit %d\n%s", code, stderr)
	}
	aside := filepath.Join(filepath.Dir(mails[1]), "refused", filepath.Base(mails[1]))
	if _, err := os.Stat(aside); err != nil {
		t.Errorf("the refused mail is not set aside: %v", err)
	}
	if log := string(readTestFile(t, strings.TrimSuffix(aside, ".eml")+".log")); strings.Count(log, "Z refused: ") != 4 {
		t.Errorf("the record of its refusals:\n%s", log)
	}
	if code, out, stderr := runSMTP(t, afterTurn1, "deliver", "--dir", dir); code != exitOK || out != "0 mails sent, 0 queued.\n" {
		t.Errorf("deliver after the mail was set aside: exit %d, %q %s", code, out, stderr)
	}
	if _, out, _ := runSMTP(t, afterTurn1, "status", "--dir", dir); !strings.Contains(out, "  set aside: "+aside+" (refused by the server 3 times") {
		t.Errorf("status does not list the mail set aside:\n%s", out)
	}
	if n := len(s.Mails()); n != 3 {
		t.Errorf("%d mails reached the server, want 3", n)
	}
}

func TestDeliverErrors(t *testing.T) {
	outboxDir := newCampaign(t)
	smtpDir := newCampaign(t)
	useSMTP(t, smtpDir, downPort(t))
	config := filepath.Join(smtpDir, "campaign.toml")
	text := string(readTestFile(t, config))
	env := strings.Count(text[:strings.Index(text, "password_env")], "\n") + 1
	noPassword := fmt.Sprintf("turnproc: error: config: %s:%d:16: delivery.smtp.password_env: environment variable TURNPROC_SMTP_PASSWORD is not set\n", config, env) +
		"hint: export TURNPROC_SMTP_PASSWORD in the environment turnproc runs in (cron included), or use password_file\n"
	cases := []struct {
		name     string
		password string
		args     []string
		code     int
		stderr   string
	}{
		{"outbox campaign", testPassword, []string{"deliver", "--dir", outboxDir}, exitBadInput,
			"turnproc: error: config: " + filepath.Join(outboxDir, "campaign.toml") + ":30:8: delivery.kind: \"outbox\": turnproc sends no mail; the outbox is the output\n" +
				"hint: set delivery.kind = \"smtp\" and fill in [delivery.smtp] to send mail\n"},
		{"no password", "", []string{"deliver", "--dir", smtpDir}, exitBadInput, noPassword},
		{"run without password", "", []string{"run", "--dir", smtpDir}, exitBadInput, noPassword},
		{"check without password", "", []string{"check", "--dir", smtpDir}, exitBadInput, noPassword},
		{"resend without flags", testPassword, []string{"resend", "--dir", smtpDir}, exitUsage,
			"turnproc: error: resend needs --turn N and --player ID\nhint: run \"turnproc resend --help\"\n"},
		{"resend unplayed turn", testPassword, []string{"resend", "--dir", smtpDir, "--turn", "1", "--player", "empire"}, exitUsage,
			"turnproc: error: resend: turn 1 has not been played yet\nhint: the turns played are 1 to 0\n"},
		{"resend unknown player", testPassword, []string{"resend", "--dir", smtpDir, "--turn", "1", "--player", "elves"}, exitUsage,
			"turnproc: error: resend: no player \"elves\" in the campaign\nhint: name a player by his id in the config\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runWithPassword(t, c.password, afterTurn1, c.args...)
			if code != c.code || stderr != c.stderr {
				t.Errorf("exit %d, want %d\nstderr %q\nwant   %q", code, c.code, stderr, c.stderr)
			}
		})
	}
}

// TestRunNotDueStillDelivers: a cron "turnproc run" that finds its turn
// not due yet still sends what an earlier run left queued (the next run
// delivers it), then says the turn is not due.
func TestRunNotDueStillDelivers(t *testing.T) {
	s := startSMTPSink(t)
	dir := newCampaign(t)
	useSMTP(t, dir, downPort(t))
	if code, out, stderr := runSMTP(t, afterTurn1, "run", "--dir", dir); code != exitOK {
		t.Fatalf("run: exit %d\n%s%s", code, out, stderr)
	}
	useSMTP(t, dir, s.Port)
	code, _, stderr := runSMTP(t, afterTurn1.Add(time.Hour), "run", "--dir", dir)
	if code != exitBlocked || !strings.Contains(stderr, "turnproc: error: turn 2 is not due until") {
		t.Fatalf("run before turn 2 is due: exit %d\n%s", code, stderr)
	}
	wantSent(t, s, reportMails(dir, 1)...)
}
