package reports

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/turnproc/turnproc/internal/testmail"
)

// testEML is a small ready mail with a line that needs dot-stuffing.
const testEML = "From: Testlands turnproc <turns@testlands.example>\r\n" +
	"To: Belegar <belegar@karak.example>, Karl <karl@reikland.example>\r\n" +
	"Cc: karl@REIKLAND.example, marta@riverlands.example\r\n" +
	"Subject: Turn 1\r\nMessage-ID: <testlands.t1.dwarfs.report@turnproc>\r\n\r\n" +
	"Hello.\r\n.\r\n..and a dot line\r\n"

func sinkConfig(s *testmail.Sink) SMTPConfig {
	return SMTPConfig{Host: "127.0.0.1", Port: s.Port, Username: testmail.User, Password: testmail.Password,
		TLS: TLSNone, Timeout: 5 * time.Second}
}

func TestSendDeliversTheMailAsItIs(t *testing.T) {
	s := testmail.StartSink(t, testmail.Options{})
	rm := testMail(t, "en")
	report, err := ComposeReport(rm)
	if err != nil {
		t.Fatal(err)
	}
	for _, eml := range [][]byte{[]byte(testEML), report} {
		if err := Send(context.Background(), sinkConfig(s), eml); err != nil {
			t.Fatal(err)
		}
	}
	got := s.Mails()
	if len(got) != 2 {
		t.Fatalf("%d mails received", len(got))
	}
	want := []testmail.Sunk{
		{From: "turns@testlands.example", To: []string{"belegar@karak.example", "karl@reikland.example", "marta@riverlands.example"}, Data: []byte(testEML)},
		{From: "turns@testlands.example", To: []string{"belegar@karak.example"}, Data: report},
	}
	for i, w := range want {
		if got[i].From != w.From || strings.Join(got[i].To, " ") != strings.Join(w.To, " ") {
			t.Errorf("mail %d: envelope %s → %v, want %s → %v", i, got[i].From, got[i].To, w.From, w.To)
		}
		if string(got[i].Data) != string(w.Data) {
			t.Errorf("mail %d: the server received other bytes than the .eml:\n%q\nwant\n%q", i, got[i].Data, w.Data)
		}
	}
}

func TestSendOverTLS(t *testing.T) {
	cert := testmail.NewCertificate(t)
	for _, mode := range []string{TLSStart, TLSImplicit} {
		t.Run(mode, func(t *testing.T) {
			s := testmail.StartSink(t, testmail.Options{TLS: cert.Server, Implicit: mode == TLSImplicit})
			cfg := sinkConfig(s)
			cfg.TLS, cfg.TLSConfig = mode, cert.Client
			if err := Send(context.Background(), cfg, []byte(testEML)); err != nil {
				t.Fatal(err)
			}
			if n := len(s.Mails()); n != 1 {
				t.Errorf("%d mails received", n)
			}
		})
	}
}

func TestSendErrors(t *testing.T) {
	plain := testmail.StartSink(t, testmail.Options{})
	clientTLS := testmail.NewCertificate(t).Client
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedPort := closed.Addr().(*net.TCPAddr).Port
	closed.Close()
	silent := silentServer(t)

	at := func(port int) string { return "reports: smtp 127.0.0.1:" + strconv.Itoa(port) + ": " }
	cases := []struct {
		name    string
		edit    func(*SMTPConfig)
		eml     string
		refused bool
		want    string
	}{
		{"clear text to a remote host", func(c *SMTPConfig) { c.Host, c.Port = "smtp.example.org", 25 }, testEML, false,
			`reports: smtp smtp.example.org:25: tls "none" would send the mail and the password in clear text to smtp.example.org; use "tls" or "starttls" ("none" is only for 127.0.0.1, ::1 or localhost)`},
		{"unknown tls mode", func(c *SMTPConfig) { c.TLS = "ssl" }, testEML, false,
			at(plain.Port) + `unknown tls mode "ssl": use "tls", "starttls" or "none"`},
		{"wrong password", func(c *SMTPConfig) { c.Password = "wrong-pw" }, testEML, false,
			at(plain.Port) + "login as turns refused: 535 \"5.7.8 Authentication failed\""},
		{"starttls not offered", func(c *SMTPConfig) { c.TLS, c.TLSConfig = TLSStart, clientTLS }, testEML, false,
			at(plain.Port) + `the server does not offer STARTTLS, which tls = "starttls" requires`},
		{"recipient refused", nil, strings.Replace(testEML, "marta@", "nobody@", 1), true,
			at(plain.Port) + "recipient nobody@riverlands.example refused: 550 \"5.1.1 no such user\""},
		{"no recipient", nil, "From: turns@testlands.example\r\nSubject: x\r\n\r\nbody\r\n", true,
			at(plain.Port) + "the mail has no To or Cc recipient"},
		{"two senders", nil, "From: a@x.example, b@x.example\r\nTo: c@x.example\r\n\r\nbody\r\n", true,
			at(plain.Port) + `the mail's From header "a@x.example, b@x.example" must hold one address`},
		{"server down", func(c *SMTPConfig) { c.Port = closedPort }, testEML, false,
			at(closedPort) + "dial tcp 127.0.0.1:" + strconv.Itoa(closedPort) + ": connect: connection refused"},
		{"no greeting", func(c *SMTPConfig) { c.Port, c.Timeout = silent, 50*time.Millisecond }, testEML, false,
			at(silent) + "no answer within 50ms: greeting: read tcp "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := sinkConfig(plain)
			if c.edit != nil {
				c.edit(&cfg)
			}
			err := Send(context.Background(), cfg, []byte(c.eml))
			var se *SendError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a *SendError", err)
			}
			if !strings.HasPrefix(err.Error(), c.want) || se.Refused != c.refused {
				t.Errorf("error %q (refused %v)\nwant  %q (refused %v)", err, se.Refused, c.want, c.refused)
			}
			if strings.Contains(err.Error(), cfg.Password) {
				t.Errorf("the error shows the password: %q", err)
			}
		})
	}
	if n := len(plain.Mails()); n != 0 {
		t.Errorf("%d mails received", n)
	}
}

// TestSendFailingServer: a server that defers, refuses or drops the mail
// during DATA makes Send fail, and only a refusal blames the mail itself.
func TestSendFailingServer(t *testing.T) {
	cases := []struct {
		name    string
		fail    func(c *smtp.Conn) error
		refused bool
		want    string
	}{
		{"deferred", func(*smtp.Conn) error {
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try later"}
		}, false, `mail not accepted: 451 "4.3.0 try later"`},
		{"refused", func(*smtp.Conn) error {
			return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: "content rejected"}
		}, true, `mail not accepted: 554 "5.6.0 content rejected"`},
		{"connection dropped", func(c *smtp.Conn) error {
			c.Close()
			return errors.New("dropped")
		}, false, "mail not accepted: "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testmail.StartSink(t, testmail.Options{})
			s.OnData = func(n int, conn *smtp.Conn) error {
				if n == 1 {
					return c.fail(conn)
				}
				return nil
			}
			err := Send(context.Background(), sinkConfig(s), []byte(testEML))
			var se *SendError
			want := fmt.Sprintf("reports: smtp 127.0.0.1:%d: %s", s.Port, c.want)
			if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), want) || se.Refused != c.refused {
				t.Fatalf("error %v (refused %v), want %q (refused %v)", err, se != nil && se.Refused, want, c.refused)
			}
			if err := Send(context.Background(), sinkConfig(s), []byte(testEML)); err != nil {
				t.Fatalf("the second attempt: %v", err)
			}
			if got := s.Mails(); len(got) != 1 || string(got[0].Data) != testEML {
				t.Errorf("the server kept %d mails", len(got))
			}
		})
	}
}

// silentServer accepts connections and never says a word.
func silentServer(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { c.Close() })
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port
}

func FuzzEnvelopeOf(f *testing.F) {
	f.Add([]byte(testEML))
	f.Add([]byte("From: =?utf-8?q?Archa=C3=B3n?= <archaon@ruinfort.example>\r\nTo: <>\r\n\r\n"))
	f.Add([]byte("To: a@b\r\n"))
	f.Fuzz(func(t *testing.T, eml []byte) {
		from, to, err := envelopeOf(eml)
		if err == nil && (from == "" || len(to) == 0) {
			t.Errorf("no error, but sender %q and recipients %v", from, to)
		}
	})
}

// TestCleanMasksThePassword: a server that echoes the password gets it
// masked, wherever it stands as a word of its own (or as the AUTH PLAIN
// answer); the same letters inside other words are the message's own.
func TestCleanMasksThePassword(t *testing.T) {
	plain := base64.StdEncoding.EncodeToString([]byte("\x00turns\x00hunter2"))
	cases := []struct{ password, msg, want string }{
		{"fail", `login as turns refused: 535 "5.7.8 Authentication failed"`, `login as turns refused: 535 "5.7.8 Authentication failed"`},
		{"smtp", "smtp server smtps.example: rcpt refused", "******** server smtps.example: rcpt refused"},
		{"hunter2", "535 bad password hunter2.", "535 bad password ********."},
		{"hunter2", `bad "hunter2", or hunter2x, or xhunter2`, `bad "********", or hunter2x, or xhunter2`},
		{"hunter2", "hunter2", "********"},
		{"two  words", "echo: two  words\nend", "echo: ********; end"},
		{"hunter2", "535 cannot decode " + plain, "535 cannot decode ********"},
		{"hunter2", "535 cannot decode " + base64.StdEncoding.EncodeToString([]byte("hunter2")), "535 cannot decode ********"},
		{"ünï", "bad ünï, bad ünïcode", "bad ********, bad ünïcode"},
	}
	for _, c := range cases {
		got := clean(errors.New(c.msg), SMTPConfig{Username: "turns", Password: c.password}).Error()
		if got != c.want {
			t.Errorf("password %q in %q:\ngot  %q\nwant %q", c.password, c.msg, got, c.want)
		}
	}
}
