package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/turnproc/turnproc/orders"
)

// passwordCampaign is the example campaign where the empire has the
// password "Hunter2" (a cheap hash: the tests need no protection).
func passwordCampaign(t *testing.T, edits ...string) string {
	t.Helper()
	hash, err := bcrypt.GenerateFromPassword([]byte("Hunter2"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	edits = append([]string{`email = "karl@reikland.example"`, `email = "karl@reikland.example"` + "\npassword_hash = \"" + string(hash) + `"`}, edits...)
	dir := filepath.Join(t.TempDir(), "camp")
	if code, _, stderr := run(t, beforeTurn1, "init", "--config", exampleConfig(t, edits...), dir); code != exitOK {
		t.Fatalf("init: exit %d: %s", code, stderr)
	}
	return dir
}

// mailIn delivers a mail into the campaign's maildir, arriving at at.
func mailIn(t *testing.T, dir, name, from, subject string, at time.Time, body string, extra ...string) {
	t.Helper()
	h := fmt.Sprintf("From: %s\r\nTo: turns@riverlands.example\r\nSubject: %s\r\nMessage-ID: <%s@sender.example>\r\n", from, subject, name)
	for _, x := range extra {
		h += x + "\r\n"
	}
	deliverAt(t, dir, []byte(h+"\r\n"+body), name, at)
}

func replies(t *testing.T, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "replies", "*.eml"))
	return files
}

// TestCheckKeepsVerdicts: check records each stored mail's password
// verdict beside the inbox, and the next Collect of the same mail (check,
// run, status, report) checks no password again.
func TestCheckKeepsVerdicts(t *testing.T) {
	dir := passwordCampaign(t)
	for i := range 4 {
		password := fmt.Sprintf("guess%d", i)
		if i == 3 {
			password = "Hunter2"
		}
		mailIn(t, dir, fmt.Sprintf("m%d", i), "karl@reikland.example", "orders", beforeTurn1.Add(time.Duration(i)*time.Minute),
			"CAMPAIGN riverlands PLAYER empire TURN 1 PASSWORD "+password+"\r\nA1 MOVE E10\r\n")
	}
	if code, out, stderr := run(t, beforeTurn1.Add(time.Hour), "check", "--dir", dir); code != exitOK || !strings.HasPrefix(out, "Turn 1: 4 new mails fetched, 4 answered") {
		t.Fatalf("check: exit %d\n%s%s", code, out, stderr)
	}
	var rec verdictRecord
	if err := json.Unmarshal(readTestFile(t, filepath.Join(dir, "inbox", "001", "verdicts.json")), &rec); err != nil {
		t.Fatal(err)
	}
	ok := 0
	for _, v := range rec.Verdicts {
		if v.OK {
			ok++
		}
	}
	if len(rec.Verdicts) != 4 || ok != 1 {
		t.Fatalf("verdicts.json holds %d verdicts, %d right; want 4, 1: %+v", len(rec.Verdicts), ok, rec.Verdicts)
	}
	c, err := openCampaign(dir)
	if err != nil {
		t.Fatal(err)
	}
	mails, err := c.inbox(1)
	if err != nil {
		t.Fatal(err)
	}
	if in := orders.Collect(mails, c.window(1)); in.Verified != 0 || in.Accepted["empire"] == nil {
		t.Errorf("Collect after check: %d bcrypt checks, empire accepted %v; want 0 and accepted", in.Verified, in.Accepted["empire"] != nil)
	}
}

// TestPasswordGuessing: past intake.max_wrong_passwords, wrong passwords
// for a player are no longer answered; he is warned once, at his own
// address, and status tells the moderator.
func TestPasswordGuessing(t *testing.T) {
	dir := passwordCampaign(t, "maildir = \"mailbox\"", "maildir = \"mailbox\"\nmax_wrong_passwords = 3")
	for i := range 6 {
		mailIn(t, dir, fmt.Sprintf("g%d", i), fmt.Sprintf("guesser%d@evil.example", i), "orders", beforeTurn1.Add(time.Duration(i)*time.Minute),
			fmt.Sprintf("CAMPAIGN riverlands PLAYER empire TURN 1 PASSWORD guess%d\r\n", i))
	}
	code, out, stderr := run(t, beforeTurn1.Add(time.Hour), "check", "--dir", dir)
	if code != exitOK || !strings.HasPrefix(out, "Turn 1: 6 new mails fetched, 3 answered") {
		t.Fatalf("check: exit %d\n%s%s", code, out, stderr)
	}
	if !strings.Contains(stderr, "wrong passwords over the limit") || strings.Count(stderr, "mail not answered") != 3 {
		t.Errorf("the log does not tell the moderator:\n%s", stderr)
	}
	warning := filepath.Join(dir, "inbox", "001", "replies", "passwords-empire.eml")
	w := string(readTestFile(t, warning))
	for _, want := range []string{"To: \"Karl Franz\" <karl@reikland.example>", "more than 3 mails naming you (player empire) with a wrong"} {
		if !strings.Contains(w, want) {
			t.Errorf("the warning does not say %q:\n%s", want, w)
		}
	}
	if got := len(replies(t, dir)); got != 4 {
		t.Errorf("%d mails in replies/, want 3 answers and the warning", got)
	}
	mailIn(t, dir, "g6", "guesser6@evil.example", "orders", beforeTurn1.Add(2*time.Hour), "CAMPAIGN riverlands PLAYER empire TURN 1 PASSWORD guess6\r\n")
	code, out, stderr = run(t, beforeTurn1.Add(3*time.Hour), "check", "--dir", dir)
	if code != exitOK || !strings.HasPrefix(out, "Turn 1: 1 new mails fetched, 0 answered") || strings.Contains(stderr, "wrong passwords over the limit") {
		t.Errorf("second check: exit %d\n%s%s", code, out, stderr)
	}
	if got := len(replies(t, dir)); got != 4 {
		t.Errorf("%d mails in replies/ after the second check, want 4: warned once", got)
	}
	code, out, _ = run(t, beforeTurn1.Add(3*time.Hour), "status", "--dir", dir)
	if code != exitOK || !strings.Contains(out, "7 mails with a wrong password (over the limit of 3: someone may be guessing it), warned") ||
		!strings.Contains(out, "4 not answered: over the limits") {
		t.Errorf("status:\n%s", out)
	}
	_, out, _ = run(t, beforeTurn1.Add(3*time.Hour), "status", "--json", "--dir", dir)
	var st struct {
		Mails   struct{ Unanswered int }
		Players []struct {
			ID             string
			WrongPasswords int `json:"wrong_passwords"`
			Warned         bool
		}
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil || st.Mails.Unanswered != 4 || st.Players[0].WrongPasswords != 7 || !st.Players[0].Warned {
		t.Errorf("status --json: %v %+v", err, st)
	}
}

// TestReplyLoop: an auto-responder that does not mark its mail is
// answered at most max_answers_per_day times a day, and not at all when
// it sends turnproc's answer back.
func TestReplyLoop(t *testing.T) {
	dir := passwordCampaign(t)
	mailIn(t, dir, "first", "robot@away.example", "hello", beforeTurn1, "I am out of the office.\r\n")
	if code, out, stderr := run(t, beforeTurn1.Add(time.Minute), "check", "--dir", dir); code != exitOK || !strings.HasPrefix(out, "Turn 1: 1 new mails fetched, 1 answered") {
		t.Fatalf("check: exit %d\n%s%s", code, out, stderr)
	}
	// The robot answers the answer, quoting it whole.
	answer := string(readTestFile(t, replies(t, dir)[0]))
	_, body, _ := strings.Cut(answer, "\r\n\r\n")
	mailIn(t, dir, "back", "robot@away.example", "Re: hello", beforeTurn1.Add(2*time.Minute),
		"I am out of the office.\r\n\r\n> "+strings.ReplaceAll(body, "\r\n", "\r\n> "))
	if code, out, stderr := run(t, beforeTurn1.Add(3*time.Minute), "check", "--dir", dir); code != exitOK || !strings.HasPrefix(out, "Turn 1: 1 new mails fetched, 0 answered") {
		t.Fatalf("check of the answer sent back: exit %d\n%s%s", code, out, stderr)
	}
	// One that sends something else each time is answered 20 times a day.
	for i := range 24 {
		mailIn(t, dir, fmt.Sprintf("r%02d", i), "robot@away.example", "hello", beforeTurn1.Add(time.Hour+time.Duration(i)*time.Minute), fmt.Sprintf("Away, reply %d.\r\n", i))
	}
	code, out, stderr := run(t, beforeTurn1.Add(2*time.Hour), "check", "--dir", dir)
	if code != exitOK || !strings.HasPrefix(out, "Turn 1: 24 new mails fetched, 19 answered") || strings.Count(stderr, "max_answers_per_day") != 5 {
		t.Errorf("check of 24 more: exit %d\n%s%s", code, out, stderr)
	}
}

// pdfWords is a PDF's text (poppler's pdftotext), spaces collapsed, and
// its page count.
func pdfWords(t *testing.T, path string) (string, int) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed (Debian: poppler-utils)")
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", path, err)
	}
	return strings.Join(strings.Fields(string(out)), " "), strings.Count(string(out), "\f")
}

// TestRefusedMailStaysOutOfReports: mails naming a player with a wrong
// password (a stranger's phishing) put no word of theirs into his report,
// only a count; the moderator's report has them, clipped.
func TestRefusedMailStaysOutOfReports(t *testing.T) {
	dir := passwordCampaign(t)
	phish := "URGENT-PHISH your account is suspended, log in at http://evil.example/login " + strings.Repeat("PHISH ", 800)
	for i := range 40 {
		mailIn(t, dir, fmt.Sprintf("p%02d", i), "moderator-office@evil.example", phish, beforeTurn1.Add(time.Duration(i)*time.Minute),
			"CAMPAIGN riverlands PLAYER empire TURN 1 PASSWORD x"+fmt.Sprint(i)+"\r\n"+phish+"\r\n")
	}
	mailIn(t, dir, "own", "karl@reikland.example", "my orders", beforeTurn1.Add(time.Hour),
		"CAMPAIGN riverlands PLAYER empire TURN 1 PASSWORD Hunter2\r\nA1 MOVE E10\r\n")
	if code, out, stderr := run(t, afterTurn1, "run", "--dir", dir); code != exitOK {
		t.Fatalf("run: exit %d\n%s%s", code, out, stderr)
	}
	player, pages := pdfWords(t, filepath.Join(dir, "turns", "001", "reports", "empire.pdf"))
	if strings.Contains(player, "PHISH") || strings.Contains(player, "evil.example") {
		t.Errorf("the player's report shows words of mails refused")
	}
	if !strings.Contains(player, "40 mails naming you were refused: wrong password") {
		t.Errorf("the player's report does not count the mails refused:\n%s", player)
	}
	if pages > 6 {
		t.Errorf("the player's report has %d pages", pages)
	}
	moderator, pages := pdfWords(t, filepath.Join(dir, "turns", "001", "reports", "moderator.pdf"))
	if n := strings.Count(moderator, "URGENT-PHISH"); n != 30 || !strings.Contains(moderator, "… and 10 more: see intake.txt of the turn") {
		t.Errorf("the moderator's report quotes %d of the refused mails, want 30 and a count of the rest", n)
	}
	if pages > 12 {
		t.Errorf("the moderator's report has %d pages", pages)
	}
}
