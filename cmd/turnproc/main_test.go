package main

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"mime"
	"mime/multipart"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// run calls a command in-process with a fixed clock and seed.
func run(t *testing.T, now time.Time, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, getenv: func(string) string { return "" },
		now: func() time.Time { return now }, newSeed: func() (string, error) { return "feedface", nil }}
	code = dispatch(context.Background(), e, args)
	return code, out.String(), errb.String()
}

var (
	beforeTurn1 = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	afterTurn1  = time.Date(2026, 12, 6, 20, 5, 0, 0, time.UTC)
)

// newCampaign inits a campaign from the example config and map.
func newCampaign(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "camp")
	code, _, stderr := run(t, beforeTurn1, "init", "--config", "../../examples/riverlands/campaign.toml", dir)
	if code != exitOK {
		t.Fatalf("init: exit %d: %s", code, stderr)
	}
	return dir
}

// tree reads every file below dir, by relative path.
func tree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[rel], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestInitMakesCampaign(t *testing.T) {
	dir := newCampaign(t)
	files := tree(t, dir)
	for _, want := range []string{"campaign.toml", "map.txt", "state/turn-001.json"} {
		if files[want] == nil {
			t.Errorf("init did not write %s", want)
		}
	}
	for _, sub := range []string{"new", "cur", "tmp"} {
		if st, err := os.Stat(filepath.Join(dir, "mailbox", sub)); err != nil || !st.IsDir() {
			t.Errorf("no maildir folder mailbox/%s", sub)
		}
	}
	if !bytes.Contains(files["state/turn-001.json"], []byte(`"capital": "E11"`)) {
		t.Error("the state must hold the empire's capital")
	}
}

func TestCommandErrors(t *testing.T) {
	dir := newCampaign(t)
	badConfig := filepath.Join(t.TempDir(), "bad.toml")
	os.WriteFile(badConfig, []byte("[campaign]\nid = \"Bad Id\"\n"), 0o644)
	cases := []struct {
		name   string
		now    time.Time
		args   []string
		code   int
		stderr string
	}{
		{"unknown command", beforeTurn1, []string{"frobnicate"}, exitUsage,
			"turnproc: error: unknown command \"frobnicate\"\nhint: run \"turnproc help\" for the list of commands\n"},
		{"bad flag", beforeTurn1, []string{"run", "--nope"}, exitUsage,
			"turnproc: error: run: flag provided but not defined: -nope\nhint: run \"turnproc run --help\"\n"},
		{"init over a campaign", beforeTurn1, []string{"init", "--config", "../../examples/riverlands/campaign.toml", dir}, exitUsage,
			"turnproc: error: " + dir + " already exists and is not empty\nhint: init makes a new campaign: name a new directory\n"},
		{"not a campaign", beforeTurn1, []string{"run", "--dir", t.TempDir()}, exitUsage, "is not a campaign directory (no campaign.toml)"},
		{"too early", beforeTurn1, []string{"run", "--dir", dir}, exitBlocked,
			"turnproc: error: turn 1 is not due until 2026-12-06 20:00 UTC (in 128h0m0s)\nhint: run it at the deadline, or now with --early\n"},
		{"bad config", beforeTurn1, []string{"init", "--config", badConfig, filepath.Join(t.TempDir(), "x")}, exitBadInput,
			"turnproc: error: config: " + badConfig + ":2:6: campaign.id: \"Bad Id\" is not a valid id\nhint: use lower-case letters"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := run(t, c.now, c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d (%s)", code, c.code, stderr)
			}
			if !strings.Contains(stderr, c.stderr) {
				t.Errorf("stderr %q\nwant it to contain %q", stderr, c.stderr)
			}
		})
	}
}

func TestBadInputChangesNothing(t *testing.T) {
	dir := newCampaign(t)
	mapPath := filepath.Join(dir, "map.txt")
	data, _ := os.ReadFile(mapPath)
	os.WriteFile(mapPath, bytes.Replace(data, []byte("   2 ~~~c"), []byte("   2 ~~~Q"), 1), 0o644)
	before := tree(t, dir)
	code, _, stderr := run(t, afterTurn1, "run", "--dir", dir)
	if code != exitBadInput {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "turnproc: error: campaign: " + mapPath + ":8:9: unknown grid character 'Q' at D2\nhint: define it in [legend], e.g. \"Q = land forest\"\n"
	if stderr != want {
		t.Errorf("stderr %q\nwant   %q", stderr, want)
	}
	after := tree(t, dir)
	if len(after) != len(before) {
		t.Errorf("a failed run wrote files: %d before, %d after", len(before), len(after))
	}
}

func TestCorruptStateIsRefused(t *testing.T) {
	dir := newCampaign(t)
	os.WriteFile(filepath.Join(dir, "state", "turn-001.json"), []byte(`{"format":"turnproc-state","version":7}`), 0o644)
	code, _, stderr := run(t, afterTurn1, "status", "--dir", dir)
	if code != exitBadInput || !strings.Contains(stderr, "state version 7 is not supported") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

func TestRunAndStatus(t *testing.T) {
	dir := newCampaign(t)
	code, out, stderr := run(t, afterTurn1, "status", "--dir", dir)
	if code != exitOK || !strings.Contains(out, "Turn 1: year 1, spring, turn 1 of the season") || !strings.Contains(out, "empire") {
		t.Fatalf("status: exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr = run(t, afterTurn1, "run", "--dir", dir)
	if code != exitOK {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "Turn 1 of \"riverlands\" resolved: 0 mails read") {
		t.Errorf("run printed %q", out)
	}
	code, out, _ = run(t, afterTurn1, "status", "--dir", dir)
	if code != exitOK || !strings.Contains(out, "Turn 2: year 1, spring, turn 2 of the season") || !strings.Contains(out, "4 report mails") {
		t.Errorf("status after the run:\n%s", out)
	}
}

func TestHelp(t *testing.T) {
	for _, c := range commands {
		code, out, _ := run(t, beforeTurn1, c.name, "--help")
		if code != exitOK || !strings.HasPrefix(out, "Usage: turnproc "+c.name) {
			t.Errorf("%s --help: exit %d, %q", c.name, code, out)
		}
	}
	if code, out, _ := run(t, beforeTurn1, "help"); code != exitOK || !strings.Contains(out, "demo") {
		t.Errorf("help: %d %q", code, out)
	}
}

// TestDemoEndToEnd runs the real binary's demo twice and checks what a
// player gets: PDFs, and mails that parse as MIME with the PDF attached;
// and that the same seed gives byte-identical files.
func TestDemoEndToEnd(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "turnproc")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	work := t.TempDir()
	demo := func() map[string][]byte {
		cmd := exec.Command(bin, "demo")
		cmd.Dir = work
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("demo: %v\n%s", err, out)
		}
		if !bytes.Contains(out, []byte("turns/002/reports/moderator.pdf")) {
			t.Errorf("demo did not say where the reports went:\n%s", out)
		}
		return tree(t, filepath.Join(work, "turnproc-demo"))
	}
	first := demo()
	players := []string{"empire", "dwarfs", "orcs", "chaos"}
	for _, turn := range []string{"001", "002"} {
		for _, p := range append(players, "moderator") {
			pdf := first["turns/"+turn+"/reports/"+p+".pdf"]
			if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf[max(0, len(pdf)-32):], []byte("%%EOF")) {
				t.Errorf("turn %s: %s.pdf is not a PDF", turn, p)
			}
		}
		for _, p := range players {
			checkReportMail(t, first["turns/"+turn+"/outbox/"+p+".eml"], first["turns/"+turn+"/reports/"+p+".pdf"])
		}
	}
	if first["state/turn-003.json"] == nil {
		t.Error("the demo must leave the state before turn 3")
	}
	second := demo()
	if len(second) != len(first) {
		t.Fatalf("second demo wrote %d files, first %d", len(second), len(first))
	}
	for p, b := range first {
		if !bytes.Equal(second[p], b) {
			t.Errorf("%s differs between two demos with the same seed", p)
		}
	}
}

func checkReportMail(t *testing.T, eml, pdf []byte) {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(eml))
	if err != nil {
		t.Fatalf("report mail: %v", err)
	}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/mixed" {
		t.Fatalf("report mail is %q: %v", mediaType, err)
	}
	r := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if ct, _, _ := mime.ParseMediaType(part.Header.Get("Content-Type")); ct == "application/pdf" {
			got, err := io.ReadAll(part) // multipart decodes quoted-printable only; PDFs come base64
			if err != nil {
				t.Fatal(err)
			}
			if part.Header.Get("Content-Transfer-Encoding") != "base64" {
				t.Fatalf("PDF sent as %q", part.Header.Get("Content-Transfer-Encoding"))
			}
			dec := make([]byte, len(got))
			n, err := base64Decode(dec, got)
			if err != nil || !bytes.Equal(dec[:n], pdf) {
				t.Errorf("the attached PDF is not the report (%v)", err)
			}
			return
		}
	}
	t.Error("report mail has no PDF attached")
}
