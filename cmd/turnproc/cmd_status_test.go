package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// dropMail delivers a mail into the campaign's maildir, arriving at at.
func dropMail(t *testing.T, dir, raw string, at time.Time) {
	t.Helper()
	deliverAt(t, dir, []byte(strings.ReplaceAll(raw, "\n", "\r\n")), "test-"+at.Format(arrivalLayout), at)
}

// deliverAt puts raw into the campaign's maildir under name, with its
// file dated at (the arrival time the intake reads).
func deliverAt(t *testing.T, dir string, raw []byte, name string, at time.Time) {
	t.Helper()
	c, err := openCampaign(dir)
	if err != nil {
		t.Fatal(err)
	}
	md, err := c.maildir()
	if err != nil {
		t.Fatal(err)
	}
	file, err := md.Deliver(raw, name)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(md.Dir(), "new", file), at, at); err != nil {
		t.Fatal(err)
	}
}

const orcsFinal = `From: Grom <grom@blackcrag.example>
To: turns@riverlands.example
Subject: orders
Date: Fri, 04 Dec 2026 10:00:00 +0000
Message-ID: <orcs-final@blackcrag.example>

CAMPAIGN riverlands PLAYER orcs TURN 1
INITIATIVE LAST
FINAL
`

var (
	orcsSent   = time.Date(2026, 12, 4, 10, 0, 0, 0, time.UTC)
	tenHoursTo = time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC) // turn 1's deadline is 2026-12-06 20:00 UTC
)

func TestStatusText(t *testing.T) {
	dir := newCampaign(t)
	dropMail(t, dir, orcsFinal, orcsSent)
	// Mail still in the mailbox is counted, not read: its orders show once
	// check (or run) has fetched it.
	header := `The Riverlands Campaign (riverlands)
Turn 1: year 1, spring, turn 1 of the season
Deadline: 2026-12-06 20:00 UTC (in 10h0m0s)
`
	for _, c := range []struct{ before, want string }{
		{"", header + `Orders (0 mails received, 1 waiting in the mailbox):
  empire     karl@reikland.example    no orders yet
  dwarfs     belegar@karak.example    no orders yet
  orcs       grom@blackcrag.example   no orders yet
  chaos      archaon@ruinfort.example no orders yet
`},
		{"check", header + `Orders (1 mails received, 0 waiting in the mailbox):
  empire     karl@reikland.example    no orders yet
  dwarfs     belegar@karak.example    no orders yet
  orcs       grom@blackcrag.example   0 orders, 0 problems, arrived 2026-12-04 10:00 UTC, final
  chaos      archaon@ruinfort.example no orders yet
`},
	} {
		if c.before != "" {
			if code, _, stderr := run(t, tenHoursTo, c.before, "--dir", dir); code != exitOK {
				t.Fatalf("%s: exit %d: %s", c.before, code, stderr)
			}
		}
		code, out, stderr := run(t, tenHoursTo, "status", "--dir", dir)
		if code != exitOK {
			t.Fatalf("status: exit %d: %s", code, stderr)
		}
		if out != c.want {
			t.Errorf("status after %q:\n%s\nwant:\n%s", c.before, out, c.want)
		}
	}
}

func TestStatusJSON(t *testing.T) {
	dir := newCampaign(t)
	dropMail(t, dir, orcsFinal, orcsSent)
	if code, _, stderr := run(t, tenHoursTo, "check", "--dir", dir); code != exitOK {
		t.Fatalf("check: exit %d: %s", code, stderr)
	}
	code, out, stderr := run(t, tenHoursTo, "status", "--json", "--dir", dir)
	if code != exitOK {
		t.Fatalf("status --json: exit %d: %s", code, stderr)
	}
	want := `{
  "campaign": "riverlands",
  "title": "The Riverlands Campaign",
  "turn": 1,
  "calendar": {
    "year": 1,
    "season": "spring",
    "turn_of_season": 1
  },
  "deadline": "2026-12-06T20:00:00Z",
  "seconds_left": 36000,
  "mails": {
    "received": 1,
    "waiting": 0,
    "not_read": [],
    "unanswered": 0,
    "oversize": 0,
    "oversize_in": "` + filepath.Join(dir, "mailbox", "oversize") + `"
  },
  "players": [
    {
      "id": "empire",
      "email": "karl@reikland.example",
      "orders": false,
      "order_count": 0,
      "problems": 0,
      "final": false,
      "reminded": false,
      "wrong_passwords": 0,
      "warned": false
    },
    {
      "id": "dwarfs",
      "email": "belegar@karak.example",
      "orders": false,
      "order_count": 0,
      "problems": 0,
      "final": false,
      "reminded": false,
      "wrong_passwords": 0,
      "warned": false
    },
    {
      "id": "orcs",
      "email": "grom@blackcrag.example",
      "orders": true,
      "arrived": "2026-12-04T10:00:00Z",
      "order_count": 0,
      "problems": 0,
      "final": true,
      "reminded": false,
      "wrong_passwords": 0,
      "warned": false
    },
    {
      "id": "chaos",
      "email": "archaon@ruinfort.example",
      "orders": false,
      "order_count": 0,
      "problems": 0,
      "final": false,
      "reminded": false,
      "wrong_passwords": 0,
      "warned": false
    }
  ],
  "battles": [],
  "report_mails": null,
  "smtp": null,
  "exposed": []
}
`
	if out != want {
		t.Errorf("status --json:\n%s\nwant:\n%s", out, want)
	}
}

// TestStatusJSONBattlesAndReports checks the parts a played turn adds:
// the battles awaiting results and the report mails.
func TestStatusJSONBattlesAndReports(t *testing.T) {
	type status struct {
		Turn        int `json:"turn"`
		ReportMails *struct {
			Turn, Count      int
			Folder, Delivery string
		} `json:"report_mails"`
		Battles []struct {
			ID, Kind, At, Attacker, Defender string
			Result                           *struct{ Winner string }
		} `json:"battles"`
	}
	statusOf := func(dir string) status {
		code, out, stderr := run(t, afterTurn1, "status", "--json", "--dir", dir)
		var st status
		if err := json.Unmarshal([]byte(out), &st); code != exitOK || err != nil {
			t.Fatalf("status --json: exit %d, %v: %s%s", code, err, out, stderr)
		}
		return st
	}
	st := statusOf(withPendingBattle(t))
	if len(st.Battles) != 1 || st.Battles[0].ID != "B0-1" || st.Battles[0].Kind != "siege" || st.Battles[0].At != "P11" ||
		st.Battles[0].Attacker != "empire" || st.Battles[0].Defender != "orcs" || st.Battles[0].Result != nil || st.ReportMails != nil {
		t.Errorf("battles: %+v", st)
	}
	dir := newCampaign(t)
	if code, _, stderr := run(t, afterTurn1, "run", "--dir", dir); code != exitOK {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	st = statusOf(dir)
	if r := st.ReportMails; st.Turn != 2 || r == nil || r.Turn != 1 || r.Count != 4 || r.Delivery != "outbox" ||
		r.Folder != filepath.Join(dir, "turns", "001", "outbox") {
		t.Errorf("report mails: %+v", st)
	}
}
