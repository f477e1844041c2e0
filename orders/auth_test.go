package orders

import (
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// hashOf makes a bcrypt hash at the cheapest cost, as the tests need no
// protection.
func hashOf(t testing.TB, password string) string {
	t.Helper()
	h, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	return string(h)
}

// passwordWindow is riverlands turn 1 where the empire ("Hunter2") and
// the dwarfs ("barak-varr") have passwords and the orcs and chaos are
// known by their address only.
func passwordWindow(t testing.TB) Window {
	creds := map[string]Credentials{
		"empire": {Email: "karl@reikland.example", PasswordHash: hashOf(t, "Hunter2")},
		"dwarfs": {Email: " belegar@karak.example ", PasswordHash: hashOf(t, "barak-varr")},
		"orcs":   {Email: "grom@blackcrag.example"},
		"chaos":  {Email: "archaon@ruinfort.example"},
	}
	w := riverlandsWindow(t)
	w.Player = func(id string) (Credentials, bool) { c, ok := creds[id]; return c, ok }
	return w
}

const (
	empireHeader = "CAMPAIGN riverlands PLAYER empire TURN 1"
	noPassword   = `the orders of player "empire" need his password: add PASSWORD <your password> to the header line`
	wrongEmpire  = `the password for player "empire" is wrong`
)

func TestCollectPassword(t *testing.T) {
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name, from, text string
		checkFrom        bool
		status           Status
		reason           string
	}{
		{"right password", "karl@reikland.example", empireHeader + " PASSWORD Hunter2", false, StatusAccepted, ""},
		{"right password, any address", "karl.franz@webmail.example", empireHeader + " PASSWORD Hunter2", false, StatusAccepted, ""},
		{"password before the turn", "karl@reikland.example", "CAMPAIGN riverlands PLAYER empire PASSWORD Hunter2 TURN 1", false, StatusAccepted, ""},
		{"CLAVE", "belegar@karak.example", "CAMPAÑA riverlands JUGADOR dwarfs TURNO 1 CLAVE barak-varr", false, StatusAccepted, ""},
		{"CONTRASEÑA", "belegar@karak.example", "CAMPAÑA riverlands JUGADOR dwarfs TURNO 1 CONTRASEÑA barak-varr", false, StatusAccepted, ""},
		{"contrasena, lower case and unaccented", "belegar@karak.example", "campaña riverlands jugador dwarfs turno 1 contrasena barak-varr", false, StatusAccepted, ""},
		{"wrong password", "karl@reikland.example", empireHeader + " PASSWORD hunter2", false, StatusRejected, wrongEmpire},
		{"wrong password in Spanish", "belegar@karak.example", "CAMPAÑA riverlands JUGADOR dwarfs TURNO 1 CLAVE Barak-Varr", false, StatusRejected, `the password for player "dwarfs" is wrong`},
		{"another player's password", "karl@reikland.example", empireHeader + " PASSWORD barak-varr", false, StatusRejected, wrongEmpire},
		{"missing password, right address", "karl@reikland.example", empireHeader, false, StatusRejected, noPassword},
		{"missing password in Spanish", "belegar@karak.example", "CAMPAÑA riverlands JUGADOR dwarfs TURNO 1", false, StatusRejected,
			`the orders of player "dwarfs" need his password: add PASSWORD <your password> to the header line`},
		{"password word without value", "karl@reikland.example", empireHeader + " PASSWORD", false, StatusRejected,
			"line 1: PASSWORD has no value in the header line; hint: write the header as " + headerForm},
		{"password before CAMPAIGN is no header", "karl@reikland.example", "PASSWORD Hunter2 " + empireHeader, false, StatusRejected,
			"no header line: start the orders with " + headerForm},
		{"no password needed without a hash", "grom@blackcrag.example", "CAMPAIGN riverlands PLAYER orcs TURN 1", false, StatusAccepted, ""},
		{"a password is no key without a hash", "grom@orc.example", "CAMPAIGN riverlands PLAYER orcs TURN 1 PASSWORD waaagh", false, StatusRejected,
			`the mail comes from grom@orc.example, which is not the address of player "orcs"`},
		{"check_from: password and address", "Karl <KARL@Reikland.example>", empireHeader + " PASSWORD Hunter2", true, StatusAccepted, ""},
		{"check_from: address trimmed", "belegar@karak.example", "CAMPAÑA riverlands JUGADOR dwarfs TURNO 1 CLAVE barak-varr", true, StatusAccepted, ""},
		{"check_from: password from another address", "karl.franz@webmail.example", empireHeader + " PASSWORD Hunter2", true, StatusRejected,
			`the mail comes from karl.franz@webmail.example, which is not the address of player "empire"`},
		{"check_from: the address without the password", "karl@reikland.example", empireHeader, true, StatusRejected, noPassword},
		{"check_from: wrong password from the address", "karl@reikland.example", empireHeader + " PASSWORD x", true, StatusRejected, wrongEmpire},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := passwordWindow(t)
			w.CheckFrom = tt.checkFrom
			in := Collect([]Received{{Name: "m", Raw: orderMail(tt.from, at, tt.text+"\r\nA1 MOVE E10\r\n"), At: at}}, w)
			r := in.Receipts[0]
			if r.Status != tt.status || r.Reason != tt.reason {
				t.Errorf("%s %q\nwant %s %q", r.Status, r.Reason, tt.status, tt.reason)
			}
			if _, ok := in.Accepted[r.Player]; ok != (tt.status == StatusAccepted) {
				t.Errorf("accepted sets %v", in.Accepted)
			}
			if strings.Contains(r.Reason, "karl@reikland.example") || strings.Contains(r.Reason, "belegar@karak.example") {
				t.Errorf("the reason names the player's address: %q", r.Reason)
			}
		})
	}
}

// TestPasswordNeverShown: the echo of a sheet, and every reason of a
// receipt, leave the password out, right or wrong.
func TestPasswordNeverShown(t *testing.T) {
	const secret = "Sw0rdf1sh-of-Sigmar"
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	texts := []string{
		empireHeader + " PASSWORD " + secret + "\nA1 MOVE E10",
		"CAMPAÑA riverlands JUGADOR empire CLAVE " + secret + " TURNO 1\nA1 MOVER E10",
		"CAMPAIGN riverlands PLAYER empire CONTRASEÑA " + secret + " TURN one\nA1 MOVE E10", // a bad header
		"CAMPAIGN riverlands PLAYER empire PASSWORD " + secret + "\nA1 MOVE E10",            // no TURN
		empireHeader + " PASSWORD " + secret + "x\nA1 MOVE E10",                             // wrong
		"CAMPAIGN riverlands PLAYER orcs TURN 1 PASSWORD " + secret + "\nA1 MOVE E10",       // from the wrong address
	}
	var mails []Received
	for i, text := range texts {
		s := Parse(text, riverlands(t))
		if s.Password == "" || !strings.HasPrefix(s.Password, secret) {
			t.Errorf("text %d: Password = %q", i, s.Password)
		}
		for _, e := range s.Echo() {
			if strings.Contains(e.Text, secret) {
				t.Errorf("text %d: the echo shows the password: %q", i, e)
			}
		}
		for _, p := range s.Problems {
			if strings.Contains(p.String(), secret) {
				t.Errorf("text %d: a problem shows the password: %q", i, p)
			}
		}
		mails = append(mails, Received{Name: string(rune('a' + i)), Raw: orderMail("karl@reikland.example", at, text), At: at.Add(time.Duration(i) * time.Second)})
	}
	for _, r := range Collect(mails, passwordWindow(t)).Receipts {
		if strings.Contains(r.Reason, secret) {
			t.Errorf("%s: the reason shows the password: %q", r.Name, r.Reason)
		}
	}
}

// TestPasswordCache: bcrypt runs once per player and password in one
// Collect. Timing-free: Player hands out the right hash at its first call
// only and a wrong (or broken) one after; every mail with the password is
// still accepted, so only the first lookup's hash was compared. A new
// Collect compares afresh.
func TestPasswordCache(t *testing.T) {
	right, other := hashOf(t, "Hunter2"), hashOf(t, "something else")
	for _, later := range []string{other, "not a bcrypt hash"} {
		calls := 0
		w := riverlandsWindow(t)
		w.Player = func(id string) (Credentials, bool) {
			calls++
			if calls == 1 {
				return Credentials{Email: "karl@reikland.example", PasswordHash: right}, true
			}
			return Credentials{Email: "karl@reikland.example", PasswordHash: later}, true
		}
		const n = 50
		base := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
		var mails []Received
		for i := range n {
			at := base.Add(time.Duration(i) * time.Minute)
			mails = append(mails, Received{Name: at.Format("150405"), Raw: orderMail("karl@reikland.example", at, empireHeader+" PASSWORD Hunter2\nA1 MOVE E10\n"), At: at})
		}
		// A password not seen before is compared with the hash of the day.
		last := base.Add(n * time.Minute)
		mails = append(mails, Received{Name: "wrong", Raw: orderMail("karl@reikland.example", last, empireHeader+" PASSWORD Hunter3\nA1 MOVE E10\n"), At: last})

		in := Collect(mails, w)
		if calls < 2 {
			t.Fatalf("Player called %d times: the later hash was never handed out", calls)
		}
		for i, r := range in.Receipts[:n] {
			want := StatusReplaced
			if i == n-1 {
				want = StatusAccepted
			}
			if r.Status != want {
				t.Errorf("mail %d: %s %q, want %s (the verdict of the first comparison)", i, r.Status, r.Reason, want)
			}
		}
		if r := in.Receipts[n]; r.Status != StatusRejected || r.Reason != wrongEmpire {
			t.Errorf("new password: %s %q, want rejected %q", r.Status, r.Reason, wrongEmpire)
		}

		// Nothing is remembered from one Collect to the next.
		in = Collect(mails[:1], w)
		if r := in.Receipts[0]; r.Status != StatusRejected || r.Reason != wrongEmpire {
			t.Errorf("second Collect: %s %q, want rejected %q", r.Status, r.Reason, wrongEmpire)
		}
	}
}

// TestPasswordCacheKeysByPlayer: two players with the same password are
// two comparisons, each against his own hash.
func TestPasswordCacheKeysByPlayer(t *testing.T) {
	creds := map[string]Credentials{
		"empire": {Email: "karl@reikland.example", PasswordHash: hashOf(t, "shared")},
		"dwarfs": {Email: "belegar@karak.example", PasswordHash: hashOf(t, "not shared")},
	}
	w := riverlandsWindow(t)
	w.Player = func(id string) (Credentials, bool) { c, ok := creds[id]; return c, ok }
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	in := Collect([]Received{
		{Name: "1", Raw: orderMail("karl@reikland.example", at, empireHeader+" PASSWORD shared\n"), At: at},
		{Name: "2", Raw: orderMail("belegar@karak.example", at, "CAMPAIGN riverlands PLAYER dwarfs TURN 1 PASSWORD shared\n"), At: at.Add(time.Second)},
	}, w)
	checkReceipts(t, in, []receiptSummary{
		{"1", "karl@reikland.example", "empire", StatusAccepted, ""},
		{"2", "belegar@karak.example", "dwarfs", StatusRejected, `the password for player "dwarfs" is wrong`},
	})
}

// TestCollectLate: the deadline is the last instant that counts; a mail
// of the player's arriving after it is late, kept and answered, and does
// not replace his mail that arrived in time. Lateness is checked after
// authentication: someone else's late mail is still rejected.
func TestCollectLate(t *testing.T) {
	deadline := time.Date(2026, 12, 6, 20, 0, 0, 0, time.UTC)
	w := passwordWindow(t)
	w.Deadline = deadline
	orcs := "CAMPAIGN riverlands PLAYER orcs TURN 1\nA5 MOVE P10\n"
	empire := empireHeader + " PASSWORD Hunter2\nA1 MOVE E10\n"
	// The Date headers lie both ways: arrival alone decides.
	mails := []Received{
		{Name: "a-orcs-in-time", Raw: orderMail("grom@blackcrag.example", deadline.Add(time.Hour), orcs), At: deadline.Add(-time.Hour)},
		{Name: "b-orcs-at-deadline", Raw: orderMail("grom@blackcrag.example", deadline.Add(time.Hour), orcs), At: deadline},
		{Name: "c-orcs-one-second-late", Raw: orderMail("grom@blackcrag.example", deadline.Add(-time.Hour), orcs), At: deadline.Add(time.Second)},
		{Name: "d-empire-late", Raw: orderMail("karl@reikland.example", deadline, empire), At: deadline.Add(26*time.Hour + 30*time.Minute)},
		{Name: "e-impostor-late", Raw: orderMail("grom@blackcrag.example", deadline, "CAMPAIGN riverlands PLAYER chaos TURN 1\n"), At: deadline.Add(time.Minute)},
		{Name: "f-wrong-password-late", Raw: orderMail("karl@reikland.example", deadline, empireHeader+" PASSWORD nope\n"), At: deadline.Add(time.Minute)},
		{Name: "g-bounce-late", Raw: orderMail("MAILER-DAEMON@riverlands.example", deadline, "undeliverable"), At: deadline.Add(time.Minute)},
	}
	in := Collect(mails, w)
	checkReceipts(t, in, []receiptSummary{
		{"a-orcs-in-time", "grom@blackcrag.example", "orcs", StatusReplaced, "replaced by the later mail b-orcs-at-deadline"},
		{"b-orcs-at-deadline", "grom@blackcrag.example", "orcs", StatusAccepted, ""},
		{"c-orcs-one-second-late", "grom@blackcrag.example", "orcs", StatusLate,
			"it arrived at 2026-12-06 20:00:01 UTC, after the deadline of turn 1 (2026-12-06 20:00:00 UTC): it is kept but not applied"},
		{"e-impostor-late", "grom@blackcrag.example", "chaos", StatusRejected, `the mail comes from grom@blackcrag.example, which is not the address of player "chaos"`},
		{"f-wrong-password-late", "karl@reikland.example", "empire", StatusRejected, wrongEmpire},
		{"g-bounce-late", "mailer-daemon@riverlands.example", "", StatusIgnored, "sent by a mail server (MAILER-DAEMON)"},
		{"d-empire-late", "karl@reikland.example", "empire", StatusLate,
			"it arrived at 2026-12-07 22:30:00 UTC, after the deadline of turn 1 (2026-12-06 20:00:00 UTC): it is kept but not applied"},
	})
	if len(in.Accepted) != 1 || in.Accepted["orcs"] != in.Receipts[1].Sheet {
		t.Errorf("accepted %v, want the orcs' mail that arrived at the deadline", in.Accepted)
	}
	for _, r := range in.Receipts {
		if r.Status == StatusLate && (r.Sheet == nil || len(r.Sheet.Echo()) < 2) {
			t.Errorf("%s: a late mail keeps its parsed orders for the answer", r.Name)
		}
	}

	// Deadline in another zone: the reason speaks UTC.
	w.Deadline = deadline.In(time.FixedZone("CET", 3600))
	in = Collect(mails[2:3], w)
	if r := in.Receipts[0]; r.Status != StatusLate || !strings.Contains(r.Reason, "(2026-12-06 20:00:00 UTC)") {
		t.Errorf("%s %q", r.Status, r.Reason)
	}

	// No deadline: nothing is late.
	w.Deadline = time.Time{}
	in = Collect(mails[3:4], w)
	if r := in.Receipts[0]; r.Status != StatusAccepted {
		t.Errorf("no deadline: %s %q", r.Status, r.Reason)
	}
}

// TestCollectOurselves: a mail from turnproc's own address (a report that
// came back, a loop through a forwarder) is never answered, even when it
// holds valid orders.
func TestCollectOurselves(t *testing.T) {
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	w := riverlandsWindow(t)
	w.Ourselves = "turns@riverlands.example"
	report := "Report of turn 1\r\n\r\nCAMPAIGN riverlands PLAYER orcs TURN 1\r\nA5 MOVE P10\r\n"
	in := Collect([]Received{
		{Name: "1", Raw: orderMail("Riverlands turnproc <TURNS@riverlands.example>", at, report), At: at},
		{Name: "2", Raw: orderMail("turns@riverlands.example", at, report, "Auto-Submitted: auto-generated"), At: at.Add(time.Second)},
		{Name: "3", Raw: orderMail("turns+bounce@riverlands.example", at, report), At: at.Add(2 * time.Second)},
	}, w)
	checkReceipts(t, in, []receiptSummary{
		{"1", "turns@riverlands.example", "", StatusIgnored, "sent by turnproc itself"},
		{"2", "turns@riverlands.example", "", StatusIgnored, "Auto-Submitted: auto-generated"},
		// Not our address: an ordinary stranger's mail.
		{"3", "turns+bounce@riverlands.example", "orcs", StatusRejected, `the mail comes from turns+bounce@riverlands.example, which is not the address of player "orcs"`},
	})
	if len(in.Accepted) != 0 {
		t.Errorf("accepted %v", in.Accepted)
	}
}
