package reports

import (
	"fmt"
	"net/mail"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// PasswordWarning is the one mail a player gets in a turn when mails
// naming him carry wrong passwords past the limit (turnproc check): it
// goes to his own address, never to whoever sent them.
type PasswordWarning struct {
	Campaign string // campaign id, for the Message-ID
	Title    string // campaign title, for the subject and body
	Turn     int
	Player   string // player id
	Lang     string // the player's language
	Limit    int    // intake.max_wrong_passwords
	From     mail.Address
	To       mail.Address // the player's name and address
	Domain   string       // right-hand side of the Message-ID
	Date     time.Time    // the injected clock
	Deadline time.Time    // of this turn
}

// PasswordWarningMessageID is the warning's Message-ID without the angle
// brackets: one warning per player and turn.
func PasswordWarningMessageID(campaignID string, turn int, player, domain string) string {
	return fmt.Sprintf("%s.t%d.%s.remind.passwords@%s", fileSafe(campaignID), turn, fileSafe(player), domain)
}

// ComposePasswordWarning writes the warning as .eml bytes (CRLF): plain
// text in the player's language, marked Auto-Submitted: auto-generated.
// The same PasswordWarning always gives the same bytes.
func ComposePasswordWarning(p PasswordWarning) ([]byte, error) {
	switch {
	case p.Campaign == "" || p.Player == "" || p.Domain == "":
		return nil, fmt.Errorf("reports: a password warning needs the campaign and player ids and a Message-ID domain")
	case p.Turn < 1:
		return nil, fmt.Errorf("reports: turn %d: turns count from 1", p.Turn)
	case p.Date.IsZero() || p.Deadline.IsZero():
		return nil, fmt.Errorf("reports: a password warning needs its date (the injected clock) and the turn's deadline")
	}
	w, err := newWords(p.Lang)
	if err != nil {
		return nil, err
	}
	data := args{"Title": p.Title, "Name": p.To.Name, "Player": p.Player, "Turn": p.Turn, "Limit": p.Limit,
		"Deadline": w.date(p.Deadline)}
	if p.To.Name == "" {
		data["Name"] = p.Player
	}
	subject, body := w.text("guard.passwords.subject", data), w.text("guard.passwords.body", data)
	if w.err != nil {
		return nil, fmt.Errorf("reports: %w", w.err)
	}
	msg, err := newMsg(envelope{From: p.From, To: p.To, Whose: " of player " + p.Player, Subject: subject, Date: p.Date,
		MessageID: PasswordWarningMessageID(p.Campaign, p.Turn, p.Player, p.Domain), AutoSubmitted: "auto-generated"})
	if err != nil {
		return nil, err
	}
	msg.SetBodyString(gomail.TypeTextPlain, body)
	return writeMsg(msg, p.To.Address)
}
