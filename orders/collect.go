package orders

import (
	"fmt"
	"slices"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// Received is one raw mail as the mailbox gave it; Name is its stable
// name there (maildir file name, IMAP UID…), used to order and to report.
type Received struct {
	Name string
	Raw  []byte
}

// Status is what became of a received mail.
type Status string

const (
	StatusAccepted Status = "accepted" // its orders count for the turn
	StatusReplaced Status = "replaced" // accepted, then a later mail of the player won
	StatusRejected Status = "rejected" // unreadable, or not from the player it claims, or wrong campaign/turn
	StatusIgnored  Status = "ignored"  // machine-sent: never answered (loop safety)
)

// Receipt says what happened to one mail and why.
type Receipt struct {
	Name   string
	From   string
	Player string
	Status Status
	Reason string // empty when accepted
	Mail   *Mail  // nil if the mail could not be read at all
	Sheet  *Sheet // nil unless the orders were parsed
}

// Intake is the outcome of collecting one turn's mails.
type Intake struct {
	Accepted map[string]*Sheet // by player id: the set that counts
	Receipts []Receipt         // one per mail, sorted by Name
}

// Collect reads, parses and authenticates a turn's mails. A mail is
// accepted when its header names this campaign and turn and a known
// player, and it comes from that player's address (lookup gives it;
// compared case-insensitively). Of a player's accepted mails the last
// counts, by Date header and then by Name; the others become replaced.
// Accepted sheets may still hold problems: their valid lines count.
func Collect(mails []Received, turn int, campaignID string, m *campaign.Map, lookup func(playerID string) (email string, ok bool)) *Intake {
	in := &Intake{Accepted: map[string]*Sheet{}}
	sorted := slices.Clone(mails)
	slices.SortStableFunc(sorted, func(a, b Received) int { return strings.Compare(a.Name, b.Name) })
	winner := map[string]int{} // player → index in Receipts
	for _, r := range sorted {
		rc := receive(r, turn, campaignID, m, lookup)
		in.Receipts = append(in.Receipts, rc)
		if rc.Status != StatusAccepted {
			continue
		}
		i := len(in.Receipts) - 1
		if j, ok := winner[rc.Player]; ok {
			if later(in.Receipts[j], rc) {
				i, j = j, i
			}
			in.Receipts[j].Status = StatusReplaced
		}
		winner[rc.Player] = i
	}
	for p, i := range winner {
		in.Accepted[p] = in.Receipts[i].Sheet
	}
	for i, rc := range in.Receipts {
		if rc.Status == StatusReplaced {
			in.Receipts[i].Reason = "replaced by the later mail " + in.Receipts[winner[rc.Player]].Name
		}
	}
	return in
}

// later says whether a was sent after b: by Date, then by Name.
func later(a, b Receipt) bool {
	if !a.Mail.Date.Equal(b.Mail.Date) {
		return a.Mail.Date.After(b.Mail.Date)
	}
	return a.Name > b.Name
}

// receive decides one mail.
func receive(r Received, turn int, campaignID string, m *campaign.Map, lookup func(string) (string, bool)) Receipt {
	rc := Receipt{Name: r.Name}
	mail, err := ReadMail(r.Raw)
	rc.Mail = mail
	if mail != nil {
		rc.From = mail.From
		if mail.Automated != "" {
			rc.Status, rc.Reason = StatusIgnored, mail.Automated
			return rc
		}
	}
	if err != nil {
		rc.Status, rc.Reason = StatusRejected, readFailure(err)
		return rc
	}
	s := Parse(mail.Text, m)
	rc.Sheet, rc.Player = s, s.Player
	if reason := authenticate(s, mail.From, turn, campaignID, lookup); reason != "" {
		rc.Status, rc.Reason = StatusRejected, reason
		return rc
	}
	rc.Status = StatusAccepted
	return rc
}

// maxQuoted is how much of a mail's own bytes a rejection reason quotes.
const maxQuoted = 80

// rawLineMarker introduces the offending header line in go-message's
// error for a malformed header.
const rawLineMarker = "malformed MIME header line: "

// readFailure is the reason for a mail ReadMail refused, fit for the intake
// log and a reply: one line, and never more than a short quote of the
// mail's own bytes.
func readFailure(err error) string {
	// A hint goes on the same line, as in Problem.String.
	msg := strings.ReplaceAll(err.Error(), "\nhint: ", "; hint: ")
	// QUIRK: go-message puts the malformed header line into its error as
	// it is: binary junk, control characters, or a megabyte long.
	if head, raw, ok := strings.Cut(msg, rawLineMarker); ok {
		return head + rawLineMarker + quoteClipped(raw)
	}
	return msg
}

// quoteClipped quotes s (Go syntax: control characters and bad UTF-8
// escaped), cut to maxQuoted runes with "…" after the quote when longer.
func quoteClipped(s string) string {
	n := 0
	for i := range s { // a byte that is not UTF-8 counts as one rune
		if n == maxQuoted {
			return fmt.Sprintf("%q…", s[:i])
		}
		n++
	}
	return fmt.Sprintf("%q", s)
}

// authenticate checks the header against the turn and the sender against
// the player's address; "" means the mail is the player's.
func authenticate(s *Sheet, from string, turn int, campaignID string, lookup func(string) (string, bool)) string {
	switch {
	case s.HeaderLine == 0:
		return "no header line: start the orders with " + headerForm
	case badHeader(s) != "":
		return badHeader(s)
	case !strings.EqualFold(s.Campaign, campaignID):
		return fmt.Sprintf("the header names campaign %q, but this is campaign %q", s.Campaign, campaignID)
	case s.Turn != turn:
		return fmt.Sprintf("the header names turn %d, but the orders being collected are for turn %d", s.Turn, turn)
	}
	email, ok := lookup(s.Player)
	if !ok {
		return fmt.Sprintf("the header names player %q, who is not in this campaign", s.Player)
	}
	if !strings.EqualFold(strings.TrimSpace(email), from) {
		// The player's address is not named: this reason may be mailed back
		// to whoever sent the mail.
		return fmt.Sprintf("the mail comes from %s, which is not the address of player %q", from, s.Player)
	}
	return ""
}

// badHeader gives the header line's problem, if any.
func badHeader(s *Sheet) string {
	for _, p := range s.Problems {
		if p.Code == CodeBadHeader {
			return p.String()
		}
	}
	return ""
}

// OrderSets lists the accepted order sets, sorted by player id, ready for
// campaign.Resolve.
func (in *Intake) OrderSets() []campaign.OrderSet {
	players := make([]string, 0, len(in.Accepted))
	for p := range in.Accepted {
		players = append(players, p)
	}
	slices.Sort(players)
	sets := make([]campaign.OrderSet, len(players))
	for i, p := range players {
		sets[i] = in.Accepted[p].Set
	}
	return sets
}
