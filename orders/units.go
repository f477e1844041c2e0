package orders

import (
	"fmt"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// unitOrder reads an order written after an army or fleet id: A1 MOVE
// E10 E9, F1 SAIL C4 C5, A1 EMBARK F1, A1 DISEMBARK, A1 CLAIM,
// A1 PILLAGE [D5], A1 IMPROVE, A1 BUILD (§4.1, §4.2, §5.1, §5.2).
func (p *parser) unitOrder(l textLine) {
	unit, kind := strings.ToUpper(l.words[0]), unitOf(l.words[0])
	if len(l.words) < 2 {
		p.problem(l.n, CodeNoOrder, "write: "+example(kwMove, "MOVE", unit), "%s has no order", unit)
		return
	}
	kw, verb := lookupKeyword(l.words[1]), strings.ToUpper(l.words[1])
	switch {
	case kw.leadVerb() || kw == kwInitiative || kw == kwEnd:
		subject := unit
		if kw == kwRaise {
			subject = "" // RAISE names a square, not a unit
		}
		p.problem(l.n, CodeOrderFirst, "write: "+example(kw, verb, subject), "%s comes first in the line", verb)
		return
	case !kw.unitVerb():
		p.unknownOrder(l.n, l.words[1])
		return
	case kw == kwSail && kind == army:
		p.problem(l.n, CodeFleetOnly, "an army goes to sea aboard a fleet: A1 EMBARK F1, then F1 SAIL C4 C5", "%s is an army: only fleets sail", unit)
		return
	case kw != kwMove && kw != kwSail && kind == fleet:
		p.notFleet(l.n, kw, unit)
		return
	}
	switch kw {
	case kwMove, kwSail:
		p.move(l, unit, kind, kw, verb)
	case kwEmbark:
		p.embark(l, unit, verb)
	case kwPillage:
		p.pillage(l, unit)
	default:
		if p.noExtraWords(l, 2) {
			p.s.Set.Orders = append(p.s.Set.Orders, plainAction(kw, unit, l.n))
		}
	}
}

// armyDoes says what only armies do, for the problem when a fleet is told to.
var armyDoes = map[keyword]string{
	kwEmbark:     "only armies embark",
	kwDisembark:  "only armies disembark",
	kwClaim:      "only armies make claims",
	kwPillage:    "only armies pillage",
	kwImprove:    "only armies improve squares",
	kwBuild:      "only armies build fleets",
	kwMerge:      "only armies merge",
	kwSplit:      "only armies split",
	kwReorganize: "only armies are reorganised",
	kwReinforce:  "only armies are reinforced",
	kwDisband:    "only armies are disbanded",
	kwReduce:     "only armies are reduced",
}

// notFleet reports an army's order given to a fleet (D9: fleets only carry).
func (p *parser) notFleet(n int, kw keyword, unit string) {
	p.problem(n, CodeArmyOnly, "a fleet only sails, as in F1 MOVE C4 C5", "%s is a fleet: %s", unit, armyDoes[kw])
}

// move reads A1 MOVE E10 E9 (a Move) and F1 MOVE C4 C5 or F1 SAIL C4 C5
// (a Sail): the squares to go through, one step each.
func (p *parser) move(l textLine, unit string, kind unitKind, kw keyword, verb string) {
	if len(l.words) < 3 {
		p.problem(l.n, CodeNoPath, "list the squares to go through, one step each: "+example(kw, verb, unit), "%s %s names no square", unit, verb)
		return
	}
	path := make([]campaign.Coord, 0, len(l.words)-2)
	for _, w := range l.words[2:] {
		c, ok := p.square(l.n, w)
		if !ok {
			return
		}
		path = append(path, c)
	}
	if kind == fleet {
		p.s.Set.Orders = append(p.s.Set.Orders, campaign.Sail{Fleet: unit, Path: path, SourceLine: l.n})
		return
	}
	p.s.Set.Orders = append(p.s.Set.Orders, campaign.Move{Army: unit, Path: path, SourceLine: l.n})
}

// embark reads A1 EMBARK F1.
func (p *parser) embark(l textLine, unit, verb string) {
	if len(l.words) < 3 {
		p.problem(l.n, CodeNoFleet, "write: "+example(kwEmbark, verb, unit), "%s %s names no fleet", unit, verb)
		return
	}
	if unitOf(l.words[2]) != fleet {
		p.problem(l.n, CodeBadFleet, "fleets are F and a number, like F1", "%q is not a fleet", l.words[2])
		return
	}
	if p.noExtraWords(l, 3) {
		p.s.Set.Orders = append(p.s.Set.Orders, campaign.Embark{Army: unit, Fleet: strings.ToUpper(l.words[2]), SourceLine: l.n})
	}
}

// pillage reads A1 PILLAGE, or A1 PILLAGE D5 naming the own square that
// gets the +1 of a successful pillage ([A40]).
func (p *parser) pillage(l textLine, unit string) {
	o := campaign.Pillage{Army: unit, SourceLine: l.n}
	if len(l.words) > 2 {
		c, ok := p.square(l.n, l.words[2])
		if !ok {
			return
		}
		o.Bonus = &c
	}
	if p.noExtraWords(l, 3) {
		p.s.Set.Orders = append(p.s.Set.Orders, o)
	}
}

// plainAction is an army order that takes no words after the verb.
func plainAction(kw keyword, unit string, line int) campaign.Order {
	switch kw {
	case kwDisembark:
		return campaign.Disembark{Army: unit, SourceLine: line}
	case kwClaim:
		return campaign.Claim{Army: unit, SourceLine: line}
	case kwImprove:
		return campaign.Improve{Army: unit, SourceLine: line}
	}
	return campaign.Build{Army: unit, SourceLine: line}
}

// reorganiseForm is the hint for every REORGANIZE problem, in both
// languages since the INTO word differs.
const reorganiseForm = "REORGANIZE A1 A2 INTO 1000 1000 (REORGANIZAR A1 A2 EN 1000 1000)"

// example writes an order of kind kw as a hint, with the verb as the
// player wrote it and his unit (or square, for RAISE); subject "" picks
// A1, or F1 for a fleet order, or C4 for RAISE.
func example(kw keyword, verb, subject string) string {
	fleetOrder := kw == kwSail || kw == kwMove && unitOf(subject) == fleet
	switch {
	case subject != "":
	case kw == kwRaise:
		subject = "C4"
	case fleetOrder:
		subject = "F1"
	default:
		subject = "A1"
	}
	switch kw {
	case kwMove, kwSail:
		if fleetOrder {
			return fmt.Sprintf("%s %s C4 C5", subject, verb)
		}
		return fmt.Sprintf("%s %s E10 E9", subject, verb)
	case kwEmbark:
		return fmt.Sprintf("%s %s F1", subject, verb)
	case kwMerge:
		return verb + " A1 A2"
	case kwSplit:
		return fmt.Sprintf("%s %s 500 500", verb, subject)
	case kwReorganize:
		return reorganiseForm
	case kwRaise:
		return fmt.Sprintf("%s %s 1000", verb, subject)
	case kwReinforce, kwReduce:
		return fmt.Sprintf("%s %s 500", verb, subject)
	case kwDisband:
		return verb + " " + subject
	case kwInitiative:
		return "INITIATIVE FIRST (INICIATIVA PRIMERO)"
	case kwEnd:
		return verb
	}
	return subject + " " + verb
}
