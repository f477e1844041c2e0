package config

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// Error is one problem with the config file. Line and Col are 1-based (Col
// counts characters) and zero when the problem has no place in the file.
type Error struct {
	File      string
	Line, Col int
	Key       string // players[2].language: array elements count from 1
	Msg       string
	Hint      string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("config: ")
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
	}
	b.WriteString(": ")
	if e.Key != "" {
		b.WriteString(e.Key)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

func (e *Error) ProblemHint() string { return e.Hint }

// reporter turns problems into positioned errors for one file.
type reporter struct {
	file string
	ix   *index
	errs []*Error
}

func (r *reporter) at(offset int, path, msg, hint string) *Error {
	line, col := r.ix.position(offset)
	e := &Error{File: r.file, Line: line, Col: col, Key: path, Msg: msg, Hint: hint}
	r.errs = append(r.errs, e)
	return e
}

// bad reports a wrong value, pointing at the value itself.
func (r *reporter) bad(path, msg, hint string) {
	if e, ok := r.ix.entries[path]; ok {
		r.at(e.val, path, msg, hint)
		return
	}
	r.at(r.anchor(path), path, msg, hint)
}

// missing reports an absent required key at the header of the table that
// should hold it (line 1 when that table is absent too).
func (r *reporter) missing(path string) {
	k, _ := lookup(path)
	hint := "add " + k.example
	switch table := parent(path); {
	case table == "":
	case strings.HasSuffix(table, "]"):
		hint += " to the [[" + lastName(table) + "]] table here"
	default:
		hint += " under [" + table + "]"
	}
	r.at(r.anchor(path), path, "required key is missing", hint)
}

// anchor is the offset of the closest written ancestor of path, else 0.
func (r *reporter) anchor(path string) int {
	for p := parent(path); p != ""; p = parent(p) {
		if e, ok := r.ix.entries[p]; ok {
			return e.key
		}
	}
	return 0
}

// result returns nil, the one error, or all of them joined in file order.
func (r *reporter) result() error {
	sort.SliceStable(r.errs, func(i, j int) bool {
		a, b := r.errs[i], r.errs[j]
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	switch len(r.errs) {
	case 0:
		return nil
	case 1:
		return r.errs[0]
	}
	errs := make([]error, len(r.errs))
	for i, e := range r.errs {
		errs[i] = e
	}
	return errors.Join(errs...)
}

// literalPassword finds a password written into the file itself.
func (r *reporter) literalPassword() *Error {
	for _, p := range r.ix.paths {
		if strings.EqualFold(lastName(p), "password") {
			return r.at(r.ix.entries[p].key, p, "passwords do not belong in the config file",
				`use password_env = "VARIABLE" (an environment variable) or password_file = "path" (a file next to the config) instead`)
		}
	}
	return nil
}

// unknownKeys finds keys the schema does not know. The decoder already
// rejects most; this catches keys it matched case-insensitively.
func (r *reporter) unknownKeys() *Error {
	for _, p := range r.ix.paths {
		if _, ok := lookup(p); ok || r.insideValue(p) {
			continue
		}
		return r.unknown(p, r.ix.entries[p].key)
	}
	return nil
}

// insideValue says whether path lies within a known key of the wrong shape:
// an inline table given for deadline.first, or [players] written with single
// brackets. Validation reports the shape, which is the real mistake.
func (r *reporter) insideValue(path string) bool {
	for p := parent(path); p != ""; p = parent(p) {
		if k, ok := lookup(p); ok {
			return !k.holdsKeys() || k.want == tableArr
		}
	}
	return false
}

func (r *reporter) unknown(path string, offset int) *Error {
	for strings.HasSuffix(path, "]") { // [[playerz]]: the array is unknown
		path = parent(path)
	}
	table := generic(parent(path))
	known := children(table)
	name := lastName(path)
	var hint string
	switch s := nearest(name, known); {
	case s != "":
		hint = fmt.Sprintf("did you mean %q?", s)
	case len(known) == 0:
		hint = "remove it"
	case table == "":
		hint = "the tables are: " + strings.Join(known, ", ")
	case strings.HasSuffix(table, "]"):
		hint = "[[" + lastName(table) + "]] takes: " + strings.Join(known, ", ")
	default:
		hint = "[" + table + "] takes: " + strings.Join(known, ", ")
	}
	return r.at(offset, path, "unknown key", hint)
}

// decoder translates go-toml's errors: unknown keys, wrong types, syntax.
func (r *reporter) decoder(err error) *Error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		de := strict.Errors[0]
		off := r.ix.offset(de.Position())
		path, ok := r.ix.byOffset[off]
		if !ok {
			path = strings.Join(de.Key(), ".")
		}
		return r.unknown(path, off)
	}
	var de *toml.DecodeError
	if !errors.As(err, &de) {
		return r.at(0, "", strings.TrimPrefix(err.Error(), "toml: "), "")
	}
	off := r.ix.offset(de.Position())
	msg := strings.TrimPrefix(de.Error(), "toml: ")
	if path, ok := r.ix.byOffset[off]; ok && strings.HasPrefix(msg, "cannot decode TOML ") {
		if k, ok := lookup(path); ok {
			return r.at(off, path, fmt.Sprintf("expected %s, found %s", k.want, kindName(r.ix.kind(path))), "write it like "+k.example)
		}
	}
	var hint string
	if strings.Contains(msg, "start of value") || strings.Contains(msg, "expected keyword") {
		hint = `text needs double quotes, like language = "en"`
	}
	return r.at(off, "", msg, hint)
}
