package orders

import (
	"net/textproto"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestHeaderFieldsReadAreKept guards headerReader's one trap: it keeps only
// intakeFields, so a field the intake starts to read elsewhere would come
// back empty. Every field name the sources read must be listed.
func TestHeaderFieldsReadAreKept(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	read := regexp.MustCompile(`\.(?:Get|Text|Values|Has|AddressList|MsgIDList|MessageID)\("([A-Za-z-]+)"\)`)
	found := 0
	for _, f := range files {
		if filepath.Ext(f) != ".go" || len(f) > 8 && f[len(f)-8:] == "_test.go" || f == "imap.go" {
			continue // IMAP reads its own envelope, not a mail header
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range read.FindAllStringSubmatch(string(src), -1) {
			found++
			if !intakeFields[textproto.CanonicalMIMEHeaderKey(m[1])] {
				t.Errorf("%s reads the header field %q, which headerReader does not keep: add it to intakeFields", f, m[1])
			}
		}
	}
	if found < 5 {
		t.Errorf("found only %d header reads: the pattern no longer matches the sources", found)
	}
}
