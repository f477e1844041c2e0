package main

import (
	"bytes"
	"io"
	"mime/quotedprintable"
	"net/mail"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func reminders(t *testing.T, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "inbox", "001", "reminders", "*.eml"))
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	return names
}

func TestRemindOncePerPlayer(t *testing.T) {
	dir := newCampaign(t)
	dropMail(t, dir, orcsFinal, orcsSent)
	code, out, stderr := run(t, tenHoursTo, "remind", "--dir", dir)
	want := "Turn 1: 3 players reminded (empire, dwarfs, chaos), 0 reminded before, in " + filepath.Join(dir, "inbox", "001", "reminders") + "\n"
	if code != exitOK || out != want {
		t.Fatalf("remind: exit %d\n%q\nwant %q\n%s", code, out, want, stderr)
	}
	if got := reminders(t, dir); !slices.Equal(got, []string{"chaos.eml", "dwarfs.eml", "empire.eml"}) {
		t.Errorf("reminders %v", got)
	}
	first := tree(t, dir)
	code, out, _ = run(t, tenHoursTo.Add(time.Hour), "remind", "--dir", dir)
	if want := "Turn 1: 0 players reminded, 3 reminded before (empire, dwarfs, chaos), in "; code != exitOK || !strings.HasPrefix(out, want) {
		t.Errorf("second remind: exit %d %q", code, out)
	}
	if again := tree(t, dir); len(again) != len(first) {
		t.Errorf("the second remind wrote files: %d before, %d after", len(first), len(again))
	}
	if _, out, _ := run(t, tenHoursTo, "status", "--dir", dir); !strings.Contains(out, "  dwarfs     belegar@karak.example    no orders yet, reminded\n") {
		t.Errorf("status does not show the reminder:\n%s", out)
	}
}

func TestRemindMailIsInThePlayersLanguage(t *testing.T) {
	dir := newCampaign(t)
	if code, _, stderr := run(t, tenHoursTo, "remind", "--dir", dir); code != exitOK {
		t.Fatalf("remind: exit %d: %s", code, stderr)
	}
	for player, want := range map[string]string{
		"dwarfs": "CAMPAÑA riverlands JUGADOR dwarfs TURNO 1",
		"empire": "CAMPAIGN riverlands PLAYER empire TURN 1",
	} {
		raw := readTestFile(t, filepath.Join(dir, "inbox", "001", "reminders", player+".eml"))
		msg, err := mail.ReadMessage(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if from := msg.Header.Get("From"); from != `"Riverlands turnproc" <turns@riverlands.example>` {
			t.Errorf("%s: From %q", player, from)
		}
		if date := msg.Header.Get("Date"); date != "Sun, 06 Dec 2026 10:00:00 +0000" {
			t.Errorf("%s: Date %q", player, date)
		}
		body, err := io.ReadAll(quotedprintable.NewReader(msg.Body))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(body), want) || !strings.Contains(string(body), "2026") {
			t.Errorf("%s: the body lacks %q and the deadline:\n%s", player, want, body)
		}
	}
}

func TestRemindOutsideTheWindow(t *testing.T) {
	dir := newCampaign(t)
	cases := []struct {
		name string
		now  time.Time
		args []string
		out  string
	}{
		{"too early", tenHoursTo.Add(-20 * time.Hour), nil,
			"Turn 1: the deadline (2026-12-06 20:00 UTC) is 30h0m0s away, outside the 24h window; no reminders yet.\n"},
		{"a narrower window", tenHoursTo, []string{"--hours", "6"},
			"Turn 1: the deadline (2026-12-06 20:00 UTC) is 10h0m0s away, outside the 6h window; no reminders yet.\n"},
		{"deadline passed", afterTurn1, nil,
			"Turn 1: the deadline (2026-12-06 20:00 UTC) has passed; no reminders: run the turn.\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, stderr := run(t, c.now, append([]string{"remind", "--dir", dir}, c.args...)...)
			if code != exitOK || out != c.out {
				t.Errorf("exit %d\n%q\nwant %q\n%s", code, out, c.out, stderr)
			}
			if _, err := os.Stat(filepath.Join(dir, "inbox", "001", "reminders")); err == nil {
				t.Error("reminders were written outside the window")
			}
		})
	}
	code, _, stderr := run(t, tenHoursTo, "remind", "--hours", "0", "--dir", dir)
	if want := "turnproc: error: remind: --hours 0: the window is a whole number of hours from 1 up\nhint: leave --hours out for the default of 24\n"; code != exitUsage || stderr != want {
		t.Errorf("--hours 0: exit %d %q", code, stderr)
	}
}
