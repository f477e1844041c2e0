package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/orders"
)

// TestRunWithoutItsMailbox: an unreachable IMAP server stops the turn with
// a one-line reason; --offline resolves it with the mail already
// fetched.
func TestRunWithoutItsMailbox(t *testing.T) {
	dir := newCampaign(t)
	ln, _ := net.Listen("tcp", "127.0.0.1:0") // a port nobody answers once closed
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cfgPath := filepath.Join(dir, "campaign.toml")
	cfg, _ := os.ReadFile(cfgPath)
	imapConfig := "kind = \"imap\"\n\n[intake.imap]\nhost = \"127.0.0.1\"\nport = " + strconv.Itoa(port) +
		"\nusername = \"turns\"\ntls = \"none\"\npassword_env = \"TEST_IMAP_PASSWORD\"\n"
	cfg = bytes.Replace(cfg, []byte("kind = \"maildir\"                      # maildir | imap\nmaildir = \"mailbox\"\n"), []byte(imapConfig), 1)
	os.WriteFile(cfgPath, cfg, 0o644)
	t.Setenv("TEST_IMAP_PASSWORD", "x")
	code, _, stderr := runEnv(t, afterTurn1, "run", "--dir", dir)
	if code != exitFailure || !strings.Contains(stderr, "turnproc run --offline") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "state", "turn-002.json")); err == nil {
		t.Fatal("a turn was resolved without its mail")
	}
	if code, out, stderr := runEnv(t, afterTurn1, "run", "--offline", "--dir", dir); code != exitOK || !strings.Contains(out, "Turn 1 of") {
		t.Errorf("--offline: exit %d %s%s", code, out, stderr)
	}
}

// runEnv is run with the process environment (for password_env settings).
func runEnv(t *testing.T, now time.Time, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: os.Getenv,
		now: func() time.Time { return now }, newSeed: func() (string, error) { return "feedface", nil }}
	code = dispatch(context.Background(), e, args)
	return code, out.String(), errb.String()
}

// TestRunStartsEarlyWhenAllFinal: once every player's orders say FINAL,
// the turn runs before its deadline.
func TestRunStartsEarlyWhenAllFinal(t *testing.T) {
	dir := newCampaign(t)
	c, _ := openCampaign(dir)
	md, _ := c.maildir()
	for _, p := range []struct{ id, from string }{{"empire", "karl@reikland.example"}, {"dwarfs", "belegar@karak.example"},
		{"orcs", "grom@blackcrag.example"}} {
		raw := "From: " + p.from + "\r\nTo: turns@riverlands.example\r\nSubject: orders\r\nMessage-ID: <" + p.id + "@x.example>\r\n\r\n" +
			"CAMPAIGN riverlands PLAYER " + p.id + " TURN 1\r\nFINAL\r\n"
		name, _ := md.Deliver([]byte(raw), p.id)
		os.Chtimes(filepath.Join(md.Dir(), "new", name), beforeTurn1, beforeTurn1)
	}
	if code, _, _ := run(t, beforeTurn1, "run", "--dir", dir); code != exitBlocked {
		t.Fatalf("three of four final: exit %d, want %d", code, exitBlocked)
	}
	raw := "From: archaon@ruinfort.example\r\nTo: turns@riverlands.example\r\nSubject: orders\r\nMessage-ID: <chaos@x.example>\r\n\r\nCAMPAÑA riverlands JUGADOR chaos TURNO 1\r\nDEFINITIVO\r\n"
	name, _ := md.Deliver([]byte(raw), "chaos")
	os.Chtimes(filepath.Join(md.Dir(), "new", name), beforeTurn1, beforeTurn1)
	if code, out, stderr := run(t, beforeTurn1, "run", "--dir", dir); code != exitOK || !strings.Contains(out, "4 players' orders accepted") {
		t.Errorf("all final: exit %d\n%s%s", code, out, stderr)
	}
}

// TestRunTakesAFloodInBatches: a mailbox flooded with more than
// orders.MaxMailsPerFetch mails does not resolve
// the turn on part of its mail: the run keeps the batch it took, says how
// many wait, and the next run takes the rest and resolves with every order.
func TestRunTakesAFloodInBatches(t *testing.T) {
	if testing.Short() {
		t.Skip("delivers a thousand mails")
	}
	dir := withTurnOneMail(t)
	c, err := openCampaign(dir)
	if err != nil {
		t.Fatal(err)
	}
	md, err := c.maildir()
	if err != nil {
		t.Fatal(err)
	}
	early := beforeTurn1.Add(time.Hour) // before every order mail
	for i := range orders.MaxMailsPerFetch {
		name, err := md.Deliver(fmt.Appendf(nil, "From: spam%d@flood.example\nSubject: buy\n\nnothing\n", i), fmt.Sprintf("flood-%04d", i))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(filepath.Join(md.Dir(), "new", name), early, early); err != nil {
			t.Fatal(err)
		}
	}
	code, _, stderr := run(t, afterTurn1, "run", "--dir", dir)
	want := "turnproc: error: 5 new mails are still in the mailbox: one fetch takes at most 1000, and the turn is not resolved without them\n" +
		"hint: what was fetched is kept; run turnproc run again (each run or check takes the next batch), or clear the flood from the mailbox\n"
	if code != exitFailure || stderr != want {
		t.Fatalf("flooded run: exit %d\n%s\nwant\n%s", code, stderr, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "state", "turn-002.json")); err == nil {
		t.Fatal("the flooded run resolved the turn")
	}
	code, out, stderr := run(t, afterTurn1, "run", "--dir", dir)
	if code != exitOK || !strings.Contains(out, "1005 mails read, 4 players' orders accepted") {
		t.Fatalf("second run: exit %d\n%s%s", code, out, stderr)
	}
}
