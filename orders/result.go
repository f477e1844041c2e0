package orders

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

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

// LossHint says how losses are written, wherever results are.
const LossHint = "losses are KEY=POINTS, e.g. A3=500 garrison=300 reserves:orcs=200"

// ParseResult reads the words of a battle result after its verb:
// <battle> <winner> <attacker VP> <defender VP> [key=points …] (D14). It is
// the one grammar of results: the moderator's RESULT lines, turnproc result
// and scenario files all read them here, so a key means the same in each.
// example is how the caller's place writes a result ("RESULT B3-1 attacker
// 230 450"), for the hint. The Problem's Text carries no package prefix:
// each caller places it (a mail's line, a file's line, the command line).
func ParseResult(words []string, example string) (campaign.BattleResult, *campaign.Problem) {
	hint := "write: " + example + " (winner attacker, defender or draw; the victory points each side suffered)"
	bad := func(hint, format string, args ...any) (campaign.BattleResult, *campaign.Problem) {
		return campaign.BattleResult{}, campaign.Problemf(CodeBadResult, hint, format, clipWords(args)...)
	}
	if len(words) < 4 {
		return bad(hint, "a result needs a battle, a winner and two victory point totals, got %d word(s)", len(words))
	}
	res := campaign.BattleResult{Battle: strings.ToUpper(words[0])}
	if !battleID.MatchString(res.Battle) {
		return bad(hint, "battle %q is not a battle id like B3-1", words[0])
	}
	winner, ok := winnerWords[fold(words[1])]
	if !ok {
		return bad(hint, "winner %q is not attacker, defender or draw", words[1])
	}
	res.Winner = winner
	for i, vp := range []*int{&res.AttackerVP, &res.DefenderVP} {
		n, err := strconv.Atoi(words[2+i])
		if err != nil || n < 0 {
			return bad(hint, "victory points %q are not a whole number from 0 up", words[2+i])
		}
		*vp = n
	}
	for _, kv := range words[4:] {
		key, val, ok := strings.Cut(kv, "=")
		n, err := strconv.Atoi(val)
		if !ok || key == "" || err != nil || n < 0 {
			return bad(LossHint, "loss %q is not KEY=POINTS", kv)
		}
		key = lossKey(key)
		if _, dup := res.Losses[key]; dup {
			return bad("give each army, the garrison and each player's reserves once", "loss for %s is given twice", key)
		}
		if res.Losses == nil {
			res.Losses = map[string]int{}
		}
		res.Losses[key] = n
	}
	return res, nil
}

// lossKey is a loss key as battles name what loses: armies upper case
// (A3), the garrison and a player's reserves lower case, as player ids are.
func lossKey(key string) string {
	lower := strings.ToLower(key)
	if lower == "garrison" || strings.HasPrefix(lower, "reserves:") {
		return lower
	}
	return strings.ToUpper(key)
}

// clipWords shortens long string arguments: a sender's 50 KB "word" is
// quoted, not copied.
func clipWords(args []any) []any {
	for i, a := range args {
		if w, ok := a.(string); ok && utf8.RuneCountInString(w) > maxQuoted {
			args[i] = string([]rune(w)[:maxQuoted]) + "…"
		}
	}
	return args
}

// result reads a moderator's RESULT line.
func (p *parser) result(l textLine) {
	verb := strings.ToUpper(l.words[0])
	if !IsModerator(p.s.Player) {
		p.problem(l.n, CodeNotModerate, "battle results come from the moderator's mail (PLAYER moderator)", "%s: only the moderator enters battle results", verb)
		return
	}
	res, prob := ParseResult(l.words[1:], "RESULT B3-1 attacker 230 450")
	if prob != nil {
		p.s.Problems = append(p.s.Problems, Problem{Line: l.n, Code: prob.Code, Text: prob.Text, Hint: prob.Hint})
		return
	}
	p.s.Results = append(p.s.Results, Result{Line: l.n, Result: res})
}
