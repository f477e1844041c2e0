package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// inert makes text that comes from outside (a mail's header, a file name)
// safe to print to the moderator's terminal or a log he reads: each control
// character, and each byte that is not UTF-8, is written as its Go escape
// (\x1b), so an escape sequence in a header cannot clear the screen or
// retitle the window. Printable text is left as it is.
func inert(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, unsafeRune) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafeRune(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unsafeRune: control characters (C0, DEL, C1) and the bidirectional
// controls that reorder what a terminal shows.
func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
}
