package reports

import (
	"fmt"
	"net/mail"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/turnproc/turnproc/campaign"
)

// Reminder is the mail to a player who has sent no accepted orders for
// the turn as its deadline nears (turnproc remind).
type Reminder struct {
	Campaign string // campaign id, for the header line and Message-ID
	Title    string // campaign title, for the subject and body
	Turn     int    // the turn whose orders are missing
	Player   string // player id, for the header line and Message-ID
	Lang     string // the player's language
	From     mail.Address
	To       mail.Address // the player's name and address
	Domain   string       // right-hand side of the Message-ID
	Date     time.Time    // the injected clock
	Deadline time.Time    // of this turn
}

// ReminderMessageID is the reminder's Message-ID without the angle
// brackets, fixed by campaign, turn and player: one reminder per player
// and turn.
func ReminderMessageID(campaignID string, turn int, player, domain string) string {
	return fmt.Sprintf("%s.t%d.%s.remind@%s", fileSafe(campaignID), turn, fileSafe(player), domain)
}

// ComposeReminder writes the reminder as .eml bytes (CRLF): plain text in
// the player's language with the deadline and the header line to write,
// marked Auto-Submitted: auto-generated. The same Reminder always gives
// the same bytes.
func ComposeReminder(r Reminder) ([]byte, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	w, err := newWords(r.Lang)
	if err != nil {
		return nil, err
	}
	data := args{"Title": r.Title, "Name": r.To.Name, "Campaign": r.Campaign, "Player": r.Player, "Turn": r.Turn,
		"Calendar": w.calendar(r.Turn), "Deadline": w.date(r.Deadline)}
	if r.To.Name == "" {
		data["Name"] = r.Player
	}
	subject, body := w.text("remind.subject", data), w.text("remind.body", data)
	if w.err != nil {
		return nil, fmt.Errorf("reports: %w", w.err)
	}
	msg, err := newMsg(envelope{From: r.From, To: r.To, Whose: " of player " + r.Player, Subject: subject,
		Date: r.Date, MessageID: ReminderMessageID(r.Campaign, r.Turn, r.Player, r.Domain), AutoSubmitted: "auto-generated"})
	if err != nil {
		return nil, err
	}
	msg.SetBodyString(gomail.TypeTextPlain, body)
	return writeMsg(msg, r.To.Address)
}

func (r *Reminder) check() error {
	switch {
	case r.Campaign == "" || r.Player == "":
		return fmt.Errorf("reports: a reminder needs the campaign and player ids")
	case r.Turn < 1:
		return fmt.Errorf("reports: turn %d: turns count from 1", r.Turn)
	case r.Domain == "":
		return campaign.Problemf("", "use the domain of the sender address", "reports: a reminder needs a Message-ID domain")
	case r.Date.IsZero() || r.Deadline.IsZero():
		return fmt.Errorf("reports: a reminder needs its date (the injected clock) and the turn's deadline")
	}
	return nil
}
