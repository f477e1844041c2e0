package orders

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/turnproc/turnproc/campaign"
)

// Received is one raw mail as the mailbox gave it; Name is its stable
// name there (maildir file name, IMAP UID…), used to order and to report;
// At is when it arrived (not the sender's Date header, which the sender
// sets): it decides lateness and which of a player's mails is the last.
type Received struct {
	Name string
	Raw  []byte
	At   time.Time
}

// sortByArrival orders mails by arrival, then by name.
func sortByArrival(mails []Received) {
	slices.SortStableFunc(mails, func(a, b Received) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
}

// Status is what became of a received mail.
type Status string

const (
	StatusAccepted Status = "accepted" // its orders count for the turn
	StatusReplaced Status = "replaced" // accepted, then a later mail of the player won
	StatusLate     Status = "late"     // the player's, but it arrived after the deadline: kept, answered, not applied
	StatusRejected Status = "rejected" // unreadable, or not from the player it claims, or wrong campaign/turn
	StatusIgnored  Status = "ignored"  // machine-sent or our own: never answered (loop safety)
)

// Credentials are what authenticates a player's mail: his address and,
// if he has one, the bcrypt hash of his password.
type Credentials struct {
	Email        string
	PasswordHash string
}

// Window says which mails count for a turn, and who may send them.
type Window struct {
	Campaign string
	Turn     int
	Map      *campaign.Map
	// Deadline: mails arriving after it are late (zero: no deadline).
	Deadline time.Time
	// Player gives a player's credentials; ok is false for unknown players.
	Player func(id string) (c Credentials, ok bool)
	// CheckFrom requires the player's From address even when he has a
	// password (without a password, the From address always decides).
	CheckFrom bool
	// Ourselves is turnproc's own address: mails from it are never answered.
	Ourselves string
	// Moderator authenticates the moderator's own mail (PLAYER moderator),
	// which may carry battle results.
	Moderator Credentials
}

// Receipt says what happened to one mail and why.
type Receipt struct {
	Name   string
	At     time.Time // arrival
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
	Receipts []Receipt         // one per mail, in arrival order
}

// Collect reads, parses and authenticates a turn's mails (docs/orders.md).
// A mail is accepted when its header names this campaign and turn and a
// known player, and it is his: the right password if he has one (and his
// From address too if the window says so), else his From address. Of a
// player's accepted mails the last to arrive counts; the others become
// replaced. A mail of his that arrived after the deadline is late: kept
// and answered, never applied. Accepted sheets may still hold problems:
// their valid lines count.
func Collect(mails []Received, w Window) *Intake {
	in := &Intake{Accepted: map[string]*Sheet{}}
	sorted := slices.Clone(mails)
	sortByArrival(sorted)
	winner := map[string]int{} // player → index in Receipts
	auth := &authenticator{w: w, checked: map[[2]string]bool{}}
	for _, r := range sorted {
		rc := auth.receive(r)
		in.Receipts = append(in.Receipts, rc)
		if rc.Status != StatusAccepted {
			continue
		}
		i := len(in.Receipts) - 1
		if j, ok := winner[rc.Player]; ok {
			in.Receipts[j].Status = StatusReplaced
			in.Receipts[j].Reason = "replaced by the later mail " + rc.Name
		}
		winner[rc.Player] = i
	}
	for p, i := range winner {
		in.Accepted[p] = in.Receipts[i].Sheet
	}
	return in
}

// authenticator decides mails, remembering bcrypt verdicts: a password is
// checked once per run, however many mails carry it.
type authenticator struct {
	w       Window
	checked map[[2]string]bool // {player, password} → matches
}

// receive decides one mail.
func (a *authenticator) receive(r Received) Receipt {
	rc := Receipt{Name: r.Name, At: r.At}
	mail, err := ReadMail(r.Raw)
	rc.Mail = mail
	if mail != nil {
		rc.From = mail.From
		switch {
		case mail.Automated != "":
			rc.Status, rc.Reason = StatusIgnored, mail.Automated
			return rc
		case a.w.Ourselves != "" && lowerASCII(a.w.Ourselves) == mail.From:
			rc.Status, rc.Reason = StatusIgnored, "sent by turnproc itself"
			return rc
		}
	}
	if err != nil {
		rc.Status, rc.Reason = StatusRejected, readFailure(err)
		return rc
	}
	s := Parse(mail.Text, a.w.Map)
	rc.Sheet, rc.Player = s, s.Player
	cred, known := a.w.Player(s.Player)
	if IsModerator(s.Player) {
		cred, known = a.w.Moderator, a.w.Moderator.Email != ""
		rc.Player, s.Player = Moderator[0], Moderator[0]
	}
	if !known {
		rc.Player = "" // a sender's made-up id is no player: it is quoted, clipped, in the reason
	}
	if reason := a.authenticate(s, mail.From, cred, known); reason != "" {
		rc.Status, rc.Reason = StatusRejected, reason
		return rc
	}
	if !a.w.Deadline.IsZero() && r.At.After(a.w.Deadline) {
		rc.Status = StatusLate
		rc.Reason = fmt.Sprintf("it arrived at %s, after the deadline of turn %d (%s): it is kept but not applied",
			r.At.UTC().Format("2006-01-02 15:04:05 MST"), a.w.Turn, a.w.Deadline.UTC().Format("2006-01-02 15:04:05 MST"))
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

// authenticate checks the header against the turn and the mail against
// the player's credentials; "" means the mail is the player's. Reasons
// never name the player's address or password: they may be mailed back to
// whoever sent the mail.
func (a *authenticator) authenticate(s *Sheet, from string, cred Credentials, known bool) string {
	switch {
	case s.HeaderLine == 0:
		return "no header line: start the orders with " + headerForm
	case badHeader(s) != "":
		return badHeader(s)
	case !strings.EqualFold(s.Campaign, a.w.Campaign):
		return fmt.Sprintf("the header names campaign %s, but this is campaign %q", quoteClipped(s.Campaign), a.w.Campaign)
	case s.Turn != a.w.Turn:
		return fmt.Sprintf("the header names turn %d, but the orders being collected are for turn %d", s.Turn, a.w.Turn)
	}
	if !known {
		return fmt.Sprintf("the header names player %s, who is not in this campaign", quoteClipped(s.Player))
	}
	// ASCII-only comparison: Unicode folding would let the Kelvin sign or a
	// dotted İ stand in for a player's letters.
	fromOK := lowerASCII(strings.TrimSpace(cred.Email)) == from
	if cred.PasswordHash == "" {
		if !fromOK {
			return fmt.Sprintf("the mail comes from %s, which is not the address of player %q", from, s.Player)
		}
		return ""
	}
	switch {
	case s.Password == "":
		return fmt.Sprintf("the orders of player %q need his password: add PASSWORD <your password> to the header line", s.Player)
	case !a.passwordMatches(s.Player, s.Password, cred.PasswordHash):
		return fmt.Sprintf("the password for player %q is wrong", s.Player)
	case a.w.CheckFrom && !fromOK:
		return fmt.Sprintf("the mail comes from %s, which is not the address of player %q", from, s.Player)
	}
	return ""
}

func (a *authenticator) passwordMatches(player, password, hash string) bool {
	key := [2]string{player, password}
	ok, seen := a.checked[key]
	if !seen {
		ok = bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
		a.checked[key] = ok
	}
	return ok
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
		if !IsModerator(p) { // the moderator's mail carries results, not orders
			players = append(players, p)
		}
	}
	slices.Sort(players)
	sets := make([]campaign.OrderSet, len(players))
	for i, p := range players {
		sets[i] = in.Accepted[p].Set
	}
	return sets
}
