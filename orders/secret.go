package orders

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The password a player types is never echoed: not in the acknowledgement,
// not in intake.txt, not in the reports (docs/orders.md, *Passwords*).
// Wherever the text gives one (on the header line, on a PASSWORD line, glued
// to its keyword as in "PASSWORD=x" or "Password: x"), that word is masked
// in every problem and every line of the orders as understood, wherever it
// shows up again: a player who types it on a line of its own, or in an
// order, does not get it mailed back.

// masked stands for a password in what is echoed.
const masked = "********"

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
		text = maskWord(text, s)
		if q := strconv.Quote(s); q[1:len(q)-1] != s {
			text = maskWord(text, q[1:len(q)-1])
		}
	}
	return text
}

// maskWord replaces each occurrence of secret in text that has no letter
// or digit right before or after it: "hunter2x" is another word.
func maskWord(text, secret string) string {
	if secret == "" || !strings.Contains(text, secret) {
		return text
	}
	var b strings.Builder
	for {
		i := strings.Index(text, secret)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[i+len(secret):])
		if wordRune(before) || wordRune(after) {
			_, n := utf8.DecodeRuneInString(text[i:])
			b.WriteString(text[:i+n])
			text = text[i+n:]
			continue
		}
		b.WriteString(text[:i])
		b.WriteString(masked)
		text = text[i+len(secret):]
	}
}

func wordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// maskProblems masks the sheet's secrets in its problems.
func (s *Sheet) maskProblems() {
	for i := range s.Problems {
		s.Problems[i].Text = maskSecrets(s.Problems[i].Text, s.secrets)
		s.Problems[i].Hint = maskSecrets(s.Problems[i].Hint, s.secrets)
	}
}
