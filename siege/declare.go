package siege

// A side's declaration of siege equipment as players write it (EQUIP), its
// parser and its canonical form.

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/turnproc/turnproc/campaign"
)

// Unit is the unit a line's item goes to, as the player describes it;
// fields left empty are not checked.
type Unit struct {
	Name        string
	Models      int       // 0: not stated
	Type        TroopType // "": not stated
	Skirmishers bool
	Stupidity   bool
}

// Line is one item of a declaration.
type Line struct {
	Item  ItemID
	Count int
	// Beasts is how many of the line's engines (covered rams, siege
	// towers) have draught beasts (ES-EQA-CRAM-2, ES-EQA-ST-7).
	Beasts int
	// Sections are the wall sections of cauldrons, one per cauldron; none
	// leaves their places to the deployment.
	Sections []string
	Unit     *Unit
}

// Declaration is one side's siege equipment, as ordered.
type Declaration struct {
	Lines []Line
}

// MaxCount bounds every count in a declaration, so costs cannot overflow.
const MaxCount = 999

// ParseEquipment reads a side's declaration as players write it in their
// orders. Errors carry no line: the caller adds where the text came from.
//
// Items are separated by commas, semicolons, new lines, "+", "&", "and" or
// "y". An item is its name, English or Spanish, singular or plural, with
// hyphens or spaces, accents optional, and a count before or after it (2,
// x2, 2x, ×2, "a"/"un"/"one"/"dos"…; 1 if none):
//
//	ladders 4, covered-ram 1 with beasts, cauldron 2 at W2 W3
//	2 arietes para Alabarderos (20 infantería); torre de asedio de madera con bestias
//	reinforced gate and boiling oil at W1, W4
//
// After the name, in any order:
//   - at / on / in / en SECTIONS: the wall sections of the cauldrons, one
//     per cauldron: "at W2 W3", "at W2 and W3", "on wall 2", "en la muralla 2";
//     a fragment of sections after a comma continues the list ("at W2, W3");
//   - with / con beasts (draught beasts, bestias de tiro) and an optional
//     count: draught beasts for that many of the line's engines, all of them
//     without a count; "beasts" written as an item joins the engine before it;
//   - for / to / para UNIT: the unit that carries, pushes or works the item,
//     then optionally, in brackets, its models, its troop type (infantry /
//     infantería, monstrous infantry / infantería monstruosa / ogres,
//     cavalry / caballería, chariot / carro) and "skirmishers" (hostigadores)
//     or "stupidity" (estupidez): "ram for Halberdiers (20 infantry)".
//
// Item names: reinforced-gate (puerta reforzada), cauldron (boiling oil,
// caldero, aceite hirviendo), rocks (rocas), ram (ariete), covered-ram
// (ariete cubierto), wooden-tower (wooden siege tower, torre de asedio de
// madera), iron-tower (torre de asedio de hierro), ladders (escalas),
// grapnels or ropes (garfios, cuerdas), mantlets (manteletes), props
// (puntales). Empty text, "none" or "nada" declares nothing.
// Declaration.String writes the canonical form, which parses back the same.
func ParseEquipment(text string) (Declaration, error) {
	p := eqParser{toks: tokenize(text)}
	if p.nothing() {
		return Declaration{}, nil
	}
	for p.i < len(p.toks) && len(p.errs) < maxParseErrors {
		p.entry()
	}
	if len(p.errs) > 0 {
		return Declaration{}, errors.Join(p.errs...)
	}
	return p.decl, nil
}

// maxParseErrors stops reading a hopeless text early.
const maxParseErrors = 10

// eqToken is a word or a punctuation mark of a declaration.
type eqToken struct {
	text  string // as written
	fold  string // lower case, accents stripped
	glued bool   // joined to the word before by a hyphen
	punct rune   // ',' '(' ')' '+' for punctuation, 0 for words
}

var eqPunct = map[rune]rune{',': ',', ';': ',', '\n': ',', '(': '(', '[': '(', ')': ')', ']': ')', '+': '+', '&': '+'}

// tokenize splits the text into words and punctuation. QUIRK: mail brings
// non-breaking and zero-width spaces, and players write "W2/W3", "@W2",
// "cauldron: 2" and "covered_ram".
func tokenize(s string) []eqToken {
	var toks []eqToken
	var word []rune
	glue, pendingGlue := false, false
	flush := func() {
		if len(word) > 0 {
			w := string(word)
			toks = append(toks, eqToken{text: w, fold: foldText(w), glued: glue})
			word = word[:0]
		}
	}
	for _, r := range s {
		if p, ok := eqPunct[r]; ok {
			flush()
			pendingGlue = false
			toks = append(toks, eqToken{text: string(r), punct: p})
			continue
		}
		switch {
		case r == '-' || r == '_' || r == '‐' || r == '‑':
			pendingGlue = len(word) > 0
			flush()
		case unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || strings.ContainsRune(":=./@\\\"'`", r) ||
			r == utf8.RuneError:
			flush()
			pendingGlue = false
		default:
			if len(word) == 0 {
				glue, pendingGlue = pendingGlue, false
			}
			word = append(word, r)
		}
	}
	flush()
	return toks
}

// foldText lower-cases and strips accents. QUIRK: NFKD also folds
// decomposed accents and full-width letters.
func foldText(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Cf, r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// wordIs matches a folded word against a singular spelling, plurals too.
func wordIs(f, w string) bool { return f == w || f == w+"s" || f == w+"es" }

func oneOf(f string, words ...string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return wordIs(f, w) })
}

var (
	atWords      = []string{"at", "on", "in", "en", "sobre"}
	withWords    = []string{"with", "con"}
	forWords     = []string{"for", "to", "para"}
	joinWords    = []string{"and", "y", "plus"}
	stopWords    = []string{"of", "the", "de", "del", "la", "el", "los", "las"}
	articleWords = []string{"the", "a", "an", "el", "la", "los", "las", "un", "una"}
	wallWords    = []string{"wall", "muralla", "muro", "section", "seccion"}
	noneWords    = []string{"none", "nothing", "nada", "ninguno", "ninguna", "no"}
	fillerWords  = []string{"model", "miniatura", "mini", "figure", "strong", "of", "de"}
	countWords   = map[string]int{"a": 1, "an": 1, "one": 1, "un": 1, "una": 1, "uno": 1, "two": 2, "dos": 2,
		"three": 3, "tres": 3, "four": 4, "cuatro": 4, "five": 5, "cinco": 5, "six": 6, "seis": 6}
	troopWords = []struct {
		words []string
		t     TroopType
	}{
		{[]string{"infantry", "inf", "infanteria", "foot"}, TroopInfantry},
		{[]string{"monstrous", "mi", "monstruosa", "monstruoso", "ogre", "ogro"}, TroopMonstrousInfantry},
		{[]string{"cavalry", "cav", "caballeria"}, TroopCavalry},
		{[]string{"chariot", "carro"}, TroopChariot},
	}
	troopSpelling = map[TroopType]string{TroopInfantry: "infantry", TroopMonstrousInfantry: "monstrous-infantry",
		TroopCavalry: "cavalry", TroopChariot: "chariot"}
)

// ambiguousTower is a siege tower of no stated material.
const ambiguousTower ItemID = "siege-tower"

type eqAlias struct {
	id    ItemID
	words []string
}

// itemAliases lists every spelling of every item, stop words left out.
var itemAliases = func() []eqAlias {
	var as []eqAlias
	add := func(id ItemID, s string) {
		var words []string
		for _, t := range tokenize(s) {
			if !oneOf(t.fold, stopWords...) {
				words = append(words, t.fold)
			}
		}
		as = append(as, eqAlias{id, words})
	}
	for _, it := range catalogue {
		for _, s := range append([]string{string(it.ID), it.English, it.Spanish}, it.aliases...) {
			add(it.ID, s)
		}
	}
	for _, s := range []string{"siege tower", "tower", "torre de asedio", "torre"} {
		add(ambiguousTower, s)
	}
	return as
}()

// matchItem finds the longest item spelling starting at token i; stop
// words may stand between its words.
func matchItem(toks []eqToken, i int) (ItemID, int) {
	best, bestN := ItemID(""), 0
	for _, a := range itemAliases {
		j := i
		for k, w := range a.words {
			for k > 0 && j < len(toks) && toks[j].punct == 0 && oneOf(toks[j].fold, stopWords...) {
				j++
			}
			if j >= len(toks) || toks[j].punct != 0 || !wordIs(toks[j].fold, w) {
				j = -1
				break
			}
			j++
		}
		if j-i > bestN {
			best, bestN = a.id, j-i
		}
	}
	return best, bestN
}

// countOf reads a count: 2, x2, ×2, 2x, *2 or a count word.
func countOf(f string) (n int, ok bool) {
	if n, ok := countWords[f]; ok {
		return n, true
	}
	digits := strings.TrimRight(strings.TrimLeft(f, "x×*"), "x×")
	if digits == "" || len(f)-len(digits) > 2 || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	if len(digits) > 4 {
		return MaxCount + 1, true
	}
	n, _ = strconv.Atoi(digits)
	return n, true
}

// isNumber says whether a folded word is a bare or x-marked number.
func isNumber(f string) bool {
	_, ok := countOf(f)
	return ok && countWords[f] == 0
}

// sectionOf reads a castle section id: W2, t1, Q3.
func sectionOf(f string) (string, bool) {
	if len(f) < 2 || len(f) > 3 || !strings.ContainsRune("wtq", rune(f[0])) {
		return "", false
	}
	n, err := strconv.Atoi(f[1:])
	if err != nil || n < 1 || f[1] == '+' || f[1] == '-' {
		return "", false
	}
	return strings.ToUpper(f[:1]) + strconv.Itoa(n), true
}

type eqParser struct {
	toks []eqToken
	i    int
	decl Declaration
	errs []error
}

func (p *eqParser) nothing() bool {
	for _, t := range p.toks {
		if t.punct == '(' || t.punct == ')' || t.punct == 0 && !oneOf(t.fold, noneWords...) {
			return false
		}
	}
	return true
}

func (p *eqParser) word(i int) (eqToken, bool) {
	if i < len(p.toks) && p.toks[i].punct == 0 {
		return p.toks[i], true
	}
	return eqToken{}, false
}

func (p *eqParser) is(i int, words ...string) bool {
	t, ok := p.word(i)
	return ok && oneOf(t.fold, words...)
}

// startsItem says whether an item, perhaps after a count, starts at i.
func (p *eqParser) startsItem(i int) bool {
	if t, ok := p.word(i); ok {
		if _, ok := countOf(t.fold); ok {
			i++
		}
	}
	_, n := matchItem(p.toks, i)
	return n > 0
}

// startsSections says whether a list of sections starts at i.
func (p *eqParser) startsSections(i int) bool {
	for p.is(i, stopWords...) || p.is(i, atWords...) {
		i++
	}
	t, ok := p.word(i)
	if !ok {
		return false
	}
	if _, ok := sectionOf(t.fold); ok {
		return true
	}
	n, ok := p.word(i + 1)
	return oneOf(t.fold, wallWords...) && ok && isNumber(n.fold) && !strings.ContainsAny(n.fold, "x×*")
}

// eqEntry is an item being read.
type eqEntry struct {
	start     int
	line      Line
	hasCount  bool
	allBeasts bool // "with beasts" without a count
	hasBeasts bool
}

func (p *eqParser) entry() {
	for p.i < len(p.toks) && (p.toks[p.i].punct == ',' || p.toks[p.i].punct == '+' || p.is(p.i, joinWords...)) {
		if p.i++; p.i >= len(p.toks) {
			return
		}
	}
	e := eqEntry{start: p.i}
	if last := len(p.decl.Lines) - 1; last >= 0 && p.startsSections(p.i) {
		e.line = p.decl.Lines[last]
		if err := p.sections(&e.line); err != nil {
			p.fail(e.start, err)
			return
		}
		p.decl.Lines[last] = e.line
		return
	}
	if err := p.read(&e); err != nil {
		p.fail(e.start, err)
		return
	}
	if e.line.Item == "" {
		p.fail(e.start, eqErr("no item named", "write the item's name, e.g. `ram 1`"))
		return
	}
	if !e.hasCount {
		e.line.Count = 1
	}
	if e.allBeasts {
		e.line.Beasts = e.line.Count
	}
	if e.line.Item == ItemDraughtBeasts {
		p.joinBeasts(e)
		return
	}
	p.decl.Lines = append(p.decl.Lines, e.line)
}

// joinBeasts gives standalone draught beasts to the engine line before.
func (p *eqParser) joinBeasts(e eqEntry) {
	last := len(p.decl.Lines) - 1
	hint := "write them after a covered ram or siege tower: `covered-ram 1 with beasts`"
	if last < 0 || e.line.Unit != nil || len(e.line.Sections) > 0 || e.hasBeasts {
		p.fail(e.start, eqErr("draught beasts go with a covered ram or a siege tower", hint))
		return
	}
	prev := &p.decl.Lines[last]
	if it, _ := itemOf(prev.Item); !it.engine() {
		p.fail(e.start, eqErr("draught beasts go with a covered ram or a siege tower", hint))
		return
	}
	n := e.line.Count
	if !e.hasCount {
		n = prev.Count - prev.Beasts
	}
	prev.Beasts = min(prev.Beasts+n, MaxCount+1)
}

// read reads one item's words up to the next comma or item.
func (p *eqParser) read(e *eqEntry) error {
	for p.i < len(p.toks) {
		t := p.toks[p.i]
		switch {
		case t.punct == ',':
			return nil
		case t.punct == '+' || p.is(p.i, joinWords...):
			if p.startsItem(p.i + 1) {
				return nil
			}
			if !p.startsSections(p.i + 1) {
				return eqErr(fmt.Sprintf("%q joins nothing", t.text), "separate items with commas")
			}
			p.i++
		case t.punct == '(':
			if err := p.profile(&e.line); err != nil {
				return err
			}
		case t.punct == ')':
			return eqErr("a ')' with no '(' before it", "write the unit's profile in brackets: `for Halberdiers (20 infantry)`")
		case e.line.Item != "" && (e.hasCount || !isNumber(t.fold)) && p.startsItem(p.i) && !p.is(p.i, articleWords...):
			return nil // the next item, written without a comma
		default:
			if err := p.readWord(e, t); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p *eqParser) readWord(e *eqEntry, t eqToken) error {
	if id, n := matchItem(p.toks, p.i); n > 0 && e.line.Item == "" {
		if id == ambiguousTower {
			return eqErr("which siege tower?", "write wooden-tower (100 points) or iron-tower (130 points)")
		}
		e.line.Item, p.i = id, p.i+n
		return nil
	}
	switch {
	case p.startsSections(p.i):
		return p.sections(&e.line)
	case oneOf(t.fold, atWords...):
		return eqErr(fmt.Sprintf("%q names no wall section", t.text), "write the sections as W1, W2…: `cauldron 2 at W1 W2`")
	case oneOf(t.fold, withWords...):
		return p.beasts(e)
	case oneOf(t.fold, forWords...):
		return p.unit(&e.line)
	case (t.fold == "x" || t.fold == "×" || t.fold == "*") && p.countNext():
		p.i++
		return nil
	}
	if n, ok := countOf(t.fold); ok {
		return p.setCount(e, n, t)
	}
	if oneOf(t.fold, stopWords...) {
		p.i++
		return nil
	}
	if e.line.Item == "" {
		return eqErr(fmt.Sprintf("%q is not an item of the siege-equipment catalogue", t.text), "the items are "+itemList())
	}
	return eqErr(fmt.Sprintf("%q is not understood", t.text),
		"after the item write its count, `at W2` for cauldrons, `with beasts`, `for UNIT (20 infantry)`")
}

func (p *eqParser) countNext() bool {
	t, ok := p.word(p.i + 1)
	return ok && isNumber(t.fold)
}

func (p *eqParser) setCount(e *eqEntry, n int, t eqToken) error {
	switch {
	case e.hasCount:
		return eqErr(fmt.Sprintf("two counts (%d and %s)", e.line.Count, t.text), "give each item one count")
	case n == 0:
		return eqErr("a count of 0", "leave out what you do not want")
	case n > MaxCount:
		return eqErr(fmt.Sprintf("the count %s is more than %d", t.text, MaxCount), "write the number of items")
	}
	e.line.Count, e.hasCount = n, true
	p.i++
	return nil
}

// sections reads "at W2 and W3", "on wall 2", "W2 W3".
func (p *eqParser) sections(l *Line) error {
	n := 0
	for p.i < len(p.toks) {
		t, _ := p.word(p.i)
		next, _ := p.word(p.i + 1)
		if id, ok := sectionOf(t.fold); ok {
			l.Sections, p.i, n = append(l.Sections, id), p.i+1, n+1
		} else if oneOf(t.fold, wallWords...) && isNumber(next.fold) && !strings.ContainsAny(next.fold, "x×*") {
			c, _ := countOf(next.fold)
			if c < 1 || c > 99 {
				return eqErr(fmt.Sprintf("no wall section %s", next.text), "wall sections are W1, W2…")
			}
			l.Sections, p.i, n = append(l.Sections, fmt.Sprintf("W%d", c)), p.i+2, n+1
		} else if (n == 0 && oneOf(t.fold, atWords...)) || oneOf(t.fold, stopWords...) ||
			(n > 0 && (p.toks[p.i].punct == '+' || oneOf(t.fold, joinWords...)) && p.startsSections(p.i+1)) {
			p.i++
		} else {
			break
		}
	}
	if n == 0 {
		return eqErr("no wall section named", "write the sections as W1, W2…: `cauldron 2 at W1 W2`")
	}
	return nil
}

// beasts reads "with beasts", "with 2 draught beasts", "con bestias de tiro 1".
func (p *eqParser) beasts(e *eqEntry) error {
	p.i++
	for p.is(p.i, stopWords...) {
		p.i++
	}
	n, counted := 0, false
	if t, ok := p.word(p.i); ok && isNumber(t.fold) {
		n, counted = countOf(t.fold)
		p.i++
	}
	if id, k := matchItem(p.toks, p.i); id != ItemDraughtBeasts {
		return eqErr(`"with" takes only draught beasts`, "write `covered-ram 1 with beasts`")
	} else {
		p.i += k
	}
	if t, ok := p.word(p.i); ok && !counted && isNumber(t.fold) {
		n, counted = countOf(t.fold)
		p.i++
	}
	switch {
	case e.hasBeasts:
		return eqErr("draught beasts twice", "write `with beasts` once")
	case counted && (n < 1 || n > MaxCount):
		return eqErr(fmt.Sprintf("%d draught beasts", n), "give the number of engines with beasts, or none for all")
	}
	e.hasBeasts, e.allBeasts, e.line.Beasts = true, !counted, n
	return nil
}

// unit reads "for the Halberdiers (20 infantry)".
func (p *eqParser) unit(l *Line) error {
	p.i++
	if p.startsSections(p.i) {
		return p.sections(l)
	}
	if l.Unit != nil && l.Unit.Name != "" {
		return eqErr("two units named", "give the item to one unit")
	}
	var name strings.Builder
	for p.i < len(p.toks) && p.nameWord(p.i) {
		t := p.toks[p.i]
		p.i++
		if name.Len() == 0 && oneOf(t.fold, articleWords...) {
			continue
		}
		if name.Len() > 0 {
			name.WriteString(map[bool]string{true: "-", false: " "}[t.glued])
		}
		name.WriteString(t.text)
	}
	if name.Len() == 0 && !(p.i < len(p.toks) && p.toks[p.i].punct == '(') {
		return eqErr(`"for" names no unit`, "write `for` and the unit's name: `ram for Halberdiers`")
	}
	if l.Unit == nil {
		l.Unit = &Unit{}
	}
	l.Unit.Name = name.String()
	return nil
}

// nameWord says whether the token at i continues a unit's name.
func (p *eqParser) nameWord(i int) bool {
	t, ok := p.word(i)
	if !ok {
		return false
	}
	_, section := sectionOf(t.fold)
	marker := oneOf(t.fold, atWords...) || oneOf(t.fold, withWords...) || oneOf(t.fold, forWords...)
	join := oneOf(t.fold, joinWords...) && p.startsItem(i+1)
	return !section && !marker && !join && !isNumber(t.fold) && !(t.fold == "x" && p.countNextAt(i))
}

func (p *eqParser) countNextAt(i int) bool {
	t, ok := p.word(i + 1)
	return ok && isNumber(t.fold)
}

// profile reads "(20 infantry, skirmishers)".
func (p *eqParser) profile(l *Line) error {
	if l.Unit != nil && (l.Unit.Models > 0 || l.Unit.Type != "" || l.Unit.Skirmishers || l.Unit.Stupidity) {
		return eqErr("two unit profiles", "describe the unit once, in one pair of brackets")
	}
	u := Unit{}
	if l.Unit != nil {
		u.Name = l.Unit.Name
	}
	p.i++
	empty := true
	for ; p.i < len(p.toks) && p.toks[p.i].punct != ')'; p.i++ {
		t := p.toks[p.i]
		if t.punct == ',' || t.punct == '+' {
			continue
		}
		if t.punct == '(' {
			return eqErr("brackets inside brackets", "describe the unit in one pair of brackets")
		}
		if err := readProfileWord(&u, t); err != nil {
			return err
		}
		empty = false
	}
	if p.i >= len(p.toks) {
		return eqErr("a '(' with no ')'", "close the unit's profile: `(20 infantry)`")
	}
	p.i++
	if empty {
		return eqErr("empty brackets", "describe the unit: `(20 infantry)`")
	}
	l.Unit = &u
	return nil
}

func readProfileWord(u *Unit, t eqToken) error {
	if isNumber(t.fold) {
		n, _ := countOf(t.fold)
		switch {
		case u.Models > 0:
			return eqErr(fmt.Sprintf("two model counts (%d and %s)", u.Models, t.text), "give the unit's models once")
		case n < 1 || n > MaxCount:
			return eqErr(fmt.Sprintf("%s models", t.text), "give the unit's models: 1 to 999")
		}
		u.Models = n
		return nil
	}
	for _, tw := range troopWords {
		if oneOf(t.fold, tw.words...) {
			if u.Type != TroopMonstrousInfantry { // "monstrous infantry", "infantería monstruosa"
				u.Type = tw.t
			}
			return nil
		}
	}
	switch {
	case oneOf(t.fold, "skirmisher", "skirmish", "hostigador"):
		u.Skirmishers = true
	case oneOf(t.fold, "stupidity", "stupid", "estupidez", "estupido", "estupida"):
		u.Stupidity = true
	case oneOf(t.fold, fillerWords...):
	default:
		return eqErr(fmt.Sprintf("%q is not understood in a unit's profile", t.text),
			"write its models, type and rules: `(20 infantry)`, `(3 monstrous infantry)`, `(12 infantry skirmishers)`")
	}
	return nil
}

// eqProblem is a parse problem before the entry it belongs to is known.
type eqProblem struct{ msg, hint string }

func (e eqProblem) Error() string { return e.msg }

func eqErr(msg, hint string) error { return eqProblem{msg, hint} }

// fail reports a problem with the entry starting at start, then skips to
// the next comma outside brackets.
func (p *eqParser) fail(start int, err error) {
	end := p.endOfEntry(start)
	var pr eqProblem
	errors.As(err, &pr)
	p.errs = append(p.errs, &campaign.Problem{Pkg: "siege: equipment", Hint: pr.hint,
		Text: fmt.Sprintf("%q: %s", clip(render(p.toks[start:end]), 60), pr.msg)})
}

// endOfEntry moves past the entry starting at start and returns its end.
func (p *eqParser) endOfEntry(start int) int {
	depth, end := 0, start
	for ; end < len(p.toks); end++ {
		switch p.toks[end].punct {
		case '(':
			depth++
		case ')':
			depth = max(depth-1, 0)
		case ',':
			if depth == 0 && end >= p.i {
				p.i = end
				return end
			}
		}
	}
	p.i = end
	return end
}

func render(toks []eqToken) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.punct != ')' && t.punct != ',' && toks[i-1].punct != '(' {
			b.WriteString(map[bool]string{true: "-", false: " "}[t.glued])
		}
		b.WriteString(t.text)
	}
	return b.String()
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// String writes the declaration in the canonical syntax ParseEquipment
// reads: "ladders 4, covered-ram 1 with beasts, cauldron 2 at W2 W3".
func (d Declaration) String() string {
	parts := make([]string, len(d.Lines))
	for i, l := range d.Lines {
		parts[i] = l.String()
	}
	return strings.Join(parts, ", ")
}

func (l Line) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d", l.Item, l.Count)
	if len(l.Sections) > 0 {
		b.WriteString(" at " + strings.Join(l.Sections, " "))
	}
	if l.Beasts == l.Count && l.Beasts > 0 {
		b.WriteString(" with beasts")
	} else if l.Beasts > 0 {
		fmt.Fprintf(&b, " with beasts %d", l.Beasts)
	}
	if l.Unit != nil {
		b.WriteString(l.Unit.phrase())
	}
	return b.String()
}

func (u Unit) phrase() string {
	var s, prof []string
	if u.Name != "" {
		s = append(s, " for "+u.Name)
	}
	if u.Models > 0 {
		prof = append(prof, strconv.Itoa(u.Models))
	}
	if u.Type != "" {
		prof = append(prof, cmp.Or(troopSpelling[u.Type], string(u.Type)))
	}
	if u.Skirmishers {
		prof = append(prof, "skirmishers")
	}
	if u.Stupidity {
		prof = append(prof, "stupidity")
	}
	if len(prof) > 0 {
		s = append(s, " ("+strings.Join(prof, " ")+")")
	}
	return strings.Join(s, "")
}
