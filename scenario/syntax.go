package scenario

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode"
)

// tokenize splits a line into words. A "quoted string" (Go escapes), a
// [bracketed list] or a (parenthesised group) is one word even with spaces
// inside, also after key=, so `mods=[size-1 dest-free+1]` is one word.
func tokenize(s string) ([]string, error) {
	var out []string
	i := 0
	for i < len(s) {
		if s[i] == ' ' || s[i] == '\t' {
			i++
			continue
		}
		start := i
		depth := 0
		for i < len(s) && (depth > 0 || (s[i] != ' ' && s[i] != '\t')) {
			switch s[i] {
			case '"':
				end := closingQuote(s, i)
				if end < 0 {
					return nil, fmt.Errorf("unclosed quote in %q", s[start:])
				}
				i = end
			case '[', '(':
				depth++
			case ']', ')':
				depth--
				if depth < 0 {
					return nil, fmt.Errorf("%q closes a bracket that was never opened", s[start:i+1])
				}
			}
			i++
		}
		if depth > 0 {
			return nil, fmt.Errorf("unclosed bracket in %q", s[start:])
		}
		out = append(out, s[start:i])
	}
	return out, nil
}

// closingQuote is the index of the quote closing the one at open, or −1.
func closingQuote(s string, open int) int {
	for i := open + 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// stripComment cuts a line at the first # outside a quoted string.
func stripComment(s string) string {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			end := closingQuote(s, i)
			if end < 0 {
				return s
			}
			i = end
		case '#':
			return s[:i]
		}
	}
	return s
}

// quote writes a word so that tokenize reads it back as one word.
func quote(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(`"#=[]()\`, r) || !unicode.IsPrint(r)
	}) {
		return s
	}
	return strconv.Quote(s)
}

// unquote reads a word written by quote.
func unquote(s string) (string, error) {
	if !strings.HasPrefix(s, `"`) {
		return s, nil
	}
	u, err := strconv.Unquote(s)
	if err != nil {
		return "", fmt.Errorf("bad quoted string %s", s)
	}
	return u, nil
}

// list reads "[a b c]" into its words.
func list(s string) ([]string, error) {
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return nil, fmt.Errorf("%q is not a [list]", s)
	}
	return tokenize(s[1 : len(s)-1])
}

// snake turns a Go field name into the key used in files: BlunderOn12 →
// blunder_on_12.
func snake(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		if i > 0 {
			prev := rs[i-1]
			switch {
			case unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)):
				b.WriteByte('_')
			case unicode.IsDigit(r) && !unicode.IsDigit(prev):
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// setField sets the bool, int or string field of the struct at v whose
// key (as keyOf names it) is key. It lets files set fields the engine
// adds later without a change here.
func setField(v reflect.Value, key, val string, keyOf func(reflect.StructField) string) (bool, error) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() || keyOf(f) != key {
			continue
		}
		fv := v.Field(i)
		switch fv.Kind() {
		case reflect.Bool:
			b, err := strconv.ParseBool(val)
			if err != nil {
				return true, fmt.Errorf("%s = %q is not true or false", key, val)
			}
			fv.SetBool(b)
		case reflect.Int, reflect.Int64, reflect.Int32:
			n, err := strconv.Atoi(val)
			if err != nil {
				return true, fmt.Errorf("%s = %q is not a whole number", key, val)
			}
			fv.SetInt(int64(n))
		case reflect.String:
			s, err := unquote(val)
			if err != nil {
				return true, err
			}
			fv.SetString(s)
		default:
			return true, fmt.Errorf("%s cannot be set in a scenario file", key)
		}
		return true, nil
	}
	return false, nil
}

// settableKeys lists the keys setField accepts, for hints.
func settableKeys(t reflect.Type, keyOf func(reflect.StructField) string) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		switch f.Type.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int64, reflect.Int32, reflect.String:
			if f.IsExported() {
				out = append(out, keyOf(f))
			}
		}
	}
	return out
}

// jsonKey is a field's key in state and trace lines: its JSON name with
// hyphens (order_n → order-n), or its snake-cased Go name.
func jsonKey(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" || name == "-" {
		name = snake(f.Name)
	}
	return strings.ReplaceAll(name, "_", "-")
}

func ruleKey(f reflect.StructField) string { return snake(f.Name) }
