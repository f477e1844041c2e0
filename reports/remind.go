package reports

import (
	"fmt"
	"net/mail"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/turnproc/turnproc/campaign"
)

// Notice is a short mail turnproc writes a player of its own accord, not
// in answer to his mail, in his language and marked Auto-Submitted:
// auto-generated. Kind picks its words and its Message-ID.
type Notice struct {
	Kind     NoticeKind
	Campaign string // campaign id, for the header line and Message-ID
	Title    string // campaign title, for the subject and body
	Turn     int    // the turn it is about
	Player   string // player id, for the header line and Message-ID
	Lang     string // the player's language
	Limit    int    // NoticePasswords: intake.max_wrong_passwords
	From     mail.Address
	To       mail.Address // the player's name and address
	Domain   string       // right-hand side of the Message-ID
	Date     time.Time    // the injected clock
	Deadline time.Time    // of this turn
}

// NoticeKind is what a Notice says.
type NoticeKind string

// The notices: one of each per player and turn.
const (
	// NoticeReminder reminds a player who has sent no accepted orders as
	// the deadline nears (turnproc remind), with the header line to write.
	NoticeReminder NoticeKind = "remind"
	// NoticePasswords warns a player that mails naming him carried wrong
	// passwords past the limit (turnproc check); it goes to his own
	// address, never to whoever sent them.
	NoticePasswords NoticeKind = "passwords"
)

// noticeTexts are the template keys of each kind's subject and body, and
// the noun its errors use.
var noticeTexts = map[NoticeKind]struct{ key, noun, id string }{
	NoticeReminder:  {"remind", "a reminder", "remind"},
	NoticePasswords: {"guard.passwords", "a password warning", "remind.passwords"},
}

// NoticeMessageID is a notice's Message-ID without the angle brackets,
// fixed by its kind, campaign, turn and player.
func NoticeMessageID(kind NoticeKind, campaignID string, turn int, player, domain string) string {
	return fmt.Sprintf("%s.t%d.%s.%s@%s", fileSafe(campaignID), turn, fileSafe(player), noticeTexts[kind].id, domain)
}

// ComposeNotice writes the notice as .eml bytes (CRLF), plain text. The
// same Notice always gives the same bytes.
func ComposeNotice(n Notice) ([]byte, error) {
	if err := n.check(); err != nil {
		return nil, err
	}
	w, err := newWords(n.Lang)
	if err != nil {
		return nil, err
	}
	data := args{"Title": n.Title, "Name": n.To.Name, "Campaign": n.Campaign, "Player": n.Player, "Turn": n.Turn,
		"Calendar": w.calendar(n.Turn), "Deadline": w.date(n.Deadline), "Limit": n.Limit}
	if n.To.Name == "" {
		data["Name"] = n.Player
	}
	key := noticeTexts[n.Kind].key
	subject, body := w.text(key+".subject", data), w.text(key+".body", data)
	if w.err != nil {
		return nil, fmt.Errorf("reports: %w", w.err)
	}
	msg, err := newMsg(envelope{From: n.From, To: n.To, Whose: " of player " + n.Player, Subject: subject,
		Date: n.Date, MessageID: NoticeMessageID(n.Kind, n.Campaign, n.Turn, n.Player, n.Domain), AutoSubmitted: "auto-generated"})
	if err != nil {
		return nil, err
	}
	msg.SetBodyString(gomail.TypeTextPlain, body)
	return writeMsg(msg, n.To.Address)
}

func (n *Notice) check() error {
	t, ok := noticeTexts[n.Kind]
	switch {
	case !ok:
		return fmt.Errorf("reports: no notice of kind %q", n.Kind)
	case n.Campaign == "" || n.Player == "":
		return fmt.Errorf("reports: %s needs the campaign and player ids", t.noun)
	case n.Turn < 1:
		return fmt.Errorf("reports: turn %d: turns count from 1", n.Turn)
	case n.Domain == "":
		return campaign.Problemf("", "use the domain of the sender address", "reports: %s needs a Message-ID domain", t.noun)
	case n.Date.IsZero() || n.Deadline.IsZero():
		return fmt.Errorf("reports: %s needs its date (the injected clock) and the turn's deadline", t.noun)
	}
	return nil
}
