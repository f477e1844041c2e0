package reports

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// sinkMail is what the test server received in one transaction.
type sinkMail struct {
	from string
	to   []string
	data []byte
}

// sink is a go-smtp server on 127.0.0.1 that keeps what it receives.
// onData, when set, decides the fate of each DATA (n counts from 1).
type sink struct {
	addr   string
	port   int
	onData func(n int, c *smtp.Conn) error

	mu   sync.Mutex
	got  []sinkMail
	data int
}

const sinkUser, sinkPassword = "turns", "s3cret-pw"

// startSink serves SMTP with AUTH PLAIN on 127.0.0.1; tlsCfg, when set,
// is offered through STARTTLS, or from the first byte if implicit.
func startSink(t *testing.T, tlsCfg *tls.Config, implicit bool) *sink {
	t.Helper()
	s := &sink{}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &sinkSession{s: s, c: c}, nil
	}))
	srv.Domain, srv.AllowInsecureAuth = "localhost", true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if implicit {
		ln = tls.NewListener(ln, tlsCfg)
	} else {
		srv.TLSConfig = tlsCfg
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	s.addr = ln.Addr().String()
	s.port = ln.Addr().(*net.TCPAddr).Port
	return s
}

func (s *sink) mails() []sinkMail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sinkMail(nil), s.got...)
}

type sinkSession struct {
	s    *sink
	c    *smtp.Conn
	auth bool
	cur  sinkMail
}

func (ss *sinkSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *sinkSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != sinkUser || pass != sinkPassword {
			return smtp.ErrAuthFailed
		}
		ss.auth = true
		return nil
	}), nil
}

func (ss *sinkSession) Mail(from string, _ *smtp.MailOptions) error {
	if !ss.auth {
		return smtp.ErrAuthRequired
	}
	ss.cur = sinkMail{from: from}
	return nil
}

func (ss *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if strings.HasPrefix(to, "nobody@") {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	ss.cur.to = append(ss.cur.to, to)
	return nil
}

func (ss *sinkSession) Data(r io.Reader) error {
	ss.s.mu.Lock()
	ss.s.data++
	n := ss.s.data
	ss.s.mu.Unlock()
	if f := ss.s.onData; f != nil {
		if err := f(n, ss.c); err != nil {
			io.Copy(io.Discard, r)
			return err
		}
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ss.cur.data = data
	ss.s.mu.Lock()
	ss.s.got = append(ss.s.got, ss.cur)
	ss.s.mu.Unlock()
	return nil
}

func (ss *sinkSession) Reset()        { ss.cur = sinkMail{} }
func (ss *sinkSession) Logout() error { return nil }

// testEML is a small ready mail with a line that needs dot-stuffing.
const testEML = "From: Testlands turnproc <turns@testlands.example>\r\n" +
	"To: Belegar <belegar@karak.example>, Karl <karl@reikland.example>\r\n" +
	"Cc: karl@REIKLAND.example, marta@riverlands.example\r\n" +
	"Subject: Turn 1\r\nMessage-ID: <testlands.t1.dwarfs.report@turnproc>\r\n\r\n" +
	"Hello.\r\n.\r\n..and a dot line\r\n"

func sinkConfig(s *sink) SMTPConfig {
	return SMTPConfig{Host: "127.0.0.1", Port: s.port, Username: sinkUser, Password: sinkPassword,
		TLS: TLSNone, Timeout: 5 * time.Second}
}

func TestSendDeliversTheMailAsItIs(t *testing.T) {
	s := startSink(t, nil, false)
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
	got := s.mails()
	if len(got) != 2 {
		t.Fatalf("%d mails received", len(got))
	}
	want := []sinkMail{
		{"turns@testlands.example", []string{"belegar@karak.example", "karl@reikland.example", "marta@riverlands.example"}, []byte(testEML)},
		{"turns@testlands.example", []string{"belegar@karak.example"}, report},
	}
	for i, w := range want {
		if got[i].from != w.from || strings.Join(got[i].to, " ") != strings.Join(w.to, " ") {
			t.Errorf("mail %d: envelope %s → %v, want %s → %v", i, got[i].from, got[i].to, w.from, w.to)
		}
		if string(got[i].data) != string(w.data) {
			t.Errorf("mail %d: the server received other bytes than the .eml:\n%q\nwant\n%q", i, got[i].data, w.data)
		}
	}
}

func TestSendOverTLS(t *testing.T) {
	serverTLS, clientTLS := testCertificates(t)
	for _, mode := range []string{TLSStart, TLSImplicit} {
		t.Run(mode, func(t *testing.T) {
			s := startSink(t, serverTLS, mode == TLSImplicit)
			cfg := sinkConfig(s)
			cfg.TLS, cfg.TLSConfig = mode, clientTLS
			if err := Send(context.Background(), cfg, []byte(testEML)); err != nil {
				t.Fatal(err)
			}
			if n := len(s.mails()); n != 1 {
				t.Errorf("%d mails received", n)
			}
		})
	}
}

func TestSendErrors(t *testing.T) {
	plain := startSink(t, nil, false)
	_, clientTLS := testCertificates(t)
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
			at(plain.port) + `unknown tls mode "ssl": use "tls", "starttls" or "none"`},
		{"wrong password", func(c *SMTPConfig) { c.Password = "wrong-pw" }, testEML, false,
			at(plain.port) + "login as turns refused: 535 \"5.7.8 Authentication failed\""},
		{"starttls not offered", func(c *SMTPConfig) { c.TLS, c.TLSConfig = TLSStart, clientTLS }, testEML, false,
			at(plain.port) + `the server does not offer STARTTLS, which tls = "starttls" requires`},
		{"recipient refused", nil, strings.Replace(testEML, "marta@", "nobody@", 1), true,
			at(plain.port) + "recipient nobody@riverlands.example refused: 550 \"5.1.1 no such user\""},
		{"no recipient", nil, "From: turns@testlands.example\r\nSubject: x\r\n\r\nbody\r\n", true,
			at(plain.port) + "the mail has no To or Cc recipient"},
		{"two senders", nil, "From: a@x.example, b@x.example\r\nTo: c@x.example\r\n\r\nbody\r\n", true,
			at(plain.port) + `the mail's From header "a@x.example, b@x.example" must hold one address`},
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
	if n := len(plain.mails()); n != 0 {
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
			s := startSink(t, nil, false)
			s.onData = func(n int, conn *smtp.Conn) error {
				if n == 1 {
					return c.fail(conn)
				}
				return nil
			}
			err := Send(context.Background(), sinkConfig(s), []byte(testEML))
			var se *SendError
			want := fmt.Sprintf("reports: smtp 127.0.0.1:%d: %s", s.port, c.want)
			if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), want) || se.Refused != c.refused {
				t.Fatalf("error %v (refused %v), want %q (refused %v)", err, se != nil && se.Refused, want, c.refused)
			}
			if err := Send(context.Background(), sinkConfig(s), []byte(testEML)); err != nil {
				t.Fatalf("the second attempt: %v", err)
			}
			if got := s.mails(); len(got) != 1 || string(got[0].data) != testEML {
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

// testCertificates makes a self-signed certificate for 127.0.0.1: the
// server's config, and a client config that trusts it.
func testCertificates(t *testing.T) (server, client *tls.Config) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	roots.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}},
		&tls.Config{RootCAs: roots}
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
