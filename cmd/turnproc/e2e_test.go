package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The end-to-end test (docs/e2e.md) plays turn 1 of the example campaign
// against real servers: Dovecot and Postfix from Debian's packages, started
// on 127.0.0.1 by scripts/mailservers.sh. It needs root and the packages
// dovecot-imapd, dovecot-lmtpd and postfix; elsewhere it skips.

// e2ePlayers maps the example's players to their test mailboxes.
var e2ePlayers = map[string]string{"empire": "karl", "dwarfs": "belegar", "orcs": "grom", "chaos": "archaon"}

const (
	e2eDomain    = "campaign.test"
	e2eModerator = "turns"
	e2eWait      = 20 * time.Second // for a mail to cross Postfix and Dovecot
)

func TestEndToEndWithMailServers(t *testing.T) {
	start := time.Now()
	_, srv, bin, camp := startE2E(t)

	// The players send their turn-1 orders through Postfix, as mail clients
	// do. The empire's second mail replaces his first, so it must arrive
	// in a later second (arrival times have one-second steps).
	for _, name := range []string{"01-empire.eml", "02-dwarfs.eml", "03-orcs.eml", "04-chaos.eml"} {
		srv.sendOrders(t, name)
	}
	srv.waitForMail(t, e2eModerator, 4)
	time.Sleep(1100 * time.Millisecond)
	srv.sendOrders(t, "05-empire.eml")
	srv.waitForMail(t, e2eModerator, 5)

	// check fetches the orders over IMAP and mails an acknowledgement of
	// each through Postfix.
	out := bin.run(t, "check", "--dir", camp)
	if !strings.Contains(out, "5 new mails fetched, 5 answered") {
		t.Fatalf("check: %s", out)
	}
	wantAcks := map[string]int{"karl": 2, "belegar": 1, "grom": 1, "archaon": 1}
	got := srv.settledMailboxes(t, wantAcks)
	kinds := campaignMails(t, camp)
	for user, msgs := range got {
		for _, m := range msgs {
			if k := kinds[m.messageID]; k != "ack" {
				t.Errorf("%s received %s (%q), want only acknowledgements", user, m.messageID, k)
			}
		}
	}

	// run resolves the turn and mails each player his report.
	out = bin.run(t, "run", "--early", "--dir", camp)
	if !strings.HasPrefix(out, "Turn 1 of \"riverlands\" resolved: 5 mails read, 4 players' orders accepted") {
		t.Fatalf("run: %s", out)
	}
	for user, n := range wantAcks {
		wantAcks[user] = n + 1
	}
	got = srv.settledMailboxes(t, wantAcks)
	kinds = campaignMails(t, camp)
	for user, msgs := range got {
		reports := 0
		for _, m := range msgs {
			if kinds[m.messageID] != "report" {
				continue
			}
			reports++
			if pdf := attachedPDF(t, m.raw); !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.HasSuffix(bytes.TrimSpace(pdf), []byte("%%EOF")) {
				t.Errorf("%s's report mail carries no valid PDF (%d bytes)", user, len(pdf))
			}
		}
		if reports != 1 {
			t.Errorf("%s received %d report mails, want 1", user, reports)
		}
	}

	// Everything went out: a deliver sends nothing more.
	if out := bin.run(t, "deliver", "--dir", camp); out != "0 mails sent, 0 queued.\n" {
		t.Errorf("deliver after run: %q", out)
	}
	t.Logf("e2e: %s from servers' start to the last check", time.Since(start).Round(time.Millisecond))
}

// startE2E readies an end-to-end test, or skips it: its directory, the
// mail servers, the binary and the example campaign, inited.
func startE2E(t *testing.T) (root string, srv *mailServers, bin *turnprocBin, camp string) {
	t.Helper()
	skipWithoutMailServers(t)
	root = e2eRoot(t)
	srv = startMailServers(t, filepath.Join(root, "servers"))
	bin = buildTurnproc(t, root)
	return root, srv, bin, e2eCampaign(t, bin, srv, root)
}

// skipWithoutMailServers skips an e2e test under -short, without the
// packages or without root.
func skipWithoutMailServers(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("e2e: skipped in -short mode")
	}
	for _, bin := range []string{"/usr/sbin/dovecot", "/usr/sbin/postfix"} {
		if _, err := os.Stat(bin); err != nil {
			t.Skipf("e2e: %s not installed; apt-get install dovecot-imapd dovecot-lmtpd postfix (see docs/e2e.md)", bin)
		}
	}
	if os.Geteuid() != 0 {
		t.Skip("e2e: needs root to start Dovecot and Postfix (see docs/e2e.md)")
	}
}

// e2eRoot makes the test's directory. Not t.TempDir(): the daemons run as
// other users and need o+x on every directory above their files.
func e2eRoot(t *testing.T) string {
	t.Helper()
	root, err := os.MkdirTemp("/tmp", "turnproc-e2e-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if !t.Failed() {
			os.RemoveAll(root)
		}
	})
	return root
}

// turnprocBin is the turnproc binary built for the test, run with the
// test certificate trusted (Go reads SSL_CERT_FILE for its system roots,
// once per process: hence a process of its own).
type turnprocBin struct {
	path string
	env  []string
}

func buildTurnproc(t testing.TB, root string) *turnprocBin {
	t.Helper()
	path := filepath.Join(root, "turnproc")
	if out, err := exec.Command("go", "build", "-o", path, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return &turnprocBin{path: path}
}

// run runs a turnproc command, fails the test unless it exits 0 with no
// warning, and returns its standard output.
func (b *turnprocBin) run(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(b.path, args...)
	cmd.Env = append(os.Environ(), b.env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("turnproc %s: %v\n%s%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	if strings.Contains(stderr.String(), "level=WARN") {
		t.Errorf("turnproc %s warned:\n%s", strings.Join(args, " "), stderr.String())
	}
	return stdout.String()
}

// exec runs a turnproc command and returns its standard output, its
// standard error and its exit code, whatever they are.
func (b *turnprocBin) exec(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(b.path, args...)
	cmd.Env = append(os.Environ(), b.env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatalf("turnproc %s: %v", strings.Join(args, " "), err)
	}
	return out.String(), errOut.String(), code
}

// e2eCampaign inits the example campaign with its addresses moved to the
// test domain, reading orders over IMAP (implicit TLS) and sending through
// SMTP submission (STARTTLS), both as the moderator's mailbox.
func e2eCampaign(t *testing.T, bin *turnprocBin, srv *mailServers, root string) string {
	t.Helper()
	src := filepath.Join(root, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := string(readTestFile(t, "../../examples/riverlands/campaign.toml"))
	// The deadline lies ahead, so that check files the mail under turn 1
	// whatever today's date; run --early resolves the turn at once.
	deadline := time.Now().UTC().Add(48 * time.Hour).Truncate(time.Hour).Format(time.RFC3339)
	edits := []struct{ old, new string }{
		{"first = 2026-12-06T20:00:00Z", "first = " + deadline},
		{"kind = \"maildir\"                      # maildir | imap\nmaildir = \"mailbox\"\n", fmt.Sprintf(
			"kind = \"imap\"\n\n[intake.imap]\nhost = \"127.0.0.1\"\nport = %d\nusername = \"%s@%s\"\ntls = \"tls\"\n"+
				"processed_folder = \"Processed\"\npassword_env = \"TURNPROC_E2E_PASSWORD\"\n", srv.imapsPort, e2eModerator, e2eDomain)},
		{"kind = \"outbox\"                       # outbox | smtp\n", "kind = \"smtp\"\n"},
		{"\n[[players]]", fmt.Sprintf("\n[delivery.smtp]\nhost = \"127.0.0.1\"\nport = %d\nusername = \"%s@%s\"\n"+
			"tls = \"starttls\"\npassword_env = \"TURNPROC_E2E_PASSWORD\"\n\n[[players]]", srv.submissionPort, e2eModerator, e2eDomain)},
		{"moderator@riverlands.example", e2eModerator + "@" + e2eDomain},
	}
	for _, e := range edits {
		if !strings.Contains(cfg, e.old) {
			t.Fatalf("examples/riverlands/campaign.toml no longer holds %q: update the e2e test", e.old)
		}
		cfg = strings.Replace(cfg, e.old, e.new, 1)
	}
	cfg = toTestDomain(cfg)
	writeTestFile(t, filepath.Join(src, "campaign.toml"), []byte(cfg))
	writeTestFile(t, filepath.Join(src, "map.txt"), readTestFile(t, "../../examples/riverlands/map.txt"))

	bin.env = []string{"SSL_CERT_FILE=" + srv.cert, "TURNPROC_E2E_PASSWORD=" + srv.password(e2eModerator)}
	camp := filepath.Join(root, "camp")
	bin.run(t, "init", "--config", filepath.Join(src, "campaign.toml"), camp)
	return camp
}

var exampleDomains = regexp.MustCompile(`@(riverlands|reikland|karak|blackcrag|ruinfort)\.example\b`)

// toTestDomain moves every address of the example to the test domain.
func toTestDomain(s string) string {
	return exampleDomains.ReplaceAllString(s, "@"+e2eDomain)
}

// campaignMails classifies the mails the campaign wrote, by Message-ID:
// "ack" for an acknowledgement (inbox/NNN/replies/), "report" for a
// turn's report mail (turns/NNN/outbox/).
func campaignMails(t *testing.T, camp string) map[string]string {
	t.Helper()
	kinds := map[string]string{}
	for rel, data := range tree(t, camp) {
		if filepath.Ext(rel) != ".eml" {
			continue
		}
		kind := map[string]string{"replies": "ack", "outbox": "report"}[filepath.Base(filepath.Dir(rel))]
		if kind == "" {
			continue
		}
		id := messageID(t, data)
		if id == "" {
			t.Fatalf("%s has no Message-ID", rel)
		}
		kinds[id] = kind
	}
	return kinds
}
