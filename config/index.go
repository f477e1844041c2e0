package config

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2/unstable"
)

// index maps every key path of a document (campaign.id, players[2].armies[1];
// array elements count from 1) to where it is written, so that errors found
// after decoding can still name a line and column.
type index struct {
	data       []byte
	lineStarts []int // byte offset of the start of each line
	entries    map[string]entry
	paths      []string       // in document order
	byOffset   map[int]string // key and value offsets → path
}

type entry struct {
	key, val int // byte offsets of the key and of the value
	kind     unstable.Kind
	text     string // a string's value, escapes resolved
}

// buildIndex walks the document with go-toml's parser. On a syntax error it
// still returns the index built so far, whose line table places the
// decoder's report of that error.
func buildIndex(data []byte) (*index, error) {
	ix := &index{data: data, lineStarts: []int{0}, entries: map[string]entry{}, byOffset: map[int]string{}}
	for i, b := range data {
		if b == '\n' {
			ix.lineStarts = append(ix.lineStarts, i+1)
		}
	}
	var p unstable.Parser
	p.Reset(data)
	arrays := map[string]int{} // array-of-tables path → tables seen so far
	prefix := ""
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			names, at := keyParts(e)
			prefix = tablePath(names, arrays, e.Kind == unstable.ArrayTable)
			ix.add(prefix, at, at, e.Kind)
		case unstable.KeyValue:
			ix.addKeyValue(prefix, e)
		}
	}
	return ix, p.Error()
}

// keyParts returns the parts of a (possibly dotted) key and the offset of
// its first part.
func keyParts(n *unstable.Node) ([]string, int) {
	var names []string
	at := -1
	it := n.Key()
	for it.Next() {
		k := it.Node()
		if at < 0 {
			at = int(k.Raw.Offset)
		}
		names = append(names, string(k.Data))
	}
	return names, at
}

// tablePath resolves a table header to an indexed path: [[players]] becomes
// players[1], players[2]…, and [players.x] after them hangs off the last one.
func tablePath(names []string, arrays map[string]int, isArray bool) string {
	cur := ""
	for i, name := range names {
		cur = join(cur, name)
		if isArray && i == len(names)-1 {
			arrays[cur]++
			return fmt.Sprintf("%s[%d]", cur, arrays[cur])
		}
		if n := arrays[cur]; n > 0 {
			cur = fmt.Sprintf("%s[%d]", cur, n)
		}
	}
	return cur
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

func (ix *index) addKeyValue(prefix string, kv *unstable.Node) {
	names, at := keyParts(kv)
	ix.addValue(join(prefix, strings.Join(names, ".")), at, kv.Value())
}

func (ix *index) addValue(path string, keyAt int, v *unstable.Node) {
	valAt := keyAt
	if v.Raw.Length > 0 { // arrays carry no range: point at their key
		valAt = int(v.Raw.Offset)
	}
	ix.add(path, keyAt, valAt, v.Kind)
	if e := ix.entries[path]; v.Kind == unstable.String && e.val == valAt {
		e.text = string(v.Data)
		ix.entries[path] = e
	}
	it := v.Children()
	switch v.Kind {
	case unstable.Array:
		for i := 1; it.Next(); i++ {
			ix.addValue(fmt.Sprintf("%s[%d]", path, i), valAt, it.Node())
		}
	case unstable.InlineTable:
		for it.Next() {
			if it.Node().Kind == unstable.KeyValue {
				ix.addKeyValue(path, it.Node())
			}
		}
	}
}

func (ix *index) add(path string, key, val int, kind unstable.Kind) {
	if _, dup := ix.entries[path]; dup {
		return // the decoder reports the duplicate
	}
	ix.entries[path] = entry{key: key, val: val, kind: kind}
	ix.paths = append(ix.paths, path)
	if _, taken := ix.byOffset[key]; !taken {
		ix.byOffset[key] = path
	}
	ix.byOffset[val] = path
}

func (ix *index) has(path string) bool {
	_, ok := ix.entries[path]
	return ok
}

func (ix *index) kind(path string) unstable.Kind { return ix.entries[path].kind }

// position gives the 1-based line and column (in characters) of a byte offset.
func (ix *index) position(offset int) (line, col int) {
	offset = min(max(offset, 0), len(ix.data))
	line = sort.Search(len(ix.lineStarts), func(i int) bool { return ix.lineStarts[i] > offset })
	start := ix.lineStarts[line-1]
	return line, utf8.RuneCount(ix.data[start:offset]) + 1
}

// offset turns the decoder's line and byte column back into a byte offset.
func (ix *index) offset(line, col int) int {
	if line < 1 || line > len(ix.lineStarts) {
		return 0
	}
	return min(ix.lineStarts[line-1]+max(col-1, 0), len(ix.data))
}

// parent strips the last part of a path: players[2].armies[1] →
// players[2].armies → players[2] → players → "".
func parent(path string) string {
	i := max(strings.LastIndexByte(path, '.'), strings.LastIndexByte(path, '['))
	if i < 0 {
		return ""
	}
	return path[:i]
}

// lastName is the final key of a path, without an array index.
func lastName(path string) string {
	for strings.HasSuffix(path, "]") {
		path = parent(path)
	}
	return path[strings.LastIndexByte(path, '.')+1:]
}

// generic replaces array indices by []: players[2].language → players[].language.
func generic(path string) string {
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		b.WriteByte(path[i])
		if path[i] == '[' {
			for i+1 < len(path) && path[i+1] != ']' {
				i++
			}
		}
	}
	return b.String()
}

func kindName(k unstable.Kind) string {
	switch k {
	case unstable.String:
		return "a string"
	case unstable.Integer:
		return "an integer"
	case unstable.Float:
		return "a float"
	case unstable.Bool:
		return "a boolean"
	case unstable.DateTime:
		return "a date and time"
	case unstable.LocalDate, unstable.LocalTime, unstable.LocalDateTime:
		return "a local date or time"
	case unstable.Array:
		return "an array"
	case unstable.InlineTable, unstable.Table:
		return "a table"
	case unstable.ArrayTable:
		return "an array of tables"
	}
	return "a value"
}
