package orders

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// Moderator is the header's PLAYER word for the moderator's own mail,
// which may carry battle results (docs/orders.md).
var Moderator = []string{"moderator", "moderador"}

// IsModerator says whether a header's player id names the moderator.
func IsModerator(player string) bool { return slices.Contains(Moderator, strings.ToLower(player)) }

// Result is a battle result line of the moderator's mail (D14):
// RESULT B3-1 attacker 230 450 [A1=500 garrison=300 reserves:orcs=200];
// RESULTADO B3-1 atacante 230 450 in Spanish.
type Result struct {
	Line   int
	Result campaign.BattleResult
}

func (r Result) String() string {
	s := fmt.Sprintf("RESULT %s %s %d %d", r.Result.Battle, r.Result.Winner, r.Result.AttackerVP, r.Result.DefenderVP)
	for _, k := range slices.Sorted(maps.Keys(r.Result.Losses)) {
		s += fmt.Sprintf(" %s=%d", k, r.Result.Losses[k])
	}
	return s
}

// Problem codes of RESULT lines.
const (
	CodeBadResult   = "bad-result"
	CodeNotModerate = "not-moderator"
)

var winnerWords = map[string]campaign.Side{
	"ATTACKER": campaign.Attacker, "ATACANTE": campaign.Attacker,
	"DEFENDER": campaign.Defender, "DEFENSOR": campaign.Defender,
	"DRAW": campaign.Draw, "EMPATE": campaign.Draw,
}

// result reads RESULT <battle> <winner> <attacker VP> <defender VP> [key=points …].
func (p *parser) result(l textLine) {
	verb := strings.ToUpper(l.words[0])
	const hint = "write: RESULT B3-1 attacker 230 450 (winner attacker, defender or draw; the victory points each side suffered)"
	if !IsModerator(p.s.Player) {
		p.problem(l.n, CodeNotModerate, "battle results come from the moderator's mail (PLAYER moderator)", "%s: only the moderator enters battle results", verb)
		return
	}
	w := l.words[1:]
	if len(w) < 4 || !battleID.MatchString(strings.ToUpper(w[0])) {
		p.problem(l.n, CodeBadResult, hint, "%s needs a battle, a winner and two victory point totals", verb)
		return
	}
	res := campaign.BattleResult{Battle: strings.ToUpper(w[0])}
	winner, ok := winnerWords[fold(w[1])]
	if !ok {
		p.problem(l.n, CodeBadResult, hint, "winner %q is not attacker, defender or draw", w[1])
		return
	}
	res.Winner = winner
	for i, vp := range []*int{&res.AttackerVP, &res.DefenderVP} {
		n, err := strconv.Atoi(w[2+i])
		if err != nil || n < 0 {
			p.problem(l.n, CodeBadResult, hint, "victory points %q are not a whole number from 0 up", w[2+i])
			return
		}
		*vp = n
	}
	for _, kv := range w[4:] {
		key, val, ok := strings.Cut(kv, "=")
		n, err := strconv.Atoi(val)
		if !ok || err != nil || n < 0 {
			p.problem(l.n, CodeBadResult, "losses are KEY=POINTS, e.g. A3=500 garrison=300 reserves:orcs=200", "loss %q is not KEY=POINTS", kv)
			return
		}
		if res.Losses == nil {
			res.Losses = map[string]int{}
		}
		if !strings.HasPrefix(strings.ToLower(key), "reserves:") && !strings.EqualFold(key, "garrison") {
			key = strings.ToUpper(key)
		} else {
			key = strings.ToLower(key)
		}
		res.Losses[key] = n
	}
	p.s.Results = append(p.s.Results, Result{Line: l.n, Result: res})
}
