package reports

import (
	"bytes"
	"fmt"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign"
	gomail "github.com/wneessen/go-mail"
)

// Ack is the acknowledgement of one order mail (`turnproc check`): the
// reply that tells the player what was understood, what is wrong, and the
// dice each order will need.
type Ack struct {
	Campaign string // campaign id, for the Message-ID
	Title    string // campaign title, for the subject and body
	Turn     int
	Lang     string // the player's language
	From     mail.Address
	To       mail.Address // the sender of the mail answered
	Domain   string       // right-hand side of the Message-ID
	Date     time.Time    // the injected clock
	Deadline time.Time    // of this turn

	// The mail answered.
	InReplyTo  string // its Message-ID, with <>; "" if it had none
	References string // its References header, extended by the reply
	Subject    string // its subject; the reply's is "Re: " + it
	Name       string // its stable name in the inbox, for the Message-ID

	Status   string    // "accepted", "late" or "rejected" (orders.Status); ignored mails get no answer
	Reason   string    // the intake's English reason, for a rejected mail
	Echo     []AckLine // the orders as understood, header line included, password never
	Problems []AckProblem

	// Preview is what campaign.Preview returned for the accepted orders;
	// it is shown for an accepted mail only. Map and State are the ones
	// it was computed on: refusals name the map's extent and army sizes.
	Preview []campaign.Event
	Map     *campaign.Map
	State   *campaign.State
	Rules   campaign.Rules // for the chances

	Replaces string // the subject or name of the earlier mail this one replaces

	// ReasonCode names the limit a rejected mail broke (orders.LimitError),
	// said as ack.reason.<code> when the language has it; ReasonLimit is
	// the limit's value.
	ReasonCode  string
	ReasonLimit int

	// Equipment are the siege-equipment declarations (EQUIP lines) as
	// checked against their siege and budget (D19).
	Equipment []AckEquipment
	// Results are the moderator's RESULT lines and what became of each.
	Results []AckResult
	// Commitment is the SHA-256 of this turn's dice seed: the dice are
	// fixed before the orders, and the report reveals the seed.
	Commitment string
	// Resolving says the mail is answered by the run that resolves its
	// turn, at the deadline: it counts (or not) for the turn being played,
	// and nothing more can be sent for it.
	Resolving bool
	// Commands are the answers to the mail's commands (docs/orders.md), and
	// Attachments what they send.
	Commands    []AckCommand
	Attachments []Attachment
}

// AckCommand is the answer to one mail command.
type AckCommand struct {
	Line    int
	Kind    string // "report", "map", "orders", "final", "help" (orders.CommandKind and FINAL)
	Turn    int    // the report's turn; the turn of the orders shown or made final
	Missing bool   // report: that turn has no report; orders: none were sent
	Played  int    // report: the last turn played (0: none)
	Files   []string
	Orders  []string // orders: the orders as they stand, as understood
}

// Attachment is a file an answer carries.
type Attachment struct {
	Name, ContentType string
	Data              []byte
}

// AckResult is one RESULT line of the moderator's mail: recorded, or
// refused and why (English, from the rules).
type AckResult struct {
	Line          int
	Text, Refused string
}

// AckEquipment is one EQUIP line and its verdict: the points it costs of
// the side's budget, or why it is refused (English, from the siege package).
type AckEquipment struct {
	Line           int
	Battle, Items  string
	Cost, Budget   int
	Refused, Notes string
}

// AckLine is one line of the mail as the parser understood it.
type AckLine struct {
	Line int    // in the mail
	Text string // "A1 MOVE E10 E9"
}

// AckProblem is a line the order parser could not accept: orders.Problem,
// which reports does not import. Text and Hint are English; Code picks
// the sentence of other languages.
type AckProblem struct {
	Line             int
	Code, Text, Hint string
}

// AnswerMarker starts the answer's last line, whatever the language: the
// intake tells by it an answer that a robot sends back (orders.AnswerMarker).
const AnswerMarker = "# turnproc answer"

// The mail statuses that get an acknowledgement (orders.Status values).
const (
	AckAccepted = "accepted"
	AckLate     = "late"
	AckRejected = "rejected"
	AckCommands = "commands" // requests and no orders
)

// AckMessageID is the acknowledgement's Message-ID without the angle
// brackets, fixed by the mail answered: answering it twice gives the same
// mail, which the player's client shows once.
func AckMessageID(campaignID string, turn int, name, domain string) string {
	return fmt.Sprintf("%s.t%d.ack.%s@%s", fileSafe(campaignID), turn, fileSafe(name), domain)
}

// ComposeAck writes the acknowledgement as .eml bytes (CRLF): plain text in
// the player's language, threaded as a reply to his mail and marked
// Auto-Submitted: auto-replied (RFC 3834). The same Ack always gives the
// same bytes.
func ComposeAck(a Ack) ([]byte, error) {
	if err := a.check(); err != nil {
		return nil, err
	}
	w, err := newWords(a.Lang)
	if err != nil {
		return nil, err
	}
	a.To.Name, a.Replaces = clipRunes(a.To.Name, MaxName), clipRunes(a.Replaces, MaxSubject)
	subject := replyHeaderSubject(replySubject(a.Subject))
	if subject == "" {
		subject = w.text("ack.subject", args{"Title": a.Title, "Turn": a.Turn})
	}
	body := capText(w, a.body(w))
	if w.err != nil {
		return nil, fmt.Errorf("reports: %w", w.err)
	}
	msg, err := newMsg(envelope{From: a.From, To: a.To, Subject: subject, Date: a.Date,
		MessageID: AckMessageID(a.Campaign, a.Turn, a.Name, a.Domain), AutoSubmitted: "auto-replied"})
	if err != nil {
		return nil, err
	}
	parent := msgIDs(a.InReplyTo)
	if len(parent) > 0 {
		msg.SetGenHeader(gomail.HeaderInReplyTo, parent[0])
	}
	if refs := references(msgIDs(a.References), parent); len(refs) > 0 {
		msg.SetGenHeader(gomail.HeaderReferences, strings.Join(refs, " "))
	}
	msg.SetBodyString(gomail.TypeTextPlain, body)
	for _, f := range a.Attachments {
		if err := msg.AttachReader(f.Name, bytes.NewReader(f.Data), gomail.WithFileContentType(gomail.ContentType(f.ContentType))); err != nil {
			return nil, fmt.Errorf("reports: attaching %s: %w", f.Name, err)
		}
	}
	if len(a.Attachments) > 0 {
		var files []byte
		for _, f := range a.Attachments {
			files = append(files, f.Data...)
		}
		msg.SetBoundary(boundary(files, body)) // reproducible: the same answer, the same bytes
	}
	return writeMsg(msg, a.To.Address)
}

// commandLines answers each command, in the mail's order.
func (a *Ack) commandLines(w *words) []string {
	var out []string
	for _, c := range a.Commands {
		name := "ack.command." + c.Kind
		switch {
		case c.Missing && c.Kind == "report":
			name += ".missing"
		case c.Missing:
			name += ".none"
		}
		out = append(out, w.text(name, args{"Line": c.Line, "Turn": c.Turn, "Played": c.Played, "Files": strings.Join(c.Files, ", ")}))
		for _, o := range c.Orders {
			out = append(out, "  "+o)
		}
	}
	return out
}

func (a *Ack) check() error {
	switch {
	case a.Campaign == "" || a.Name == "":
		return fmt.Errorf("reports: an acknowledgement needs the campaign id and the name of the mail it answers")
	case a.Turn < 1:
		return fmt.Errorf("reports: turn %d: turns count from 1", a.Turn)
	case a.Domain == "":
		return campaign.Problemf("", "use the domain of the sender address", "reports: an acknowledgement needs a Message-ID domain")
	case a.Date.IsZero() || a.Deadline.IsZero():
		return fmt.Errorf("reports: an acknowledgement needs its date (the injected clock) and the turn's deadline")
	case a.Status != AckAccepted && a.Status != AckLate && a.Status != AckRejected && a.Status != AckCommands:
		return campaign.Problemf("", "acknowledge accepted, late, rejected and command mails; ignored ones are never answered", "reports: mail %s has status %q, which gets no acknowledgement", a.Name, a.Status)
	case a.Status == AckRejected && a.Reason == "":
		return fmt.Errorf("reports: the rejection of mail %s gives no reason", a.Name)
	case a.Status == AckAccepted && len(a.Preview) > 0 && (a.Map == nil || a.State == nil):
		return fmt.Errorf("reports: the preview of mail %s comes without the map and state it was computed on", a.Name)
	}
	return nil
}

// body is the text: greeting, what became of the mail, the orders as
// understood, the problems, the dice, what to do next.
func (a *Ack) body(w *words) string {
	name := a.To.Name
	if name == "" {
		name = a.To.Address
	}
	data := args{"Title": a.Title, "Turn": a.Turn, "Name": name, "Deadline": w.date(a.Deadline),
		"Replaces": a.Replaces, "Reason": a.Reason}
	paras := []string{w.text("ack.greeting", data), a.opening(w, data)}
	if a.Status == AckRejected {
		paras = append(paras, a.reason(w, data))
	}
	if len(a.Echo) > 0 {
		paras = append(paras, section(w.text("ack.echo.heading", nil), a.echoLines(w)))
	}
	if len(a.Problems) > 0 {
		paras = append(paras, section(w.text("ack.problems.heading", nil), a.problemLines(w)))
	}
	if dice := a.diceLines(w); len(dice) > 0 {
		paras = append(paras, section(w.text("ack.dice.heading", nil), dice))
	}
	if len(a.Results) > 0 && a.Status == AckAccepted {
		var lines []string
		for _, r := range a.Results {
			data := args{"Line": r.Line, "Text": r.Text, "Refused": r.Refused}
			if r.Refused != "" {
				lines = append(lines, w.text("ack.result.refused", data))
			} else {
				lines = append(lines, w.text("ack.result.recorded", data))
			}
		}
		paras = append(paras, section(w.text("ack.results.heading", nil), lines))
	}
	if len(a.Equipment) > 0 && a.Status == AckAccepted {
		paras = append(paras, section(w.text("ack.equipment.heading", nil), a.equipmentLines(w)))
	}
	if len(a.Commands) > 0 {
		paras = append(paras, section(w.text("ack.commands.heading", nil), a.commandLines(w)))
	}
	if a.Commitment != "" && a.Status == AckAccepted {
		paras = append(paras, w.text("ack.commitment", args{"Turn": a.Turn, "Commitment": a.Commitment}))
	}
	paras = append(paras, w.text(a.resolvingKey("ack.closing."+a.Status), data), w.text("ack.signature", data),
		fmt.Sprintf("%s: %s turn %d", AnswerMarker, a.Campaign, a.Turn))
	return strings.Join(paras, "\n\n") + "\n"
}

// equipmentLines says, EQUIP line by EQUIP line, what the siege will see.
func (a *Ack) equipmentLines(w *words) []string {
	var out []string
	for _, e := range a.Equipment {
		data := args{"Line": e.Line, "Battle": e.Battle, "Items": e.Items, "Cost": e.Cost, "Budget": e.Budget, "Refused": e.Refused, "Notes": e.Notes}
		if e.Refused != "" {
			out = append(out, w.text("ack.equipment.refused", data))
			continue
		}
		out = append(out, w.text("ack.equipment.accepted", data))
	}
	return out
}

// opening says what became of the mail.
func (a *Ack) opening(w *words, data args) string {
	s := w.text(a.resolvingKey("ack."+a.Status), data)
	if a.Status == AckAccepted && a.Replaces != "" {
		s += " " + w.text("ack.replaces", data)
	}
	return s
}

// resolvingKey is the key of the text for a mail answered while its turn
// is resolved, where the text differs ("you may send new orders until
// then" is no longer true), and key itself elsewhere.
func (a *Ack) resolvingKey(key string) string {
	switch k := key + ".resolving"; {
	case !a.Resolving:
	case k == "ack.accepted.resolving", k == "ack.closing.accepted.resolving", k == "ack.closing.rejected.resolving":
		return k
	}
	return key
}

// section is a heading with its lines indented under it.
func section(heading string, lines []string) string {
	var b strings.Builder
	b.WriteString(heading)
	for _, l := range lines {
		b.WriteString("\n  ")
		b.WriteString(l)
	}
	return b.String()
}

// echoLines numbers the orders as understood with their lines in the mail.
func (a *Ack) echoLines(w *words) []string {
	echo, more := capItems(a.Echo)
	out := make([]string, len(echo))
	for i, l := range echo {
		out[i] = w.text("ack.echo", args{"Line": l.Line, "Text": clipRunes(l.Text, MaxAckQuote)})
	}
	return a.more(w, out, "ack.more.lines", more)
}

// problemLines tells each problem in the reader's language when its code
// has a sentence, else in the parser's English; the hint goes under it.
func (a *Ack) problemLines(w *words) []string {
	var out []string
	problems, more := capItems(a.Problems)
	for _, p := range problems {
		p.Text, p.Hint = clipRunes(p.Text, MaxAckQuote), clipRunes(p.Hint, MaxAckQuote)
		text := p.Text
		if name := "problem.orders." + p.Code; w.set.Has(name) {
			text = w.text(name, args{"Text": p.Text})
		}
		out = append(out, w.text("ack.problem", args{"Line": p.Line, "Text": text}))
		if p.Hint != "" {
			out = append(out, "  "+w.text("ack.hint", args{"Hint": p.Hint}))
		}
	}
	return a.more(w, out, "ack.more.problems", more)
}

// diceLines tells, for an accepted mail, each command check the orders
// will meet and each order the rules would refuse as things stand.
func (a *Ack) diceLines(w *words) []string {
	if a.Status != AckAccepted || len(a.Preview) == 0 {
		return nil
	}
	n := newNarrator(&Turn{Title: a.Title, Map: a.Map, Rules: a.Rules, Before: a.State, After: a.State,
		Outcome: &campaign.Outcome{Turn: a.Turn}}, w)
	var out []string
	for _, e := range a.Preview {
		d := args{"Line": e.Line, "Order": clipRunes(e.Order, MaxAckQuote), "Unit": e.Unit, "From": coordText(e.From), "To": coordText(e.To)}
		switch {
		case e.Kind == campaign.EventCheck && e.Check != nil:
			d["Chance"] = a.chance(w, e)
			out = append(out, w.text("ack.check", d))
		case e.Kind == campaign.EventRejected:
			d["Problem"] = n.problemText(e, n.eventArgs(e))
			out = append(out, w.text("ack.refused", d))
		case e.Kind == campaign.EventSkipped:
			out = append(out, w.text("ack.skipped", d))
		case e.Kind == campaign.EventFailed && e.Note == "siege":
			out = append(out, w.text("ack.siege", d))
		}
	}
	out, more := capItems(out)
	return a.more(w, out, "ack.more.lines", more)
}

// chance says what a check needs: "8 or less on 2D6, 72%", automatic at
// an own port, or impossible when even a double 1 is over D.
func (a *Ack) chance(w *words, e campaign.Event) string {
	c := e.Check
	switch {
	case c.Automatic:
		return w.text("ack.chance.automatic", args{"To": coordText(e.To)})
	case c.Target < 2:
		return w.text("ack.chance.impossible", args{"Target": number(c.Target)})
	}
	return w.text("ack.chance", args{"Target": c.Target, "Percent": percent(campaign.Chance(c.Target, a.Rules))})
}

// replySubject is "Re: " and the subject answered, without piling up
// "Re:"s; "" when the mail had no subject.
func replySubject(subject string) string {
	s := strings.Join(strings.Fields(subject), " ")
	for {
		// QUIRK: clients write "Re:", "RE:", "re :".
		head, rest, ok := strings.Cut(s, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(head), "re") {
			break
		}
		s = strings.TrimSpace(rest)
	}
	if s == "" {
		return ""
	}
	return "Re: " + s
}

// msgIDRe is one msg-id as senders really write them: anything printable
// and without spaces between angle brackets.
var msgIDRe = regexp.MustCompile(`<[!-;=?-~]+>`)

// msgIDs picks the msg-ids out of a header taken from a player's mail.
// QUIRK: whatever else is there (comments, bare ids, line breaks someone
// smuggled in) is dropped, so it can never break our header.
func msgIDs(h string) []string { return msgIDRe.FindAllString(h, -1) }

// maxReferences bounds the References of a long exchange: the first id
// (the thread's root) and the most recent ones (RFC 5322 §3.6.4 lets a
// reply shorten them).
const maxReferences = 20

// references is the reply's References: the answered mail's, then its
// own Message-ID (RFC 5322 §3.6.4).
func references(refs, parent []string) []string {
	out := slices.Clone(refs)
	if len(parent) > 0 && (len(out) == 0 || out[len(out)-1] != parent[0]) {
		out = append(out, parent[0])
	}
	if len(out) > maxReferences {
		out = slices.Delete(out, 1, len(out)-maxReferences+1)
	}
	return out
}
