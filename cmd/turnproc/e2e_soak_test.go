package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The soak test (docs/e2e.md) plays 20 turns of the example campaign
// through the real servers with scripted orders, checks after every turn
// that each player got exactly one acknowledgement per order mail and
// exactly one report mail, and at the end that the campaign's record is
// byte-identical to a twin that played the same mail offline (maildir
// intake, outbox delivery).

const soakTurns = 20

// soakOutposts is, for each player, the square next to his capital his
// armies go to and claim: far from every enemy, so that no battle ever
// stops a run.
var soakOutposts = map[string]string{"empire": "E10", "dwarfs": "R3", "orcs": "Q11", "chaos": "G2"}

// soakPlayerOrder is the order in which the players send their mails.
var soakPlayerOrder = []string{"empire", "dwarfs", "orcs", "chaos"}

func TestSoakTwentyTurns(t *testing.T) {
	start := time.Now()
	root, srv, bin, camp := startE2E(t)
	twin := soakTwin(t, camp, filepath.Join(root, "twin"))

	inbox := map[string]int{}           // mails in each player's INBOX so far
	ids := map[string]map[string]bool{} // their Message-IDs
	for _, user := range e2ePlayers {
		ids[user] = map[string]bool{}
	}
	moderator := 0 // order mails sent so far
	for turn := 1; turn <= soakTurns; turn++ {
		st := soakState(t, camp, turn)
		mails := soakOrderMails(st, turn)
		sent := map[string]int{}
		for i, m := range mails { // check took every earlier mail out of the INBOX
			if i > 0 && m.player == mails[i-1].player {
				// A second mail of the same player replaces the first:
				// it must arrive in a later second to count.
				time.Sleep(1100 * time.Millisecond)
			}
			srv.sendAs(t, e2ePlayers[m.player], m.raw)
			sent[e2ePlayers[m.player]]++
			moderator++
			if i+1 < len(mails) && mails[i+1].player == m.player {
				srv.waitForMail(t, e2eModerator, i+1)
			}
		}
		srv.waitForMail(t, e2eModerator, len(mails))

		// check fetches the orders and answers each mail exactly once.
		out := bin.run(t, "check", "--dir", camp)
		if want := fmt.Sprintf("Turn %d: %d new mails fetched, %d answered", turn, len(mails), len(mails)); !strings.HasPrefix(out, want) {
			t.Fatalf("turn %d: check: %q, want %q…", turn, out, want)
		}
		soakCopyToTwin(t, camp, twin, turn)
		if out := bin.run(t, "check", "--dir", twin); !strings.HasPrefix(out, fmt.Sprintf("Turn %d: %d new mails fetched, %d answered", turn, len(mails), len(mails))) {
			t.Fatalf("turn %d: twin check: %q", turn, out)
		}
		kinds := campaignMails(t, camp)
		answered := map[string]bool{}
		for user, got := range soakSettle(t, srv, inbox, sent) {
			for _, m := range got {
				r := soakInReplyTo(t, m.raw)
				if !slices.ContainsFunc(mails, func(o soakMail) bool { return e2ePlayers[o.player] == user && o.id == r }) {
					t.Errorf("turn %d: %s received an answer to %q, not to one of his mails", turn, user, r)
				}
				if answered[r] {
					t.Errorf("turn %d: %s received two answers to %s", turn, user, r)
				}
				answered[r] = true
				if kinds[m.messageID] != "ack" {
					t.Errorf("turn %d: %s received %s (%q), want only acknowledgements", turn, user, m.messageID, kinds[m.messageID])
				}
				if ids[user][m.messageID] {
					t.Errorf("turn %d: %s received %s twice", turn, user, m.messageID)
				}
				ids[user][m.messageID] = true
			}
		}

		// run resolves the turn and mails each player exactly one report:
		// that of this turn.
		out = bin.run(t, "run", "--early", "--dir", camp)
		if want := fmt.Sprintf("Turn %d of \"riverlands\" resolved: %d mails read, 4 players' orders accepted", turn, len(mails)); !strings.HasPrefix(out, want) {
			t.Fatalf("turn %d: run: %q, want %q…", turn, out, want)
		}
		if out := bin.run(t, "run", "--early", "--dir", twin); !strings.HasPrefix(out, fmt.Sprintf("Turn %d of \"riverlands\" resolved", turn)) {
			t.Fatalf("turn %d: twin run: %q", turn, out)
		}
		reports := soakReportIDs(t, camp, turn)
		one := map[string]int{}
		for _, user := range e2ePlayers {
			one[user] = 1
		}
		for user, got := range soakSettle(t, srv, inbox, one) {
			for _, m := range got {
				if m.messageID != reports[user] {
					t.Errorf("turn %d: %s received %s, want his report %s", turn, user, m.messageID, reports[user])
				}
				if ids[user][m.messageID] {
					t.Errorf("turn %d: %s received %s twice", turn, user, m.messageID)
				}
				ids[user][m.messageID] = true
			}
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	// No straggler arrives after the last turn: every mail came once.
	time.Sleep(500 * time.Millisecond) // a mail sent twice would be here by now (≈10 ms a mail)
	for user, n := range inbox {
		if got := srv.inboxCount(t, user); got != n {
			t.Errorf("%s's INBOX holds %d mails at the end, want %d", user, got, n)
		}
	}
	// Nothing is left to send, and the moderator's mailbox was emptied
	// into Processed.
	if out := bin.run(t, "deliver", "--dir", camp); out != "0 mails sent, 0 queued.\n" {
		t.Errorf("deliver after the last run: %q", out)
	}
	if n := srv.inboxCount(t, e2eModerator); n != 0 {
		t.Errorf("the moderator's INBOX still holds %d mails", n)
	}
	if n := srv.folderCount(t, e2eModerator, "Processed"); n != moderator {
		t.Errorf("the moderator's Processed holds %d mails, want the %d sent", n, moderator)
	}
	soakCompare(t, camp, twin)
	// The scripted orders did something: every outpost was claimed, and
	// the empire's second mails replaced his first.
	final := soakState(t, camp, soakTurns+1)
	for player, out := range soakOutposts {
		if !slices.ContainsFunc(final.Squares, func(sq soakSquare) bool { return sq.At == out && sq.Owner == player }) {
			t.Errorf("after %d turns %s does not own his outpost %s", soakTurns, player, out)
		}
	}
	for turn := 4; turn <= soakTurns; turn += 4 {
		intake := readTestFile(t, filepath.Join(camp, "turns", fmt.Sprintf("%03d", turn), "intake.txt"))
		if !strings.Contains(string(intake), "status: replaced") {
			t.Errorf("turn %d: the empire's first mail was not replaced:\n%s", turn, intake)
		}
	}
	t.Logf("soak: %d turns, %d order mails, %s from servers' start to the end", soakTurns, moderator, time.Since(start).Round(time.Millisecond))
}

// soakTwin copies the campaign just made by init into dir, reading its
// mail from a maildir and writing its mail to the outbox.
func soakTwin(t *testing.T, camp, dir string) string {
	t.Helper()
	for rel, data := range tree(t, camp) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(dir, rel), data)
	}
	for _, sub := range []string{"new", "cur", "tmp"} {
		if err := os.MkdirAll(filepath.Join(dir, "mailbox", sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cfg := string(readTestFile(t, filepath.Join(dir, "campaign.toml")))
	from := regexp.MustCompile(`(?m)^from = .*$`).FindString(cfg)
	i, j := strings.Index(cfg, "[intake]"), strings.Index(cfg, "[[players]]")
	if from == "" || i < 0 || j < i {
		t.Fatalf("the e2e campaign.toml changed shape: update soakTwin\n%s", cfg)
	}
	cfg = cfg[:i] + "[intake]\nkind = \"maildir\"\nmaildir = \"mailbox\"\n\n[delivery]\nkind = \"outbox\"\n" + from + "\n\n" + cfg[j:]
	writeTestFile(t, filepath.Join(dir, "campaign.toml"), []byte(cfg))
	return dir
}

// soakCopyToTwin delivers to the twin's maildir every mail the campaign
// fetched for the turn, byte for byte, dated at its arrival (a maildir
// mail arrives at its file's mtime).
func soakCopyToTwin(t *testing.T, camp, twin string, turn int) {
	t.Helper()
	dir := filepath.Join(camp, "inbox", fmt.Sprintf("%03d", turn))
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		stamp, _, _ := strings.Cut(e.Name(), "-")
		at, err := time.Parse(arrivalLayout, stamp)
		if err != nil || !e.Type().IsRegular() {
			continue
		}
		if exists(filepath.Join(twin, "inbox", fmt.Sprintf("%03d", turn), e.Name())) {
			continue
		}
		dst := filepath.Join(twin, "mailbox", "new", strings.TrimSuffix(e.Name(), ".eml")+".soak")
		writeTestFile(t, dst, readTestFile(t, filepath.Join(dir, e.Name())))
		if err := os.Chtimes(dst, at, at); err != nil {
			t.Fatal(err)
		}
	}
}

// soakStateFile is the little of a state file the scripted players read.
type soakStateFile struct {
	Players []struct {
		ID      string `json:"id"`
		Capital string `json:"capital"`
	} `json:"players"`
	Squares []soakSquare `json:"squares"`
	Armies  []struct {
		ID    string `json:"id"`
		Owner string `json:"owner"`
		At    string `json:"at"`
	} `json:"armies"`
}

func soakState(t *testing.T, camp string, turn int) *soakStateFile {
	t.Helper()
	var st soakStateFile
	if err := json.Unmarshal(readTestFile(t, filepath.Join(camp, "state", fmt.Sprintf("turn-%03d.json", turn))), &st); err != nil {
		t.Fatal(err)
	}
	return &st
}

type soakSquare struct {
	At    string `json:"at"`
	Owner string `json:"owner"`
}

// soakMail is one scripted order mail.
type soakMail struct {
	player string
	id     string // its Message-ID, without angle brackets
	raw    string
}

// soakOrderMails scripts the turn's order mails from the state before it:
// every army at its capital marches to the outpost; one at the outpost
// claims it if it is not his yet, else marches home. The dwarfs write in
// Spanish, the orcs send an empty order sheet every fifth turn, and every
// fourth turn the empire sends his orders twice (the second replaces the
// first).
func soakOrderMails(st *soakStateFile, turn int) []soakMail {
	owner := map[string]string{}
	for _, sq := range st.Squares {
		owner[sq.At] = sq.Owner
	}
	capital := map[string]string{}
	for _, p := range st.Players {
		capital[p.ID] = p.Capital
	}
	var mails []soakMail
	for _, player := range soakPlayerOrder {
		es := player == "dwarfs"
		move, claim, header := "MOVE", "CLAIM", "CAMPAIGN riverlands PLAYER %s TURN %d"
		if es {
			move, claim, header = "MOVER", "RECLAMAR", "CAMPAÑA riverlands JUGADOR %s TURNO %d"
		}
		lines := []string{fmt.Sprintf(header, player, turn)}
		if !(player == "orcs" && turn%5 == 0) {
			for _, a := range st.Armies {
				if a.Owner != player {
					continue
				}
				switch out := soakOutposts[player]; {
				case a.At == out && owner[out] != player:
					lines = append(lines, a.ID+" "+claim)
				case a.At == out:
					lines = append(lines, a.ID+" "+move+" "+capital[player])
				case a.At == capital[player]:
					lines = append(lines, a.ID+" "+move+" "+out)
				}
			}
		}
		if player == "chaos" && turn%3 == 0 {
			lines = append(lines, "INITIATIVE "+[]string{"LAST", "FIRST"}[turn%2])
		}
		end := "END"
		if es {
			end = "FIN"
		}
		lines = append(lines, end)
		copies := 1
		if player == "empire" && turn%4 == 0 {
			copies = 2
		}
		for k := 1; k <= copies; k++ {
			id := fmt.Sprintf("soak.t%d.%s.%d@%s", turn, player, k, e2eDomain)
			mails = append(mails, soakMail{player, id, soakMailText(player, turn, id, k, strings.Join(lines, "\n"))})
		}
	}
	return mails
}

// soakMailText wraps orders in a plain-text mail from the player.
func soakMailText(player string, turn int, id string, k int, orders string) string {
	user := e2ePlayers[player]
	date := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC).Add(time.Duration(turn*7*24) * time.Hour).Format(time.RFC1123Z)
	body := "Orders for turn " + fmt.Sprint(turn) + ".\n\n" + orders + "\n"
	if k > 1 {
		body = "Sent again: the same orders.\n\n" + orders + "\n"
	}
	return strings.ReplaceAll(fmt.Sprintf("Date: %s\nFrom: %s <%s@%s>\nTo: %s@%s\nSubject: Orders turn %d (%d)\n"+
		"Message-ID: <%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"+
		"Content-Transfer-Encoding: 8bit\n\n%s",
		date, player, user, e2eDomain, e2eModerator, e2eDomain, turn, k, id, body), "\n", "\r\n")
}

// soakSettle waits until each user's INBOX holds more[user] mails more
// than counted in inbox, checks the counts are exact, and returns the new
// mails (inbox is updated). It does not wait for stragglers: a mail sent
// twice shows up as one too many at the next settle, or at the test's end.
func soakSettle(t *testing.T, s *mailServers, inbox, more map[string]int) map[string][]fetchedMail {
	t.Helper()
	for user, n := range more {
		s.waitForMail(t, user, inbox[user]+n)
	}
	got := map[string][]fetchedMail{}
	for user, n := range more {
		got[user] = s.fetchInboxFrom(t, user, inbox[user]+1)
		if len(got[user]) != n {
			t.Errorf("%s's INBOX got %d new mails, want %d", user, len(got[user]), n)
		}
		inbox[user] += len(got[user])
	}
	return got
}

// soakInReplyTo is the Message-ID an answer answers, without brackets.
func soakInReplyTo(t *testing.T, raw []byte) string {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Trim(msg.Header.Get("In-Reply-To"), "<> ")
}

// soakReportIDs gives the Message-ID of each player's report mail of the
// turn, by his test mailbox.
func soakReportIDs(t *testing.T, camp string, turn int) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for player, user := range e2ePlayers {
		ids[user] = messageID(t, readTestFile(t, filepath.Join(camp, "turns", fmt.Sprintf("%03d", turn), "outbox", player+".eml")))
	}
	return ids
}

// soakCompare checks that the campaign's states and turn records are
// byte-identical to the twin's, but for the SMTP send records.
func soakCompare(t *testing.T, camp, twin string) {
	t.Helper()
	pick := func(dir string) map[string][]byte {
		files := map[string][]byte{}
		for rel, data := range tree(t, dir) {
			top, _, _ := strings.Cut(rel, string(filepath.Separator))
			sent := slices.Contains(strings.Split(rel, string(filepath.Separator)), "sent")
			if (top == "turns" || top == "state") && !sent {
				files[rel] = data
			}
		}
		return files
	}
	a, b := pick(camp), pick(twin)
	if a[fmt.Sprintf("state/turn-%03d.json", soakTurns+1)] == nil {
		t.Fatalf("no state/turn-%03d.json", soakTurns+1)
	}
	for _, want := range []string{"events.json", "orders/empire.txt", "reports/empire.pdf", "reports/moderator.pdf", "outbox/empire.eml"} {
		for turn := 1; turn <= soakTurns; turn++ {
			if rel := filepath.Join("turns", fmt.Sprintf("%03d", turn), want); a[rel] == nil {
				t.Errorf("no %s", rel)
			}
		}
	}
	var names []string
	for rel := range a {
		names = append(names, rel)
	}
	for rel := range b {
		if a[rel] == nil {
			names = append(names, rel)
		}
	}
	slices.Sort(names)
	differ := 0
	for _, rel := range names {
		switch x, y := a[rel], b[rel]; {
		case x == nil:
			t.Errorf("%s: only offline", rel)
		case y == nil:
			t.Errorf("%s: only online", rel)
		case string(x) != string(y):
			differ++
			t.Errorf("%s differs online and offline (%d and %d bytes)", rel, len(x), len(y))
		}
	}
	t.Logf("soak: %d files of state/ and turns/ compared, %d differ", len(names), differ)
}
