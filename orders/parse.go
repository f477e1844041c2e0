package orders

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/turnproc/turnproc/campaign"
)

// Sheet is one player's orders as read from one text: the header, the
// order set, and every problem found. Lines with a problem are skipped;
// the rest are in Set.
type Sheet struct {
	Campaign string // campaign id from the header, lower-cased
	Player   string // player id from the header, lower-cased
	Password string // PASSWORD from the header, as written; never echoed
	// Equipment are the siege-equipment declarations (EQUIP B3-1 …), as
	// written: the siege package reads and checks them against the battle.
	Equipment []Equipment
	// Results are battle results (RESULT B3-1 attacker 230 450), which
	// only the moderator may send.
	Results    []Result
	Turn       int
	HeaderLine int // 0: no header line was found
	// InitiativeLine is where INITIATIVE was written (0: not given).
	InitiativeLine int
	// Final is set by a FINAL (DEFINITIVO) line: the player will send no
	// other orders this turn. FinalLine is where it was written (0: not given).
	Final     bool
	FinalLine int
	// Reply: the text had no header line of its own, and the header is the
	// one of the order form it quotes: only the player's own lines that
	// look like orders were read (so too for a Form sent back filled in).
	Reply bool
	// Form: the text is the order form of a report sent back (FormMarker).
	Form bool
	// Commands are the mail commands, in the order written.
	Commands []Command
	Set      campaign.OrderSet
	Problems []Problem
	// secrets are the passwords the text gives, masked in Problems and
	// Echo wherever they show (secret.go).
	secrets []string
}

// Empty says whether the sheet gives nothing at all: no order of any
// kind, no standing order, no FINAL.
func (s *Sheet) Empty() bool { return s.noOrders() && !s.Final }

// noOrders says whether the sheet gives no order of any kind.
func (s *Sheet) noOrders() bool {
	return len(s.Set.Orders) == 0 && len(s.Set.Reorganisations) == 0 && len(s.Set.Muster) == 0 &&
		s.Set.Initiative == "" && len(s.Equipment) == 0 && len(s.Results) == 0
}

// Blank says whether the sheet asks nothing at all: no order, no FINAL,
// no command.
func (s *Sheet) Blank() bool {
	return s.Empty() && len(s.Commands) == 0 && !s.hasProblem(CodeUnknownCommand)
}

// CommandsOnly says whether the sheet holds mail commands (FINAL is one)
// and no order: a request, not an order set, so it replaces no orders.
func (s *Sheet) CommandsOnly() bool {
	if !s.noOrders() || !(len(s.Commands) > 0 || s.Final || s.hasProblem(CodeUnknownCommand)) {
		return false
	}
	for _, p := range s.Problems { // an order written wrong is an order meant
		if p.Code != CodeUnknownCommand {
			return false
		}
	}
	return true
}

func (s *Sheet) hasProblem(code string) bool {
	for _, p := range s.Problems {
		if p.Code == code {
			return true
		}
	}
	return false
}

// Problem is a line the parser could not accept, or a missing header.
// Code is stable (templates translate by it); Text and Hint are English.
type Problem struct {
	Line int // in the text the player wrote; 0 when no line is to blame
	Code string
	Text string
	Hint string
}

// String gives "line 4: unknown order "MARCH"; hint: orders are …".
func (p Problem) String() string {
	s := p.Text
	if p.Line > 0 {
		s = fmt.Sprintf("line %d: %s", p.Line, s)
	}
	if p.Hint != "" {
		s += "; hint: " + p.Hint
	}
	return s
}

// Problem codes. They are stable: templates translate by them.
const (
	CodeNoHeader      = "no-header"
	CodeBeforeHeader  = "before-header"
	CodeBadHeader     = "bad-header"
	CodeSecondHeader  = "second-header"
	CodeUnknownOrder  = "unknown-order"
	CodeArmyFirst     = "army-first"  // MOVE A1 …: the unit comes first
	CodeOrderFirst    = "order-first" // A1 DISBAND: the order comes first
	CodeNoOrder       = "no-order"
	CodeNoPath        = "no-path"
	CodeBadSquare     = "bad-square"
	CodeOffMap        = "off-map"
	CodeBadInitiative = "bad-initiative"
	CodeExtraWords    = "extra-words"
	CodeArmyOnly      = "army-only"  // an army's order given to a fleet
	CodeFleetOnly     = "fleet-only" // a fleet's order given to an army
	CodeNoFleet       = "no-fleet"
	CodeBadFleet      = "bad-fleet"
	CodeNoArmy        = "no-army"
	CodeBadArmy       = "bad-army"
	CodeRepeatedArmy  = "repeated-army"
	CodeFewArmies     = "few-armies"
	CodeNoInto        = "no-into"
	CodeFewSizes      = "few-sizes"
	CodeNoSquare      = "no-square"
	CodeNoPoints      = "no-points"
	CodeBadPoints     = "bad-points"
)

const (
	headerForm     = "CAMPAIGN <campaign> PLAYER <player> TURN <turn> (or CAMPAÑA … JUGADOR … TURNO …)"
	orderKeywords  = "orders are MOVE/MOVER, SAIL/NAVEGAR, EMBARK/EMBARCAR, DISEMBARK/DESEMBARCAR, CLAIM/RECLAMAR, PILLAGE/SAQUEAR, IMPROVE/MEJORAR, BUILD/CONSTRUIR, MERGE/UNIR, SPLIT/DIVIDIR, REORGANIZE/REORGANIZAR, RAISE/RECLUTAR, REINFORCE/REFORZAR, DISBAND/DISOLVER, REDUCE/REDUCIR, INITIATIVE/INICIATIVA, EQUIP/EQUIPAR, END/FIN"
	initiativeHint = "write INITIATIVE FIRST or INITIATIVE LAST (INICIATIVA PRIMERO / ÚLTIMO)"
	extraHint      = "put one order on each line"
)

// Parse reads a player's orders (docs/orders.md). Everything before the
// header line is ignored unless it looks like an order; END/FIN ends the
// orders. Squares are checked against m (not nil), point values against
// the army sizes of §3.1; whether an order is legal for its unit, or in
// this turn, is left to campaign.Resolve.
func Parse(text string, m *campaign.Map) *Sheet {
	return parseLines(withQuotedHeader(text, meaningfulLines(text)), m)
}

// parseLines is Parse of a text's lines (withQuotedHeader).
func parseLines(lines []textLine, m *campaign.Map) *Sheet {
	p := &parser{m: m, s: &Sheet{}}
	for _, l := range lines {
		p.s.Form = p.s.Form || l.form
	}
	if h := formHeader(lines); h >= 0 {
		p.reply(lines, h)
	} else {
		for _, l := range lines {
			if !l.form && !p.line(l) {
				break
			}
		}
	}
	if p.s.HeaderLine == 0 {
		p.s.Problems = append(p.s.Problems, Problem{Code: CodeNoHeader, Text: "no header line",
			Hint: "start the orders with " + headerForm})
	}
	p.s.secrets = secretsOf(lines)
	p.s.maskProblems()
	return p.s
}

type parser struct {
	m *campaign.Map
	s *Sheet
}

func (p *parser) problem(n int, code, hint, format string, args ...any) {
	for i, a := range args { // a sender's 50 KB "word" is quoted, not copied
		if w, ok := a.(string); ok && utf8.RuneCountInString(w) > maxQuoted {
			args[i] = string([]rune(w)[:maxQuoted]) + "…"
		}
	}
	p.s.Problems = append(p.s.Problems, Problem{Line: n, Code: code, Text: fmt.Sprintf(format, args...), Hint: hint})
}

// formHeader is the index of the order form's header among the lines to
// parse, when the text is a reply quoting the form (its header comes
// first, quoted) or the form itself, filled in; else −1.
func formHeader(lines []textLine) int {
	if len(lines) > 0 && lines[0].quoted {
		return 0
	}
	if !slices.ContainsFunc(lines, func(l textLine) bool { return l.form }) {
		return -1
	}
	return slices.IndexFunc(lines, func(l textLine) bool { return lookupKeyword(l.words[0]) == kwCampaign })
}

// reply reads a reply to a report, or its order form sent back: the
// header is the form's; of the other lines, those that look like orders
// are read and the rest is taken for chatter, wherever they stand (above
// the quote, below it, between its lines, in the form). END ends the
// orders only on a line of its own. A quoted header's password is not
// taken: the sender gives his own on a PASSWORD (CLAVE) line, or in the
// header of the form he fills in.
func (p *parser) reply(lines []textLine, header int) {
	p.s.Reply = lines[header].quoted
	p.header(lines[header])
	if lines[header].quoted {
		p.s.Password = ""
	}
	for i, l := range lines {
		first := lookupKeyword(l.words[0])
		switch {
		case i == header || l.form:
		case first == kwPassword:
			p.password(l)
		case first == kwEnd:
			if len(l.words) == 1 {
				return
			}
		case first.order() || first == kwFinal || unitOf(l.words[0]) != notUnit || isReplyCommand(first, l):
			p.line(l)
		}
	}
}

// isReplyCommand says whether a reply's line is a mail command: in a
// reply, where chatter is ignored, a SEND or SHOW line counts only when it
// names what to send or show ("Send my regards" stays chatter).
func isReplyCommand(first keyword, l textLine) bool {
	if first == kwHelp {
		return len(l.words) == 1
	}
	if !isCommand(first) || len(l.words) < 2 {
		return false
	}
	switch lookupKeyword(l.words[1]) {
	case kwReport, kwMap, kwOrders:
		return true
	}
	return false
}

// password reads a PASSWORD (CLAVE) line of a reply.
func (p *parser) password(l textLine) {
	if len(l.words) != 2 {
		p.problem(l.n, CodeBadHeader, "write PASSWORD and your password on a line of their own", "a password is one word, with no spaces")
		return
	}
	p.s.Password = l.words[1]
}

// line handles one meaningful line; false ends the orders.
func (p *parser) line(l textLine) bool {
	first := lookupKeyword(l.words[0])
	if p.s.HeaderLine == 0 {
		switch {
		case first == kwCampaign:
			p.header(l)
		case first.order() && first != kwEnd || unitOf(l.words[0]) != notUnit:
			p.problem(l.n, CodeBeforeHeader, "put the header line first: "+headerForm, "orders come before the header line")
		}
		return true // QUIRK: greetings and chatter before the header are ignored
	}
	switch {
	case unitOf(l.words[0]) != notUnit:
		p.unitOrder(l)
	case first == kwEnd:
		return false
	case first == kwCampaign:
		p.problem(l.n, CodeSecondHeader, "send one set of orders per mail", "a second header line; the header is on line %d", p.s.HeaderLine)
	case first == kwInitiative:
		p.initiative(l)
	case first == kwEquip:
		p.equip(l)
	case first == kwResult:
		p.result(l)
	case first == kwFinal:
		p.final(l)
	case isCommand(first):
		p.command(first, l)
	case first == kwPassword && p.s.Password == "":
		p.password(l)
	case first.unitVerb():
		verb := strings.ToUpper(l.words[0])
		unit := "army"
		if first == kwSail {
			unit = "fleet"
		}
		p.problem(l.n, CodeArmyFirst, "write: "+example(first, verb, ""), "%s needs the %s first", verb, unit)
	case first.leadVerb():
		p.leadOrder(first, l)
	default:
		p.unknownOrder(l.n, l.words[0])
	}
	return true
}

// unknownOrder reports a word that is no order, suggesting the nearest
// keyword when the word looks like a slip of the keyboard.
func (p *parser) unknownOrder(n int, word string) {
	hint := orderKeywords
	if s := suggest(word); s != "" {
		hint = "did you mean " + s + "?"
	}
	p.problem(n, CodeUnknownOrder, hint, "unknown order %q", word)
}

// noExtraWords reports the first word after a complete order, if any; true
// when the line is clean.
func (p *parser) noExtraWords(l textLine, used int) bool {
	if len(l.words) > used {
		p.problem(l.n, CodeExtraWords, extraHint, "unexpected %q after the order", l.words[used])
		return false
	}
	return true
}

// header reads CAMPAIGN <id> PLAYER <id> TURN <n> [PASSWORD <p>], keywords
// in either language, pairs in any order. A faulty header still counts as the
// header, so the orders below it are read and echoed.
func (p *parser) header(l textLine) {
	p.s.HeaderLine = l.n
	var seen [keywordCount]bool
	w := l.words
	for i := 0; i < len(w); i += 2 {
		kw := lookupKeyword(w[i])
		if i >= 2 && lookupKeyword(w[i-2]) == kwPassword && (kw == kwNone || seen[kw]) {
			// Never quote what follows a password: it may be part of it.
			p.problem(l.n, CodeBadHeader, "a password is one word, with no spaces", "more words follow the password in the header line")
			return
		}
		if kw != kwCampaign && kw != kwPlayer && kw != kwTurn && kw != kwPassword || seen[kw] {
			p.problem(l.n, CodeBadHeader, "write the header as "+headerForm, "unexpected %q in the header line", w[i])
			return
		}
		seen[kw] = true
		if i+1 == len(w) {
			p.problem(l.n, CodeBadHeader, "write the header as "+headerForm, "%s has no value in the header line", strings.ToUpper(w[i]))
			return
		}
		val := w[i+1]
		switch kw {
		case kwCampaign:
			p.s.Campaign = strings.ToLower(val)
		case kwPlayer:
			p.s.Player = strings.ToLower(val)
			p.s.Set.Player = p.s.Player
		case kwPassword:
			p.s.Password = val
		case kwTurn:
			t, err := strconv.Atoi(val)
			if err != nil || t < 1 {
				p.problem(l.n, CodeBadHeader, "the turn is a whole number from 1 up, as in TURN 3", "turn %q is not a turn number", val)
				return
			}
			p.s.Turn = t
		}
	}
	for _, kw := range []keyword{kwCampaign, kwPlayer, kwTurn} {
		if !seen[kw] {
			p.problem(l.n, CodeBadHeader, "write the header as "+headerForm, "the header line has no %s", kwName[kw])
			return
		}
	}
}

var kwName = map[keyword]string{kwCampaign: "CAMPAIGN", kwPlayer: "PLAYER", kwTurn: "TURN"}

// initiative reads INITIATIVE FIRST|LAST (D5); a later one overrides.
func (p *parser) initiative(l textLine) {
	if len(l.words) < 2 {
		p.problem(l.n, CodeBadInitiative, initiativeHint, "%s needs FIRST or LAST", strings.ToUpper(l.words[0]))
		return
	}
	var ini campaign.Initiative
	switch lookupKeyword(l.words[1]) {
	case kwFirst:
		ini = campaign.InitiativeFirst
	case kwLast:
		ini = campaign.InitiativeLast
	default:
		p.problem(l.n, CodeBadInitiative, initiativeHint, "unknown initiative %q", l.words[1])
		return
	}
	if !p.noExtraWords(l, 2) {
		return
	}
	p.s.Set.Initiative, p.s.InitiativeLine = ini, l.n
}

func (p *parser) square(n int, w string) (campaign.Coord, bool) {
	c, err := campaign.ParseCoord(w)
	if err != nil {
		p.problem(n, CodeBadSquare, "name squares by column letter and row number, like E10", "%q is not a square", w)
		return c, false
	}
	if !p.m.Contains(c) {
		p.problem(n, CodeOffMap, "the map runs "+p.m.Range(), "unknown square %q", w)
		return c, false
	}
	return c, true
}

// EchoLine is one line of the orders as understood, for acknowledgements
// and reports.
type EchoLine struct {
	Line int
	Text string // normalised: upper-case English keywords, ids as in the state
}

func (e EchoLine) String() string { return fmt.Sprintf("line %d: %s", e.Line, e.Text) }

// Echo lists the header and every accepted order (orders, reorganisations,
// muster orders and the initiative), normalised, in the order
// of their lines.
func (s *Sheet) Echo() []EchoLine {
	var out []EchoLine
	if s.HeaderLine > 0 {
		out = append(out, EchoLine{s.HeaderLine, fmt.Sprintf("CAMPAIGN %s PLAYER %s TURN %d", s.Campaign, s.Player, s.Turn)})
	}
	for _, o := range s.Set.Orders {
		out = append(out, EchoLine{o.Line(), o.String()})
	}
	for _, r := range s.Set.Reorganisations {
		out = append(out, EchoLine{r.Line(), echoReorganise(r)})
	}
	for _, m := range s.Set.Muster {
		out = append(out, EchoLine{m.Line(), m.String()})
	}
	for _, e := range s.Equipment {
		out = append(out, EchoLine{e.Line, "EQUIP " + e.Battle + " " + e.Items})
	}
	for _, r := range s.Results {
		out = append(out, EchoLine{r.Line, r.String()})
	}
	if s.InitiativeLine > 0 {
		out = append(out, EchoLine{s.InitiativeLine, "INITIATIVE " + strings.ToUpper(string(s.Set.Initiative))})
	}
	if s.Final && s.FinalLine > 0 {
		out = append(out, EchoLine{s.FinalLine, "FINAL"})
	}
	for _, c := range s.Commands {
		out = append(out, EchoLine{c.Line, c.String()})
	}
	slices.SortStableFunc(out, func(a, b EchoLine) int { return a.Line - b.Line })
	for i := range out {
		out[i].Text = maskSecrets(out[i].Text, s.secrets)
	}
	return out
}

// echoReorganise writes a merge as MERGE: its sizes are left for
// campaign to sum (nil), so the REORGANIZE … INTO … form has none to show.
func echoReorganise(r campaign.Reorganise) string {
	if r.Sizes == nil {
		return "MERGE " + strings.Join(r.Armies, " ")
	}
	return r.String()
}
