package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"github.com/turnproc/turnproc/orders"
)

// TestCheckKeepsOversizeMailAside: a mail over the size limit is never
// read whole: check keeps it aside in the maildir's oversize/ folder,
// keeps its head in the inbox and answers it briefly, in the player's
// language, without quoting it; the next check reads only the head. The
// oversize folder is the moderator's alone, as the rest of the campaign.
func TestCheckKeepsOversizeMailAside(t *testing.T) {
	dir := newCampaign(t)
	c, err := openCampaign(dir)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := c.maildir()
	raw := "From: Karl Franz <karl@reikland.example>\r\nTo: turns@riverlands.example\r\nSubject: big orders\r\n" +
		"Message-ID: <big@reikland.example>\r\n\r\nCAMPAIGN riverlands PLAYER empire TURN 1\r\nA1 MOVE E10\r\n" +
		strings.Repeat("SECRET-FILLER ", 3<<20/14)
	if _, err := md.Deliver([]byte(raw), "big"); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, beforeTurn1, "check", "--dir", dir); code != exitOK {
		t.Fatal(stderr)
	}
	if kept, err := os.ReadFile(filepath.Join(md.Dir(), orders.OversizeDir, "big")); err != nil || string(kept) != raw {
		t.Errorf("the mail is not kept aside whole: %v", err)
	}
	heads, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "*-oversize-*.eml"))
	if len(heads) != 1 {
		t.Fatalf("inbox heads %v", heads)
	}
	if info, _ := os.Stat(heads[0]); info.Size() > orders.MaxHeadBytes {
		t.Errorf("the inbox keeps %d bytes of it", info.Size())
	}
	replies, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "replies", "*.eml"))
	if len(replies) != 1 {
		t.Fatalf("%d replies", len(replies))
	}
	b, _ := os.ReadFile(replies[0])
	if !strings.Contains(string(b), "over the 2 MiB limit") || strings.Contains(string(b), "SECRET-FILLER") || len(b) > 8<<10 {
		t.Errorf("the reply (%d bytes) must refuse the mail briefly, without quoting it:\n%s", len(b), b)
	}
	checkPrivate(t, dir) // the mail kept aside holds a password too
}

// bigOrders is a mail of Karl's over the size limit, its filler secret.
var bigOrders = "From: Karl Franz <karl@reikland.example>\r\nTo: turns@riverlands.example\r\nSubject: big orders\r\n" +
	"Message-ID: <big@reikland.example>\r\n\r\nCAMPAIGN riverlands PLAYER empire TURN 1\r\nA1 MOVE E10\r\n" +
	strings.Repeat("SECRET-FILLER ", 3<<20/14)

// TestCheckOverIMAPKeepsOversizeMailAside: over IMAP too, a mail over the
// size limit is answered briefly from its header, which alone is
// downloaded and kept in the inbox; the mail itself is moved, whole, to
// the INBOX's oversize subfolder, and status counts it and says where.
func TestCheckOverIMAPKeepsOversizeMailAside(t *testing.T) {
	user, dir, check := imapCampaign(t)
	if _, err := user.Append("INBOX", strings.NewReader(bigOrders), &imap.AppendOptions{Time: imapSent}); err != nil {
		t.Fatal(err)
	}
	if out := check(); !strings.HasPrefix(out, "Turn 1: 1 new mails fetched, 1 answered") {
		t.Errorf("check: %s", out)
	}
	heads, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "*-oversize-*.eml"))
	if len(heads) != 1 {
		t.Fatalf("inbox heads %v", heads)
	}
	if b, _ := os.ReadFile(heads[0]); strings.Contains(string(b), "SECRET-FILLER") {
		t.Errorf("the inbox keeps the body of the big mail")
	}
	replies, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "replies", "*.eml"))
	if len(replies) != 1 {
		t.Fatalf("%d replies", len(replies))
	}
	b, _ := os.ReadFile(replies[0])
	if !strings.Contains(string(b), "over the 2 MiB limit") || strings.Contains(string(b), "SECRET-FILLER") || len(b) > 8<<10 {
		t.Errorf("the reply (%d bytes) must refuse the mail briefly, without quoting it:\n%s", len(b), b)
	}
	for folder, want := range map[string]uint32{"INBOX": 0, "Processed": 0, "INBOX/" + orders.OversizeDir: 1} {
		st, err := user.Status(folder, &imap.StatusOptions{NumMessages: true})
		if err != nil || *st.NumMessages != want {
			t.Errorf("folder %s: %v mails (%v), want %d", folder, st, err, want)
		}
	}
	if out := check(); !strings.HasPrefix(out, "Turn 1: 0 new mails fetched, 0 answered") {
		t.Errorf("second check: %s", out)
	}

	code, out, stderr := run(t, imapSent.Add(48*time.Hour), "status", "--json", "--dir", dir)
	var st struct {
		Mails struct {
			Oversize   int    `json:"oversize"`
			OversizeIn string `json:"oversize_in"`
		} `json:"mails"`
	}
	if err := json.Unmarshal([]byte(out), &st); code != exitOK || err != nil {
		t.Fatalf("status --json: exit %d, %v: %s%s", code, err, out, stderr)
	}
	if want := `the "oversize" subfolder of IMAP folder "INBOX" on 127.0.0.1`; st.Mails.Oversize != 1 || !strings.HasPrefix(st.Mails.OversizeIn, want) {
		t.Errorf("status: %+v, want 1 mail in %s…", st.Mails, want)
	}
}

// TestStatusShowsOversizeMail: status says how many mails over the size
// limit were kept aside this turn, and where, in its text and its JSON.
func TestStatusShowsOversizeMail(t *testing.T) {
	dir := newCampaign(t)
	c, err := openCampaign(dir)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := c.maildir()
	for _, name := range []string{"big1", "big2"} {
		raw := strings.Replace(bigOrders, "<big@", "<"+name+"@", 1)
		if _, err := md.Deliver([]byte(raw), name); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := run(t, beforeTurn1, "check", "--dir", dir); code != exitOK {
		t.Fatal(stderr)
	}
	aside := filepath.Join(md.Dir(), orders.OversizeDir)
	code, out, stderr := run(t, beforeTurn1, "status", "--dir", dir)
	want := "Kept aside: 2 mails over the 2 MiB limit, answered unread; whole in " + aside +
		", their headers in " + filepath.Join(dir, "inbox", "001") + " (*-oversize-*.eml)\n"
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("status: exit %d: %s%s\nwant a line %s", code, out, stderr, want)
	}
	code, out, stderr = run(t, beforeTurn1, "status", "--json", "--dir", dir)
	wantJSON := `    "unanswered": 0,
    "oversize": 2,
    "oversize_in": ` + strconv.Quote(aside) + "\n"
	if code != exitOK || !strings.Contains(out, wantJSON) {
		t.Errorf("status --json: exit %d: %s%s\nwant\n%s", code, out, stderr, wantJSON)
	}
}

// TestStatusWarnsOfReadableOversizeMail: a mail kept aside in the
// maildir's oversize folder holds a password as any other: status warns
// when other users can read it.
func TestStatusWarnsOfReadableOversizeMail(t *testing.T) {
	dir := newCampaign(t)
	c, err := openCampaign(dir)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := c.maildir()
	if _, err := md.Deliver([]byte(bigOrders), "big"); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, beforeTurn1, "check", "--dir", dir); code != exitOK {
		t.Fatal(stderr)
	}
	aside := filepath.Join(md.Dir(), orders.OversizeDir)
	for p := aside; p != filepath.Dir(filepath.Dir(filepath.Dir(dir))); p = filepath.Dir(p) {
		os.Chmod(p, 0o755) // as a home folder is
	}
	os.Chmod(filepath.Join(aside, "big"), 0o644)
	code, out, stderr := run(t, beforeTurn1, "status", "--dir", dir)
	want := "Warning: " + aside + " (1 stored mail, with the passwords in it) can be read by other users of this machine (mode 0644)\n"
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("status: exit %d: %s%s\nwant it to contain %q", code, out, stderr, want)
	}
}
