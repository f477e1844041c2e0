package campaign

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MapError is a problem in a map file, with its place and a hint.
type MapError struct {
	File      string
	Line, Col int
	Msg, Hint string
}

func (e *MapError) Error() string {
	s := fmt.Sprintf("campaign: %s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	if e.Col == 0 {
		s = fmt.Sprintf("campaign: %s:%d: %s", e.File, e.Line, e.Msg)
	}
	return s
}

func (e *MapError) ProblemHint() string { return e.Hint }

// DefaultLegend is what each grid character means unless the map's
// [legend] redefines it. Documented in docs/map-format.md.
var DefaultLegend = map[rune]string{
	'~': "sea",
	'c': "coast",
	'.': "land",
	'h': "land terrain=moderate",       // hills
	'f': "land forest",                 // forest (moderately difficult)
	's': "land terrain=difficult",      // swamp, marsh
	'm': "land terrain=difficult",      // mountains
	'M': "land terrain=very-difficult", // high mountains
	'X': "land terrain=impassable",
	'r': "land river=small",
	'R': "land river=large navigable",
}

type mapParser struct {
	file      string
	m         *Map
	name      string
	legend    map[rune]string
	gridLines int // lines read in the current [grid] section
	rows      [][]rune
	rowAt     []int // line of each grid row
	colAt     []int // column where each grid row's cells start
	later     []func() error
}

// maxLine is the longest map line read: far more than the widest grid
// row (MaxColumns squares of up to 4 bytes each).
const maxLine = 1 << 20

// utf8BOM is the byte order mark some Windows editors (Notepad) put at the
// start of a UTF-8 file.
var utf8BOM = []byte("\uFEFF")

// ParseMap reads a map file (docs/map-format.md). file names it in errors.
func ParseMap(file string, data []byte) (*Map, error) {
	p := &mapParser{file: file, legend: map[rune]string{}}
	for k, v := range DefaultLegend {
		p.legend[k] = v
	}
	section := ""
	// QUIRK: Notepad starts UTF-8 files with a byte order mark; it is not
	// part of the first line.
	sc := bufio.NewScanner(bytes.NewReader(bytes.TrimPrefix(data, utf8BOM)))
	sc.Buffer(make([]byte, 64*1024), maxLine)
	n := 0
	for sc.Scan() {
		n++
		raw := sc.Text()
		if !utf8.ValidString(raw) {
			return nil, p.errAt(n, invalidUTF8At(raw), "the line is not valid UTF-8", "save the map file as UTF-8 (most editors offer it under \"Save as\" or \"Encoding\")")
		}
		line := stripComment(raw)
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			continue
		}
		if strings.HasPrefix(trimmed, "[") {
			name := strings.TrimSuffix(strings.TrimPrefix(trimmed, "["), "]")
			switch name {
			case "grid", "legend", "squares", "edges":
				section, p.gridLines = name, 0
			default:
				return nil, p.errAt(n, indexOf(raw, trimmed)+1, fmt.Sprintf("unknown section %s", trimmed), "the sections are [grid], [legend], [squares] and [edges]")
			}
			continue
		}
		var err error
		switch section {
		case "":
			err = p.header(n, raw, trimmed)
		case "grid":
			err = p.gridLine(n, line)
		case "legend":
			err = p.legendLine(n, raw, trimmed)
		case "squares", "edges":
			sec, num, text := section, n, raw
			p.later = append(p.later, func() error { return p.overrideLine(sec, num, text) })
		}
		if err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, p.errAt(n+1, 0, fmt.Sprintf("the line is longer than %d KiB", maxLine>>10),
			"a grid row holds at most 702 squares; split long [squares] lists over several lines")
	} else if err != nil {
		return nil, &MapError{File: file, Msg: err.Error()}
	}
	if err := p.build(); err != nil {
		return nil, err
	}
	for _, f := range p.later {
		if err := f(); err != nil {
			return nil, err
		}
	}
	return p.m, nil
}

func (p *mapParser) errAt(line, col int, msg, hint string) error {
	return &MapError{File: p.file, Line: line, Col: col, Msg: msg, Hint: hint}
}

func (p *mapParser) header(n int, raw, trimmed string) error {
	key, val, ok := strings.Cut(trimmed, "=")
	if !ok || strings.TrimSpace(key) != "name" {
		return p.errAt(n, indexOf(raw, trimmed)+1, fmt.Sprintf("unexpected %q before [grid]", trimmed), `only "name = …" may come before the [grid] section`)
	}
	p.name = unquote(strings.TrimSpace(val))
	return nil
}

// gridLine reads "  12  ~~cc..hh" (a row number, then one character a
// square). The first line of the section may instead be a column-letter
// header, which is skipped; later, a row that lost its number is an error
// even when it is all capitals.
func (p *mapParser) gridLine(n int, line string) error {
	trimmed := strings.TrimSpace(line)
	p.gridLines++
	if p.gridLines == 1 && len(p.rows) == 0 && isColumnHeader(trimmed) {
		return nil
	}
	start := indexOf(line, trimmed)
	numEnd := strings.IndexFunc(trimmed, func(r rune) bool { return r < '0' || r > '9' })
	if numEnd < 0 {
		numEnd = len(trimmed)
	}
	if numEnd == 0 {
		return p.errAt(n, start+1, "a grid row must start with its row number", "write rows as `  3  ~~cc..hh`, numbered from 1")
	}
	want := len(p.rows) + 1
	if num, err := strconv.Atoi(trimmed[:numEnd]); err != nil || num != want {
		return p.errAt(n, start+1, fmt.Sprintf("row %s where row %d was expected", trimmed[:numEnd], want), "number the grid rows 1, 2, 3… without gaps")
	}
	if want > MaxRows {
		return p.errAt(n, start+1, fmt.Sprintf("row %d: a map has at most %d rows", want, MaxRows), "make the map smaller; square names run up to row 999")
	}
	num := want
	rest := trimmed[numEnd:]
	cells := strings.TrimLeft(rest, " \t")
	if cells == "" {
		return p.errAt(n, start+numEnd+1, fmt.Sprintf("row %d has no squares", num), "put one character per square after the row number")
	}
	cellCol := start + numEnd + (len(rest) - len(cells))
	if i := strings.IndexAny(cells, " \t"); i >= 0 {
		return p.errAt(n, cellCol+runeCount(cells[:i])+1, "space inside a grid row", "every square needs a character; use '.' for open land")
	}
	row := []rune(cells)
	if len(row) > MaxColumns {
		return p.errAt(n, cellCol+MaxColumns+1, fmt.Sprintf("row %d has %d squares; a map is at most %d squares wide", num, len(row), MaxColumns),
			"make the map narrower; square names run from column A to ZZ")
	}
	if len(p.rows) > 0 && len(row) != len(p.rows[0]) {
		return p.errAt(n, cellCol+1, fmt.Sprintf("row %d has %d squares but row 1 has %d", num, len(row), len(p.rows[0])), "every grid row must be as wide as the first")
	}
	p.rows = append(p.rows, row)
	p.rowAt = append(p.rowAt, n)
	p.colAt = append(p.colAt, cellCol)
	return nil
}

// legendLine reads "k = coast cliffs".
func (p *mapParser) legendLine(n int, raw, trimmed string) error {
	key, val, ok := strings.Cut(trimmed, "=")
	key = strings.TrimSpace(key)
	if !ok || runeCount(key) != 1 {
		return p.errAt(n, indexOf(raw, trimmed)+1, fmt.Sprintf("bad legend line %q", trimmed), `write one character, "=", then what it means: "k = coast cliffs"`)
	}
	r := []rune(key)[0]
	if unicode.IsDigit(r) {
		return p.errAt(n, indexOf(raw, trimmed)+1, "a digit cannot be a grid character", "digits are row numbers; pick a letter or symbol")
	}
	attrs := strings.TrimSpace(val)
	var probe Square
	col := indexOf(raw, attrs) + 1
	if err := p.apply(&probe, attrs, n, col); err != nil {
		return err
	}
	if msg, hint := nonsense(&probe); msg != "" {
		return p.errAt(n, col, msg, hint)
	}
	p.legend[r] = attrs
	return nil
}

// build turns the grid into the map.
func (p *mapParser) build() error {
	if len(p.rows) == 0 {
		return &MapError{File: p.file, Line: 1, Msg: "no [grid] rows", Hint: "a map needs a [grid] section with at least one numbered row"}
	}
	p.m = NewMap(p.name, len(p.rows[0]), len(p.rows))
	for r, row := range p.rows {
		for c, ch := range row {
			def, ok := p.legend[ch]
			if !ok {
				return p.errAt(p.rowAt[r], p.colAt[r]+c+1, fmt.Sprintf("unknown grid character %q at %s", ch, Coord{c, r}),
					fmt.Sprintf(`define it in [legend], e.g. "%c = land forest"`, ch))
			}
			if err := p.apply(p.m.Square(Coord{c, r}), def, p.rowAt[r], p.colAt[r]+c+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// overrideLine reads a [squares] line ("C4,C5 river=small") or an [edges]
// line ("G7>G8 impassable" one way, "G7-G8 impassable" both ways).
func (p *mapParser) overrideLine(section string, n int, raw string) error {
	trimmed := strings.TrimSpace(stripComment(raw))
	col := indexOf(raw, trimmed) + 1
	target, attrs := trimmed, ""
	if i := strings.IndexFunc(trimmed, unicode.IsSpace); i >= 0 { // tabs too
		target, attrs = trimmed[:i], strings.TrimSpace(trimmed[i:])
	}
	if section == "edges" {
		return p.edge(n, col, target, attrs)
	}
	attrCol := indexOf(raw, attrs) + 1
	for _, name := range strings.Split(target, ",") {
		c, err := p.square(name, n, col)
		if err != nil {
			return err
		}
		sq := p.m.Square(c)
		if err := p.apply(sq, attrs, n, attrCol); err != nil {
			return err
		}
		if msg, hint := nonsense(sq); msg != "" {
			return p.errAt(n, attrCol, fmt.Sprintf("square %s: %s", c, msg), hint)
		}
	}
	return nil
}

// nonsense finds attributes a square cannot have together: what grows or
// flows on land on a sea square, a navigable flag without a river, cliffs
// away from a coast. It returns "" when the square makes sense.
func nonsense(sq *Square) (msg, hint string) {
	if sq.Kind == Sea {
		const seaHint = "only land and coast squares have land features; make the square coast, or drop the attribute"
		switch {
		case sq.HasValue:
			return "a sea square has no value (§1)", seaHint
		case sq.Forest:
			return "a sea square cannot have a forest", seaHint
		case sq.Cliffs:
			return "a sea square has no shore for cliffs", "cliffs line a coast square's shore ([A22]); make the square coast, or drop cliffs"
		case sq.River != NoRiver:
			return "a sea square cannot have a river", seaHint
		}
	}
	switch {
	case sq.Navigable && sq.River == NoRiver:
		return "navigable without a river", "navigable marks a river fleets can sail ([A24]); add river=large (or small, rapids), or drop navigable"
	case sq.Cliffs && sq.Kind == Land:
		return "cliffs on a land square", "cliffs line a coast square's shore ([A22]); make the square coast, or drop cliffs"
	}
	return "", ""
}

func (p *mapParser) edge(n, col int, target, attrs string) error {
	sep := strings.IndexAny(target, ">-")
	if sep < 0 || attrs != "impassable" {
		return p.errAt(n, col, fmt.Sprintf("bad edge line %q", strings.TrimSpace(target+" "+attrs)),
			`write "G7>G8 impassable" (no entry into G8 from G7) or "G7-G8 impassable" (neither way)`)
	}
	from, err := p.square(target[:sep], n, col)
	if err != nil {
		return err
	}
	to, err := p.square(target[sep+1:], n, col+sep+1)
	if err != nil {
		return err
	}
	if abs(from.Col-to.Col)+abs(from.Row-to.Row) != 1 && !(abs(from.Col-to.Col) == 1 && abs(from.Row-to.Row) == 1) {
		return p.errAt(n, col, fmt.Sprintf("%s and %s do not touch", from, to), "an edge joins two neighbouring squares")
	}
	p.m.Block(from, to)
	if target[sep] == '-' {
		p.m.Block(to, from)
	}
	return nil
}

func (p *mapParser) square(name string, n, col int) (Coord, error) {
	c, err := ParseCoord(name)
	if err != nil {
		return c, p.errAt(n, col, fmt.Sprintf("%q is not a square", name), "name squares by column letters and row number, like C4")
	}
	if !p.m.Contains(c) {
		return c, p.errAt(n, col, fmt.Sprintf("square %s is off the map", c), "the map runs "+p.m.Range())
	}
	return c, nil
}

// apply sets a square's attributes from "coast forest river=small …".
func (p *mapParser) apply(sq *Square, attrs string, n, col int) error {
	for _, tok := range splitAttrs(attrs) {
		bad := func(msg, hint string) error { return p.errAt(n, col+tok.at, msg, hint) }
		key, val, hasVal := strings.Cut(tok.text, "=")
		switch {
		case !hasVal && (key == "sea" || key == "coast" || key == "land"):
			sq.Kind, _ = ParseKind(key)
		case !hasVal && key == "forest":
			sq.Forest = true
		case !hasVal && key == "cliffs":
			sq.Cliffs = true
		case !hasVal && key == "navigable":
			sq.Navigable = true
		case key == "terrain":
			t, ok := ParseTerrain(val)
			if !ok {
				return bad(fmt.Sprintf("unknown terrain %q", val), "terrain is open, moderate, difficult, very-difficult or impassable")
			}
			sq.Terrain = t
		case key == "river":
			r, ok := ParseRiver(val)
			if !ok {
				return bad(fmt.Sprintf("unknown river class %q", val), "river is none, small, large or rapids")
			}
			sq.River = r
		case key == "value":
			v, err := strconv.Atoi(val)
			if err != nil || v < 0 || v > 99 {
				return bad(fmt.Sprintf("value %q is not a number from 0 to 99", val), "Table 1 values run 0–5; a preset may be higher")
			}
			sq.Value, sq.HasValue = v, true
		case key == "material":
			m, ok := ParseMaterial(val)
			if !ok {
				return bad(fmt.Sprintf("unknown material %q", val), "material is wood or stone")
			}
			sq.Material = m
		case key == "name":
			sq.Name = unquote(val)
		default:
			return bad(fmt.Sprintf("unknown attribute %q", tok.text),
				"attributes are sea, coast, land, forest, cliffs, navigable, terrain=…, river=…, value=…, material=…, name=\"…\"")
		}
	}
	return nil
}

type attrToken struct {
	text string
	at   int // byte offset in the attribute string
}

// splitAttrs splits on spaces, keeping name="two words" together.
func splitAttrs(s string) []attrToken {
	var out []attrToken
	start, quoted := -1, false
	for i, r := range s {
		switch {
		case r == '"':
			quoted = !quoted
			if start < 0 {
				start = i
			}
		case (r == ' ' || r == '\t') && !quoted:
			if start >= 0 {
				out = append(out, attrToken{s[start:i], start})
				start = -1
			}
		default:
			if start < 0 {
				start = i
			}
		}
	}
	if start >= 0 {
		out = append(out, attrToken{s[start:], start})
	}
	return out
}

func stripComment(s string) string {
	quoted := false
	for i, r := range s {
		if r == '"' {
			quoted = !quoted
		}
		if r == '#' && !quoted {
			return s[:i]
		}
	}
	return s
}

func isColumnHeader(s string) bool {
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z') && r != ' ' {
			return false
		}
	}
	return true
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

func indexOf(s, sub string) int {
	if i := strings.Index(s, sub); i >= 0 {
		return runeCount(s[:i])
	}
	return 0
}

func runeCount(s string) int { return len([]rune(s)) }

// invalidUTF8At is the 1-based column of the first byte of s that is not
// UTF-8.
func invalidUTF8At(s string) int {
	col := 1
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return col
			}
		}
		col++
	}
	return col
}
