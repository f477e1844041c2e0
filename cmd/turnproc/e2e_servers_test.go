package main

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"net/smtp"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// mailServers is a running scripts/mailservers.sh pair, seen as a player's
// mail client sees it.
type mailServers struct {
	dir                                 string
	imapPort, imapsPort, submissionPort int
	cert                                string
	tls                                 *tls.Config
}

// startMailServers starts Dovecot and Postfix on free ports in dir and
// stops them when the test ends; on failure it logs their logs.
func startMailServers(t *testing.T, dir string) *mailServers {
	t.Helper()
	ports := freePorts(t, 3)
	cmd := exec.Command("bash", "../../scripts/mailservers.sh", "start", dir)
	cmd.Env = append(os.Environ(), "MAILSERVERS_IMAP_PORT="+strconv.Itoa(ports[0]),
		"MAILSERVERS_IMAPS_PORT="+strconv.Itoa(ports[1]), "MAILSERVERS_SUBMISSION_PORT="+strconv.Itoa(ports[2]))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	t.Cleanup(func() {
		if t.Failed() {
			logServerLogs(t, dir)
		}
		if out, err := exec.Command("bash", "../../scripts/mailservers.sh", "stop", dir).CombinedOutput(); err != nil {
			t.Errorf("mailservers.sh stop: %v\n%s", err, out)
		}
	})
	if err != nil {
		t.Fatalf("mailservers.sh start: %v\n%s", err, stderr.String())
	}
	vars := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		k, v, _ := strings.Cut(line, "=")
		vars[k] = v
	}
	s := &mailServers{dir: dir, cert: vars["MAILSERVERS_CERT"]}
	s.imapPort, _ = strconv.Atoi(vars["MAILSERVERS_IMAP_PORT"])
	s.imapsPort, _ = strconv.Atoi(vars["MAILSERVERS_IMAPS_PORT"])
	s.submissionPort, _ = strconv.Atoi(vars["MAILSERVERS_SUBMISSION_PORT"])
	pem, err := os.ReadFile(s.cert)
	if err != nil {
		t.Fatalf("mailservers.sh printed %q: %v", out, err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(pem) {
		t.Fatalf("%s holds no certificate", s.cert)
	}
	s.tls = &tls.Config{RootCAs: roots, ServerName: "127.0.0.1"}
	return s
}

// freePorts picks n ports nobody listens on, so that runs never clash.
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

func logServerLogs(t *testing.T, dir string) {
	logs, _ := filepath.Glob(filepath.Join(dir, "log", "*"))
	for _, p := range logs {
		data, _ := os.ReadFile(p)
		t.Logf("--- %s:\n%s", p, data)
	}
}

// password is a test user's password (set by mailservers.sh).
func (s *mailServers) password(user string) string { return "pw-" + user }

// sendOrders sends an example order mail of turn 1, its addresses moved
// to the test domain, through Postfix submission as the player who wrote
// it (named by the file: 01-empire.eml).
func (s *mailServers) sendOrders(t *testing.T, name string) {
	t.Helper()
	player := strings.TrimSuffix(name[strings.Index(name, "-")+1:], ".eml")
	user := e2ePlayers[player]
	raw := toTestDomain(string(readTestFile(t, filepath.Join("../../examples/riverlands/mail/turn-001", name))))
	s.sendAs(t, user, raw)
}

// sendAs sends a raw mail through Postfix submission (STARTTLS, AUTH) as
// a user, to the moderator's mailbox, as a player's mail client does.
func (s *mailServers) sendAs(t *testing.T, user, raw string) {
	t.Helper()
	c, err := smtp.Dial(fmt.Sprintf("127.0.0.1:%d", s.submissionPort))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	from, to := user+"@"+e2eDomain, e2eModerator+"@"+e2eDomain
	steps := []func() error{
		func() error { return c.StartTLS(s.tls) },
		func() error { return c.Auth(smtp.PlainAuth("", from, s.password(user), "127.0.0.1")) },
		func() error { return c.Mail(from) },
		func() error { return c.Rcpt(to) },
		func() error {
			w, err := c.Data()
			if err != nil {
				return err
			}
			if _, err := io.WriteString(w, raw); err != nil {
				return err
			}
			return w.Close()
		},
		c.Quit,
	}
	for _, step := range steps {
		if err := step(); err != nil {
			t.Fatalf("sending as %s: %v", from, err)
		}
	}
}

// imapLogin opens a user's mailbox over IMAPS.
func (s *mailServers) imapLogin(t *testing.T, user string) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialTLS(fmt.Sprintf("127.0.0.1:%d", s.imapsPort), &imapclient.Options{TLSConfig: s.tls})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Login(user+"@"+e2eDomain, s.password(user)).Wait(); err != nil {
		c.Close()
		t.Fatalf("IMAP login as %s: %v", user, err)
	}
	return c
}

// inboxCount is how many mails a user's INBOX holds.
func (s *mailServers) inboxCount(t *testing.T, user string) int {
	t.Helper()
	return s.folderCount(t, user, "INBOX")
}

// folderCount is how many mails one of a user's folders holds.
func (s *mailServers) folderCount(t *testing.T, user, folder string) int {
	t.Helper()
	c := s.imapLogin(t, user)
	defer c.Close()
	st, err := c.Status(folder, &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		t.Fatal(err)
	}
	return int(*st.NumMessages)
}

// control stops or starts one server of the pair: "stop-postfix",
// "start-postfix", "stop-dovecot" or "start-dovecot" (scripts/mailservers.sh).
func (s *mailServers) control(t *testing.T, what string) {
	t.Helper()
	if out, err := exec.Command("bash", "../../scripts/mailservers.sh", what, s.dir).CombinedOutput(); err != nil {
		t.Fatalf("mailservers.sh %s: %v\n%s", what, err, out)
	}
}

// waitForMail waits until a user's INBOX holds at least n mails.
func (s *mailServers) waitForMail(t *testing.T, user string, n int) {
	t.Helper()
	deadline := time.Now().Add(e2eWait)
	for {
		got := s.inboxCount(t, user)
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s's INBOX holds %d mails after %s, want %d", user, got, e2eWait, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// fetchedMail is a mail as a player's client fetched it.
type fetchedMail struct {
	messageID string
	raw       []byte
}

// settledMailboxes waits until every user's INBOX holds the mails wanted,
// lets stragglers arrive, then checks that the counts are exact and
// returns the mails.
func (s *mailServers) settledMailboxes(t *testing.T, want map[string]int) map[string][]fetchedMail {
	t.Helper()
	for user, n := range want {
		s.waitForMail(t, user, n)
	}
	time.Sleep(500 * time.Millisecond) // a mail sent twice would be here by now (≈10 ms a mail)
	got := map[string][]fetchedMail{}
	for user, n := range want {
		got[user] = s.fetchInbox(t, user)
		if len(got[user]) != n {
			t.Errorf("%s's INBOX holds %d mails, want %d", user, len(got[user]), n)
		}
	}
	return got
}

// fetchInbox fetches every mail of a user's INBOX.
func (s *mailServers) fetchInbox(t *testing.T, user string) []fetchedMail {
	t.Helper()
	return s.fetchInboxFrom(t, user, 1)
}

// fetchInboxFrom fetches the mails of a user's INBOX from sequence number
// first on.
func (s *mailServers) fetchInboxFrom(t *testing.T, user string, first int) []fetchedMail {
	t.Helper()
	c := s.imapLogin(t, user)
	defer c.Close()
	sel, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if int(sel.NumMessages) < first {
		return nil
	}
	var set imap.SeqSet
	set.AddRange(uint32(first), sel.NumMessages)
	body := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(set, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{body}}).Collect()
	if err != nil {
		t.Fatal(err)
	}
	var out []fetchedMail
	for _, m := range msgs {
		raw := m.FindBodySection(body)
		out = append(out, fetchedMail{messageID: messageID(t, raw), raw: raw})
	}
	return out
}

// messageID is a mail's Message-ID, without its angle brackets.
func messageID(t *testing.T, raw []byte) string {
	t.Helper()
	msg, err := mail.ReadMessage(bufio.NewReader(bytes.NewReader(raw)))
	if err != nil {
		t.Fatalf("unreadable mail: %v\n%s", err, raw)
	}
	return strings.Trim(msg.Header.Get("Message-ID"), "<> ")
}

// attachedPDF is the decoded PDF attached to a multipart mail; nil if none.
func attachedPDF(t *testing.T, raw []byte) []byte {
	t.Helper()
	return mailPart(t, raw, "application/pdf")
}

// mailPart is the decoded body of the first part of a multipart mail with
// the given media type; nil if there is none.
func mailPart(t *testing.T, raw []byte, mediaType string) []byte {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	top, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || !strings.HasPrefix(top, "multipart/") {
		return nil
	}
	r := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := r.NextPart()
		if err != nil {
			return nil
		}
		if ct, _, _ := mime.ParseMediaType(part.Header.Get("Content-Type")); ct != mediaType {
			continue
		}
		enc, err := io.ReadAll(part) // quoted-printable is decoded by the reader
		if err != nil {
			t.Fatal(err)
		}
		if !strings.EqualFold(part.Header.Get("Content-Transfer-Encoding"), "base64") {
			return enc
		}
		data := make([]byte, len(enc))
		n, err := base64Decode(data, enc)
		if err != nil {
			t.Fatalf("the %s part is not base64: %v", mediaType, err)
		}
		return data[:n]
	}
}
