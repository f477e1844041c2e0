package main

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"log"
	"net"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"

	"github.com/turnproc/turnproc/examples"
)

// TestCheckOverIMAP: the example's turn-1 mails wait in an IMAP INBOX
// (go-imap's in-memory server on 127.0.0.1); check fetches and answers
// them, moves them to the processed folder, and a second check finds
// nothing new; a mail appended later is fetched on its own.
// imapSent is when the test mails of imapCampaign arrive; its check runs
// two days later.
var imapSent = time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)

// imapCampaign is the example campaign reading its orders from an IMAP
// INBOX (go-imap's in-memory server on 127.0.0.1) with a processed
// folder, the server's user, and a check that fails the test unless it
// succeeds.
func imapCampaign(t *testing.T) (*imapmemserver.User, string, func() string) {
	t.Helper()
	mem := imapmemserver.New()
	user := imapmemserver.NewUser("turns", "s3cret-imap")
	mem.AddUser(user)
	for _, folder := range []string{"INBOX", "Processed"} {
		if err := user.Create(folder, nil); err != nil {
			t.Fatal(err)
		}
	}
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: true,
		Logger:       log.New(io.Discard, "", 0),
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })

	dir := newCampaign(t)
	cfgPath := filepath.Join(dir, "campaign.toml")
	cfg, _ := os.ReadFile(cfgPath)
	port := ln.Addr().(*net.TCPAddr).Port
	imapConfig := "kind = \"imap\"\n\n[intake.imap]\nhost = \"127.0.0.1\"\nport = " + strconv.Itoa(port) +
		"\nusername = \"turns\"\ntls = \"none\"\nprocessed_folder = \"Processed\"\npassword_env = \"TEST_IMAP_PASSWORD\"\n"
	cfg = bytes.Replace(cfg, []byte("kind = \"maildir\"                      # maildir | imap\nmaildir = \"mailbox\"\n"), []byte(imapConfig), 1)
	if err := os.WriteFile(cfgPath, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	check := func() string {
		t.Helper()
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, now: func() time.Time { return imapSent.Add(48 * time.Hour) },
			getenv: func(k string) string {
				if k == "TEST_IMAP_PASSWORD" {
					return "s3cret-imap"
				}
				return ""
			}}
		if code := dispatch(context.Background(), e, []string{"check", "--dir", dir}); code != exitOK {
			t.Fatalf("check: exit %d: %s", code, errb.String())
		}
		return out.String()
	}
	return user, dir, check
}

func TestCheckOverIMAP(t *testing.T) {
	user, dir, check := imapCampaign(t)
	appendMail := func(name string, at time.Time) {
		raw, err := fs.ReadFile(examples.FS, path.Join("riverlands/mail/turn-001", name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := user.Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{Time: at}); err != nil {
			t.Fatal(err)
		}
	}
	for i, name := range []string{"01-empire.eml", "02-dwarfs.eml", "03-orcs.eml"} {
		appendMail(name, imapSent.Add(time.Duration(i)*time.Hour))
	}
	if out := check(); !strings.HasPrefix(out, "Turn 1: 3 new mails fetched, 3 answered") {
		t.Errorf("first check: %s", out)
	}
	if out := check(); !strings.HasPrefix(out, "Turn 1: 0 new mails fetched, 0 answered") {
		t.Errorf("second check: %s", out)
	}
	appendMail("05-empire.eml", imapSent.Add(30*time.Hour))
	if out := check(); !strings.HasPrefix(out, "Turn 1: 1 new mails fetched, 1 answered") {
		t.Errorf("third check: %s", out)
	}
	inbox, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "*.eml"))
	if len(inbox) != 4 {
		t.Errorf("%d mails kept in the inbox, want 4", len(inbox))
	}
}
