package orders

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/charset" // importing it registers windows-1252, ISO-8859-x… for bodies and subjects
	"github.com/emersion/go-message/mail"
	"golang.org/x/text/encoding/charmap"
)

// Size limits of an order mail: orders are a few lines of text, so
// anything bigger is refused rather than read.
const (
	MaxMailSize = 2 << 20 // whole raw message
	MaxPartSize = 1 << 20 // one decoded text part
)

// MaxMailsPerFetch bounds the mails one fetch takes (issue 7: limits per
// run), the oldest first: a flood of mail is taken in batches by the cron
// checks instead of filling the memory of one run. The rest stay in the
// mailbox, reported by a Skipped entry with Later set.
const MaxMailsPerFetch = 1000

// laterReason says how many new mails a fetch left for the next one.
func laterReason(n int) string {
	return fmt.Sprintf("%d more new mails wait in the mailbox: a fetch takes at most %d, the oldest first; the next fetch takes them", n, MaxMailsPerFetch)
}

// Mail is what the intake needs of one received message.
type Mail struct {
	From      string // sender address, lower-cased
	FromName  string
	Subject   string // RFC 2047 decoded
	Date      time.Time
	MessageID string // without angle brackets
	InReplyTo string // first id of In-Reply-To, without angle brackets
	// References are the ids of the References header, without angle
	// brackets: a reply extends them (RFC 5322 threading).
	References []string
	// Text is the orders text, LF line endings; line numbers of problems
	// count its lines. TextFrom says which part it came from.
	Text     string
	TextFrom string
	// Automated says why the mail was sent by a machine (a bounce, an
	// auto-reply, a list); "" for a person's mail. Such mails are never
	// answered, so two robots cannot loop.
	Automated string
}

// Where Mail.Text came from.
const (
	FromPlainBody = "text/plain body"
	FromHTMLBody  = "HTML body"
	FromFile      = "attachment"
)

var wordDecoder = &mime.WordDecoder{CharsetReader: charset.Reader}

// ReadMail reads a raw RFC 5322 message. On an error after the header was
// read, the returned Mail is non-nil and holds the header fields (so a
// bounce is still recognised as Automated).
func ReadMail(raw []byte) (*Mail, error) {
	if len(raw) > MaxMailSize {
		return nil, fmt.Errorf("orders: the mail is %d bytes, over the %d MiB limit\nhint: send the orders as plain text, without large attachments", len(raw), MaxMailSize>>20)
	}
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		return nil, fmt.Errorf("orders: unreadable mail header: %s", strings.TrimSpace(err.Error()))
	}
	m := readHeader(mail.Header{Header: e.Header})
	if m.From == "" {
		h := mail.Header{Header: e.Header}
		if addrs, _ := h.AddressList("From"); len(e.Header.Values("From")) > 1 || len(addrs) > 1 {
			from := e.Header.Values("From")
			return m, fmt.Errorf("orders: the mail names several senders (From: %s)\nhint: send the orders from your own address alone", quoteClipped(strings.Join(from, ", ")))
		}
		return m, fmt.Errorf("orders: the mail has no readable From address (%s)", quoteClipped(e.Header.Get("From")))
	}
	if err := m.readBody(e); err != nil {
		return m, err
	}
	return m, nil
}

// readHeader fills everything but the text. Malformed optional fields are
// tolerated: a mail is not refused for a bad Date or Message-ID.
func readHeader(h mail.Header) *Mail {
	addrs, _ := h.AddressList("From")
	m := &Mail{Automated: automated(h, addrs)}
	// RFC 5322 allows several authors only with a Sender; a mail claiming
	// several, or several From fields, names no one player.
	if len(addrs) == 1 && len(h.Values("From")) == 1 {
		m.From, m.FromName = lowerASCII(addrs[0].Address), addrs[0].Name
		// QUIRK: Outlook puts encoded words inside quotes, where RFC 2047
		// forbids them; decode them anyway.
		if name, err := wordDecoder.DecodeHeader(m.FromName); err == nil {
			m.FromName = name
		}
		m.FromName = printable(m.FromName)
	}
	// QUIRK: an unknown charset in the Subject leaves it raw; that is fine.
	m.Subject, _ = h.Subject()
	m.Subject = printable(m.Subject) // it goes into reply headers: no CR, LF or NUL
	// QUIRK: a missing or unparseable Date leaves the zero time: Date is
	// only shown; arrival time decides which mail is the last.
	m.Date, _ = h.Date()
	m.Date = m.Date.UTC()
	m.MessageID, _ = h.MessageID()
	if ids, _ := h.MsgIDList("In-Reply-To"); len(ids) > 0 {
		m.InReplyTo = ids[0]
	}
	m.References, _ = h.MsgIDList("References")
	return m
}

// lowerASCII lower-cases ASCII letters only: strings.ToLower would turn
// look-alikes such as U+0130 (İ) or the Kelvin sign into a player's
// address.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// printable drops control characters (CR, LF, NUL, …) and bidi controls
// from a header value that will be shown or put into a reply.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			return -1
		}
		return r
	}, s)
}

// automated recognises machine-sent mail (RFC 3834 and common practice).
func automated(h mail.Header, from []*mail.Address) string {
	if len(from) > 0 {
		switch local, _, _ := strings.Cut(from[0].Address, "@"); {
		case strings.EqualFold(local, "mailer-daemon"):
			return "sent by a mail server (MAILER-DAEMON)"
		case strings.EqualFold(local, "postmaster"):
			return "sent by a mail server (postmaster)"
		}
	}
	if v := strings.TrimSpace(h.Get("Return-Path")); v == "<>" {
		return "a bounce (empty Return-Path)"
	}
	if ct, _, _ := h.ContentType(); strings.EqualFold(ct, "multipart/report") {
		return "a delivery report (multipart/report)"
	}
	for _, k := range []string{"X-Autoreply", "X-Autorespond"} {
		if h.Has(k) {
			return "an auto-reply (" + k + ")"
		}
	}
	if v := h.Get("Auto-Submitted"); v != "" {
		kind, _, _ := strings.Cut(v, ";")
		if kind = strings.ToLower(strings.TrimSpace(kind)); kind != "no" {
			return "Auto-Submitted: " + kind
		}
	}
	switch p := strings.ToLower(strings.TrimSpace(h.Get("Precedence"))); p {
	case "bulk", "junk", "list":
		return "Precedence: " + p
	}
	return ""
}

// candidate is one text part that may hold the orders.
type candidate struct {
	text, from string
}

// readBody picks the orders text: the first candidate holding a header
// line, in the order plain-text bodies, HTML bodies, text attachments;
// with no header anywhere, the first candidate (so the problems speak of
// what the player wrote).
func (m *Mail) readBody(e *message.Entity) error {
	var plain, htmls, files []candidate
	var partErr error
	err := e.Walk(func(path []int, part *message.Entity, _ error) error {
		if part.MultipartReader() != nil {
			return nil
		}
		kind, file := classify(part.Header)
		if kind == "" {
			return nil
		}
		text, err := readText(part, partName(path, kind))
		if err != nil {
			partErr = err
			return err
		}
		switch {
		case file != "":
			files = append(files, candidate{text, fmt.Sprintf("%s %q", FromFile, file)})
		case kind == "text/html":
			htmls = append(htmls, candidate{htmlToText(text), FromHTMLBody})
		default:
			plain = append(plain, candidate{text, FromPlainBody})
		}
		return nil
	})
	all := append(append(plain, htmls...), files...)
	switch {
	case len(all) > 0:
		// QUIRK: a part cut short after the orders were read (a truncated
		// or unterminated multipart) does not cost the player his orders.
	case partErr != nil:
		return partErr
	case err != nil:
		return fmt.Errorf("orders: unreadable mail body: %v", err)
	}
	// QUIRK: a multipart cut short (no closing boundary) keeps the parts read.
	for _, c := range all {
		if hasHeader(c.text) {
			m.Text, m.TextFrom = c.text, c.from
			return nil
		}
	}
	if len(all) > 0 {
		m.Text, m.TextFrom = all[0].text, all[0].from
	}
	return nil
}

// classify says whether a leaf part may hold orders: its media type
// ("text/plain" or "text/html", "" to skip it) and, for a file, its name.
// A text part with a filename is a file even when inline: go-message calls
// every non-attachment text part inline (shared/notes/libraries.md).
func classify(h message.Header) (kind, file string) {
	ct, params, err := h.ContentType()
	if err != nil {
		// QUIRK: a malformed parameter (unclosed quote…) still names the type.
		ct, _, _ = strings.Cut(ct, ";")
		ct = strings.ToLower(strings.TrimSpace(ct))
	}
	disp, dparams, _ := h.ContentDisposition()
	file = dparams["filename"]
	if file == "" {
		file = params["name"]
	}
	isFile := file != "" || strings.EqualFold(disp, "attachment")
	switch {
	case ct == "text/plain":
	case ct == "text/html" && !isFile:
	case ct == "application/octet-stream" && strings.HasSuffix(strings.ToLower(file), ".txt"):
		// QUIRK: some webmails send a .txt attachment as octet-stream.
	default:
		return "", ""
	}
	if isFile && file == "" {
		file = "unnamed"
	}
	return ct, file
}

// partName names a part in errors: "part 2.1 (text/plain)".
func partName(path []int, kind string) string {
	if len(path) == 0 {
		return "the body (" + kind + ")"
	}
	nums := make([]string, len(path))
	for i, p := range path {
		nums[i] = fmt.Sprint(p + 1)
	}
	return fmt.Sprintf("part %s (%s)", strings.Join(nums, "."), kind)
}

// readText reads a part's decoded body as UTF-8 text with LF line endings.
func readText(part *message.Entity, name string) (string, error) {
	b, err := io.ReadAll(io.LimitReader(part.Body, MaxPartSize+1))
	if err != nil {
		return "", fmt.Errorf("orders: %s cannot be decoded: %v", name, err)
	}
	if len(b) > MaxPartSize {
		return "", fmt.Errorf("orders: %s is over the %d MiB limit\nhint: orders are a few lines of plain text", name, MaxPartSize>>20)
	}
	if !utf8.Valid(b) {
		// QUIRK: 8-bit text with no charset (or an unknown one) is almost
		// always windows-1252 from an old Windows client.
		b, _ = charmap.Windows1252.NewDecoder().Bytes(b)
	}
	return normaliseNewlines(strings.TrimPrefix(string(b), "\ufeff")), nil
}
