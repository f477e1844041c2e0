package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/orders"
)

// TestCheckKeepsOversizeMailAside: a mail over the size limit is never
// read whole: check keeps it aside in the maildir's oversize/ folder,
// keeps its head in the inbox and answers it briefly, in the player's
// language, without quoting it; the next check reads only the head.
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
}
