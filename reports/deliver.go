package reports

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/textproto"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/wneessen/go-mail/smtp"

	"github.com/turnproc/turnproc/internal/redact"
)

// The TLS modes of SMTPConfig.TLS.
const (
	TLSImplicit = "tls"      // TLS from the first byte (port 465)
	TLSStart    = "starttls" // plain, then STARTTLS, which the server must offer
	TLSNone     = "none"     // no TLS: only to a loopback host
)

// DefaultTimeout bounds the exchange of one mail when SMTPConfig.Timeout is 0.
const DefaultTimeout = time.Minute

// SMTPConfig is how to reach the submission server. It holds plain values
// so that this package does not depend on package config.
type SMTPConfig struct {
	Host      string
	Port      int
	Username  string // "" = no AUTH
	Password  string
	TLS       string        // TLSImplicit, TLSStart or TLSNone
	TLSConfig *tls.Config   // nil = the system's roots for Host
	Timeout   time.Duration // for one mail; 0 = DefaultTimeout
	// BeforeData, when set, is called once the server has taken the
	// envelope and before the mail's content goes: the last moment the
	// mail has surely not been sent. An error from it stops the send.
	BeforeData func() error
}

// SendError is a failed Send. Its text never holds the password.
type SendError struct {
	Server string // host:port
	// Refused is true when the fault is this mail's own: the server refused
	// its sender, a recipient or its content for good (a 5xx reply), or its
	// header names no sender or recipient. Sending it again fails the same
	// way, but other mails can still go. Otherwise the connection, TLS or
	// login failed, or the server deferred the mail: try again later.
	Refused bool
	Err     error
}

func (e *SendError) Error() string { return "reports: smtp " + e.Server + ": " + e.Err.Error() }
func (e *SendError) Unwrap() error { return e.Err }

// Send delivers a ready mail (.eml bytes) as it is: it adds and changes no
// header, so its Message-ID stays. The envelope sender is its From address
// and the recipients are its To and Cc addresses (turnproc's mails carry
// no Bcc). The connection is protected as cfg.TLS says, and AUTH (PLAIN,
// else LOGIN) is used when cfg.Username is set. The mail counts as sent
// only once the server has accepted its content.
func Send(ctx context.Context, cfg SMTPConfig, eml []byte) error {
	server := net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port))
	fail := func(refused bool, err error) error {
		return &SendError{Server: server, Refused: refused, Err: clean(err, cfg)}
	}
	from, to, err := envelopeOf(eml)
	if err != nil {
		return fail(true, err)
	}
	if err := cfg.check(); err != nil {
		return fail(false, err)
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	refused, err := cfg.exchange(ctx, server, from, to, eml)
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("no answer within %s: %w", timeout, err)
	}
	if err != nil {
		return fail(refused, err)
	}
	return nil
}

func (cfg SMTPConfig) check() error {
	switch cfg.TLS {
	case TLSImplicit, TLSStart:
		return nil
	case TLSNone:
		if !isLoopback(cfg.Host) {
			return fmt.Errorf(`tls "none" would send the mail and the password in clear text to %s; use "tls" or "starttls" ("none" is only for 127.0.0.1, ::1 or localhost)`, cfg.Host)
		}
		return nil
	}
	return fmt.Errorf(`unknown tls mode %q: use "tls", "starttls" or "none"`, cfg.TLS)
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// exchange runs one SMTP session for one mail; refused says whether the
// server refused the mail itself.
func (cfg SMTPConfig) exchange(ctx context.Context, server, from string, to []string, eml []byte) (refused bool, err error) {
	conn, err := cfg.dial(ctx, server)
	if err != nil {
		return false, err
	}
	// The context's end, deadline or cancel, interrupts any read or write.
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	c, err := smtp.NewClient(conn, cfg.Host)
	if err != nil {
		conn.Close()
		return false, fmt.Errorf("greeting: %w", err)
	}
	defer c.Close()
	if err := cfg.startTLS(c); err != nil {
		return false, err
	}
	if err := cfg.login(c); err != nil {
		return false, err
	}
	if err := transfer(c, from, to, eml, cfg.BeforeData); err != nil {
		return permanent(err), err
	}
	// The server has accepted the mail: a failed QUIT must not make it
	// look unsent, or it would be sent twice.
	_ = c.Quit()
	return false, nil
}

func (cfg SMTPConfig) dial(ctx context.Context, server string) (net.Conn, error) {
	if cfg.TLS != TLSImplicit {
		var d net.Dialer
		return d.DialContext(ctx, "tcp", server)
	}
	d := tls.Dialer{Config: cfg.tlsConfig()}
	return d.DialContext(ctx, "tcp", server)
}

func (cfg SMTPConfig) tlsConfig() *tls.Config {
	if cfg.TLSConfig == nil {
		return &tls.Config{ServerName: cfg.Host, MinVersion: tls.VersionTLS12}
	}
	c := cfg.TLSConfig.Clone()
	if c.ServerName == "" {
		c.ServerName = cfg.Host
	}
	return c
}

func (cfg SMTPConfig) startTLS(c *smtp.Client) error {
	if cfg.TLS != TLSStart {
		return nil
	}
	if ok, _ := c.Extension("STARTTLS"); !ok {
		return errors.New(`the server does not offer STARTTLS, which tls = "starttls" requires`)
	}
	if err := c.StartTLS(cfg.tlsConfig()); err != nil {
		return fmt.Errorf("STARTTLS: %w", err)
	}
	return nil
}

// login authenticates with PLAIN, or LOGIN when the server offers only
// that; go-mail's mechanisms refuse to send a password unencrypted except
// to a loopback host, which check has already ensured for tls "none".
func (cfg SMTPConfig) login(c *smtp.Client) error {
	if cfg.Username == "" {
		return nil
	}
	ok, offered := c.Extension("AUTH")
	if !ok {
		return fmt.Errorf("the server offers no AUTH, but a username (%s) is set", cfg.Username)
	}
	plaintext := cfg.TLS == TLSNone
	var a smtp.Auth
	switch mechs := strings.Fields(strings.ToUpper(offered)); {
	case slices.Contains(mechs, "PLAIN"):
		a = smtp.PlainAuth("", cfg.Username, cfg.Password, cfg.Host, plaintext)
	case slices.Contains(mechs, "LOGIN"):
		a = smtp.LoginAuth(cfg.Username, cfg.Password, cfg.Host, plaintext)
	default:
		return fmt.Errorf("the server offers AUTH %s, but turnproc logs in with PLAIN or LOGIN", offered)
	}
	if err := c.Auth(a); err != nil {
		return fmt.Errorf("login as %s refused: %w", cfg.Username, err)
	}
	return nil
}

func transfer(c *smtp.Client, from string, to []string, eml []byte, beforeData func() error) error {
	if err := c.Mail(from); err != nil {
		return fmt.Errorf("sender %s refused: %w", from, err)
	}
	for _, rcpt := range to {
		if err := c.Rcpt(rcpt); err != nil {
			return fmt.Errorf("recipient %s refused: %w", rcpt, err)
		}
	}
	if beforeData != nil {
		if err := beforeData(); err != nil {
			return err
		}
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if _, err := w.Write(eml); err != nil {
		w.Close()
		return fmt.Errorf("sending the mail: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("mail not accepted: %w", err)
	}
	return nil
}

// permanent says whether the server refused for good (5xx), rather than
// deferred (4xx) or lost the connection.
func permanent(err error) bool {
	var te *textproto.Error
	return errors.As(err, &te) && te.Code >= 500
}

// envelopeOf reads the envelope from the mail's header: the From address,
// and the To and Cc addresses, each once.
func envelopeOf(eml []byte) (from string, to []string, err error) {
	m, err := mail.ReadMessage(bytes.NewReader(eml))
	if err != nil {
		return "", nil, fmt.Errorf("the mail's header cannot be read: %w", err)
	}
	senders, err := m.Header.AddressList("From")
	if err != nil || len(senders) != 1 {
		return "", nil, fmt.Errorf("the mail's From header %q must hold one address", m.Header.Get("From"))
	}
	seen := map[string]bool{}
	for _, field := range []string{"To", "Cc"} {
		if m.Header.Get(field) == "" {
			continue
		}
		list, err := m.Header.AddressList(field)
		if err != nil {
			return "", nil, fmt.Errorf("the mail's %s header: %w", field, err)
		}
		for _, a := range list {
			if key := strings.ToLower(a.Address); !seen[key] {
				seen[key] = true
				to = append(to, a.Address)
			}
		}
	}
	if len(to) == 0 {
		return "", nil, errors.New("the mail has no To or Cc recipient")
	}
	return senders[0].Address, to, nil
}

// clean makes an error one line and, should a server echo it, hides the
// password: as written, base64-encoded, or as the AUTH PLAIN answer.
// Only the password is masked, not its letters inside other words of the
// message ("fail" in "Authentication failed").
func clean(err error, cfg SMTPConfig) error {
	text := err.Error()
	if cfg.Password != "" {
		b64 := base64.StdEncoding.EncodeToString
		for _, secret := range []string{b64([]byte("\x00" + cfg.Username + "\x00" + cfg.Password)),
			b64([]byte(cfg.Password)), cfg.Password} {
			text = redact.Word(text, secret)
		}
	}
	text = strings.Join(strings.Fields(strings.ReplaceAll(text, "\n", "; ")), " ")
	if text == err.Error() {
		return err
	}
	return errors.New(text)
}
