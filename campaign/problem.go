package campaign

import (
	"errors"
	"fmt"
	"strings"
)

// Problem is an error a person can act on: a stable code (callers and
// templates branch on it, never on the text), an English sentence, and what
// to do about it (Hint), kept apart so that the CLI prints the hint on its
// own `hint:` line, a mail puts it where its language wants it, and no
// caller splits, trims or searches an error's text. For an order that
// cannot be carried out it also names the squares involved, for the report
// templates.
//
// It lives in campaign because campaign imports no other package of the
// module (DESIGN.md) and its own errors carry hints; every other package
// already imports campaign.
type Problem struct {
	Code    string `json:"code"`
	Pkg     string `json:"-"`                 // the package (and part) whose error it is: Error() then starts "campaign: "
	Text    string `json:"text"`              // English, without Pkg (a reply or a refusal quotes it); the whole message where Pkg is empty
	Hint    string `json:"hint,omitempty"`    // "" when there is nothing to add
	At      *Coord `json:"at,omitempty"`      // the square the order could not enter
	From    *Coord `json:"from,omitempty"`    // the square it would have come from
	Terrain string `json:"terrain,omitempty"` // the terrain that barred it
	Err     error  `json:"-"`                 // the cause, if any
}

func (p *Problem) Error() string {
	if p.Pkg != "" {
		return p.Pkg + ": " + p.Text
	}
	return p.Text
}

func (p *Problem) Unwrap() error       { return p.Err }
func (p *Problem) ProblemHint() string { return p.Hint }

// Problemf makes a Problem; hint comes before the text, as in the packages'
// own error helpers.
func Problemf(code, hint, format string, args ...any) *Problem {
	return &Problem{Code: code, Text: fmt.Sprintf(format, args...), Hint: hint}
}

// Hinted is an error that carries its hint apart from its text: *Problem,
// and the positioned errors of the packages (MapError, config.Error,
// scenario.Error …), which add a place to what is wrong.
type Hinted interface {
	error
	ProblemHint() string
}

// HintOf is the first hint in err's tree (its wrapped and joined
// errors, depth first); "" if none.
func HintOf(err error) string {
	if h, ok := err.(Hinted); ok && h.ProblemHint() != "" {
		return h.ProblemHint()
	}
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		return HintOf(u.Unwrap())
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			if h := HintOf(e); h != "" {
				return h
			}
		}
	}
	return ""
}

// CodeOf is the code of the first Problem in err's chain; "" if none.
func CodeOf(err error) string {
	var p *Problem
	if errors.As(err, &p) {
		return p.Code
	}
	return ""
}

// Said is one error as a person reads it: its text and its hint.
type Said struct{ Text, Hint string }

// Problems lists what err says, one entry per joined error (errors.Join
// keeps several problems of one file together), each with its hint.
func Problems(err error) []Said {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []Said
		for _, e := range j.Unwrap() {
			out = append(out, Problems(e)...)
		}
		return out
	}
	return []Said{{Text: err.Error(), Hint: HintOf(err)}}
}

// ErrorText is err as the CLI shows it, without its prefixes: each problem's
// text followed by "\nhint: …" where it has one.
func ErrorText(err error) string {
	var b strings.Builder
	for i, s := range Problems(err) {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(s.Text)
		if s.Hint != "" {
			b.WriteString("\nhint: " + s.Hint)
		}
	}
	return b.String()
}

// OneLine is err on one line, hints included ("…; hint: …"), for a log
// record or a reply that quotes it.
func OneLine(err error) string {
	var parts []string
	for _, s := range Problems(err) {
		p := strings.ReplaceAll(s.Text, "\n", " ")
		if s.Hint != "" {
			p += "; hint: " + s.Hint
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "; ")
}
