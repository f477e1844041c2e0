package orders

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// textLine is one meaningful line of a player's text: its number (from 1,
// counting every line of the text) and its words, comments removed.
type textLine struct {
	n     int
	words []string
	text  string // the line as written, trimmed, comment removed
	// quoted marks a header line found in the quoted text of a reply
	// with no header of its own (withQuotedHeader): the reply's header.
	quoted bool
	// form marks the order form's last line (FormMarker): the text is a
	// form sent back. It has no words of its own but the marker.
	form bool
}

// FormMarker starts the last line of the order form that comes with every
// report (reports.OrderForm writes it, a test checks they agree): a text
// holding it unquoted is a form sent back.
const FormMarker = "# turnproc order form"

// PasswordPlaceholder stands for the password in the order form's header:
// the player types his own in its place.
const PasswordPlaceholder = "????"

// meaningfulLines keeps the lines a player wrote himself: it drops blank
// lines, comments (# to the end of the line), quoted reply lines (">") and
// the attribution line above them, and stops at a signature or at the
// start of a quoted original.
func meaningfulLines(text string) []textLine {
	var b lineBuffer
	return b.meaningful(text)
}

// lineBuffer holds the meaningful lines of texts and their words, one
// text after another: a mail reader reuses it from mail to mail, as long
// as the lines of one are no longer used when the next is read.
type lineBuffer struct {
	lines []textLine
	words []string // every line's words, each line a capped slice of it
}

// reset makes the buffer's room available again.
func (b *lineBuffer) reset() {
	b.lines, b.words = b.lines[:0], b.words[:0]
}

// meaningful is meaningfulLines(text), kept in the buffer.
func (b *lineBuffer) meaningful(text string) []textLine {
	first := len(b.lines)
	out, words := b.lines, b.words
	rest, more := normaliseNewlines(text), true
	for n := 1; more; n++ {
		var raw string
		raw, rest, more = strings.Cut(rest, "\n")
		t := strings.TrimSpace(raw)
		if endsOwnText(t) {
			break
		}
		if strings.HasPrefix(t, ">") || (strings.HasSuffix(t, ":") && quotedFollows(rest)) {
			continue
		}
		if strings.HasPrefix(t, FormMarker) {
			out = append(out, textLine{n: n, words: formWords, text: t, form: true})
			continue
		}
		if c := strings.IndexByte(t, '#'); c >= 0 {
			t = t[:c]
		}
		w := len(words)
		if words = appendWords(words, t); len(words) > w {
			out = append(out, textLine{n: n, words: words[w:len(words):len(words)], text: strings.TrimSpace(t)})
		}
	}
	b.lines, b.words = out, words
	if len(out) == first {
		return nil
	}
	return out[first:len(out):len(out)]
}

// appendWords appends the words of a line: strings.FieldsFunc(t,
// isSeparator) without a slice of its own.
func appendWords(words []string, t string) []string {
	start := -1
	for i := 0; i < len(t); {
		r, size := rune(t[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(t[i:])
		}
		switch sep := isSeparator(r); {
		case sep && start >= 0:
			words, start = append(words, t[start:i]), -1
		case !sep && start < 0:
			start = i
		}
		i += size
	}
	if start >= 0 {
		words = append(words, t[start:])
	}
	return words
}

// normaliseNewlines makes every line end LF. QUIRK: a Windows file sent
// quoted-printable decodes to CR CR LF ("=0D" before the line break); a
// run of CRs before an LF is one line end. A lone CR is a line end too.
func normaliseNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return string(normaliseNewlinesBytes([]byte(s)))
}

// normaliseNewlinesBytes is normaliseNewlines in place: the text only
// shrinks.
func normaliseNewlinesBytes(s []byte) []byte {
	if bytes.IndexByte(s, '\r') < 0 {
		return s
	}
	b := s[:0]
	for i := 0; i < len(s); i++ {
		if s[i] != '\r' {
			b = append(b, s[i])
			continue
		}
		j := i
		for j+1 < len(s) && s[j+1] == '\r' {
			j++
		}
		if j+1 < len(s) && s[j+1] == '\n' {
			i = j + 1 // CR…CR LF
		}
		b = append(b, '\n')
	}
	return b
}

// quotedFollows says whether the next non-blank line of the rest of a
// text is a quoted one. QUIRK: mail clients put "On …, Karl wrote:" / "El
// …, Belegar escribió:" above a quote; that line is not an order.
func quotedFollows(rest string) bool {
	for rest != "" {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if t := strings.TrimSpace(line); t != "" {
			return strings.HasPrefix(t, ">")
		}
	}
	return false
}

// endsOwnText says whether a (trimmed) line starts what the player did not
// write: a signature ("-- ", or "--" once trailing spaces are lost) or
// QUIRK: Outlook's quoted original, which comes unmarked by ">" after
// "-----Original Message-----", its Spanish form, or a rule of underscores.
func endsOwnText(t string) bool {
	if t == "--" {
		return true
	}
	if len(t) >= 10 && strings.Trim(t, "_") == "" {
		return true
	}
	if !strings.Contains(t, "-----") {
		return false
	}
	u := strings.ToUpper(t)
	return strings.Contains(u, "-----ORIGINAL MESSAGE-----") || strings.Contains(u, "-----MENSAJE ORIGINAL-----")
}

var formWords = []string{FormMarker}

// withQuotedHeader gives the lines to parse of a text: its meaningful
// lines, and when none is a header line but the text quotes the order form
// of a report (a reply to the report), the form's header first, marked
// quoted.
func withQuotedHeader(text string, lines []textLine) []textLine {
	if headerIn(lines) {
		return lines
	}
	h, ok := quotedFormHeader(text)
	if !ok {
		return lines
	}
	return append([]textLine{h}, lines...)
}

// quotedFormHeader finds the header line of the order form a reply quotes:
// in lines marked ">" (at any depth), or QUIRK: below Outlook's unmarked
// "-----Original Message-----". Only a quoted form counts (its marker line
// must be quoted too): the header of any other quoted mail, a player's
// own orders with his password, say, is not the sender's.
func quotedFormHeader(text string) (textLine, bool) {
	original, form := false, false
	var header textLine
	found := false
	rest, more := normaliseNewlines(text), true
	for n := 1; more; n++ {
		var raw string
		raw, rest, more = strings.Cut(rest, "\n")
		t := strings.TrimSpace(raw)
		if endsOwnText(t) && t != "--" {
			original = true
			continue
		}
		if !strings.HasPrefix(t, ">") && !original {
			continue
		}
		t = strings.TrimLeft(t, "> \t")
		if strings.HasPrefix(t, FormMarker) {
			form = true
		}
		if c := strings.IndexByte(t, '#'); c >= 0 {
			t = t[:c]
		}
		if words := appendWords(nil, t); !found && len(words) > 0 && lookupKeyword(words[0]) == kwCampaign {
			header, found = textLine{n: n, words: words, text: strings.TrimSpace(t), quoted: true}, true
		}
	}
	return header, found && form
}

// blankForm says whether a text's lines are an order form with nothing
// given: its header, END and its marker line alone. Such a part (an
// attached copy of the form) is not where a reply's orders are.
func blankForm(lines []textLine) bool {
	form := false
	for _, l := range lines {
		switch kw := lookupKeyword(l.words[0]); {
		case l.form:
			form = true
		case kw != kwCampaign && kw != kwEnd:
			return false
		}
	}
	return form
}

// headerIn says whether meaningful lines hold a header line where Parse
// would look for one: the test that picks which part of a mail holds the
// orders.
func headerIn(lines []textLine) bool {
	for _, l := range lines {
		if lookupKeyword(l.words[0]) == kwCampaign {
			return true
		}
	}
	return false
}
