package orders

import "strings"

// textLine is one meaningful line of a player's text: its number (from 1,
// counting every line of the text) and its words, comments removed.
type textLine struct {
	n     int
	words []string
	text  string // the line as written, trimmed, comment removed
}

// meaningfulLines keeps the lines a player wrote himself: it drops blank
// lines, comments (# to the end of the line), quoted reply lines (">") and
// the attribution line above them, and stops at a signature or at the
// start of a quoted original.
func meaningfulLines(text string) []textLine {
	lines := splitLines(text)
	quotedNext := quotedFollows(lines)
	var out []textLine
	for i, raw := range lines {
		t := strings.TrimSpace(raw)
		if endsOwnText(t) {
			break
		}
		if strings.HasPrefix(t, ">") || (strings.HasSuffix(t, ":") && quotedNext[i]) {
			continue
		}
		if c := strings.IndexByte(t, '#'); c >= 0 {
			t = t[:c]
		}
		if words := strings.FieldsFunc(t, isSeparator); len(words) > 0 {
			out = append(out, textLine{n: i + 1, words: words, text: strings.TrimSpace(t)})
		}
	}
	return out
}

// splitLines splits on LF, CRLF or a lone CR.
func splitLines(text string) []string {
	return strings.Split(normaliseNewlines(text), "\n")
}

// normaliseNewlines makes every line end LF. QUIRK: a Windows file sent
// quoted-printable decodes to CR CR LF ("=0D" before the line break); a
// run of CRs before an LF is one line end. A lone CR is a line end too.
func normaliseNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '\r' {
			b.WriteByte(s[i])
			continue
		}
		j := i
		for j+1 < len(s) && s[j+1] == '\r' {
			j++
		}
		if j+1 < len(s) && s[j+1] == '\n' {
			i = j + 1 // CR…CR LF
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// quotedFollows says, for each line, whether the next non-blank line is a
// quoted one. QUIRK: mail clients put "On …, Karl wrote:" / "El …,
// Belegar escribió:" above a quote; that line is not an order.
func quotedFollows(lines []string) []bool {
	out := make([]bool, len(lines))
	next := false
	for i := len(lines) - 1; i >= 0; i-- {
		out[i] = next
		if t := strings.TrimSpace(lines[i]); t != "" {
			next = strings.HasPrefix(t, ">")
		}
	}
	return out
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

// hasHeader says whether the text holds a header line where Parse would
// look for one: the test that picks which part of a mail holds the orders.
func hasHeader(text string) bool {
	for _, l := range meaningfulLines(text) {
		if lookupKeyword(l.words[0]) == kwCampaign {
			return true
		}
	}
	return false
}
