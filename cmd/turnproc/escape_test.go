package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestHeaderEscapesNeverLogged: escape bytes and other control characters
// in a mail's header (raw, quoted, or hidden in an encoded word) would
// drive the moderator's terminal when he reads the log or intake.txt
// ("\x1b[2J" clears it); they never get there.
func TestHeaderEscapesNeverLogged(t *testing.T) {
	dir := newCampaign(t)
	const esc = "\x1b[2J\x1b]0;pwned\x07"
	froms := []string{
		"Grom" + esc + " <grom@blackcrag.example>",
		`"Grom` + esc + `" <grom@blackcrag.example>`,
		`"grom` + esc + `"@blackcrag.example`,
		"<grom" + esc + "@blackcrag.example>",
		"=?utf-8?q?Grom=1B[2J?= <grom@blackcrag.example>",
		"grom@blackcrag.example (" + esc + ")",
	}
	at := orcsSent
	for i, from := range froms {
		at = at.Add(time.Minute)
		dropMail(t, dir, fmt.Sprintf("From: %s\nTo: turns@riverlands.example\nSubject: orders%s =?utf-8?q?=1B]0;x=07?=\nDate: Fri, 04 Dec 2026 10:00:00 +0000\nMessage-ID: <m%d%s@blackcrag.example>\nX-Junk: %s\n\nCAMPAIGN riverlands PLAYER orcs TURN 1\nINITIATIVE LAST\n",
			from, esc, i, esc, esc), at)
	}
	for i, header := range []string{
		"X" + esc + "-Junk: v\nFrom: grom@blackcrag.example", // a malformed key
		" " + esc + "\nFrom: grom@blackcrag.example",         // a malformed first line
		"From: grom@blackcrag.example\nAuto-Submitted: auto-generated" + esc,
		"From: grom@blackcrag.example\nAuto-Submitted: auto-generated\x9b2J", // an 8-bit CSI
	} {
		at = at.Add(time.Minute)
		dropMail(t, dir, fmt.Sprintf("%s\nTo: turns@riverlands.example\nSubject: orders\nMessage-ID: <h%d@blackcrag.example>\n\nCAMPAIGN riverlands PLAYER orcs TURN 1\n", header, i), at)
		froms = append(froms, header)
	}
	_, checkOut, checkLog := run(t, at.Add(time.Minute), "--verbose", "check", "--dir", dir)
	_, statusOut, _ := run(t, at.Add(time.Minute), "status", "--dir", dir)
	_, runOut, runLog := run(t, afterTurn1, "--verbose", "run", "--dir", dir)
	intake := string(readTestFile(t, filepath.Join(dir, "turns", "001", "intake.txt")))
	for name, text := range map[string]string{"the check log": checkLog, "the run log": runLog, "intake.txt": intake,
		"check": checkOut, "run": runOut, "status": statusOut} {
		if i := strings.IndexFunc(text, func(r rune) bool { return r < ' ' && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 }); i >= 0 || !utf8.ValidString(text) {
			t.Errorf("%s holds a control character at %d:\n%q", name, i, text)
		}
	}
	if strings.Count(intake, "\n  status: ") != len(froms) {
		t.Errorf("intake.txt does not list the %d mails:\n%s", len(froms), intake)
	}
}
