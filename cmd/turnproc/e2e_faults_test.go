package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The fault tests (docs/e2e.md) stop one of the real servers of the
// end-to-end test at a chosen moment and check that turnproc loses no mail
// and sends none twice: every mailbox is counted exactly.

// TestEndToEndPostfixDown resolves a turn while Postfix is down: the turn
// completes, its report mails stay queued, and once Postfix is back a
// deliver sends each exactly once.
func TestEndToEndPostfixDown(t *testing.T) {
	start := time.Now()
	_, srv, bin, camp := startE2E(t)

	for _, name := range []string{"01-empire.eml", "02-dwarfs.eml", "03-orcs.eml", "04-chaos.eml"} {
		srv.sendOrders(t, name)
	}
	srv.waitForMail(t, e2eModerator, 4)
	if out := bin.run(t, "check", "--dir", camp); !strings.Contains(out, "4 new mails fetched, 4 answered") {
		t.Fatalf("check: %s", out)
	}
	acksOnly := map[string]int{"karl": 1, "belegar": 1, "grom": 1, "archaon": 1}
	assertMailKinds(t, srv.settledMailboxes(t, acksOnly), campaignMails(t, camp), 1, 0)

	// Postfix goes down: run resolves the turn all the same and leaves the
	// four report mails queued, with a warning, not an error.
	srv.control(t, "stop-postfix")
	out, stderr, code := bin.exec(t, "run", "--early", "--dir", camp)
	if code != 0 {
		t.Fatalf("run with Postfix down exited %d, want 0:\n%s%s", code, out, stderr)
	}
	if !strings.HasPrefix(out, "Turn 1 of \"riverlands\" resolved: 4 mails read, 4 players' orders accepted") {
		t.Errorf("run with Postfix down: %s", out)
	}
	if !strings.Contains(stderr, "mail not sent: the work is complete, 4 mails queued") {
		t.Errorf("run with Postfix down does not say the mail is queued:\n%s", stderr)
	}
	if _, err := os.Stat(filepath.Join(camp, "state", "turn-002.json")); err != nil {
		t.Errorf("run with Postfix down wrote no next state: %v", err)
	}
	if n := len(emlFiles(filepath.Join(camp, "turns", "001", "outbox"))); n != 4 {
		t.Errorf("turns/001/outbox holds %d report mails, want 4", n)
	}
	if out := bin.run(t, "status", "--dir", camp); !strings.Contains(out, "Mail by SMTP: 4 sent, 4 queued") {
		t.Errorf("status with Postfix down:\n%s", out)
	}
	// A deliver now fails, says why, and still sends nothing.
	out, stderr, code = bin.exec(t, "deliver", "--dir", camp)
	if code != exitFailure || !strings.Contains(stderr, "4 mails stay queued") {
		t.Errorf("deliver with Postfix down: exit %d, want %d and \"4 mails stay queued\":\n%s%s", code, exitFailure, out, stderr)
	}
	assertMailKinds(t, srv.settledMailboxes(t, acksOnly), campaignMails(t, camp), 1, 0)

	// Postfix is back: deliver sends the four reports, once each.
	srv.control(t, "start-postfix")
	if out := bin.run(t, "deliver", "--dir", camp); out != "4 mails sent, 0 queued.\n" {
		t.Errorf("deliver after Postfix came back: %q", out)
	}
	withReports := map[string]int{"karl": 2, "belegar": 2, "grom": 2, "archaon": 2}
	assertMailKinds(t, srv.settledMailboxes(t, withReports), campaignMails(t, camp), 1, 1)
	if out := bin.run(t, "deliver", "--dir", camp); out != "0 mails sent, 0 queued.\n" {
		t.Errorf("second deliver: %q", out)
	}
	if out := bin.run(t, "status", "--dir", camp); !strings.Contains(out, "Mail by SMTP: 8 sent, 0 queued") {
		t.Errorf("status after deliver:\n%s", out)
	}
	assertMailKinds(t, srv.settledMailboxes(t, withReports), campaignMails(t, camp), 1, 1)
	assertModeratorMailbox(t, srv, 0, 4)
	t.Logf("e2e: %s from servers' start to the last check", time.Since(start).Round(time.Millisecond))
}

// TestEndToEndDovecotRestart stops and restarts Dovecot around the fetches
// of check (before a command, not during one): a check with Dovecot down
// fails with one clear line and takes nothing; after the restart every
// order mail is fetched and answered exactly once, and the IMAP state
// (UIDVALIDITY, last UID) survives a restart of the server.
func TestEndToEndDovecotRestart(t *testing.T) {
	start := time.Now()
	_, srv, bin, camp := startE2E(t)

	for _, name := range []string{"01-empire.eml", "02-dwarfs.eml", "03-orcs.eml", "04-chaos.eml"} {
		srv.sendOrders(t, name)
	}
	srv.waitForMail(t, e2eModerator, 4)
	arrived := time.Now()

	// Dovecot down: check fails at once, with one error line, and takes
	// nothing from the mailbox nor writes anything into the campaign.
	srv.control(t, "stop-dovecot")
	before := tree(t, camp)
	out, stderr, code := bin.exec(t, "check", "--dir", camp)
	t.Logf("check with Dovecot down: exit %d: %s", code, stderr)
	if code != exitFailure {
		t.Errorf("check with Dovecot down exited %d, want %d:\n%s%s", code, exitFailure, out, stderr)
	}
	var errLines []string
	for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if strings.HasPrefix(line, "turnproc: error: ") {
			errLines = append(errLines, line)
		}
	}
	if len(errLines) != 1 || !strings.Contains(errLines[0], "127.0.0.1") || out != "" {
		t.Errorf("check with Dovecot down, want one error line naming the server and no output:\nstdout: %q\nstderr:\n%s", out, stderr)
	}
	assertSameFiles(t, camp, before, tree(t, camp), "a failed check")

	srv.control(t, "start-dovecot")
	assertModeratorMailbox(t, srv, 4, 0)
	if out := bin.run(t, "check", "--dir", camp); !strings.Contains(out, "4 new mails fetched, 4 answered") {
		t.Fatalf("check after Dovecot came back: %s", out)
	}
	acks := map[string]int{"karl": 1, "belegar": 1, "grom": 1, "archaon": 1}
	assertMailKinds(t, srv.settledMailboxes(t, acks), campaignMails(t, camp), 1, 0)
	assertModeratorMailbox(t, srv, 0, 4)

	// Dovecot restarts between two fetches; the empire's second mail
	// arrives after it (in a later second than his first, which it
	// replaces). The next check fetches that one mail only.
	srv.control(t, "stop-dovecot")
	srv.control(t, "start-dovecot")
	time.Sleep(time.Until(arrived.Add(1100 * time.Millisecond)))
	srv.sendOrders(t, "05-empire.eml")
	srv.waitForMail(t, e2eModerator, 1)
	if out := bin.run(t, "check", "--dir", camp); !strings.Contains(out, "1 new mails fetched, 1 answered") {
		t.Fatalf("check after Dovecot restarted: %s", out)
	}
	acks["karl"] = 2
	assertMailKinds(t, srv.settledMailboxes(t, acks), campaignMails(t, camp), -1, 0)
	assertModeratorMailbox(t, srv, 0, 5)

	// Nothing new: a further check fetches and answers nothing.
	if out := bin.run(t, "check", "--dir", camp); !strings.Contains(out, "0 new mails fetched, 0 answered") {
		t.Errorf("check with nothing new: %s", out)
	}
	assertMailKinds(t, srv.settledMailboxes(t, acks), campaignMails(t, camp), -1, 0)
	assertModeratorMailbox(t, srv, 0, 5)
	inbox := filepath.Join(camp, "inbox", "001")
	if n, r := len(emlFiles(inbox)), len(emlFiles(filepath.Join(inbox, "replies"))); n != 5 || r != 5 {
		t.Errorf("inbox/001 holds %d mails and %d replies, want 5 and 5", n, r)
	}
	t.Logf("e2e: %s from servers' start to the last check", time.Since(start).Round(time.Millisecond))
}

// assertMailKinds checks the mails of every player's INBOX against the
// campaign's own: each one is an acknowledgement or a report mail of the
// campaign, each player got acks acknowledgements (any number if -1) and
// reports report mails, and every report mail carries a valid PDF.
func assertMailKinds(t *testing.T, got map[string][]fetchedMail, kinds map[string]string, acks, reports int) {
	t.Helper()
	for user, msgs := range got {
		n := map[string]int{}
		seen := map[string]bool{}
		for _, m := range msgs {
			if seen[m.messageID] {
				t.Errorf("%s received %s twice", user, m.messageID)
			}
			seen[m.messageID] = true
			kind := kinds[m.messageID]
			n[kind]++
			switch kind {
			case "ack":
			case "report":
				if pdf := attachedPDF(t, m.raw); !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.HasSuffix(bytes.TrimSpace(pdf), []byte("%%EOF")) {
					t.Errorf("%s's report mail carries no valid PDF (%d bytes)", user, len(pdf))
				}
			default:
				t.Errorf("%s received %s, not a mail of the campaign", user, m.messageID)
			}
		}
		if (acks >= 0 && n["ack"] != acks) || n["report"] != reports {
			t.Errorf("%s received %d acknowledgements and %d report mails, want %d and %d", user, n["ack"], n["report"], acks, reports)
		}
	}
}

// assertModeratorMailbox checks how many mails the moderator's INBOX and
// its Processed folder (where check moves what it took) hold.
func assertModeratorMailbox(t *testing.T, srv *mailServers, inbox, processed int) {
	t.Helper()
	if n := srv.folderCount(t, e2eModerator, "INBOX"); n != inbox {
		t.Errorf("the moderator's INBOX holds %d mails, want %d", n, inbox)
	}
	if n := srv.folderCount(t, e2eModerator, "Processed"); n != processed {
		t.Errorf("the moderator's Processed folder holds %d mails, want %d", n, processed)
	}
}

// assertSameFiles checks that the campaign directory did not change, but
// for its lock files.
func assertSameFiles(t *testing.T, camp string, before, after map[string][]byte, what string) {
	t.Helper()
	for rel, data := range after {
		if strings.HasSuffix(rel, ".lock") {
			continue
		}
		if old, ok := before[rel]; !ok {
			t.Errorf("%s wrote %s", what, filepath.Join(camp, rel))
		} else if !bytes.Equal(old, data) {
			t.Errorf("%s changed %s", what, filepath.Join(camp, rel))
		}
	}
	for rel := range before {
		if _, ok := after[rel]; !ok {
			t.Errorf("%s removed %s", what, filepath.Join(camp, rel))
		}
	}
}

// TestEndToEndDovecotRestartMidCheck restarts Dovecot in the middle of a
// check, at two chosen points, deterministically: turnproc reads the
// mailbox over plain IMAP (tls = "none", allowed on loopback) through a
// proxy of the test, which holds back the first command holding a given
// text, stops Dovecot, and so cuts the session there. Once while the mail
// bodies are being fetched, once after they were fetched and stored but
// before they are marked taken. Neither failed check answers a mail; the
// check after the restart answers each mail once and takes each once.
func TestEndToEndDovecotRestartMidCheck(t *testing.T) {
	start := time.Now()
	_, srv, bin, camp := startE2E(t)
	proxy := startIMAPProxy(t, srv)
	cfgPath := filepath.Join(camp, "campaign.toml")
	cfg := string(readTestFile(t, cfgPath))
	old := fmt.Sprintf("port = %d\nusername = \"%s@%s\"\ntls = \"tls\"\n", srv.imapsPort, e2eModerator, e2eDomain)
	if !strings.Contains(cfg, old) {
		t.Fatalf("%s holds no %q", cfgPath, old)
	}
	cfg = strings.Replace(cfg, old, fmt.Sprintf("port = %d\nusername = \"%s@%s\"\ntls = \"none\"\n", proxy.port, e2eModerator, e2eDomain), 1)
	writeTestFile(t, cfgPath, []byte(cfg))

	for _, name := range []string{"01-empire.eml", "02-dwarfs.eml", "03-orcs.eml", "04-chaos.eml"} {
		srv.sendOrders(t, name)
	}
	srv.waitForMail(t, e2eModerator, 4)
	inbox := filepath.Join(camp, "inbox", "001")
	none := map[string]int{"karl": 0, "belegar": 0, "grom": 0, "archaon": 0}

	for _, cut := range []struct {
		at     string // the client command Dovecot stops before
		stored int    // mails in inbox/001 afterwards
	}{
		{"BODY.PEEK[]", 0}, // while fetching the mails
		{"+FLAGS", 4},      // after they are stored, before they are flagged \Seen and moved
	} {
		proxy.cutAt(cut.at, func() {
			// In the proxy's goroutine, where t.Fatal is not allowed.
			if out, err := exec.Command("bash", "../../scripts/mailservers.sh", "stop-dovecot", srv.dir).CombinedOutput(); err != nil {
				t.Errorf("mailservers.sh stop-dovecot: %v\n%s", err, out)
			}
		})
		out, stderr, code := bin.exec(t, "check", "--dir", camp)
		t.Logf("check cut before %q: exit %d: %s", cut.at, code, stderr)
		if !proxy.didCut() {
			t.Fatalf("check never sent %q:\n%s%s", cut.at, out, stderr)
		}
		if code != exitFailure || out != "" || strings.Count(stderr, "turnproc: error: ") != 1 {
			t.Errorf("check cut before %q: exit %d, want %d with one error line and no output:\nstdout: %q\nstderr:\n%s",
				cut.at, code, exitFailure, out, stderr)
		}
		srv.control(t, "start-dovecot")
		if n, r := len(emlFiles(inbox)), len(emlFiles(filepath.Join(inbox, "replies"))); n != cut.stored || r != 0 {
			t.Errorf("after check cut before %q inbox/001 holds %d mails and %d replies, want %d and 0", cut.at, n, r, cut.stored)
		}
		if exists(filepath.Join(camp, "intake-imap.json")) {
			t.Errorf("check cut before %q saved the UID state", cut.at)
		}
		assertModeratorMailbox(t, srv, 4, 0)
		srv.settledMailboxes(t, none)
	}

	// Dovecot is up for good: check takes the four mails (stored already
	// by the cut check, so none is new) and answers each once.
	if out := bin.run(t, "check", "--dir", camp); !strings.Contains(out, "0 new mails fetched, 4 answered") {
		t.Errorf("check after the restarts: %s", out)
	}
	acks := map[string]int{"karl": 1, "belegar": 1, "grom": 1, "archaon": 1}
	assertMailKinds(t, srv.settledMailboxes(t, acks), campaignMails(t, camp), 1, 0)
	assertModeratorMailbox(t, srv, 0, 4)
	if out := bin.run(t, "check", "--dir", camp); !strings.Contains(out, "0 new mails fetched, 0 answered") {
		t.Errorf("check with nothing new: %s", out)
	}
	assertMailKinds(t, srv.settledMailboxes(t, acks), campaignMails(t, camp), 1, 0)
	assertModeratorMailbox(t, srv, 0, 4)
	if n, r := len(emlFiles(inbox)), len(emlFiles(filepath.Join(inbox, "replies"))); n != 4 || r != 4 {
		t.Errorf("inbox/001 holds %d mails and %d replies, want 4 and 4", n, r)
	}
	t.Logf("e2e: %s from servers' start to the last check", time.Since(start).Round(time.Millisecond))
}

// imapProxy forwards plain IMAP to Dovecot and can stop it at a chosen
// client command.
type imapProxy struct {
	port int

	mu      sync.Mutex
	trigger string // the text of the command to cut at; "" for none
	action  func()
	cut     bool
}

func startIMAPProxy(t *testing.T, srv *mailServers) *imapProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	p := &imapProxy{port: ln.Addr().(*net.TCPAddr).Port}
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			go p.serve(client, fmt.Sprintf("127.0.0.1:%d", srv.imapPort))
		}
	}()
	return p
}

// cutAt arms the proxy: the next client command holding text is not
// forwarded; action runs instead, then the session is closed.
func (p *imapProxy) cutAt(text string, action func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.trigger, p.action, p.cut = text, action, false
}

func (p *imapProxy) didCut() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cut
}

func (p *imapProxy) serve(client net.Conn, server string) {
	defer client.Close()
	up, err := net.Dial("tcp", server)
	if err != nil {
		return
	}
	defer up.Close()
	go func() {
		io.Copy(client, up)
		client.Close()
	}()
	r := bufio.NewReader(client)
	for {
		line, err := r.ReadBytes('\n') // commands are lines; literals are forwarded as lines too
		if len(line) > 0 {
			p.mu.Lock()
			hit := p.trigger != "" && bytes.Contains(bytes.ToUpper(line), []byte(strings.ToUpper(p.trigger)))
			action := p.action
			if hit {
				p.trigger, p.cut = "", true
			}
			p.mu.Unlock()
			if hit {
				action()
				return
			}
			if _, err := up.Write(line); err != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}
