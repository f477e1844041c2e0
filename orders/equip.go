package orders

import (
	"regexp"
	"strings"
)

// Equipment is one siege-equipment declaration for a scheduled siege
// (D19): EQUIP B3-1 ladders 4, covered-ram 1 (EQUIPAR in Spanish). Items
// keeps the player's words; the siege package reads the items and checks
// them against the siege and the side's budget.
type Equipment struct {
	Line   int
	Battle string // "B3-1"
	Items  string
}

// Problem codes of EQUIP lines.
const (
	CodeNoBattle = "no-battle"
	CodeNoItems  = "no-items"
)

var battleID = regexp.MustCompile(`^B[0-9]+-[0-9]+$`)

// equip reads EQUIP <battle> <items…>; a later line for the same battle
// replaces an earlier one.
func (p *parser) equip(l textLine) {
	verb := strings.ToUpper(l.words[0])
	const hint = "write: EQUIP B3-1 ladders 4, ram 1 (the battle's id is in your report)"
	if len(l.words) < 2 || !battleID.MatchString(strings.ToUpper(l.words[1])) {
		p.problem(l.n, CodeNoBattle, hint, "%s names no battle", verb)
		return
	}
	if len(l.words) < 3 {
		p.problem(l.n, CodeNoItems, hint, "%s %s names no equipment", verb, strings.ToUpper(l.words[1]))
		return
	}
	// The items keep the player's commas: they separate one item from the next.
	e := Equipment{Line: l.n, Battle: strings.ToUpper(l.words[1]), Items: afterWords(l.text, 2)}
	for i, prev := range p.s.Equipment {
		if prev.Battle == e.Battle {
			p.s.Equipment[i] = e
			return
		}
	}
	p.s.Equipment = append(p.s.Equipment, e)
}

// afterWords is what follows the first n words of a line, as written.
func afterWords(text string, n int) string {
	rest := text
	for range n {
		rest = strings.TrimLeftFunc(rest, isSeparator)
		i := strings.IndexFunc(rest, isSeparator)
		if i < 0 {
			return ""
		}
		rest = rest[i:]
	}
	return strings.TrimLeftFunc(rest, isSeparator)
}
