package orders

import (
	"slices"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/internal/redact"
)

// The password a player types is never echoed: not in the acknowledgement,
// not in intake.txt, not in the reports (docs/orders.md, *Passwords*).
// Wherever the text gives one (on the header line, on a PASSWORD line, glued
// to its keyword as in "PASSWORD=x" or "Password: x"), that word is masked
// in every problem and every line of the orders as understood, wherever it
// shows up again, the mail's subject included: a player who types it on a
// line of its own, or in an order, does not get it mailed back.

// secretsOf lists the words of lines that follow a password keyword.
func secretsOf(lines []textLine) []string {
	var out []string
	add := func(w string) {
		if w != "" && w != PasswordPlaceholder && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	for _, l := range lines {
		for i, w := range l.words {
			rest, ok := afterPasswordKeyword(w)
			switch {
			case !ok:
			case rest != "":
				add(rest)
			default:
				j := i + 1
				if j < len(l.words) && (l.words[j] == ":" || l.words[j] == "=") {
					j++
				}
				if j < len(l.words) {
					add(l.words[j])
				}
			}
		}
	}
	return out
}

// afterPasswordKeyword says whether w is a password keyword, possibly with
// ":" or "=" and the password glued to it, and returns what follows.
func afterPasswordKeyword(w string) (string, bool) {
	if lookupKeyword(w) == kwPassword {
		return "", true
	}
	i := strings.IndexAny(w, ":=")
	if i < 0 || lookupKeyword(w[:i]) != kwPassword {
		return "", false
	}
	return strings.TrimLeft(w[i+1:], ":="), true
}

// maskSecrets replaces each secret in text, as written or as %q quotes
// it, where it stands as a word of its own.
func maskSecrets(text string, secrets []string) string {
	for _, s := range secrets {
		text = redact.Word(text, s)
		if q := strconv.Quote(s); q[1:len(q)-1] != s {
			text = redact.Word(text, q[1:len(q)-1])
		}
	}
	return text
}

// maskSubject masks in a mail's subject the sheet's secrets and a
// password the subject gives itself ("orders, password x"): the answer's
// subject repeats it.
func (s *Sheet) maskSubject(subject string) string {
	return maskSecrets(subject, append(secretsOf(meaningfulLines(subject)), s.secrets...))
}

// maskProblems masks the sheet's secrets in its problems.
func (s *Sheet) maskProblems() {
	for i := range s.Problems {
		s.Problems[i].Text = maskSecrets(s.Problems[i].Text, s.secrets)
		s.Problems[i].Hint = maskSecrets(s.Problems[i].Hint, s.secrets)
	}
}
