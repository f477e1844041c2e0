package reports

import (
	"mime"
	"strings"
	"unicode/utf8"
)

// Bounds of an answer: it goes to whatever address the mail answered
// claims, so a forged mail of a megabyte must not make turnproc mail a
// larger one to a third party. The text quotes the mail a line at a time,
// each line clipped; each section stops after MaxAckItems entries; the
// whole text stops at MaxAckText bytes (attachments go only with answers
// to a player's own, authenticated mail).
const (
	MaxAckQuote = 200      // runes of one quoted line: an order, a problem, a hint
	MaxAckItems = 50       // entries of one section: orders understood, problems, dice
	MaxAckText  = 64 << 10 // bytes of an answer's text
	MaxSubject  = 200      // runes of the subject answered, quoted in the reply's
	MaxName     = 64       // runes of the display name answered
)

// clipRunes cuts s to n runes, the last one "…" when it was longer.
func clipRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i, count := 0, 0
	for i < len(s) && count < n-1 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		count++
	}
	if i >= len(s) || utf8.RuneCountInString(s[i:]) <= 1 {
		return s
	}
	return s[:i] + "…"
}

// capItems keeps the first MaxAckItems entries of a section.
func capItems[T any](items []T) (kept []T, more int) {
	if len(items) <= MaxAckItems {
		return items, 0
	}
	return items[:MaxAckItems], len(items) - MaxAckItems
}

// capText cuts the text at the last line break before MaxAckText, saying
// so.
func capText(w *words, text string) string {
	if len(text) <= MaxAckText {
		return text
	}
	note := "\n\n" + w.text("ack.cut", args{"Limit": MaxAckText >> 10}) + "\n"
	cut := text[:MaxAckText-len(note)]
	if i := strings.LastIndexByte(cut, '\n'); i > 0 {
		cut = cut[:i]
	}
	return cut + note
}

// replyHeaderSubject makes the reply's subject fit a header: clipped to
// MaxSubject runes, and when a word is too long to fold at a space (RFC
// 5322 §2.1.1: lines of at most 78 characters), written as encoded words,
// which go-mail folds between them; a decoder joins them again.
func replyHeaderSubject(s string) string {
	if s == "" {
		return ""
	}
	s = "Re: " + clipRunes(strings.TrimPrefix(s, "Re: "), MaxSubject)
	for _, f := range strings.Fields(s) {
		if len(f) > 60 {
			return mime.QEncoding.Encode("utf-8", s)
		}
	}
	return s
}

// more ends a section cut by capItems with a line saying how much was left
// out.
func (a *Ack) more(w *words, lines []string, name string, more int) []string {
	if more == 0 {
		return lines
	}
	return append(lines, w.text(name, args{"More": more}))
}

// reason says why a mail was rejected: in the reader's language when a
// limit it broke has a sentence there, else the intake's English reason.
func (a *Ack) reason(w *words, data args) string {
	if name := "ack.reason." + a.ReasonCode; a.ReasonCode != "" && w.set.Has(name) {
		return w.text(name, args{"Limit": a.ReasonLimit})
	}
	return w.text("ack.reason", data)
}
