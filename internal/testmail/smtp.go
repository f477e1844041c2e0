// Package testmail holds the mail servers the tests talk to: an SMTP sink
// on 127.0.0.1 that keeps what it accepts, and a self-signed certificate
// for TLS to 127.0.0.1. It is imported by tests alone.
package testmail

import (
	"crypto/tls"
	"io"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// The sink's only account.
const (
	User     = "turns"
	Password = "smtp-pw-42"
)

// Sunk is what the sink received in one transaction.
type Sunk struct {
	From string
	To   []string
	Data []byte
}

// Sink is a go-smtp server on 127.0.0.1 with AUTH PLAIN for User and
// Password. It refuses every recipient whose address starts with
// "nobody@" (550), and keeps every mail it accepts.
type Sink struct {
	Addr string // host:port
	Port int
	// OnData, when set, decides the fate of each DATA (n counts from 1):
	// an error refuses that mail. Set it before any mail is sent.
	OnData func(n int, c *smtp.Conn) error

	mu    sync.Mutex
	datas int
	got   []Sunk
}

// Options say how the sink offers TLS: TLS through STARTTLS, or from the
// first byte when Implicit. A nil TLS offers none.
type Options struct {
	TLS      *tls.Config
	Implicit bool
}

// StartSink serves SMTP until the test ends.
func StartSink(t testing.TB, o Options) *Sink {
	t.Helper()
	s := &Sink{}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{s: s, c: c}, nil
	}))
	srv.Domain, srv.AllowInsecureAuth = "localhost", true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if o.Implicit {
		ln = tls.NewListener(ln, o.TLS)
	} else {
		srv.TLSConfig = o.TLS
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	s.Addr = ln.Addr().String()
	s.Port = ln.Addr().(*net.TCPAddr).Port
	return s
}

// Mails are the mails accepted so far, in order.
func (s *Sink) Mails() []Sunk {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Sunk(nil), s.got...)
}

// DropSecond drops the connection during the second DATA: an OnData for
// a sender interrupted in the middle of a mail.
func DropSecond(n int, c *smtp.Conn) error {
	if n == 2 {
		c.Close()
		return errDropped
	}
	return nil
}

var errDropped = &smtp.SMTPError{Code: 421, Message: "dropped"}

type session struct {
	s    *Sink
	c    *smtp.Conn
	auth bool
	cur  Sunk
}

func (ss *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != User || pass != Password {
			return smtp.ErrAuthFailed
		}
		ss.auth = true
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if !ss.auth {
		return smtp.ErrAuthRequired
	}
	ss.cur = Sunk{From: from}
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if strings.HasPrefix(to, "nobody@") {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	ss.cur.To = append(ss.cur.To, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	ss.s.mu.Lock()
	ss.s.datas++
	n := ss.s.datas
	ss.s.mu.Unlock()
	if f := ss.s.OnData; f != nil {
		if err := f(n, ss.c); err != nil {
			io.Copy(io.Discard, r)
			return err
		}
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ss.cur.Data = data
	ss.s.mu.Lock()
	ss.s.got = append(ss.s.got, ss.cur)
	ss.s.mu.Unlock()
	return nil
}

func (ss *session) Reset()        { ss.cur = Sunk{} }
func (ss *session) Logout() error { return nil }
