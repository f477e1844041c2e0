package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"math"
	"mime"
	"mime/multipart"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

// run calls a command in-process with a fixed clock and seed.
func run(t *testing.T, now time.Time, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" },
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
			"turnproc: error: " + dir + " already exists and is not empty\nhint: a new campaign needs a directory of its own: name a new or empty one\n"},
		{"not a campaign", beforeTurn1, []string{"run", "--dir", t.TempDir()}, exitUsage, "is not a campaign directory (no campaign.toml)"},
		{"too early", beforeTurn1, []string{"run", "--dir", dir}, exitBlocked,
			"turnproc: error: turn 1 is not due until 2026-12-06 20:00 UTC (in 128h0m0s)\nhint: run it at the deadline, or now with --early; it also runs early once every player has sent orders marked FINAL\n"},
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

// exampleConfig writes the example config, edited by old→new pairs, with
// the example map beside it, and returns its path.
func exampleConfig(t *testing.T, edits ...string) string {
	t.Helper()
	text := string(readTestFile(t, "../../examples/riverlands/campaign.toml"))
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(text, edits[i]) {
			t.Fatalf("the example config has no %q", edits[i])
		}
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "campaign.toml")
	writeTestFile(t, path, []byte(text))
	writeTestFile(t, filepath.Join(dir, "map.txt"), readTestFile(t, "../../examples/riverlands/map.txt"))
	return path
}

func readTestFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeTestFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

const smtpDelivery = `kind = "smtp"
from = "Riverlands turnproc <turns@riverlands.example>"
[delivery.smtp]
host = "smtp.riverlands.example"
username = "turns"
password_env = "TURNPROC_SMTP_PASSWORD"
`

func TestConfigErrorsNameTheirKey(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	writeTestFile(t, file, nil)
	target := func() string { return filepath.Join(t.TempDir(), "camp") }
	badCapital := exampleConfig(t, `capital = "E11"`, `capital = "Z99"`)
	sharedCapital := exampleConfig(t, `capital = "P11"`, `capital = "E11"`)
	selfMap := exampleConfig(t, `file = "map.txt"`, `file = "campaign.toml"`)
	noMap := exampleConfig(t, `file = "map.txt"`, `file = "nomap.txt"`)
	farMaildir := exampleConfig(t, `maildir = "mailbox"`, `maildir = "../mailbox"`)
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"init into a file", []string{"init", "--config", badCapital, file}, exitUsage,
			"turnproc: error: " + file + " is a file, not a directory\nhint: a new campaign needs a directory of its own: name a new one\n"},
		{"capital off the map", []string{"init", "--config", badCapital, target()}, exitBadInput,
			"turnproc: error: config: " + badCapital + ":39:11: players[1].capital: capital Z99 is off the map (A1–T15)\nhint: a capital is a land or coast square on the map, one per player (§1)\n"},
		{"shared capital", []string{"init", "--config", sharedCapital, target()}, exitBadInput,
			"turnproc: error: config: " + sharedCapital + ":57:11: players[3].capital: capital E11 is already the capital of empire\nhint: a capital is a land or coast square on the map, one per player (§1)\n"},
		{"map named like the config", []string{"init", "--config", selfMap, target()}, exitBadInput,
			"turnproc: error: config: " + selfMap + ":12:8: map.file: \"campaign.toml\" is the name of the campaign's config file\nhint: name the map file something else, such as \"map.txt\"\n"},
		{"missing map", []string{"init", "--config", noMap, target()}, exitBadInput,
			"turnproc: error: config: " + noMap + ":12:8: map.file: the map file " + filepath.Join(filepath.Dir(noMap), "nomap.txt") + ": no such file or directory\nhint: check that the map file exists and can be read (init takes another one with --map)\n"},
		{"missing --map", []string{"init", "--config", badCapital, "--map", "nomap.txt", target()}, exitUsage,
			"turnproc: error: --map: the map file nomap.txt: no such file or directory\nhint: name an existing map file with --map, or leave it out to use the config's map.file\n"},
		{"maildir outside", []string{"init", "--config", farMaildir, target()}, exitBadInput,
			"turnproc: error: config: " + farMaildir + ":27:11: intake.maildir: \"../mailbox\" must be a path inside the campaign directory\nhint: use a relative path such as \"mailbox\"\n"},
		{"missing config", []string{"init", "--config", "nope.toml", target()}, exitUsage,
			"turnproc: error: config: open nope.toml: no such file or directory\nhint: name the campaign config with --config (default campaign.toml in the current folder)\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := run(t, beforeTurn1, c.args...)
			if code != c.code || stderr != c.stderr {
				t.Errorf("exit %d, want %d\nstderr %q\nwant   %q", code, c.code, stderr, c.stderr)
			}
		})
	}
}

// TestRunRefusesWhatItCannotDo: a campaign edited after init to send by
// SMTP without its password at hand, or to read a maildir outside it, is
// refused before any work.
func TestRunRefusesWhatItCannotDo(t *testing.T) {
	cases := []struct{ name, old, new, stderr string }{
		{"smtp without password", "kind = \"outbox\"                       # outbox | smtp\nfrom = \"Riverlands turnproc <turns@riverlands.example>\"\n", smtpDelivery,
			":35:16: delivery.smtp.password_env: environment variable TURNPROC_SMTP_PASSWORD is not set\nhint: export TURNPROC_SMTP_PASSWORD in the environment turnproc runs in (cron included), or use password_file\n"},
		{"maildir outside", `maildir = "mailbox"`, `maildir = "/var/mail/turns"`,
			":27:11: intake.maildir: \"/var/mail/turns\" must be a path inside the campaign directory\nhint: use a relative path such as \"mailbox\"\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := newCampaign(t)
			path := filepath.Join(dir, "campaign.toml")
			writeTestFile(t, path, bytes.Replace(readTestFile(t, path), []byte(c.old), []byte(c.new), 1))
			before := tree(t, dir)
			code, _, stderr := run(t, afterTurn1, "run", "--dir", dir)
			if want := "turnproc: error: config: " + path + c.stderr; code != exitBadInput || stderr != want {
				t.Errorf("exit %d\nstderr %q\nwant   %q", code, stderr, want)
			}
			if after := tree(t, dir); len(after) != len(before) {
				t.Errorf("a refused run wrote files: %d before, %d after", len(before), len(after))
			}
		})
	}
}

// editState rewrites the state before turn 1 of a campaign directory.
func editState(t *testing.T, dir string, edit func(s *campaign.State)) string {
	t.Helper()
	path := filepath.Join(dir, "state", "turn-001.json")
	s, err := campaign.DecodeState(path, bytes.NewReader(readTestFile(t, path)))
	if err != nil {
		t.Fatal(err)
	}
	edit(s)
	var b bytes.Buffer
	if err := s.Encode(&b); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, path, b.Bytes())
	return path
}

// TestStateMustFit: a snapshot that does not fit the map or the config is
// refused with the file and the thing that is wrong.
func TestStateMustFit(t *testing.T) {
	const restore = "hint: restore the snapshot (or the map, if it was edited) from your backup; snapshots are never rewritten\n"
	const agree = "hint: players and the campaign id cannot change in a running campaign: restore the config or the state from your backup\n"
	cases := []struct {
		name       string
		state      func(s *campaign.State)
		old, new   string // an edit of campaign.toml
		wantFormat string // %[1]s: the state file, %[2]s: the config file
	}{
		{name: "army at sea", state: func(s *campaign.State) { s.Army("A1").At = campaign.Coord{} },
			wantFormat: "turnproc: error: campaign: %[1]s: army A1: stands on the sea square A1 without a fleet\n" + restore},
		{name: "player not in the config", state: func(s *campaign.State) {
			s.Players = append(s.Players, campaign.Player{ID: "elves", Capital: s.Players[0].Capital})
		}, wantFormat: "turnproc: error: campaign: %[1]s: player \"elves\" is not in %[2]s\n" + agree},
		{name: "huge counter", state: func(s *campaign.State) { s.NextArmy = math.MaxInt }, wantFormat: "turnproc: error: campaign: %[1]s: next_army 9223372036854775807 is not 0–1000000\nhint: restore the snapshot from your backup; snapshots are never rewritten\n"},
		{name: "no seed", state: func(s *campaign.State) { s.Seed = "" }, wantFormat: "turnproc: error: campaign: %[1]s: the dice seed is empty: the snapshot is damaged (init writes a secret seed into every snapshot)\nhint: restore the snapshot from your backup; snapshots are never rewritten\n"},
		{name: "player not in the state", old: `id = "chaos"`, new: `id = "skaven"`,
			wantFormat: "turnproc: error: config: %[2]s:61:6: players[4].id: player \"skaven\" is not in %[1]s\n" + agree},
		{name: "other campaign", old: `id = "riverlands"`, new: `id = "mordheim"`,
			wantFormat: "turnproc: error: config: %[2]s:5:6: campaign.id: campaign \"mordheim\", but %[1]s is a state of campaign \"riverlands\"\n" + agree},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := newCampaign(t)
			statePath := filepath.Join(dir, "state", "turn-001.json")
			configPath := filepath.Join(dir, "campaign.toml")
			if c.state != nil {
				editState(t, dir, c.state)
			}
			if c.old != "" {
				writeTestFile(t, configPath, bytes.Replace(readTestFile(t, configPath), []byte(c.old), []byte(c.new), 1))
			}
			code, _, stderr := run(t, afterTurn1, "status", "--dir", dir)
			if want := fmt.Sprintf(c.wantFormat, statePath, configPath); code != exitBadInput || stderr != want {
				t.Errorf("exit %d\nstderr %q\nwant   %q", code, stderr, want)
			}
		})
	}
}

func TestBadCoordinateInState(t *testing.T) {
	dir := newCampaign(t)
	path := filepath.Join(dir, "state", "turn-001.json")
	writeTestFile(t, path, bytes.Replace(readTestFile(t, path), []byte(`"capital": "E11"`), []byte(`"capital": "11E"`), 1))
	code, _, stderr := run(t, afterTurn1, "status", "--dir", dir)
	want := "turnproc: error: campaign: " + path + ": \"11E\" is not a square: write column letters then a row number, like C4\n"
	if code != exitBadInput || !strings.HasPrefix(stderr, want) {
		t.Errorf("exit %d\nstderr %q\nwant   %q…", code, stderr, want)
	}
}

// TestUnreadableConfig: a config turnproc may not read is a permissions
// problem, not a wrong directory. (root reads every file: skipped then.)
func TestUnreadableConfig(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: permissions are not enforced")
	}
	dir := newCampaign(t)
	path := filepath.Join(dir, "campaign.toml")
	if err := os.Chmod(path, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(path, 0o644)
	code, _, stderr := run(t, afterTurn1, "status", "--dir", dir)
	want := "turnproc: error: config: open " + path + ": permission denied\nhint: turnproc must be able to read and write the campaign directory and its files: check their owner and permissions\n"
	if code != exitFailure || stderr != want {
		t.Errorf("exit %d\nstderr %q\nwant   %q", code, stderr, want)
	}
}

// TestRerunReplacesStaleRecord: the record of an interrupted run (a partial
// turns/001, a temp folder) is replaced whole by the next run, which
// writes exactly what an uninterrupted run writes.
func TestRerunReplacesStaleRecord(t *testing.T) {
	clean := newCampaign(t)
	if code, _, stderr := run(t, afterTurn1, "run", "--dir", clean); code != exitOK {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	dir := newCampaign(t)
	for path, data := range map[string]string{
		"turns/001/stale.txt":            "from an earlier attempt",
		"turns/001/reports/empire.pdf":   "half a PDF",
		"turns/.001.tmp-123/events.json": "{",
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, path)), 0o755)
		writeTestFile(t, filepath.Join(dir, path), []byte(data))
	}
	if code, _, stderr := run(t, afterTurn1, "run", "--dir", dir); code != exitOK {
		t.Fatalf("rerun: exit %d: %s", code, stderr)
	}
	want, got := tree(t, clean), tree(t, dir)
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("%s is left from the interrupted run", p)
		}
	}
	for p, b := range want {
		if !bytes.Equal(got[p], b) {
			t.Errorf("%s differs from an uninterrupted run's", p)
		}
	}
}

// TestOddMaildirNames: a file in the maildir that turnproc will not read
// is reported in the intake log and does not stop the turn; unseen mail in
// cur/ is read like mail in new/.
func TestOddMaildirNames(t *testing.T) {
	dir := newCampaign(t)
	mails, err := filepath.Glob("../../examples/riverlands/mail/turn-001/*.eml")
	if err != nil || len(mails) == 0 {
		t.Fatalf("example mails: %v %v", mails, err)
	}
	writeTestFile(t, filepath.Join(dir, "mailbox", "new", "x y:2,"), readTestFile(t, mails[0]))
	writeTestFile(t, filepath.Join(dir, "mailbox", "cur", "shown:2,"), readTestFile(t, mails[1]))
	writeTestFile(t, filepath.Join(dir, "mailbox", "new", "odd\x01name"), readTestFile(t, mails[2]))
	code, out, stderr := run(t, afterTurn1, "run", "--dir", dir)
	if code != exitOK || !strings.Contains(out, "2 mails read") || !strings.Contains(out, "not read:    "+filepath.Join(dir, "mailbox", "new", `odd\x01name`)) { // escaped: no control byte reaches the terminal
		t.Fatalf("run: exit %d\n%s%s", code, out, stderr)
	}
	log := string(readTestFile(t, filepath.Join(dir, "turns", "001", "intake.txt")))
	if !strings.HasPrefix(log, "\"new/odd\\x01name\"\n  status: skipped, not read\n  reason: turnproc does not read this name") {
		t.Errorf("intake log:\n%s", log)
	}
	for _, seen := range []string{"x y:2,S", "shown:2,S"} {
		if _, err := os.Stat(filepath.Join(dir, "mailbox", "cur", seen)); err != nil {
			t.Errorf("not marked seen: %v", err)
		}
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
	pdfinfo, err := exec.LookPath("pdfinfo") // poppler-utils; .ci/run installs it
	if err != nil {
		t.Log("pdfinfo not found: the PDFs are checked by their header and trailer only")
	}
	for _, turn := range []string{"001", "002"} {
		for _, p := range append(players, "moderator") {
			rel := "turns/" + turn + "/reports/" + p + ".pdf"
			pdf := first[rel]
			if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf[max(0, len(pdf)-32):], []byte("%%EOF")) {
				t.Errorf("turn %s: %s.pdf is not a PDF", turn, p)
			}
			if pdfinfo != "" {
				checkPDFInfo(t, pdfinfo, filepath.Join(work, "turnproc-demo", filepath.FromSlash(rel)))
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

// checkPDFInfo requires poppler's pdfinfo to read the PDF without a
// complaint and find at least one page in it.
func checkPDFInfo(t *testing.T, pdfinfo, path string) {
	t.Helper()
	var stderr bytes.Buffer
	cmd := exec.Command(pdfinfo, path)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Errorf("pdfinfo %s: %v\n%s", path, err, stderr.String())
		return
	}
	for _, line := range strings.Split(string(out), "\n") {
		if n, ok := strings.CutPrefix(line, "Pages:"); ok {
			if pages, err := strconv.Atoi(strings.TrimSpace(n)); err != nil || pages < 1 {
				t.Errorf("pdfinfo %s: %s", path, line)
			}
			return
		}
	}
	t.Errorf("pdfinfo %s: no page count in\n%s", path, out)
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
