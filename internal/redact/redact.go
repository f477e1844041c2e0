// Package redact owns how a secret is hidden in text that turnproc shows
// or mails: a player's password in his answer, the SMTP password in a
// server's error.
package redact

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Mask stands for a secret in what is shown.
const Mask = "********"

// Word replaces each occurrence of secret in text that stands as a word of
// its own, with no letter or digit right before or after it: "hunter2x"
// is another word, and so is "failed" for the secret "fail".
func Word(text, secret string) string {
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
		b.WriteString(Mask)
		text = text[i+len(secret):]
	}
}

func wordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}
