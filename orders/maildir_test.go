package orders

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

func TestMaildirRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mailbox")
	md, err := CreateMaildir(dir)
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

	names, skipped, err := md.List()
	if want := []string{"1764669245.1.host", "1764669245.2.host"}; err != nil || !slices.Equal(names, want) || skipped != nil {
		t.Fatalf("List = %q, %v, %v; want %q", names, skipped, err, want)
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
	if left, _, _ := md.List(); !slices.Equal(left, names[1:]) {
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
	if got, _, _ := again.List(); !slices.Equal(got, names[1:]) {
		t.Errorf("reopened List = %q", got)
	}
}

// TestMaildirFetch: Fetch gives the unread mails in arrival order (file
// modification time, to the second, in UTC; then name), whatever their
// names or Date headers say, and Taken marks them so that they come once.
func TestMaildirFetch(t *testing.T) {
	dir := t.TempDir()
	md, err := CreateMaildir(dir)
	if err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 12, 2, 9, 0, 0, 0, time.FixedZone("CET", 3600))
	arrivals := []struct {
		name string
		at   time.Time
	}{
		{"a.host", base.Add(2 * time.Hour)},
		{"b.host", base.Add(500 * time.Millisecond)}, // truncated to base: ties with c, first by name
		{"c.host", base},
		{"d.host", base.Add(-time.Hour)},
	}
	for _, a := range arrivals {
		if _, err := md.Deliver([]byte("From: x@y.example\nDate: Mon, 1 Jan 2001 00:00:00 +0000\n\n"+a.name+"\n"), a.name); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(filepath.Join(dir, "new", a.name), a.at, a.at); err != nil {
			t.Fatal(err)
		}
	}
	if err := md.MarkSeen("a.host"); err != nil { // renaming keeps the time
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "cur", "a.host:2,S"), filepath.Join(dir, "cur", "a.host:2,F")); err != nil {
		t.Fatal(err) // a flagged, unseen mail in cur/ is still new
	}
	os.WriteFile(filepath.Join(dir, "new", "bad:name"), []byte("x"), 0o600)

	got, skipped, err := md.Fetch(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, r := range got {
		order = append(order, r.Name+" "+r.At.Format(time.RFC3339))
		if !strings.Contains(string(r.Raw), r.Name) {
			t.Errorf("%s: Raw %q", r.Name, r.Raw)
		}
	}
	want := []string{"d.host 2026-12-02T07:00:00Z", "b.host 2026-12-02T08:00:00Z", "c.host 2026-12-02T08:00:00Z", "a.host 2026-12-02T10:00:00Z"}
	if !slices.Equal(order, want) {
		t.Errorf("Fetch order:\n got %q\nwant %q", order, want)
	}
	if len(skipped) != 1 || skipped[0].File != "new/bad:name" {
		t.Errorf("skipped %+v", skipped)
	}
	if err := md.Taken(t.Context(), []string{"d.host", "a.host"}); err != nil {
		t.Fatal(err)
	}
	again, _, err := md.Fetch(t.Context())
	if err != nil || len(again) != 2 || again[0].Name != "b.host" || again[1].Name != "c.host" {
		t.Errorf("Fetch after Taken = %v, %v", again, err)
	}
	if err := md.Close(); err != nil {
		t.Error(err)
	}
}

func TestMaildirRefusesPaths(t *testing.T) {
	md, err := CreateMaildir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"", "../x", "a/b", `a\b`, ".hidden", "x:2,S", "..", "a\x00b", "a\nb", "\xff", strings.Repeat("x", 201)} {
		want := "orders: " + strconv.Quote(name) + " is not a maildir message name\nhint: a maildir message name is not empty, does not start with '.', has at most 200 bytes of UTF-8 and no '/', '\\', ':' or control characters"
		if _, err := md.Deliver([]byte("x"), name); err == nil || campaign.ErrorText(err) != want {
			t.Errorf("Deliver(%q) error %v", name, err)
		}
		if _, err := md.Read(name); err == nil || campaign.ErrorText(err) != want {
			t.Errorf("Read(%q) error %v", name, err)
		}
		if err := md.MarkSeen(name); err == nil || campaign.ErrorText(err) != want {
			t.Errorf("MarkSeen(%q) error %v", name, err)
		}
	}
}

// TestMaildirOddNames: files a mail client or server may leave behind are
// read when they can be, and reported, not fatal, when they cannot.
func TestMaildirOddNames(t *testing.T) {
	dir := t.TempDir()
	md, err := CreateMaildir(dir)
	if err != nil {
		t.Fatal(err)
	}
	put := func(path string) {
		if err := os.WriteFile(filepath.Join(dir, path), []byte("mail "+path), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	put("new/x y:2,")             // info in new/: read
	put("new/plain")              // the usual
	put("new/bad\x01name")        // control character: skipped
	put("cur/unseen:2,")          // shown by a client, not read: read
	put("cur/flagged:2,F")        // flagged, not seen: read
	put("cur/old:2,RS")           // seen: not listed
	put("cur/nocolon")            // cur/ without info: unseen, read
	put("cur/plain:2,")           // same name as new/plain: skipped
	put("cur/experimental:1,xyz") // unknown info: skipped
	names, skipped, err := md.List()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"flagged", "nocolon", "plain", "unseen", "x y"}; !slices.Equal(names, want) {
		t.Errorf("List = %q, want %q", names, want)
	}
	wantSkipped := []Skipped{
		{File: "new/bad\x01name", Reason: "turnproc does not read this name: " + nameRule},
		{File: "cur/experimental:1,xyz", Reason: `unknown maildir info ":1,xyz": only ":2," and flags are understood`},
		{File: "cur/plain:2,", Reason: "new/plain has the same name"},
	}
	if !slices.Equal(skipped, wantSkipped) {
		t.Errorf("skipped %+v\nwant    %+v", skipped, wantSkipped)
	}
	for _, name := range names {
		if err := md.MarkSeen(name); err != nil {
			t.Fatal(err)
		}
		if b, err := md.Read(name); err != nil || !strings.HasPrefix(string(b), "mail ") {
			t.Errorf("Read(%q) after MarkSeen = %q, %v", name, b, err)
		}
	}
	for _, file := range []string{"x y:2,S", "plain:2,S", "unseen:2,S", "flagged:2,FS", "nocolon:2,S", "old:2,RS"} {
		if _, err := os.Stat(filepath.Join(dir, "cur", file)); err != nil {
			t.Errorf("cur/%s: %v", file, err)
		}
	}
	// The duplicate is alone now, but marking it would overwrite a mail.
	if left, _, _ := md.List(); !slices.Equal(left, []string{"plain"}) {
		t.Errorf("List after marking all seen = %q, want the former duplicate", left)
	}
	const taken = `orders: maildir %s: cannot mark "plain" seen: %s already exists`
	if err := md.MarkSeen("plain"); err == nil || campaign.ErrorText(err) != fmt.Sprintf(taken, dir, filepath.Join(dir, "cur", "plain:2,S")) {
		t.Errorf("MarkSeen over another mail: %v", err)
	}
	const again = `orders: maildir %s: mail "old" is already marked seen`
	if err := md.MarkSeen("old"); err == nil || campaign.ErrorText(err) != fmt.Sprintf(again, dir) {
		t.Errorf("MarkSeen of a seen mail: %v", err)
	}
	if _, err := md.Read("gone"); err == nil || campaign.ErrorText(err) != fmt.Sprintf(`orders: maildir %s: no mail named "gone" in new/ or cur/`, dir) {
		t.Errorf("Read of a missing mail: %v", err)
	}
}

// FuzzParseMailFile: a file name is either skipped with a reason, or split
// into a valid unique name and flags that rebuild it.
func FuzzParseMailFile(f *testing.F) {
	for _, s := range []string{"1764669245.1.host", "x y:2,", "a:2,FS", "b:1,x", ".hidden", "a\x01b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, file string) {
		m, why := parseMailFile("cur", file)
		if why != "" {
			return
		}
		if checkName(m.name) != nil {
			t.Fatalf("%q accepted with the bad name %q", file, m.name)
		}
		if rebuilt := m.name; strings.Contains(file, ":") {
			if rebuilt += ":2," + m.flags; rebuilt != file {
				t.Fatalf("%q split into %q and %q", file, m.name, m.flags)
			}
		} else if rebuilt != file {
			t.Fatalf("%q read as %q", file, m.name)
		}
	})
}
