package orders

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
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
	// Oversize, when not 0, is the size of a mail over MaxMailSize, of
	// which Raw holds only the head (MaxHeadBytes): it is refused unread,
	// and answered from its header.
	Oversize int64
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
	StatusCommands Status = "commands" // the player's mail commands, no orders: answered, replaces nothing
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
	// Verdicts are the password verdicts kept from earlier runs, by mail
	// name (Intake.Verdicts): a mail whose verdict holds is not checked
	// again.
	Verdicts map[string]Verdict
	// Limits bound which mails are answered.
	Limits Limits
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
	// Limit is the limit a rejected mail broke (size, MIME structure),
	// nil for any other mail: the answer says it in the player's language.
	Limit *LimitError
	// WrongPassword: rejected because the header's password is not the
	// player's (a guess, or a slip).
	WrongPassword bool
	// Unanswered says why a mail that would be answered is not: it is over
	// one of the Window's Limits. "" for the others.
	Unanswered string
}

// Intake is the outcome of collecting one turn's mails.
type Intake struct {
	Accepted map[string]*Sheet // by player id: the set that counts
	Receipts []Receipt         // one per mail, in arrival order
	// Verdicts are the password verdicts of the mails, by name, kept ones
	// and new: what to keep for the next Collect (Window.Verdicts).
	Verdicts map[string]Verdict
	// Verified counts the bcrypt checks this Collect made: zero when every
	// verdict was kept, and then nothing new needs keeping.
	Verified int
	// WrongPasswords counts, per player, the mails with a wrong password.
	WrongPasswords map[string]int
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
	in := &Intake{Accepted: map[string]*Sheet{}, Receipts: make([]Receipt, 0, len(mails)), Verdicts: map[string]Verdict{}}
	sorted := slices.Clone(mails)
	sortByArrival(sorted)
	auth := &authenticator{w: w, mails: new(mailReader)}
	// Every mail is read and parsed before any is decided, so that the
	// passwords the decisions need are checked on other cores meanwhile:
	// bcrypt at its default cost takes some 60 ms a check.
	read := make([]readMail, len(sorted))
	var v verifier
	checks := map[int]passwordCheck{} // index in sorted → the check it needed
	for i, r := range sorted {
		read[i] = auth.read(r)
		c, ok := auth.needsPassword(read[i])
		if !ok {
			continue
		}
		if kept, ok := w.Verdicts[r.Name]; ok && kept.holds(r, c.key[0], c.hash) {
			read[i].passwordOK, in.Verdicts[r.Name] = kept.OK, kept
			continue
		}
		checks[i] = c
		v.add(c)
	}
	checked := v.wait()
	in.Verified = len(v.queued)
	for i, c := range checks {
		r := sorted[i]
		read[i].passwordOK, in.Verdicts[r.Name] = checked[c.key], newVerdict(r, c.key[0], c.hash, checked[c.key])
	}
	winner := map[string]int{} // player → index in Receipts
	for i, rm := range read {
		rc := auth.decide(rm)
		if rc.Status == StatusCommands && rc.Sheet.Final {
			if j, ok := winner[rc.Player]; ok {
				markFinal(in.Receipts[j].Sheet)
			} else if rc.Status = StatusAccepted; auth.late(rc) { // FINAL with no orders before it: no orders, final
				rc.Status, rc.Reason = StatusLate, auth.lateReason(rc)
			}
		}
		in.Receipts = append(in.Receipts, rc)
		if rc.Status != StatusAccepted {
			continue
		}
		if j, ok := winner[rc.Player]; ok {
			in.Receipts[j].Status = StatusReplaced
			in.Receipts[j].Reason = "replaced by the later mail " + rc.Name
		}
		winner[rc.Player] = i // read and Receipts go together
	}
	for p, i := range winner {
		in.Accepted[p] = in.Receipts[i].Sheet
	}
	in.applyLimits(w.Limits)
	return in
}

// late says whether the mail arrived after the deadline.
func (a *authenticator) late(rc Receipt) bool {
	return !a.w.Deadline.IsZero() && rc.At.After(a.w.Deadline)
}

func (a *authenticator) lateReason(rc Receipt) string {
	return fmt.Sprintf("it arrived at %s, after the deadline of turn %d (%s): it is kept but not applied",
		rc.At.UTC().Format("2006-01-02 15:04:05 MST"), a.w.Turn, a.w.Deadline.UTC().Format("2006-01-02 15:04:05 MST"))
}

// markFinal marks the orders a player sent final at his later FINAL
// command (the answer to that command confirms it).
func markFinal(orders *Sheet) {
	orders.Final = true // FinalLine stays: the FINAL line is in another mail
}

// authenticator decides mails with the bcrypt verdicts of a verifier and
// the kept ones: a password is checked once per run, however many mails
// carry it, and a mail's once for ever (Verdict).
type authenticator struct {
	w     Window
	mails *mailReader
}

// readMail is one mail as read and parsed, before it is decided.
type readMail struct {
	rc    Receipt // Name, At, From, Mail and, for a readable mail, Sheet and Player
	err   error   // why the mail could not be read
	cred  Credentials
	known bool // cred are those of the header's player (or the moderator)
	// passwordOK is the verdict on the header's password, if it needed one.
	passwordOK bool
}

// read reads and parses one mail and looks up the credentials its header
// names.
func (a *authenticator) read(r Received) readMail {
	rm := readMail{rc: Receipt{Name: r.Name, At: r.At}}
	var mail *Mail
	var lines []textLine
	var err error
	if r.Oversize > 0 {
		mail, err = readHead(r.Raw, r.Oversize)
	} else {
		mail, lines, err = a.mails.read(r.Raw)
	}
	rm.rc.Mail, rm.err = mail, err
	if mail != nil {
		rm.rc.From = mail.From
	}
	if err != nil || mail.Automated != "" || a.ourOwn(mail) {
		return rm // decided without its orders
	}
	s := parseLines(lines, a.w.Map)
	mail.Subject = s.maskSubject(mail.Subject)
	rm.rc.Sheet, rm.rc.Player = s, s.Player
	rm.cred, rm.known = a.w.Player(s.Player)
	if IsModerator(s.Player) {
		rm.cred, rm.known = a.w.Moderator, a.w.Moderator.Email != ""
		rm.rc.Player, s.Player = Moderator[0], Moderator[0]
	}
	if !rm.known {
		rm.rc.Player = "" // a sender's made-up id is no player: it is quoted, clipped, in the reason
	}
	return rm
}

// ourOwn says whether the mail comes from turnproc itself.
func (a *authenticator) ourOwn(m *Mail) bool {
	return a.w.Ourselves != "" && lowerASCII(a.w.Ourselves) == m.From
}

// decide says what becomes of a read mail; the passwords it needs have
// been verified.
func (a *authenticator) decide(rm readMail) Receipt {
	rc := rm.rc
	if mail := rc.Mail; mail != nil {
		switch {
		case mail.Automated != "":
			rc.Status, rc.Reason = StatusIgnored, mail.Automated
			return rc
		case a.ourOwn(mail):
			rc.Status, rc.Reason = StatusIgnored, "sent by turnproc itself"
			return rc
		}
	}
	if rm.err != nil {
		rc.Status, rc.Reason = StatusRejected, readFailure(rm.err)
		errors.As(rm.err, &rc.Limit)
		return rc
	}
	if reason := a.ownAnswerBack(rc.Mail, rc.Sheet); reason != "" {
		rc.Status, rc.Reason = StatusIgnored, reason
		return rc
	}
	if reason := a.checkHeader(rc.Sheet, rm.known); reason == "" && (rc.Sheet.Reply || rc.Sheet.Form) && rc.Sheet.Blank() {
		// A report's form sent back as it came, or a reply with no order
		// in it ("thanks!"), must not wipe the orders the player sent.
		rc.Status, rc.Reason = StatusRejected, noOrdersReason(rc.Sheet)
		return rc
	}
	if reason, wrong := a.authenticate(rc.Sheet, rc.Mail.From, rm.cred, rm.known, rm.passwordOK); reason != "" {
		rc.Status, rc.Reason, rc.WrongPassword = StatusRejected, reason, wrong
		return rc
	}
	if rc.Sheet.CommandsOnly() && !(rc.Sheet.Final && a.late(rc)) {
		rc.Status = StatusCommands // answered whenever it comes: no deadline for requests, but FINAL
		return rc
	}
	if a.late(rc) {
		rc.Status, rc.Reason = StatusLate, a.lateReason(rc)
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
	msg := campaign.OneLine(err)
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
// whoever sent the mail. passwordOK is the verdict on the mail's password;
// wrong says the reason is that verdict.
func (a *authenticator) authenticate(s *Sheet, from string, cred Credentials, known, passwordOK bool) (reason string, wrong bool) {
	if reason := a.checkHeader(s, known); reason != "" {
		return reason, false
	}
	// ASCII-only comparison: Unicode folding would let the Kelvin sign or a
	// dotted İ stand in for a player's letters.
	fromOK := lowerASCII(strings.TrimSpace(cred.Email)) == from
	if cred.PasswordHash == "" {
		if !fromOK {
			return fmt.Sprintf("the mail comes from %s, which is not the address of player %q", from, s.Player), false
		}
		return "", false
	}
	switch {
	case s.Password == PasswordPlaceholder:
		return fmt.Sprintf("the password is still %s, as the order form has it: type your own in its place", PasswordPlaceholder), false
	case s.Password == "":
		return fmt.Sprintf("the orders of player %q need his password: add PASSWORD <your password> to the header line", s.Player), false
	case !passwordOK:
		return fmt.Sprintf("the password for player %q is wrong", s.Player), true
	case a.w.CheckFrom && !fromOK:
		return fmt.Sprintf("the mail comes from %s, which is not the address of player %q", from, s.Player), false
	}
	return "", false
}

// noOrdersReason says why a form or reply with no order in it changes
// nothing.
func noOrdersReason(s *Sheet) string {
	unchanged := "your orders for this turn are unchanged"
	switch {
	case len(s.Problems) > 0:
		return "no order in the mail could be read (see the problems): " + unchanged
	case s.Form && !s.Reply:
		return "the order form came back with no order given (delete the # in front of each order you give): " + unchanged
	}
	return "the reply gives no orders (write them on lines of their own, outside the quoted text): " + unchanged
}

// checkHeader checks the header against the turn; "" means it names this
// campaign, this turn and a known player.
func (a *authenticator) checkHeader(s *Sheet, known bool) string {
	switch {
	case s.HeaderLine == 0:
		return "no header line: start the orders with " + headerForm
	case badHeader(s) != "":
		return badHeader(s)
	case !strings.EqualFold(s.Campaign, a.w.Campaign):
		return fmt.Sprintf("the header names campaign %s, but this is campaign %q", quoteClipped(s.Campaign), a.w.Campaign)
	case s.Turn != a.w.Turn:
		return fmt.Sprintf("the header names turn %d, but the orders being collected are for turn %d", s.Turn, a.w.Turn)
	case !known:
		return fmt.Sprintf("the header names player %s, who is not in this campaign", quoteClipped(s.Player))
	}
	return ""
}

// passwordCheck is one bcrypt verification a decision needs.
type passwordCheck struct {
	key  [2]string // {player, password}
	hash string
}

// needsPassword says which password check deciding the mail needs, if
// any: authenticate verifies a password only past the header checks, for
// a player who has one and a header that gives one.
func (a *authenticator) needsPassword(rm readMail) (passwordCheck, bool) {
	s := rm.rc.Sheet
	if s == nil || rm.cred.PasswordHash == "" || s.Password == "" || s.Password == PasswordPlaceholder || a.checkHeader(s, rm.known) != "" {
		return passwordCheck{}, false
	}
	return passwordCheck{[2]string{s.Player, s.Password}, rm.cred.PasswordHash}, true
}

// verifier runs the distinct password checks as they are found, on
// GOMAXPROCS goroutines: one fewer while the mails are still being read,
// the reading one joining them once it is done. A key keeps the hash of
// its first mail, as checking mail by mail would; the verdicts do not
// depend on the order the checks finish in.
type verifier struct {
	queued   map[[2]string]bool
	todo     chan passwordCheck
	wg       sync.WaitGroup
	mu       sync.Mutex
	verdicts map[[2]string]bool // {player, password} → matches
}

// add queues a check, unless its key already is; the first starts the
// workers.
func (v *verifier) add(c passwordCheck) {
	if v.queued[c.key] {
		return
	}
	if v.queued == nil {
		v.queued, v.verdicts = map[[2]string]bool{}, map[[2]string]bool{}
		v.todo = make(chan passwordCheck, 64)
		for range max(1, runtime.GOMAXPROCS(0)-1) {
			v.wg.Go(v.work)
		}
	}
	v.queued[c.key] = true
	v.todo <- c
}

func (v *verifier) work() {
	for c := range v.todo {
		ok := bcrypt.CompareHashAndPassword([]byte(c.hash), []byte(c.key[1])) == nil
		v.mu.Lock()
		v.verdicts[c.key] = ok
		v.mu.Unlock()
	}
}

// wait helps with the checks left and gives the verdicts once all are
// done.
func (v *verifier) wait() map[[2]string]bool {
	if v.todo != nil {
		close(v.todo)
		v.work()
		v.wg.Wait()
	}
	return v.verdicts
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
