package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/orders"
)

// Line is one line of a scenario file: its number (from 1) and its text.
type Line struct {
	N    int
	Text string
}

// ParseState reads the state syntax of a before or after section
// (docs/scenarios.md, "The state"). file names the file in errors;
// defaultTurn is the turn when no `turn` line is given.
func ParseState(file string, lines []Line, defaultTurn int) (*campaign.State, error) {
	p := &stateParser{file: file, s: &campaign.State{Turn: defaultTurn, Squares: map[campaign.Coord]campaign.SquareState{}},
		nextArmy: -1, nextFleet: -1, seen: map[string]int{}}
	for _, l := range lines {
		words, err := tokenize(stripComment(l.Text))
		if err != nil {
			return nil, p.errorf(l.N, "put quotes and brackets in pairs", "%v", err)
		}
		if len(words) == 0 {
			continue
		}
		if err := p.line(l.N, words); err != nil {
			return nil, err
		}
	}
	return p.finish(lines)
}

type stateParser struct {
	file                string
	s                   *campaign.State
	nextArmy, nextFleet int
	seen                map[string]int // "army A1" → its line, to catch repeats
	battle              *campaign.Battle
}

// Error is a problem in a scenario file, placed on its line.
type Error struct {
	File      string
	Line      int
	Msg, Hint string
}

func (e *Error) Error() string {
	return fmt.Sprintf("scenario: %s:%d: %s", e.File, e.Line, e.Msg)
}

func (e *Error) ProblemHint() string { return e.Hint }

func (p *stateParser) errorf(n int, hint, format string, args ...any) error {
	return &Error{File: p.file, Line: n, Msg: fmt.Sprintf(format, args...), Hint: hint}
}

const stateHint = "state lines are turn, seed, campaign, next-army, next-fleet, player, square, army, fleet, battle (with force, note, result below it)"

func (p *stateParser) line(n int, w []string) error {
	if p.seen[w[0]+" "+argOf(w)] != 0 && !slices.Contains([]string{"force", "note", "result"}, w[0]) {
		return p.errorf(n, "each thing is listed once", "%s %s is already listed on line %d", w[0], argOf(w), p.seen[w[0]+" "+argOf(w)])
	}
	p.seen[w[0]+" "+argOf(w)] = n
	if w[0] != "force" && w[0] != "note" && w[0] != "result" {
		p.battle = nil
	}
	switch w[0] {
	case "turn", "next-army", "next-fleet":
		return p.number(n, w)
	case "seed", "campaign":
		if len(w) != 2 {
			return p.errorf(n, fmt.Sprintf("write: %s VALUE", w[0]), "%s takes one value", w[0])
		}
		v, err := unquote(w[1])
		if err != nil {
			return p.errorf(n, "", "%v", err)
		}
		*map[string]*string{"seed": &p.s.Seed, "campaign": &p.s.Campaign}[w[0]] = v
		return nil
	case "player":
		return p.player(n, w)
	case "square":
		return p.square(n, w)
	case "army":
		return p.army(n, w)
	case "fleet":
		return p.fleet(n, w)
	case "battle":
		return p.battleLine(n, w)
	case "force", "note", "result":
		if p.battle == nil {
			return p.errorf(n, "put force, note and result lines right below their battle line", "%s outside a battle", w[0])
		}
		return p.battlePart(n, w)
	}
	return p.errorf(n, stateHint, "unknown state line %q", w[0])
}

func argOf(w []string) string {
	if len(w) > 1 {
		return w[1]
	}
	return ""
}

func (p *stateParser) number(n int, w []string) error {
	v := -1
	if len(w) == 2 {
		v, _ = strconv.Atoi(w[1])
	}
	if v < 0 || (w[0] == "turn" && v < 1) {
		return p.errorf(n, fmt.Sprintf("write: %s 3", w[0]), "%s takes one whole number", w[0])
	}
	*map[string]*int{"turn": &p.s.Turn, "next-army": &p.nextArmy, "next-fleet": &p.nextFleet}[w[0]] = v
	return nil
}

// keyValues splits key=value words and bare flags; every key must be one
// of allowed and appear once.
func (p *stateParser) keyValues(n int, what string, words []string, allowed ...string) (map[string]string, error) {
	kv := map[string]string{}
	for _, w := range words {
		k, v, hasVal := strings.Cut(w, "=")
		if !slices.Contains(allowed, k) {
			return nil, p.errorf(n, what+" takes "+strings.Join(allowed, ", "), "unknown %s field %q", what, w)
		}
		if _, dup := kv[k]; dup {
			return nil, p.errorf(n, "give each field once", "%s is given twice", k)
		}
		if !hasVal {
			v = "true"
		}
		kv[k] = v
	}
	return kv, nil
}

func (p *stateParser) coord(n int, what, s string) (campaign.Coord, error) {
	c, err := campaign.ParseCoord(s)
	if err != nil {
		return c, p.errorf(n, "name squares like C4", "%s: %q is not a square", what, s)
	}
	return c, nil
}

func (p *stateParser) int(n int, what, s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 {
		return 0, p.errorf(n, "", "%s %q is not a whole number", what, s)
	}
	return v, nil
}

func (p *stateParser) text(n int, s string) (string, error) {
	v, err := unquote(s)
	if err != nil {
		return "", p.errorf(n, `write quoted text like "Orcs & Goblins"`, "%v", err)
	}
	return v, nil
}

// player empire name="Karl Franz" race=Empire capital=E11 allies=dwarfs,elves reserves=0 initiative=last
func (p *stateParser) player(n int, w []string) error {
	if len(w) < 2 {
		return p.errorf(n, "write: player empire race=Empire capital=E11", "player needs an id")
	}
	kv, err := p.keyValues(n, "player", w[2:], "name", "race", "capital", "allies", "reserves", "initiative")
	if err != nil {
		return err
	}
	pl := campaign.Player{ID: w[1]}
	if pl.Name, err = p.text(n, kv["name"]); err != nil {
		return err
	}
	if pl.Race, err = p.text(n, kv["race"]); err != nil {
		return err
	}
	if _, ok := kv["capital"]; !ok {
		return p.errorf(n, "write capital=E11", "player %s has no capital", pl.ID)
	}
	if pl.Capital, err = p.coord(n, "capital", kv["capital"]); err != nil {
		return err
	}
	if a := kv["allies"]; a != "" {
		pl.Allies = strings.Split(a, ",")
	}
	if r, ok := kv["reserves"]; ok {
		if pl.Reserves, err = p.int(n, "reserves", r); err != nil {
			return err
		}
	}
	switch ini := campaign.Initiative(kv["initiative"]); ini {
	case "", campaign.InitiativeFirst, campaign.InitiativeLast:
		pl.Initiative = ini
	default:
		return p.errorf(n, "initiative is first or last (D5)", "unknown initiative %q", ini)
	}
	p.s.Players = append(p.s.Players, pl)
	return nil
}

// square C4 owner=empire value=3 [unexplored]
func (p *stateParser) square(n int, w []string) error {
	if len(w) < 2 {
		return p.errorf(n, "write: square C4 owner=empire value=3", "square needs its coordinate")
	}
	c, err := p.coord(n, "square", w[1])
	if err != nil {
		return err
	}
	kv, err := p.keyValues(n, "square", w[2:], "owner", "value", "unexplored")
	if err != nil {
		return err
	}
	sq := campaign.SquareState{Owner: kv["owner"], Explored: kv["unexplored"] != "true"}
	if v, ok := kv["value"]; ok {
		if sq.Value, err = p.int(n, "value", v); err != nil {
			return err
		}
	}
	if _, dup := p.s.Squares[c]; dup {
		return p.errorf(n, "each square is listed once", "square %s is listed twice", c)
	}
	p.s.Squares[c] = sq
	return nil
}

// army A1 empire E11 1000 [aboard=F1]
func (p *stateParser) army(n int, w []string) error {
	if len(w) < 5 {
		return p.errorf(n, "write: army A1 empire E11 1000", "army needs id, owner, square and points")
	}
	at, err := p.coord(n, "army", w[3])
	if err != nil {
		return err
	}
	pts, err := p.int(n, "points", w[4])
	if err != nil {
		return err
	}
	kv, err := p.keyValues(n, "army", w[5:], "aboard")
	if err != nil {
		return err
	}
	p.s.Armies = append(p.s.Armies, campaign.Army{ID: w[1], Owner: w[2], At: at, Points: pts, Aboard: kv["aboard"]})
	return nil
}

// fleet F1 empire C3 [cargo=A2]
func (p *stateParser) fleet(n int, w []string) error {
	if len(w) < 4 {
		return p.errorf(n, "write: fleet F1 empire C3", "fleet needs id, owner and square")
	}
	at, err := p.coord(n, "fleet", w[3])
	if err != nil {
		return err
	}
	kv, err := p.keyValues(n, "fleet", w[4:], "cargo")
	if err != nil {
		return err
	}
	p.s.Fleets = append(p.s.Fleets, campaign.Fleet{ID: w[1], Owner: w[2], At: at, Cargo: kv["cargo"]})
	return nil
}

// battle B1-1 turn=1 at=C2 kind=field attacker=empire defender=orcs garrison=300 cause=claim
func (p *stateParser) battleLine(n int, w []string) error {
	if len(w) < 2 {
		return p.errorf(n, "write: battle B1-1 turn=1 at=C2 kind=field attacker=empire defender=orcs", "battle needs an id")
	}
	kv, err := p.keyValues(n, "battle", w[2:], "turn", "at", "kind", "attacker", "defender", "garrison", "cause")
	if err != nil {
		return err
	}
	for _, k := range []string{"turn", "at", "kind", "attacker"} {
		if _, ok := kv[k]; !ok {
			return p.errorf(n, "a battle line needs turn=, at=, kind= and attacker=", "battle %s has no %s=", w[1], k)
		}
	}
	b := campaign.Battle{ID: w[1], Kind: campaign.BattleKind(kv["kind"]), Attacker: kv["attacker"],
		Defender: kv["defender"], Cause: kv["cause"]}
	switch b.Kind {
	case campaign.FieldBattle, campaign.GarrisonBattle, campaign.Siege:
	default:
		return p.errorf(n, "kind is field, garrison or siege (D12)", "unknown battle kind %q", b.Kind)
	}
	if b.Turn, err = p.int(n, "turn", kv["turn"]); err != nil {
		return err
	}
	if b.At, err = p.coord(n, "at", kv["at"]); err != nil {
		return err
	}
	if g, ok := kv["garrison"]; ok {
		if b.Garrison, err = p.int(n, "garrison", g); err != nil {
			return err
		}
	}
	p.s.Battles = append(p.s.Battles, b)
	p.battle = &p.s.Battles[len(p.s.Battles)-1]
	return nil
}

func (p *stateParser) battlePart(n int, w []string) error {
	switch w[0] {
	case "note":
		if len(w) != 2 {
			return p.errorf(n, `write: note "what the moderator must settle"`, "a note is one quoted text")
		}
		t, err := p.text(n, w[1])
		if err != nil {
			return err
		}
		p.battle.Notes = append(p.battle.Notes, t)
		return nil
	case "result":
		if p.battle.Result != nil {
			return p.errorf(n, "a battle has one result", "battle %s already has a result", p.battle.ID)
		}
		r, prob := orders.ParseResult(append([]string{p.battle.ID}, w[1:]...), "result attacker 230 450")
		if prob != nil {
			return p.errorf(n, prob.Hint, "%s", prob.Text)
		}
		p.battle.Result = &r
		return nil
	}
	f, err := p.force(n, w)
	if err != nil {
		return err
	}
	p.battle.Forces = append(p.battle.Forces, f)
	return nil
}

const forceHint = "write: force A1 empire 1000 attacker main from=B2 crossed=1 edge=west combine=(combine base=8 mods=[] n=1 D=8 roll=[3 4] pass)"

// force A1 empire 1000 attacker main from=B2 crossed=1 edge=west combine=(…)
func (p *stateParser) force(n int, w []string) (campaign.Force, error) {
	var f campaign.Force
	if len(w) < 6 {
		return f, p.errorf(n, forceHint, "force needs army, player, points, side and role")
	}
	f.Army, f.Player, f.Side, f.Role = w[1], w[2], campaign.Side(w[4]), campaign.Role(w[5])
	var err error
	if f.Points, err = p.int(n, "points", w[3]); err != nil {
		return f, err
	}
	if f.Side != campaign.Attacker && f.Side != campaign.Defender {
		return f, p.errorf(n, "a force's side is attacker or defender", "unknown side %q", f.Side)
	}
	if f.Role != campaign.MainForce && f.Role != campaign.Reinforcement {
		return f, p.errorf(n, "a force's role is main or reinforcement (§6.3, D13)", "unknown role %q", f.Role)
	}
	kv, err := p.keyValues(n, "force", w[6:], "from", "crossed", "edge", "combine")
	if err != nil {
		return f, err
	}
	if _, ok := kv["from"]; !ok {
		return f, p.errorf(n, forceHint, "force %s has no from=", f.Army)
	}
	if f.From, err = p.coord(n, "from", kv["from"]); err != nil {
		return f, err
	}
	if c, ok := kv["crossed"]; ok {
		if f.Crossed, err = p.int(n, "crossed", c); err != nil {
			return f, err
		}
	}
	f.Edge = kv["edge"]
	if c, ok := kv["combine"]; ok {
		if !strings.HasPrefix(c, "(") || !strings.HasSuffix(c, ")") {
			return f, p.errorf(n, forceHint, "combine= takes a check in parentheses")
		}
		words, err := tokenize(c[1 : len(c)-1])
		if err != nil {
			return f, p.errorf(n, forceHint, "%v", err)
		}
		chk, err := parseCheck(words)
		if err != nil {
			return f, p.errorf(n, forceHint, "combine: %v", err)
		}
		f.Combine = &chk
	}
	return f, nil
}

const resultHint = "write: B1-1 attacker 230 450, then any losses as A1=500 garrison=300 reserves:orcs=200"

// finish fills the derived defaults and checks the references through
// the snapshot decoder, so a scenario state obeys the same invariants as
// a campaign's state file.
func (p *stateParser) finish(lines []Line) (*campaign.State, error) {
	s := p.s
	s.NextArmy, s.NextFleet = p.nextArmy, p.nextFleet
	if p.nextArmy < 0 {
		s.NextArmy = highestID(s.Armies, func(a campaign.Army) string { return a.ID })
	}
	if p.nextFleet < 0 {
		s.NextFleet = highestID(s.Fleets, func(f campaign.Fleet) string { return f.ID })
	}
	// A scenario's dice are scripted: it needs no seed, which the decoder
	// insists on for a campaign's snapshot.
	checked := *s
	if strings.TrimSpace(checked.Seed) == "" {
		checked.Seed = "scenario"
	}
	var buf bytes.Buffer
	if err := checked.Encode(&buf); err != nil {
		return nil, err
	}
	if _, err := campaign.DecodeState("state", &buf); err != nil {
		n := 0
		if len(lines) > 0 {
			n = lines[0].N
		}
		msg := err.Error()
		if inner := errors.Unwrap(err); inner != nil { // DecodeState names the snapshot; the line is named here
			msg = inner.Error()
		}
		return nil, p.errorf(n, "every owner is a listed player, armies are 500–2500 in 500 blocks, ids are unique", "%s", msg)
	}
	return s, nil
}

// highestID is the largest number in ids like A7 or F2: the last one
// handed out, which is what State.NextArmy/NextFleet hold.
func highestID[T any](items []T, id func(T) string) int {
	hi := 0
	for _, it := range items {
		s := id(it)
		if len(s) > 1 {
			if n, err := strconv.Atoi(s[1:]); err == nil && n > hi {
				hi = n
			}
		}
	}
	return hi
}

// FormatState prints a state in the scenario syntax, in canonical order:
// header lines, players as listed (their order feeds the turn-order
// rolls), squares in reading order, armies and fleets by id, battles as
// listed. Zero-valued optional fields are left out.
func FormatState(s *campaign.State) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if s.Campaign != "" {
		add("campaign %s", quote(s.Campaign))
	}
	add("turn %d", s.Turn)
	if s.Seed != "" {
		add("seed %s", quote(s.Seed))
	}
	if s.NextArmy != highestID(s.Armies, func(a campaign.Army) string { return a.ID }) {
		add("next-army %d", s.NextArmy)
	}
	if s.NextFleet != highestID(s.Fleets, func(f campaign.Fleet) string { return f.ID }) {
		add("next-fleet %d", s.NextFleet)
	}
	for _, p := range s.Players {
		out = append(out, formatPlayer(p))
	}
	coords := slices.SortedFunc(maps.Keys(s.Squares), func(a, b campaign.Coord) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	for _, c := range coords {
		sq := s.Squares[c]
		line := "square " + c.String()
		if sq.Owner != "" {
			line += " owner=" + quote(sq.Owner)
		}
		line += fmt.Sprintf(" value=%d", sq.Value)
		if !sq.Explored {
			line += " unexplored"
		}
		out = append(out, line)
	}
	for _, a := range slices.SortedFunc(slices.Values(s.Armies), func(a, b campaign.Army) int { return compareIDs(a.ID, b.ID) }) {
		line := fmt.Sprintf("army %s %s %s %d", quote(a.ID), quote(a.Owner), a.At, a.Points)
		if a.Aboard != "" {
			line += " aboard=" + quote(a.Aboard)
		}
		out = append(out, line)
	}
	for _, f := range slices.SortedFunc(slices.Values(s.Fleets), func(a, b campaign.Fleet) int { return compareIDs(a.ID, b.ID) }) {
		line := fmt.Sprintf("fleet %s %s %s", quote(f.ID), quote(f.Owner), f.At)
		if f.Cargo != "" {
			line += " cargo=" + quote(f.Cargo)
		}
		out = append(out, line)
	}
	for _, b := range s.Battles {
		out = append(out, FormatBattle(b)...)
	}
	return out
}

func formatPlayer(p campaign.Player) string {
	words := []string{"player", quote(p.ID)}
	if p.Name != "" {
		words = append(words, "name="+quote(p.Name))
	}
	if p.Race != "" {
		words = append(words, "race="+quote(p.Race))
	}
	words = append(words, "capital="+p.Capital.String())
	if len(p.Allies) > 0 {
		words = append(words, "allies="+quote(strings.Join(p.Allies, ",")))
	}
	words = append(words, fmt.Sprintf("reserves=%d", p.Reserves))
	if p.Initiative != "" {
		words = append(words, "initiative="+quote(string(p.Initiative)))
	}
	return strings.Join(words, " ")
}

// FormatBattle prints a battle: its line, then one indented line per
// force, note and the result, if entered.
func FormatBattle(b campaign.Battle) []string {
	head := fmt.Sprintf("battle %s turn=%d at=%s kind=%s attacker=%s", quote(b.ID), b.Turn, b.At, quote(string(b.Kind)), quote(b.Attacker))
	if b.Defender != "" {
		head += " defender=" + quote(b.Defender)
	}
	if b.Garrison != 0 {
		head += fmt.Sprintf(" garrison=%d", b.Garrison)
	}
	if b.Cause != "" {
		head += " cause=" + quote(b.Cause)
	}
	out := []string{head}
	for _, f := range b.Forces {
		line := fmt.Sprintf("  force %s %s %d %s %s from=%s", quote(f.Army), quote(f.Player), f.Points, quote(string(f.Side)), quote(string(f.Role)), f.From)
		if f.Crossed != 0 {
			line += fmt.Sprintf(" crossed=%d", f.Crossed)
		}
		if f.Edge != "" {
			line += " edge=" + quote(f.Edge)
		}
		if f.Combine != nil {
			line += " combine=(" + FormatCheck(*f.Combine) + ")"
		}
		out = append(out, line)
	}
	for _, n := range b.Notes {
		out = append(out, "  note "+strconv.Quote(n))
	}
	if r := b.Result; r != nil {
		words := []string{"  result", quote(string(r.Winner)), strconv.Itoa(r.AttackerVP), strconv.Itoa(r.DefenderVP)}
		out = append(out, strings.Join(append(words, formatLosses(r.Losses)...), " "))
	}
	return out
}

func formatLosses(losses map[string]int) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(losses)) {
		out = append(out, fmt.Sprintf("%s=%d", k, losses[k]))
	}
	return out
}

// compareIDs orders unit ids like A2 < A10: letters, then number.
func compareIDs(a, b string) int {
	na, nb := highestID([]string{a}, idOf), highestID([]string{b}, idOf)
	if a[:min(1, len(a))] == b[:min(1, len(b))] && na != nb {
		return na - nb
	}
	return strings.Compare(a, b)
}

func idOf(s string) string { return s }
