package orders

import (
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// leadOrder reads an order written before what it concerns: the
// reorganisations of §3.1/D8 and the season-balance muster orders of D7.
func (p *parser) leadOrder(kw keyword, l textLine) {
	switch kw {
	case kwMerge:
		p.merge(l)
	case kwSplit:
		p.split(l)
	case kwReorganize:
		p.reorganise(l)
	case kwRaise:
		p.raise(l)
	default:
		p.armyMuster(kw, l)
	}
}

// merge reads MERGE A1 A2 [A3 …]: one army of all their points. The
// parser cannot know the armies' sizes, so Sizes stays nil and campaign
// sums them.
func (p *parser) merge(l textLine) {
	verb := strings.ToUpper(l.words[0])
	armies, ok := p.armies(l, kwMerge, l.words[1:])
	if !ok {
		return
	}
	if len(armies) < 2 {
		p.problem(l.n, CodeFewArmies, "write: "+example(kwMerge, verb, ""), "%s needs two armies or more", verb)
		return
	}
	p.s.Set.Reorganisations = append(p.s.Set.Reorganisations, campaign.Reorganise{Armies: armies, SourceLine: l.n})
}

// split reads SPLIT A1 500 500 [500 …].
func (p *parser) split(l textLine) {
	verb := strings.ToUpper(l.words[0])
	armies, ok := p.armies(l, kwSplit, l.words[1:min(2, len(l.words))])
	if !ok {
		return
	}
	sizes, ok := p.sizes(l.n, l.words[2:])
	if !ok {
		return
	}
	if len(sizes) < 2 {
		p.problem(l.n, CodeFewSizes, "write: "+example(kwSplit, verb, armies[0]), "%s needs two sizes or more", verb)
		return
	}
	p.s.Set.Reorganisations = append(p.s.Set.Reorganisations, campaign.Reorganise{Armies: armies, Sizes: sizes, SourceLine: l.n})
}

// reorganise reads REORGANIZE A1 A2 INTO 1000 1000.
func (p *parser) reorganise(l textLine) {
	verb := strings.ToUpper(l.words[0])
	into := -1
	for i, w := range l.words {
		if lookupKeyword(w) == kwInto {
			into = i
			break
		}
	}
	if into < 0 {
		p.problem(l.n, CodeNoInto, "write: "+reorganiseForm, "%s needs INTO (EN) between the armies and the sizes", verb)
		return
	}
	armies, ok := p.armies(l, kwReorganize, l.words[1:into])
	if !ok {
		return
	}
	sizes, ok := p.sizes(l.n, l.words[into+1:])
	if !ok {
		return
	}
	if len(sizes) == 0 {
		p.problem(l.n, CodeFewSizes, "write: "+reorganiseForm, "%s names no size after %s", verb, strings.ToUpper(l.words[into]))
		return
	}
	p.s.Set.Reorganisations = append(p.s.Set.Reorganisations, campaign.Reorganise{Armies: armies, Sizes: sizes, SourceLine: l.n})
}

// armies reads the army ids of a reorganisation: at least one, each once.
func (p *parser) armies(l textLine, kw keyword, words []string) ([]string, bool) {
	verb := strings.ToUpper(l.words[0])
	if len(words) == 0 {
		p.problem(l.n, CodeNoArmy, "write: "+example(kw, verb, ""), "%s names no army", verb)
		return nil, false
	}
	out := make([]string, 0, len(words))
	for _, w := range words {
		id, ok := p.army(l.n, kw, w)
		if !ok {
			return nil, false
		}
		for _, seen := range out {
			if seen == id {
				p.problem(l.n, CodeRepeatedArmy, "name each army once", "%s is named twice", id)
				return nil, false
			}
		}
		out = append(out, id)
	}
	return out, true
}

// army reads one army id where an order of kind kw expects it.
func (p *parser) army(n int, kw keyword, w string) (string, bool) {
	id := strings.ToUpper(w)
	switch unitOf(w) {
	case army:
		return id, true
	case fleet:
		p.notFleet(n, kw, id)
	default:
		p.problem(n, CodeBadArmy, "armies are A and a number, like A1", "%q is not an army", w)
	}
	return "", false
}

// sizes reads the point values of a reorganisation.
func (p *parser) sizes(n int, words []string) ([]int, bool) {
	out := make([]int, 0, len(words))
	for _, w := range words {
		v, ok := p.points(n, w)
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

// points reads a number of army points: 500 to 2500 in blocks of 500
// (§3.1). QUIRK: Spanish players write thousands with a dot, "1.000".
func (p *parser) points(n int, w string) (int, bool) {
	digits := w
	if len(w) == 5 && w[1] == '.' {
		digits = w[:1] + w[2:]
	}
	v, err := strconv.Atoi(digits)
	if err != nil || digits[0] == '+' || digits[0] == '-' || !campaign.LegalArmySize(v) {
		p.problem(n, CodeBadPoints, "armies come in blocks of 500, up to 2500", "%q is not 500, 1000, 1500, 2000 or 2500 points", w)
		return 0, false
	}
	return v, true
}

// raise reads RAISE C4 1000: a new army in an own square of value ≥5 (D7).
func (p *parser) raise(l textLine) {
	verb := strings.ToUpper(l.words[0])
	if len(l.words) < 2 {
		p.problem(l.n, CodeNoSquare, "write: "+example(kwRaise, verb, ""), "%s names no square", verb)
		return
	}
	at, ok := p.square(l.n, l.words[1])
	if !ok {
		return
	}
	if len(l.words) < 3 {
		p.problem(l.n, CodeNoPoints, "write: "+example(kwRaise, verb, at.String()), "%s %s gives no points", verb, at)
		return
	}
	pts, ok := p.points(l.n, l.words[2])
	if !ok || !p.noExtraWords(l, 3) {
		return
	}
	p.s.Set.Muster = append(p.s.Set.Muster, campaign.Muster{Kind: campaign.Raise, At: at, Points: pts, SourceLine: l.n})
}

// musterKind maps the muster keywords that name an army to their kind.
var musterKind = map[keyword]campaign.MusterKind{
	kwReinforce: campaign.Reinforce,
	kwDisband:   campaign.Disband,
	kwReduce:    campaign.Reduce,
}

// armyMuster reads REINFORCE A1 500, REDUCE A1 500 and DISBAND A1 (D7).
func (p *parser) armyMuster(kw keyword, l textLine) {
	verb := strings.ToUpper(l.words[0])
	if len(l.words) < 2 {
		p.problem(l.n, CodeNoArmy, "write: "+example(kw, verb, ""), "%s names no army", verb)
		return
	}
	id, ok := p.army(l.n, kw, l.words[1])
	if !ok {
		return
	}
	o := campaign.Muster{Kind: musterKind[kw], Army: id, SourceLine: l.n}
	used := 2
	if kw != kwDisband {
		if len(l.words) < 3 {
			p.problem(l.n, CodeNoPoints, "write: "+example(kw, verb, id), "%s %s gives no points", verb, id)
			return
		}
		if o.Points, ok = p.points(l.n, l.words[2]); !ok {
			return
		}
		used = 3
	}
	if p.noExtraWords(l, used) {
		p.s.Set.Muster = append(p.s.Set.Muster, o)
	}
}
