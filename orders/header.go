package orders

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	nettextproto "net/textproto"

	"github.com/emersion/go-message/textproto"
)

// headerReader is textproto.ReadHeader of go-message (MIT licence,
// © 2016 emersion), line for line, with
// its buffers kept from one mail to the next: ReadHeader allocates a
// 256-byte line for every field of every mail. The header it gives holds
// only the fields the intake reads (intakeFields), without their raw
// bytes, which only writing a header needs: building go-message's header
// costs more than reading it.
type headerReader struct {
	line   []byte
	value  []byte
	fields []headerField
	keys   map[string]fieldName // field name as written → its canonical form
	// h is the header given last, emptied and filled again for the next
	// one: its map and list keep their room. A header is used only until
	// the next is read.
	h textproto.Header
}

type headerField struct{ k, v string }

type fieldName struct {
	canonical string
	read      bool // one of intakeFields
}

// intakeFields are the fields of a mail's header that ReadMail reads,
// canonical: a field it starts to read must be added here.
var intakeFields = map[string]bool{
	"From": true, "Subject": true, "Date": true, "Message-Id": true, "In-Reply-To": true, "References": true,
	"Content-Type": true, "Content-Transfer-Encoding": true, "Content-Disposition": true,
	"Return-Path": true, "X-Autoreply": true, "X-Autorespond": true, "Auto-Submitted": true, "Precedence": true,
}

// maxKnownKeys bounds the names headerReader remembers: a hostile mail
// must not grow the map.
const maxKnownKeys = 256

// read reads a header as textproto.ReadHeader does, with its errors word
// for word: rejection reasons quote them.
func (hr *headerReader) read(r *bufio.Reader) (textproto.Header, error) {
	for _, f := range hr.fields {
		hr.h.Del(f.k)
	}
	hr.fields = hr.fields[:0]
	// The first line cannot start with a leading space.
	if buf, err := r.Peek(1); err == nil && isSpace(buf[0]) {
		line, err := readLineSlice(r, hr.line[:0])
		hr.line = line
		if err != nil {
			return hr.header(), err
		}
		return hr.header(), fmt.Errorf("message: malformed MIME header initial line: %v", string(line))
	}
	for {
		kv, err := readContinuedLineSlice(r, hr.line[:0])
		if kv != nil {
			hr.line = kv
		}
		if len(kv) == 0 {
			return hr.header(), err
		}
		// Key ends at first colon; should not have trailing spaces but they
		// appear in the wild, violating specs, so we remove them if present.
		i := bytes.IndexByte(kv, ':')
		if i < 0 {
			return hr.header(), fmt.Errorf("message: malformed MIME header line: %v", string(kv))
		}
		keyBytes := trim(kv[:i])
		for _, c := range keyBytes {
			if c < 33 || c > 126 || c == ':' {
				return hr.header(), fmt.Errorf("message: malformed MIME header key: %v", string(keyBytes))
			}
		}
		key := hr.name(keyBytes)
		if !key.read {
			continue // not read, or an empty name, which ReadHeader skips
		}
		hr.value = trimAroundNewlines(hr.value[:0], kv[i+1:])
		hr.fields = append(hr.fields, headerField{key.canonical, string(hr.value)})
	}
}

// name gives the canonical form of a field name
// (textproto.CanonicalMIMEHeaderKey), without a string for the names seen
// before.
func (hr *headerReader) name(name []byte) fieldName {
	if k, ok := hr.keys[string(name)]; ok {
		return k
	}
	c := nettextproto.CanonicalMIMEHeaderKey(string(name))
	k := fieldName{c, intakeFields[c]}
	if hr.keys == nil {
		hr.keys = map[string]fieldName{}
	}
	if len(hr.keys) < maxKnownKeys {
		hr.keys[string(name)] = k
	}
	return k
}

// header is the header of the fields read. Header.Add puts a field at the
// top, so the fields are added last first.
func (hr *headerReader) header() textproto.Header {
	for i := len(hr.fields) - 1; i >= 0; i-- {
		hr.h.Add(hr.fields[i].k, hr.fields[i].v)
	}
	return hr.h
}

func readLineSlice(r *bufio.Reader, line []byte) ([]byte, error) {
	for {
		l, more, err := r.ReadLine()
		line = append(line, l...)
		if err != nil {
			return line, err
		}
		if !more {
			break
		}
	}
	return line, nil
}

// readContinuedLineSlice reads a field and its continuation lines into
// line, each line ending CRLF; an empty line ends the header.
func readContinuedLineSlice(r *bufio.Reader, line []byte) ([]byte, error) {
	line, err := readLineSlice(r, line)
	if err == io.EOF && len(line) == 0 {
		return nil, nil // a header without a body
	} else if err != nil {
		return nil, err
	}
	if len(line) == 0 { // blank line - no continuation
		return line, nil
	}
	line = append(line, '\r', '\n')
	for hasContinuationLine(r) {
		line, err = readLineSlice(r, line)
		if err != nil {
			break // bufio will keep err until next read.
		}
		line = append(line, '\r', '\n')
	}
	return line, nil
}

func hasContinuationLine(r *bufio.Reader) bool {
	c, err := r.ReadByte()
	if err != nil {
		return false // bufio will keep err until next read.
	}
	r.UnreadByte()
	return isSpace(c)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

func trim(s []byte) []byte {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	n := len(s)
	for n > i && isSpace(s[n-1]) {
		n--
	}
	return s[i:n]
}

// trimAroundNewlines appends v to b with the newlines and the spaces
// around them made one space.
func trimAroundNewlines(b, v []byte) []byte {
	for {
		l, rest, more := bytes.Cut(v, []byte("\n"))
		l = bytes.TrimSuffix(l, []byte("\r"))
		if l = trim(l); len(l) > 0 {
			if len(b) > 0 {
				b = append(b, ' ')
			}
			b = append(b, l...)
		}
		if !more {
			return b
		}
		v = rest
	}
}
