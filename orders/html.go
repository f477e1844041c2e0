package orders

import (
	"html"
	"strings"
	"unicode/utf8"
)

// htmlToText turns an HTML mail body into the plain text a player meant:
// tags stripped, entities decoded, <br>, <p>, <div>, <li>, <tr> and
// headings made line breaks, <blockquote> lines quoted with "> " (so a
// quoted reply is ignored as in plain text), <pre> kept as written, and
// <head>, <style>, <script> and comments dropped. It needs no well-formed
// input: phones and Outlook send tag soup.
func htmlToText(src string) string {
	h := &htmlText{}
	for len(src) > 0 {
		lt := strings.IndexByte(src, '<')
		if lt < 0 {
			h.text(src)
			break
		}
		h.text(src[:lt])
		src = h.tag(src[lt:])
	}
	return h.out.String()
}

type htmlText struct {
	out      strings.Builder
	quote    int    // <blockquote> depth
	pre      int    // <pre> depth
	skipTill string // closing tag that ends a skipped element ("" = none)
	lineOpen bool   // the current output line has text
	space    bool   // a collapsed space is pending
}

// tag consumes one tag (or comment) at the start of s and returns the rest.
func (h *htmlText) tag(s string) string {
	if strings.HasPrefix(s, "<!--") {
		end := strings.Index(s, "-->")
		if end < 0 {
			return ""
		}
		return s[end+3:]
	}
	gt := strings.IndexByte(s, '>')
	if gt < 0 {
		h.text(s) // QUIRK: a lone "<" is text, not a tag
		return ""
	}
	name, closing := tagName(s[1:gt])
	rest := s[gt+1:]
	if h.skipTill != "" {
		if closing && name == h.skipTill {
			h.skipTill = ""
		}
		return rest
	}
	switch name {
	case "head", "style", "script", "title":
		if !closing && !strings.HasSuffix(s[:gt], "/") {
			h.skipTill = name
		}
	case "br":
		h.newline(true)
	case "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol":
		h.newline(false)
	case "blockquote":
		h.newline(false)
		if closing && h.quote > 0 {
			h.quote--
		} else if !closing {
			h.quote++
		}
	case "pre":
		h.newline(false)
		if closing && h.pre > 0 {
			h.pre--
		} else if !closing {
			h.pre++
		}
	case "td", "th":
		h.space = h.lineOpen
	}
	return rest
}

// tagName reads the lower-case element name of a tag's inside ("/P class=x").
func tagName(inside string) (name string, closing bool) {
	inside = strings.TrimSpace(inside)
	if strings.HasPrefix(inside, "/") {
		closing, inside = true, strings.TrimSpace(inside[1:])
	}
	end := strings.IndexFunc(inside, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '/' })
	if end >= 0 {
		inside = inside[:end]
	}
	return strings.ToLower(inside), closing
}

// text writes character data: entities decoded; whitespace collapsed
// outside <pre>.
func (h *htmlText) text(s string) {
	if h.skipTill != "" || s == "" {
		return
	}
	s = html.UnescapeString(s)
	if h.pre > 0 {
		for i, part := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
			if i > 0 {
				h.newline(true)
			}
			h.word(part)
		}
		return
	}
	// Runs of letters go out whole: word writes them as it would one
	// letter after another.
	run := 0 // start of the letters not written yet
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f':
			h.word(s[run:i])
			h.space = h.lineOpen
		case r == utf8.RuneError: // a byte that is not UTF-8 becomes U+FFFD, as ranging over s makes it
			h.word(s[run:i])
			h.word(string(r))
		default:
			i += size
			continue
		}
		i += size
		run = i
	}
	h.word(s[run:])
}

// word appends text to the current line, opening it with the quote marks.
func (h *htmlText) word(s string) {
	if s == "" {
		return
	}
	if !h.lineOpen {
		h.out.WriteString(strings.Repeat("> ", h.quote))
		h.lineOpen = true
	} else if h.space {
		h.out.WriteByte(' ')
	}
	h.space = false
	h.out.WriteString(s)
}

// newline ends the current line. A block element only ends a line that
// has text (so nested <div><p> make one break); <br> always breaks.
func (h *htmlText) newline(always bool) {
	if h.lineOpen || always {
		h.out.WriteByte('\n')
	}
	h.lineOpen, h.space = false, false
}
