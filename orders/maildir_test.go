package orders

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestMaildirRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mailbox")
	md, err := OpenMaildir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"new", "cur", "tmp"} {
		if fi, err := os.Stat(filepath.Join(dir, sub)); err != nil || !fi.IsDir() {
			t.Fatalf("%s not created: %v", sub, err)
		}
	}
	for _, uniq := range []string{"1764669245.2.host", "1764669245.1.host"} {
		name, err := md.Deliver([]byte("From: x@y.example\n\n"+uniq+"\n"), uniq)
		if err != nil || name != uniq {
			t.Fatalf("Deliver(%s) = %q, %v", uniq, name, err)
		}
	}
	if _, err := md.Deliver([]byte("again"), "1764669245.1.host"); err == nil {
		t.Fatal("Deliver overwrote an existing mail")
	}
	os.WriteFile(filepath.Join(dir, "new", ".hidden"), nil, 0o600)
	os.Mkdir(filepath.Join(dir, "new", "subdir"), 0o755)

	names, err := md.List()
	if want := []string{"1764669245.1.host", "1764669245.2.host"}; err != nil || !slices.Equal(names, want) {
		t.Fatalf("List = %q, %v; want %q", names, err, want)
	}
	if tmp, _ := os.ReadDir(filepath.Join(dir, "tmp")); len(tmp) != 0 {
		t.Errorf("tmp/ not empty after delivery: %v", tmp)
	}
	if err := md.MarkSeen(names[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "cur", names[0]+":2,S")); err != nil {
		t.Errorf("seen mail not in cur/: %v", err)
	}
	if left, _ := md.List(); !slices.Equal(left, names[1:]) {
		t.Errorf("List after MarkSeen = %q", left)
	}
	for _, name := range names {
		b, err := md.Read(name)
		if err != nil || !strings.Contains(string(b), name) {
			t.Errorf("Read(%s) = %q, %v", name, b, err)
		}
	}
	if err := md.MarkSeen(names[0]); err == nil {
		t.Error("MarkSeen twice succeeded")
	}

	// Reopening an existing maildir keeps its mails.
	again, err := OpenMaildir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := again.List(); !slices.Equal(got, names[1:]) {
		t.Errorf("reopened List = %q", got)
	}
}

func TestMaildirRefusesPaths(t *testing.T) {
	md, err := OpenMaildir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"", "../x", "a/b", `a\b`, ".hidden", "x:2,S", "..", "a\x00b"} {
		want := "orders: " + strconv.Quote(name) + " is not a maildir message name\nhint: use letters, digits, '.', '_' and '-', not starting with '.'"
		if _, err := md.Deliver([]byte("x"), name); err == nil || err.Error() != want {
			t.Errorf("Deliver(%q) error %v", name, err)
		}
		if _, err := md.Read(name); err == nil || err.Error() != want {
			t.Errorf("Read(%q) error %v", name, err)
		}
		if err := md.MarkSeen(name); err == nil || err.Error() != want {
			t.Errorf("MarkSeen(%q) error %v", name, err)
		}
	}
}
