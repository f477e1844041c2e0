package orders

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // sets message.CharsetReader: windows-1252, ISO-8859-x… for bodies and subjects
	"github.com/emersion/go-message/mail"
	"golang.org/x/text/encoding/charmap"

	"github.com/turnproc/turnproc/campaign"
)

// Size limits of an order mail: orders are a few lines of text, so
// anything bigger is refused rather than read.
const (
	MaxMailSize = 2 << 20 // whole raw message
	MaxPartSize = 1 << 20 // one decoded text part
)

// MaxMailsPerFetch bounds the mails one fetch takes (docs/security.md,
// "mails per fetch"), the oldest first: a flood of mail is taken in batches by the cron
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

// wordDecoder decodes the encoded words of a display name through
// go-message's charset hook, as go-message decodes a Subject.
var wordDecoder = &mime.WordDecoder{CharsetReader: func(cs string, r io.Reader) (io.Reader, error) {
	return message.CharsetReader(cs, r)
}}

// ReadMail reads a raw RFC 5322 message. On an error after the header was
// read, the returned Mail is non-nil and holds the header fields (so a
// bounce is still recognised as Automated).
func ReadMail(raw []byte) (*Mail, error) {
	r := readers.Get().(*mailReader)
	defer readers.Put(r)
	m, _, err := r.read(raw)
	return m, err
}

// read is ReadMail that also gives the meaningful lines of the orders
// text, which picking the part has already split: Parse need not split
// them again. They are valid until the next read.
func (r *mailReader) read(raw []byte) (*Mail, []textLine, error) {
	if len(raw) > MaxMailSize {
		return nil, nil, mailTooBig(int64(len(raw)))
	}
	e, err := message.Read(bytes.NewReader(raw))
	if e == nil {
		return nil, nil, fmt.Errorf("orders: unreadable mail header: %s", strings.TrimSpace(err.Error()))
	}
	// QUIRK: an unknown transfer encoding or charset of the mail's own body
	// leaves it as it is (go-message gives the entity with the error).
	h := mail.Header{Header: e.Header}
	m := readHeader(h)
	if m.From == "" {
		if addrs, _ := h.AddressList("From"); len(h.Values("From")) > 1 || len(addrs) > 1 {
			from := h.Values("From")
			return m, nil, campaign.Problemf("", "send the orders from your own address alone", "orders: the mail names several senders (From: %s)", quoteClipped(strings.Join(from, ", ")))
		}
		return m, nil, fmt.Errorf("orders: the mail has no readable From address (%s)", quoteClipped(h.Get("From")))
	}
	lines, err := r.readBody(m, e)
	if err != nil {
		return m, nil, err
	}
	return m, lines, nil
}

// mailReader reads mails through go-message (message.Read, Entity.Walk)
// and keeps the room of its lines and candidates from one mail to the
// next.
type mailReader struct {
	lines lineBuffer // the candidates' lines, valid until the next mail is read
	// The candidates of the mail being read, by kind.
	plain, htmls, files []candidate
}

var readers = sync.Pool{New: func() any { return new(mailReader) }}

// leaf is a leaf entity of a mail as the intake sees it: go-message's
// entity, its body decoded, with its media type parsed.
type leaf struct {
	*message.Entity
	mediaType string // the whole field when unparsable, as go-message has it
	badType   bool   // the Content-Type field could not be parsed
	params    map[string]string
}

// walk visits the leaf entities under e with Entity.Walk, depth first;
// path is the multipart indices (from 0) leading to the part, nil for the
// root. It refuses a mail over MaxMIMEDepth or MaxMIMEParts as soon as it
// meets the part beyond them, before go-message opens it: each level of
// nesting is one more reader every byte below it goes through, so an
// unbounded depth would make the walk quadratic.
func walk(e *message.Entity, visit func(path []int, p leaf) error) error {
	parts := 0
	// QUIRK: an unknown transfer encoding or charset leaves a part's body
	// as it is: Walk passes on go-message's error with the part readable,
	// and the error is ignored.
	return e.Walk(func(path []int, ent *message.Entity, _ error) error {
		if path != nil {
			if parts++; parts > MaxMIMEParts {
				return &LimitError{Code: LimitMIMETooManyParts, Limit: MaxMIMEParts,
					Text: fmt.Sprintf("the mail has more than %d parts", MaxMIMEParts), Hint: plainTextHint}
			}
		}
		p := leaf{Entity: ent}
		var typeErr error
		p.mediaType, p.params, typeErr = ent.Header.ContentType()
		p.badType = typeErr != nil
		if strings.HasPrefix(p.mediaType, "multipart/") {
			// Walk opens it after this visit: it would be one level more.
			if len(path) == MaxMIMEDepth {
				return &LimitError{Code: LimitMIMETooDeep, Limit: MaxMIMEDepth,
					Text: fmt.Sprintf("the mail's parts nest more than %d deep", MaxMIMEDepth), Hint: plainTextHint}
			}
			return nil
		}
		return visit(path, p)
	})
}

// readHeader fills everything but the text. Malformed optional fields are
// tolerated: a mail is not refused for a bad Date or Message-ID.
func readHeader(h mail.Header) *Mail {
	from, n := fromAddresses(h)
	m := &Mail{Automated: automated(h, from.Address)}
	// RFC 5322 allows several authors only with a Sender; a mail claiming
	// several, or several From fields, names no one player.
	if n == 1 && len(h.Values("From")) == 1 {
		m.From, m.FromName = lowerASCII(from.Address), from.Name
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
	m.Date = date(h)
	m.MessageID = messageID(h)
	if ids, _ := h.MsgIDList("In-Reply-To"); len(ids) > 0 {
		m.InReplyTo = ids[0]
	}
	m.References, _ = h.MsgIDList("References")
	return m
}

// fromAddresses gives the first address of h.AddressList("From") and how
// many there are, errors ignored. The common forms, an address alone or
// "Plain Name <address>", are taken apart without net/mail's parser, which
// reads them the same at many times the cost.
func fromAddresses(h mail.Header) (first mail.Address, n int) {
	v := h.Get("From")
	name, spec := "", v
	if i := strings.IndexByte(v, '<'); i > 0 && v[i-1] == ' ' && strings.HasSuffix(v, ">") {
		name, spec = v[:i-1], v[i+1:len(v)-1]
	}
	local, domain, _ := strings.Cut(spec, "@")
	if (spec == v || plainWords(name)) && dotAtom(local) && dotAtom(domain) {
		return mail.Address{Name: name, Address: spec}, 1
	}
	addrs, _ := h.AddressList("From")
	if len(addrs) == 0 {
		return mail.Address{}, 0
	}
	return *addrs[0], len(addrs)
}

// plainWords says whether s is words of ASCII letters and digits, one
// space between two.
func plainWords(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == ' ' && i > 0 && i < len(s)-1 && s[i-1] != ' ':
		default:
			return false
		}
	}
	return s != ""
}

// dotAtom says whether s is a dot-atom of ASCII letters, digits and "+-_"
// (no dot first, last or twice in a row).
func dotAtom(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '+', c == '-', c == '_':
		case c == '.' && i > 0 && i < len(s)-1 && s[i-1] != '.':
		default:
			return false
		}
	}
	return s != ""
}

// messageID is h.MessageID, its error ignored. The usual form, <left@right>
// of plain ASCII with nothing around it, is taken as it is: go-message
// would parse it into the same id.
func messageID(h mail.Header) string {
	v := h.Get("Message-Id")
	if id, ok := strings.CutPrefix(v, "<"); ok {
		if id, ok = strings.CutSuffix(id, ">"); ok {
			if left, right, ok := strings.Cut(id, "@"); ok && idText(left) && idText(right) {
				return id
			}
		}
	}
	id, _ := h.MessageID()
	return id
}

// idText says whether s is a non-empty dot-atom-text of ASCII, as
// go-message reads either side of a message id.
func idText(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', ')', '[', ']', ';', '@', '\\', ',', '<', '>', '"', ':':
			return false
		default:
			if c < '!' || c > '~' {
				return false
			}
		}
	}
	return s != ""
}

// rfc5322Date is the Date form nearly every client writes; net/mail tries
// it among 48 layouts, creating an error for each that fails.
const rfc5322Date = "Mon, 2 Jan 2006 15:04:05 -0700"

// date is the Date field in UTC: h.Date, tried in its most common form
// first. That form is the first of net/mail's layouts that can match such a
// value, so the result is the same.
func date(h mail.Header) time.Time {
	if t, err := time.Parse(rfc5322Date, h.Get("Date")); err == nil {
		return t.UTC()
	}
	t, _ := h.Date()
	return t.UTC()
}

// lowerASCII lower-cases ASCII letters only: strings.ToLower would turn
// look-alikes such as U+0130 (İ) or the Kelvin sign into a player's
// address.
func lowerASCII(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return 'A' <= r && r <= 'Z' }) {
		return s // nearly always: no copy
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// containsFoldASCII says whether s contains the lower-case ASCII word,
// ASCII letters in any case.
func containsFoldASCII(s, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		j := 0
		for j < len(word) && s[i+j]|0x20 == word[j] {
			j++
		}
		if j == len(word) {
			return true
		}
	}
	return false
}

// printable drops control characters (CR, LF, NUL, …) and bidi controls
// from a header value that will be shown or put into a reply.
func printable(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r > '~' }) {
		return s // printable ASCII, as most are
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			return -1
		}
		return r
	}, s)
}

// automated recognises machine-sent mail (RFC 3834 and common practice);
// from is the first From address ("" for none).
func automated(h mail.Header, from string) string {
	switch local, _, _ := strings.Cut(from, "@"); {
	case strings.EqualFold(local, "mailer-daemon"):
		return "sent by a mail server (MAILER-DAEMON)"
	case strings.EqualFold(local, "postmaster"):
		return "sent by a mail server (postmaster)"
	}
	if v := strings.TrimSpace(h.Get("Return-Path")); v == "<>" {
		return "a bounce (empty Return-Path)"
	}
	// Only a field naming "report" needs parsing (a media type has no escapes).
	if v := h.Get("Content-Type"); containsFoldASCII(v, "report") {
		if ct, _, _ := h.ContentType(); strings.EqualFold(ct, "multipart/report") {
			return "a delivery report (multipart/report)"
		}
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
	html       bool       // text is still HTML: htmlToText makes it the player's text when needed
	lines      []textLine // meaningful lines, once split
	split      bool
}

// meaningful gives the meaningful lines of the candidate's text, turning
// HTML into text first.
func (c *candidate) meaningful(b *lineBuffer) []textLine {
	if !c.split {
		if c.html {
			c.text, c.html = htmlToText(c.text), false
		}
		c.lines, c.split = b.meaningful(c.text), true
	}
	return c.lines
}

// errFound stops the walk over a mail's parts once the orders are found.
var errFound = errors.New("orders: found")

// readBody picks the orders text: the first candidate holding a header
// line and something more than the unchanged order form, in the order
// plain-text bodies, HTML bodies, text attachments; with none, the first
// that quotes the form (a reply to a report: its header comes first,
// withQuotedHeader); then an unchanged form; with none of these, the first
// candidate (so the problems speak of what the player wrote). It gives the
// text's meaningful lines.
func (r *mailReader) readBody(m *Mail, e *message.Entity) ([]textLine, error) {
	r.lines.reset()
	plain, htmls, files := r.plain[:0], r.htmls[:0], r.files[:0]
	var partErr error
	err := walk(e, func(path []int, part leaf) error {
		kind, file := classify(part)
		if kind == "" {
			return nil
		}
		text, err := r.readText(part, path, kind)
		if err != nil {
			partErr = err
			return err
		}
		switch {
		case file != "":
			files = append(files, candidate{text: text, from: fmt.Sprintf("%s %q", FromFile, file)})
		case kind == "text/html":
			htmls = append(htmls, candidate{text: text, from: FromHTMLBody, html: true})
		default:
			plain = append(plain, candidate{text: text, from: FromPlainBody})
			if c := &plain[len(plain)-1]; ownHeader(c.meaningful(&r.lines)) {
				// No later part can come first: the rest is not read.
				return errFound
			}
		}
		return nil
	})
	r.plain, r.htmls, r.files = plain, htmls, files // their room, for the next mail
	all := append(append(plain, htmls...), files...)
	var limit *LimitError
	switch {
	case errors.As(err, &limit):
		return nil, err // a mail over a limit is refused whatever came before
	case len(all) > 0:
		// QUIRK: a part cut short after the orders were read (a truncated
		// or unterminated multipart) does not cost the player his orders.
	case partErr != nil:
		return nil, partErr
	case err != nil:
		return nil, fmt.Errorf("orders: unreadable mail body: %v", err)
	}
	// QUIRK: a multipart cut short (no closing boundary) keeps the parts read.
	for i := range all {
		if lines := all[i].meaningful(&r.lines); ownHeader(lines) {
			m.Text, m.TextFrom = all[i].text, all[i].from
			return lines, nil
		}
	}
	for i := range all { // a reply with no header of its own
		if lines := withQuotedHeader(all[i].text, all[i].lines); len(lines) > 0 && lines[0].quoted {
			m.Text, m.TextFrom = all[i].text, all[i].from
			return lines, nil
		}
	}
	if len(all) == 0 {
		return nil, nil
	}
	for i := range all { // only a form sent back as it came
		if headerIn(all[i].lines) {
			m.Text, m.TextFrom = all[i].text, all[i].from
			return all[i].lines, nil
		}
	}
	m.Text, m.TextFrom = all[0].text, all[0].from
	return all[0].lines, nil
}

// ownHeader says whether a part holds a header line of the player's that
// gives something: a part that is only the order form, unchanged (an
// attached copy), yields to a reply in another part.
func ownHeader(lines []textLine) bool { return headerIn(lines) && !blankForm(lines) }

// classify says whether a leaf part may hold orders: its media type
// ("text/plain" or "text/html", "" to skip it) and, for a file, its name.
// A text part with a filename is a file even when inline: go-message calls
// every non-attachment text part inline (shared/notes/libraries.md).
func classify(e leaf) (kind, file string) {
	ct, params := e.mediaType, e.params
	if e.badType {
		// QUIRK: a malformed parameter (unclosed quote…) still names the type.
		ct, _, _ = strings.Cut(ct, ";")
		ct = strings.ToLower(strings.TrimSpace(ct))
	}
	disp, dparams, _ := e.Header.ContentDisposition()
	if file = dparams["filename"]; file == "" {
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
func (r *mailReader) readText(p leaf, path []int, kind string) (string, error) {
	b, err := io.ReadAll(io.LimitReader(p.Body, MaxPartSize+1))
	if err != nil {
		return "", fmt.Errorf("orders: %s cannot be decoded: %v", partName(path, kind), err)
	}
	if len(b) > MaxPartSize {
		return "", &LimitError{Code: LimitPartTooBig, Limit: MaxPartSize >> 20,
			Text: fmt.Sprintf("%s is over the %d MiB limit", partName(path, kind), MaxPartSize>>20), Hint: "orders are a few lines of plain text"}
	}
	if !utf8.Valid(b) {
		// QUIRK: 8-bit text with no charset (or an unknown one) is almost
		// always windows-1252 from an old Windows client.
		b, _ = charmap.Windows1252.NewDecoder().Bytes(b)
	}
	return string(normaliseNewlinesBytes(bytes.TrimPrefix(b, []byte("\ufeff")))), nil
}
