package reports

import (
	"bytes"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

func testReminder(lang string) Notice {
	return Notice{Kind: NoticeReminder, Campaign: "testlands", Title: "The Testlands Campaign", Turn: 1, Player: "dwarfs", Lang: lang,
		From:   mail.Address{Name: "Testlands turnproc", Address: "turns@testlands.example"},
		To:     mail.Address{Name: "Belegar Ironhammer", Address: "belegar@karak.example"},
		Domain: "turnproc", Date: generated, Deadline: deadline}
}

func TestComposeNotice(t *testing.T) {
	tests := []struct {
		lang, subject string
		body          []string
	}{
		{"en", "[The Testlands Campaign] Turn 1 — spring of year 1: no orders from you yet",
			[]string{"Hello Belegar Ironhammer,", "The deadline is Sunday 13 December 2026, 20:00 UTC.",
				"CAMPAIGN testlands PLAYER dwarfs TURN 1"}},
		{"es", "[The Testlands Campaign] Turno 1 — primavera del año 1: aún no tenemos tus órdenes",
			[]string{"Hola, Belegar Ironhammer:", "el domingo, 13 de diciembre de 2026, a las 20:00 (UTC).",
				"CAMPAÑA testlands JUGADOR dwarfs TURNO 1"}},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			r := testReminder(tc.lang)
			eml, err := ComposeNotice(r)
			if err != nil {
				t.Fatal(err)
			}
			if again, err := ComposeNotice(r); err != nil || !bytes.Equal(eml, again) {
				t.Fatalf("two compositions differ (err %v)", err)
			}
			msg, err := mail.ReadMessage(bytes.NewReader(eml))
			if err != nil {
				t.Fatal(err)
			}
			h := msg.Header
			if subject, err := new(mime.WordDecoder).DecodeHeader(h.Get("Subject")); err != nil || subject != tc.subject {
				t.Errorf("Subject = %q (%v), want %q", subject, err, tc.subject)
			}
			for key, want := range map[string]string{
				"Message-Id":     "<testlands.t1.dwarfs.remind@turnproc>",
				"Auto-Submitted": "auto-generated",
				"To":             `"Belegar Ironhammer" <belegar@karak.example>`,
			} {
				if got := h.Get(key); got != want {
					t.Errorf("%s = %q, want %q", key, got, want)
				}
			}
			raw, err := io.ReadAll(quotedprintable.NewReader(msg.Body))
			if err != nil {
				t.Fatal(err)
			}
			body := strings.Join(strings.Fields(string(raw)), " ") // line breaks do not matter
			for _, want := range tc.body {
				if !strings.Contains(body, want) {
					t.Errorf("the body lacks %q:\n%s", want, body)
				}
			}
		})
	}
}

func TestComposeReminderErrors(t *testing.T) {
	noDomain, noIDs, noDeadline, badLang, badTo := testReminder("en"), testReminder("en"), testReminder("en"), testReminder("xx"), testReminder("en")
	noDomain.Domain, noIDs.Player, badTo.To.Address = "", "", "not an address"
	noDeadline.Deadline = time.Time{}
	tests := []struct {
		name string
		r    Notice
		want string
	}{
		{"no domain", noDomain, "reports: a reminder needs a Message-ID domain\nhint: use the domain of the sender address"},
		{"no player", noIDs, "reports: a reminder needs the campaign and player ids"},
		{"no deadline", noDeadline, "reports: a reminder needs its date (the injected clock) and the turn's deadline"},
		{"unknown language", badLang, "templates: no texts for language \"xx\"\nhint: the languages are en, es"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ComposeNotice(tc.r); err == nil || campaign.ErrorText(err) != tc.want {
				t.Errorf("error %v\nwant %q", err, tc.want)
			}
		})
	}
	if _, err := ComposeNotice(badTo); err == nil || !strings.HasPrefix(campaign.ErrorText(err), `reports: recipient "not an address" of player dwarfs: `) {
		t.Errorf("bad recipient: %v", err)
	}
}

// TestComposePasswordNotice: the password warning is a notice of its own
// kind: its own words in each language, its own Message-ID, and it goes
// to the player's address.
func TestComposePasswordNotice(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		n := testReminder(lang)
		n.Kind, n.Limit = NoticePasswords, 5
		eml, err := ComposeNotice(n)
		if err != nil {
			t.Fatal(err)
		}
		reminder, err := ComposeNotice(testReminder(lang))
		if err != nil {
			t.Fatal(err)
		}
		text := string(eml)
		if !strings.Contains(text, "Message-ID: <testlands.t1.dwarfs.remind.passwords@") || bytes.Equal(eml, reminder) ||
			!strings.Contains(text, "To: ") || !strings.Contains(text, n.To.Address) {
			t.Errorf("%s password notice:\n%s", lang, text)
		}
	}
}
