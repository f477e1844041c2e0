package main

import (
	"bytes"
	"fmt"
	"io"
	"mime/quotedprintable"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// TestMailCommands sends each mail command through the intake path of
// "turnproc check", after the demo's two turns: the answers
// attach the report asked for or say which turns were played, attach the
// map, show the stored orders, mark them final; an unknown command is
// answered with the list; a wrong password gets nothing but the refusal;
// a reply to the report with PASSWORD on a line of its own is the
// player's.
func TestMailCommands(t *testing.T) {
	demo := filepath.Join(t.TempDir(), "demo")
	if code, _, stderr := run(t, afterTurn1, "demo", "--out", demo); code != exitOK {
		t.Fatal(stderr)
	}
	hash, err := bcrypt.GenerateFromPassword([]byte("barak-varr"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(demo, "campaign.toml")
	writeTestFile(t, cfg, bytes.Replace(readTestFile(t, cfg), []byte(`id = "dwarfs"`), []byte(`id = "dwarfs"`+"\npassword_hash = \""+string(hash)+"\""), 1))

	at := time.Date(2026, 12, 14, 9, 0, 0, 0, time.UTC) // turn 3 runs on 20 December
	send := func(id, from, body string) {
		at = at.Add(time.Minute)
		dropMail(t, demo, fmt.Sprintf("From: %s\nTo: turns@riverlands.example\nSubject: requests\nDate: %s\nMessage-ID: <%s@players.example>\n\n%s",
			from, at.Format(time.RFC1123Z), id, body), at)
	}
	karl, belegar := "Karl <karl@reikland.example>", "Belegar <belegar@karak.example>"
	send("report", karl, "CAMPAIGN riverlands PLAYER empire TURN 3\nSEND REPORT\nSEND REPORT TURN 1\nSEND REPORT TURN 9\n")
	send("none-yet", karl, "CAMPAIGN riverlands PLAYER empire TURN 3\nSHOW ORDERS\n")
	if code, out, stderr := run(t, at.Add(time.Minute), "check", "--dir", demo); code != exitOK {
		t.Fatalf("check: %s%s", out, stderr)
	}
	send("orders", karl, "CAMPAIGN riverlands PLAYER empire TURN 3\nA1 MOVE E9\n")
	send("show", karl, "CAMPAIGN riverlands PLAYER empire TURN 3\nSHOW ORDERS\nFINAL\nSEND ARMIES\nHELP\n")
	send("wrong-password", belegar, "CAMPAÑA riverlands JUGADOR dwarfs TURNO 3 CLAVE khazad\nENVIAR MAPA\n")
	send("map", belegar, "ENVIAR MAPA\nCLAVE barak-varr\n\nEl domingo, turnproc escribió:\n> CAMPAÑA riverlands JUGADOR dwarfs TURNO 3 CLAVE ????\n> FIN\n> # turnproc order form: riverlands dwarfs 3\n")
	if code, out, stderr := run(t, at.Add(time.Hour), "check", "--dir", demo); code != exitOK {
		t.Fatalf("check: %s%s", out, stderr)
	}
	replies := repliesByParent(t, filepath.Join(demo, "inbox", "003", "replies"))

	report := replies["report"]
	for _, want := range []string{"line 2: your report of turn 2 is attached (riverlands-turn-002-empire.pdf).",
		"line 3: your report of turn 1 is attached (riverlands-turn-001-empire.pdf).",
		"line 4: turn 9 has no report: the turns played are 1 to 2."} {
		if !strings.Contains(report.body, want) {
			t.Errorf("report answer lacks %q:\n%s", want, report.body)
		}
	}
	if pdf := mailPart(t, report.raw, "application/pdf"); !bytes.Equal(pdf, readTestFile(t, filepath.Join(demo, "turns", "002", "reports", "empire.pdf"))) {
		t.Error("the report attached is not the one of turn 2")
	}
	if !strings.Contains(replies["none-yet"].body, "line 2: you have sent no orders for turn 3 yet.") {
		t.Errorf("SHOW ORDERS before any:\n%s", replies["none-yet"].body)
	}
	show := replies["show"].body
	for _, want := range []string{"line 2: your orders for turn 3 as they stand:", "A1 MOVE E9",
		"your orders for turn 3 are marked final", `unknown command "SEND ARMIES"`, "the commands are SEND REPORT",
		"line 5: the commands, each on a line of its own"} {
		if !strings.Contains(show, want) {
			t.Errorf("SHOW ORDERS answer lacks %q:\n%s", want, show)
		}
	}
	if wrong := replies["wrong-password"].body; !strings.Contains(wrong, `the password for player "dwarfs" is wrong`) || strings.Contains(wrong, "mapa tal como") {
		t.Errorf("a wrong password:\n%s", wrong)
	}
	m := replies["map"]
	if !strings.Contains(m.body, "línea 1: te adjuntamos el mapa tal como está (riverlands-map-turn-002.pdf, riverlands-map-turn-002.png).") ||
		!bytes.HasPrefix(mailPart(t, m.raw, "application/pdf"), []byte("%PDF-")) || !bytes.HasPrefix(mailPart(t, m.raw, "image/png"), []byte("\x89PNG")) {
		t.Errorf("ENVIAR MAPA in a reply:\n%s", m.body)
	}
	code, out, _ := run(t, at.Add(time.Hour), "status", "--json", "--dir", demo)
	if code != exitOK || !strings.Contains(out, `"final": true`) {
		t.Errorf("status after FINAL: %s", out)
	}
	if orders := readTestFile(t, filepath.Join(demo, "inbox", "003", "replies", replies["orders"].name)); len(orders) == 0 {
		t.Error("the orders mail was not answered")
	}

	// A report pruned from the archive is said missing, the rest answered;
	// FINAL from a player with no orders says what it stands for.
	if err := os.Remove(filepath.Join(demo, "turns", "001", "reports", "empire.pdf")); err != nil {
		t.Fatal(err)
	}
	send("report-gone", karl, "CAMPAIGN riverlands PLAYER empire TURN 3\nSEND REPORT TURN 1\nSHOW ORDERS\n")
	send("orcs-final", "Grom <grom@blackcrag.example>", "CAMPAIGN riverlands PLAYER orcs TURN 3\nFINAL\n")
	if code, out, stderr := run(t, at.Add(time.Hour), "check", "--dir", demo); code != exitOK {
		t.Fatalf("check: %s%s", out, stderr)
	}
	replies = repliesByParent(t, filepath.Join(demo, "inbox", "003", "replies"))
	if gone := replies["report-gone"].body; !strings.Contains(gone, "line 2: the report of turn 1 is no longer in the archive: ask the moderator.") ||
		!strings.Contains(gone, "    A1 MOVE E9") || !strings.Contains(gone, "    FINAL") {
		t.Errorf("a pruned report:\n%s", gone)
	}
	if final := replies["orcs-final"].body; !strings.Contains(final, `line 2: you had sent no orders for turn 3: FINAL makes "no orders" your final word.`) {
		t.Errorf("FINAL with no orders:\n%s", final)
	}
}

type reply struct {
	name, body string
	raw        []byte
}

// repliesByParent reads the answers in a replies folder, by the id of
// the mail each answers (In-Reply-To <id@players.example>).
func repliesByParent(t *testing.T, dir string) map[string]reply {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.eml"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]reply{}
	for _, f := range files {
		raw := readTestFile(t, f)
		msg, err := mail.ReadMessage(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		id := strings.TrimSuffix(strings.Trim(msg.Header.Get("In-Reply-To"), "<>"), "@players.example")
		body := string(mailPart(t, raw, "text/plain"))
		if body == "" { // a single-part answer
			var b bytes.Buffer
			b.ReadFrom(msg.Body)
			body = decodeQP(t, b.String())
		}
		out[id] = reply{name: filepath.Base(f), body: body, raw: raw}
	}
	return out
}

func decodeQP(t *testing.T, s string) string {
	t.Helper()
	b, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(s)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
