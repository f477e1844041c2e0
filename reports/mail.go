package reports

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign"
	gomail "github.com/wneessen/go-mail"
)

// ReportMail is one player's turn-report mail.
type ReportMail struct {
	Campaign string // campaign id, for the file name and Message-ID: "riverlands"
	Title    string // campaign title, for the subject and body
	Turn     int    // the turn played
	Player   string // player id, for the file name and Message-ID
	Lang     string // the player's language
	From     mail.Address
	To       mail.Address // the player's name and address
	Domain   string       // right-hand side of the Message-ID
	Date     time.Time    // the injected clock
	Deadline time.Time    // the next turn's deadline
	PDF      []byte       // from RenderPlayer
	// Form is the player's order form for the next turn (OrderForm): the
	// end of the body and a .txt attachment. Empty: none.
	Form string
}

// AttachmentName is the report's file name: riverlands-turn-001-empire.pdf.
func AttachmentName(campaignID string, turn int, player string) string {
	return fmt.Sprintf("%s-turn-%03d-%s.pdf", fileSafe(campaignID), turn, fileSafe(player))
}

// FormName is the order form's file name: riverlands-turn-002-empire-orders.txt.
func FormName(campaignID string, turn int, player string) string {
	return fmt.Sprintf("%s-turn-%03d-%s-orders.txt", fileSafe(campaignID), turn, fileSafe(player))
}

// MessageID is the report mail's Message-ID without the angle brackets. It
// is fixed by campaign, turn and player, so a resent report is recognisably
// the same mail.
func MessageID(campaignID string, turn int, player, domain string) string {
	return fmt.Sprintf("%s.t%d.%s.report@%s", fileSafe(campaignID), turn, fileSafe(player), domain)
}

// ComposeReport writes the mail as .eml bytes (CRLF): subject and plain-text
// body in the player's language, the PDF attached. The same ReportMail
// always gives the same bytes: fixed date, Message-ID and MIME boundary.
func ComposeReport(m ReportMail) ([]byte, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	w, err := newWords(m.Lang)
	if err != nil {
		return nil, err
	}
	cal := campaign.CalendarOf(m.Turn)
	name := AttachmentName(m.Campaign, m.Turn, m.Player)
	data := args{"Title": m.Title, "Name": m.To.Name, "Turn": m.Turn, "Season": w.season(cal.Season), "Year": cal.Year,
		"Calendar": w.calendar(m.Turn), "Deadline": w.date(m.Deadline), "Attachment": name}
	if m.To.Name == "" {
		data["Name"] = m.Player
	}
	data["FormFile"] = ""
	if m.Form != "" {
		data["FormFile"] = FormName(m.Campaign, m.Turn+1, m.Player)
	}
	subject, body := w.text("mail.subject", data), w.text("mail.body", data)
	if m.Form != "" {
		body += "\n" + m.Form
	}
	if w.err != nil {
		return nil, fmt.Errorf("reports: %w", w.err)
	}

	msg, err := newMsg(envelope{From: m.From, To: m.To, Whose: " of player " + m.Player, Subject: subject,
		Date: m.Date, MessageID: MessageID(m.Campaign, m.Turn, m.Player, m.Domain), AutoSubmitted: "auto-generated"})
	if err != nil {
		return nil, err
	}
	msg.SetBoundary(boundary(m.PDF, body))
	msg.SetBodyString(gomail.TypeTextPlain, body)
	if err := msg.AttachReader(name, bytes.NewReader(m.PDF), gomail.WithFileContentType("application/pdf")); err != nil {
		return nil, fmt.Errorf("reports: attaching %s: %w", name, err)
	}
	if m.Form != "" {
		form := FormName(m.Campaign, m.Turn+1, m.Player)
		if err := msg.AttachReader(form, strings.NewReader(m.Form), gomail.WithFileContentType("text/plain; charset=utf-8")); err != nil {
			return nil, fmt.Errorf("reports: attaching %s: %w", form, err)
		}
	}
	return writeMsg(msg, m.To.Address)
}

// envelope is the header every mail turnproc writes carries.
type envelope struct {
	From, To  mail.Address
	Whose     string // follows the recipient's address in errors: " of player dwarfs"
	Subject   string
	Date      time.Time // the injected clock
	MessageID string    // without the angle brackets
	// AutoSubmitted is RFC 3834's auto-generated (a report) or
	// auto-replied (an answer): vacation responders and other robots do
	// not answer either, so two robots cannot mail each other forever.
	AutoSubmitted string
}

// newMsg starts a mail with a fixed header: no User-Agent, the date and
// Message-ID given, so the same envelope always gives the same bytes.
func newMsg(e envelope) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := msg.FromFormat(e.From.Name, e.From.Address); err != nil {
		return nil, fmt.Errorf("reports: sender %q: %w", e.From.Address, err)
	}
	if err := msg.AddToFormat(e.To.Name, e.To.Address); err != nil {
		return nil, fmt.Errorf("reports: recipient %q%s: %w", e.To.Address, e.Whose, err)
	}
	msg.Subject(e.Subject)
	msg.SetDateWithValue(e.Date)
	msg.SetMessageIDWithValue(e.MessageID)
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), e.AutoSubmitted)
	return msg, nil
}

// writeMsg renders a mail as .eml bytes (CRLF).
func writeMsg(msg *gomail.Msg, to string) ([]byte, error) {
	var b bytes.Buffer
	if _, err := msg.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("reports: writing the mail to %s: %w", to, err)
	}
	return b.Bytes(), nil
}

func (m *ReportMail) check() error {
	switch {
	case m.Campaign == "" || m.Player == "":
		return fmt.Errorf("reports: a report mail needs the campaign and player ids")
	case m.Turn < 1:
		return fmt.Errorf("reports: turn %d: turns count from 1", m.Turn)
	case m.Domain == "":
		return campaign.Problemf("", "use the domain of the sender address", "reports: a report mail needs a Message-ID domain")
	case m.Date.IsZero() || m.Deadline.IsZero():
		return fmt.Errorf("reports: a report mail needs its date (the injected clock) and the next deadline")
	case len(m.PDF) == 0:
		return fmt.Errorf("reports: the report mail for %s has no PDF", m.Player)
	}
	return nil
}

// boundary is fixed by the content, so output is reproducible, and cannot
// occur in it: base64 and the body are hashed into it.
func boundary(pdf []byte, body string) string {
	h := sha256.New()
	h.Write(pdf)
	h.Write([]byte(body))
	return "turnproc-" + hex.EncodeToString(h.Sum(nil))[:32]
}

// fileSafe keeps ids usable in file names and Message-IDs: ASCII letters,
// digits, '-' and '_', everything else becomes '_'.
func fileSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '_'
	}, s)
}
