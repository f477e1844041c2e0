package scenario

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/orders"
)

// Case is one scenario: a map, the state before, the orders, results and
// dice of one turn, and what Resolve must give.
type Case struct {
	File   string
	Line   int // of its `=== map` line
	Title  string
	Map    *campaign.Map
	Rules  campaign.Rules
	Before *campaign.State
	Input  campaign.Input
	Dice   []int
	// After is the expected state; nil when the case expects an error.
	After *campaign.State
	// Events are the expected trace lines; nil when not checked.
	Events []string
	// Error is the exact error Resolve must return ("" expects success).
	Error string
}

type section struct {
	name, arg string
	line      int // of the `===` line
	body      []Line
}

var sectionNames = []string{"map", "rules", "before", "orders", "results", "dice", "after", "events", "error"}

// Parse reads a scenario file (docs/scenarios.md). Every case starts with
// a `# title` line right above its `=== map` line. file names it in errors.
func Parse(file string, data []byte) ([]*Case, error) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	var (
		cases   [][]*section
		titles  []Line
		lastTxt Line // the last non-blank line seen
	)
	for i, text := range lines {
		n := i + 1
		t := strings.TrimSpace(text)
		if !strings.HasPrefix(t, "===") {
			if len(cases) == 0 && t != "" && !strings.HasPrefix(t, "#") {
				return nil, &Error{File: file, Line: n, Msg: fmt.Sprintf("%q before the first case", t),
					Hint: "a file holds cases, each a `# title` line then `=== map`; comments start with #"}
			}
			if len(cases) > 0 {
				cur := cases[len(cases)-1]
				sec := cur[len(cur)-1]
				sec.body = append(sec.body, Line{n, text})
			}
			if t != "" {
				lastTxt = Line{n, t}
			}
			continue
		}
		fields := strings.Fields(strings.TrimPrefix(t, "==="))
		if len(fields) == 0 || !slices.Contains(sectionNames, fields[0]) {
			return nil, &Error{File: file, Line: n, Msg: fmt.Sprintf("unknown section %q", t),
				Hint: "sections are === " + strings.Join(sectionNames, ", === ")}
		}
		sec := &section{name: fields[0], arg: strings.Join(fields[1:], " "), line: n}
		if sec.name == "map" {
			if !strings.HasPrefix(lastTxt.Text, "#") || strings.TrimSpace(strings.TrimLeft(lastTxt.Text, "#")) == "" {
				return nil, &Error{File: file, Line: n, Msg: "the case has no title",
					Hint: "put a `# title` line right above `=== map`, citing the rules it tests (§4.1, D2…)"}
			}
			if len(cases) > 0 {
				prev := cases[len(cases)-1]
				last := prev[len(prev)-1]
				last.body = slices.DeleteFunc(last.body, func(l Line) bool { return l.N >= lastTxt.N })
			}
			cases = append(cases, []*section{sec})
			titles = append(titles, Line{lastTxt.N, strings.TrimSpace(strings.TrimLeft(lastTxt.Text, "#"))})
		} else if len(cases) == 0 {
			return nil, &Error{File: file, Line: n, Msg: fmt.Sprintf("=== %s before the first === map", sec.name),
				Hint: "every case starts with a `# title` line and `=== map`"}
		} else {
			cases[len(cases)-1] = append(cases[len(cases)-1], sec)
		}
		lastTxt = Line{n, t}
	}
	if len(cases) == 0 {
		return nil, &Error{File: file, Line: 1, Msg: "no cases", Hint: "a case starts with a `# title` line then `=== map`"}
	}
	out := make([]*Case, len(cases))
	for i, secs := range cases {
		c, err := buildCase(file, titles[i].Text, secs)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// buildCase reads a case's sections in dependency order: the map first
// (orders name its squares), then the state (orders name its players).
func buildCase(file, title string, secs []*section) (*Case, error) {
	c := &Case{File: file, Line: secs[0].line, Title: title}
	byName := map[string]*section{}
	var orderSecs []*section
	for _, s := range secs {
		key := s.name
		if s.name == "orders" {
			key += " " + s.arg
			orderSecs = append(orderSecs, s)
		} else if s.arg != "" {
			return nil, &Error{File: file, Line: s.line, Msg: fmt.Sprintf("=== %s takes no argument", s.name)}
		}
		if prev := byName[key]; prev != nil {
			return nil, &Error{File: file, Line: s.line, Msg: fmt.Sprintf("=== %s again (first on line %d)", key, prev.line),
				Hint: "each section appears once per case"}
		}
		byName[key] = s
	}
	bad := func(s *section, n int, hint, format string, args ...any) error {
		if n == 0 {
			n = s.line
		}
		return &Error{File: file, Line: n, Msg: fmt.Sprintf("%s: ", s.name) + fmt.Sprintf(format, args...), Hint: hint}
	}
	var err error
	if c.Map, err = campaign.ParseMap(file, padded(byName["map"])); err != nil {
		return nil, err
	}
	if s := byName["rules"]; s != nil {
		if err := readRules(c, s, bad); err != nil {
			return nil, err
		}
	}
	before := byName["before"]
	if before == nil {
		return nil, &Error{File: file, Line: c.Line, Msg: "the case has no === before section", Hint: "write the state before the turn: turn, players, squares, armies…"}
	}
	if c.Before, err = ParseState(file, before.body, 1); err != nil {
		return nil, err
	}
	if err := c.Before.CheckAgainst(c.Map); err != nil {
		return nil, bad(before, 0, "a state must be one the campaign could reach: the map runs "+c.Map.Range(), "%s", err.Reason())
	}
	for _, s := range orderSecs {
		if err := readOrders(c, s, bad); err != nil {
			return nil, err
		}
	}
	if s := byName["results"]; s != nil {
		if err := readResults(c, s, bad); err != nil {
			return nil, err
		}
	}
	if s := byName["dice"]; s != nil {
		if err := readDice(c, s, bad); err != nil {
			return nil, err
		}
	}
	return c, readExpectations(c, byName, bad)
}

type badFunc func(s *section, n int, hint, format string, args ...any) error

// padded gives a section's text with its lines at their file line
// numbers, so the map and orders parsers place their errors in the file.
func padded(s *section) []byte {
	var b strings.Builder
	b.WriteString(strings.Repeat("\n", s.line))
	for _, l := range s.body {
		b.WriteString(l.Text)
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// readRules reads `key = value` lines: adjacency (D3) and every field of
// campaign.Rules by its snake-cased name (blunder_on_12, D1).
func readRules(c *Case, s *section, bad badFunc) error {
	keys := append([]string{"adjacency"}, settableKeys(reflect.TypeFor[campaign.Rules](), ruleKey)...)
	hint := "rules are " + strings.Join(keys, ", ") + ", written key = value"
	for _, l := range s.body {
		t := strings.TrimSpace(stripComment(l.Text))
		if t == "" {
			continue
		}
		k, v, ok := strings.Cut(t, "=")
		k, v = strings.TrimSpace(k), strings.Trim(strings.TrimSpace(v), `"`)
		if !ok {
			return bad(s, l.N, hint, "%q is not key = value", t)
		}
		if k == "adjacency" {
			a, ok := campaign.ParseAdjacency(v)
			if !ok {
				return bad(s, l.N, "adjacency is orthogonal or octile (D3)", "unknown adjacency %q", v)
			}
			c.Map.Adjacency = a
			continue
		}
		found, err := setField(reflect.ValueOf(&c.Rules).Elem(), k, v, ruleKey)
		if err != nil {
			return bad(s, l.N, hint, "%v", err)
		}
		if !found {
			return bad(s, l.N, hint, "unknown rule %q", k)
		}
	}
	return nil
}

// readOrders parses the orders with the players' own parser, under the
// header line it needs, keeping the file's line numbers.
func readOrders(c *Case, s *section, bad badFunc) error {
	player := strings.ToLower(s.arg)
	if player == "" || strings.ContainsAny(player, " \t") {
		return bad(s, 0, "write: === orders empire", "name one player after === orders")
	}
	if c.Before.Player(player) == nil {
		return bad(s, 0, "give orders only for players listed in === before", "no player %q in the state before", player)
	}
	text := padded(s)
	header := fmt.Sprintf("CAMPAIGN x PLAYER %s TURN %d", player, c.Before.Turn)
	text = append(text[:s.line-1], append([]byte(header), text[s.line-1:]...)...)
	sheet := orders.Parse(string(text), c.Map)
	for _, p := range sheet.Problems {
		return bad(s, p.Line, p.Hint, "%s", p.Text)
	}
	c.Input.Orders = append(c.Input.Orders, sheet.Set)
	return nil
}

func readResults(c *Case, s *section, bad badFunc) error {
	for _, l := range s.body {
		words, err := tokenize(stripComment(l.Text))
		if err != nil {
			return bad(s, l.N, resultHint, "%v", err)
		}
		if len(words) == 0 {
			continue
		}
		r, p := orders.ParseResult(words, "B1-1 attacker 230 450")
		if p != nil {
			return bad(s, l.N, p.Hint, "%s", p.Text)
		}
		c.Input.Results = append(c.Input.Results, r)
	}
	return nil
}

func readDice(c *Case, s *section, bad badFunc) error {
	c.Dice = []int{}
	for _, l := range s.body {
		for _, w := range strings.FieldsFunc(stripComment(l.Text), func(r rune) bool { return r == ' ' || r == '\t' || r == ',' }) {
			d, err := strconv.Atoi(w)
			if err != nil || d < 1 || d > 6 {
				return bad(s, l.N, "list the faces the dice show, in the order they are rolled", "%q is not a die face 1–6", w)
			}
			c.Dice = append(c.Dice, d)
		}
	}
	return nil
}

// readExpectations reads after/events, or error.
func readExpectations(c *Case, byName map[string]*section, bad badFunc) error {
	after, events, errSec := byName["after"], byName["events"], byName["error"]
	switch {
	case errSec != nil && (after != nil || events != nil):
		return bad(errSec, 0, "a case expects either an error or a state after", "=== error with === after or === events")
	case errSec == nil && after == nil:
		return &Error{File: c.File, Line: c.Line, Msg: "the case has neither === after nor === error",
			Hint: "write the state expected after the turn, or the error Resolve must return"}
	}
	if errSec != nil {
		var msg []string
		for _, l := range errSec.body {
			if t := strings.TrimSpace(l.Text); t != "" {
				msg = append(msg, t)
			}
		}
		if len(msg) == 0 {
			return bad(errSec, 0, "write the error text Resolve must return", "=== error is empty")
		}
		c.Error = strings.Join(msg, "\n")
		return nil
	}
	var err error
	if c.After, err = ParseState(c.File, after.body, c.Before.Turn+1); err != nil {
		return err
	}
	if err := c.After.CheckAgainst(c.Map); err != nil {
		return bad(after, 0, "a state must be one the campaign could reach: the map runs "+c.Map.Range(), "%s", err.Reason())
	}
	if events != nil {
		c.Events = []string{}
		for _, l := range events.body {
			if t := normalise(stripComment(l.Text)); t != "" {
				c.Events = append(c.Events, t)
			}
		}
	}
	return nil
}

// normalise collapses runs of spaces, so expected lines may be aligned.
func normalise(s string) string { return strings.Join(strings.Fields(s), " ") }
