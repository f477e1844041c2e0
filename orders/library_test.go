package orders

import (
	"go/ast"
	goparser "go/parser"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/emersion/go-message"
)

// minCopiedTokens is how long a function body must be, in tokens, to count
// as copied when it matches one of a library's: short bodies such as
// "{ return c == ' ' }" are written alike by anyone.
const minCopiedTokens = 12

// TestNoCopiedLibraryCode: the package contains only code written for it.
// No function of it has, token for token, the body of a function of the
// libraries it reads mail with: go-message and the standard library's MIME
// packages. Mail is read through their API instead.
func TestNoCopiedLibraryCode(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/emersion/go-message").Output()
	if err != nil {
		t.Fatalf("go list go-message: %v", err)
	}
	gomsg := strings.TrimSpace(string(out))
	std := filepath.Join(runtime.GOROOT(), "src")
	libs := map[string]string{} // body → where it is
	for _, dir := range []string{
		gomsg, filepath.Join(gomsg, "textproto"), filepath.Join(gomsg, "mail"), filepath.Join(gomsg, "charset"),
		filepath.Join(std, "net", "textproto"), filepath.Join(std, "net", "mail"), filepath.Join(std, "mime"),
		filepath.Join(std, "mime", "multipart"), filepath.Join(std, "mime", "quotedprintable"),
	} {
		n := 0
		for body, where := range funcBodies(t, dir) {
			libs[body] = where
			n++
		}
		if n == 0 {
			t.Fatalf("no functions read in %s", dir)
		}
	}
	for body, where := range funcBodies(t, ".") {
		if lib, ok := libs[body]; ok {
			t.Errorf("%s has the body of %s: read mail through the library's API instead of copying it", where, lib)
		}
	}
}

// funcBodies gives the bodies of the functions declared in the non-test Go
// files of dir, as their tokens without comments, each with where it is.
func funcBodies(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]string{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		file, err := goparser.ParseFile(fset, f, src, goparser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			from, to := fset.Position(fn.Body.Pos()).Offset, fset.Position(fn.Body.End()).Offset
			if body, n := tokens(src[from:to]); n >= minCopiedTokens {
				bodies[body] = f + ": " + fn.Name.Name
			}
		}
	}
	return bodies
}

// tokens gives src's tokens, one a line, comments left out, and how many.
func tokens(src []byte) (string, int) {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	var b strings.Builder
	n := 0
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return b.String(), n
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // an inserted one: layout, not code
		}
		b.WriteString(tok.String() + " " + lit + "\n")
		n++
	}
}

// TestReadMailThroughCharsetHook: a part's charset is decoded through
// go-message's hook (message.CharsetReader, which importing its charset
// package sets), once per part, whether the part reads well or not: the
// mail is read one way only.
func TestReadMailThroughCharsetHook(t *testing.T) {
	// The header has no encoded word: go-message decodes those through
	// the hook too.
	head := "From: Archaon <archaon@ruinfort.example>\r\nSubject: ordenes\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: text/plain; charset=windows-1252\r\n"
	for _, c := range []struct {
		name, raw, text, err string
	}{
		{"quoted-printable", head + "Content-Transfer-Encoding: quoted-printable\r\n\r\n" +
			"CAMPA=D1A riverlands JUGADOR chaos TURNO 1\r\nINICIATIVA =DALTIMO\r\n", "INICIATIVA ÚLTIMO", ""},
		{"broken base64", head + "Content-Transfer-Encoding: base64\r\n\r\n" +
			"Q0FNUEFJR04gcml2ZXJsYW5kcyBQTEFZRVIgY2hhb3MgVFVSTiAx\r\n!!!!\r\n",
			"", "orders: the body (text/plain) cannot be decoded: illegal base64 data at input byte 52"},
	} {
		t.Run(c.name, func(t *testing.T) {
			hook := message.CharsetReader
			defer func() { message.CharsetReader = hook }()
			var asked []string
			message.CharsetReader = func(cs string, r io.Reader) (io.Reader, error) {
				asked = append(asked, cs)
				return hook(cs, r)
			}
			m, err := ReadMail([]byte(c.raw))
			if len(asked) != 1 || asked[0] != "windows-1252" {
				t.Errorf("the charset hook was asked for %q, want windows-1252 once", asked)
			}
			switch {
			case c.err != "" && (err == nil || err.Error() != c.err):
				t.Errorf("error %v, want %q", err, c.err)
			case c.err == "" && (err != nil || !strings.Contains(m.Text, c.text)):
				t.Errorf("text %q, error %v; want %q in the text", m.Text, err, c.text)
			}
		})
	}
}
