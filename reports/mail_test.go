package reports

import (
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

func testMail(t *testing.T, lang string) ReportMail {
	t.Helper()
	tt := testTurn(t)
	pdf, err := RenderPlayer(tt, "dwarfs", lang)
	if err != nil {
		t.Fatal(err)
	}
	return ReportMail{Campaign: "testlands", Title: tt.Title, Turn: 1, Player: "dwarfs", Lang: lang,
		From:   mail.Address{Name: "Testlands turnproc", Address: "turns@testlands.example"},
		To:     mail.Address{Name: "Belegar Ironhammer", Address: "belegar@karak.example"},
		Domain: "turnproc", Date: generated, Deadline: deadline, PDF: pdf}
}

func TestComposeReport(t *testing.T) {
	tests := []struct {
		lang, subject string
		body          []string
	}{
		{"es", "[The Testlands Campaign] Turno 1 — primavera del año 1: tu informe de turno",
			[]string{"Hola, Belegar Ironhammer:", "Próximo plazo de órdenes: domingo, 13 de diciembre de 2026, a las 20:00 (UTC).",
				"(testlands-turn-001-dwarfs.pdf)"}},
		{"en", "[The Testlands Campaign] Turn 1 — spring of year 1: your turn report",
			[]string{"Hello Belegar Ironhammer,", "Next deadline for orders: Sunday 13 December 2026, 20:00 UTC."}},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			rm := testMail(t, tc.lang)
			eml, err := ComposeReport(rm)
			if err != nil {
				t.Fatal(err)
			}
			again, err := ComposeReport(rm)
			if err != nil || !bytes.Equal(eml, again) {
				t.Fatalf("two compositions differ (err %v)", err)
			}
			msg, err := mail.ReadMessage(bytes.NewReader(eml))
			if err != nil {
				t.Fatal(err)
			}
			h := msg.Header
			subject, err := new(mime.WordDecoder).DecodeHeader(h.Get("Subject"))
			if err != nil || subject != tc.subject {
				t.Errorf("Subject = %q (%v), want %q", subject, err, tc.subject)
			}
			for key, want := range map[string]string{
				"Message-Id":     "<testlands.t1.dwarfs.report@turnproc>",
				"Date":           "Sun, 06 Dec 2026 20:05:00 +0000",
				"Auto-Submitted": "auto-generated",
			} {
				if got := h.Get(key); got != want {
					t.Errorf("%s = %q, want %q", key, got, want)
				}
			}
			if to, err := h.AddressList("To"); err != nil || len(to) != 1 || to[0].Address != "belegar@karak.example" || to[0].Name != "Belegar Ironhammer" {
				t.Errorf("To = %v (%v)", to, err)
			}
			if d, _ := h.Date(); !d.Equal(generated) {
				t.Errorf("Date parses as %v", d)
			}
			body, pdf, name := mimeParts(t, msg)
			for _, want := range tc.body {
				if !strings.Contains(strings.Join(strings.Fields(body), " "), want) {
					t.Errorf("body lacks %q:\n%s", want, body)
				}
			}
			if name != "testlands-turn-001-dwarfs.pdf" || !bytes.Equal(pdf, rm.PDF) {
				t.Errorf("attachment %q, %d bytes; want the %d-byte PDF", name, len(pdf), len(rm.PDF))
			}
		})
	}
}

// mimeParts reads a multipart/mixed message: its text body, and its PDF
// attachment with the file name.
func mimeParts(t *testing.T, msg *mail.Message) (body string, pdf []byte, name string) {
	t.Helper()
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/mixed" {
		t.Fatalf("Content-Type %q (%v)", msg.Header.Get("Content-Type"), err)
	}
	r := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			return body, pdf, name
		}
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(p)
		if err != nil {
			t.Fatal(err)
		}
		ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		switch ct {
		case "text/plain":
			body = string(data) // multipart decodes quoted-printable itself
		case "application/pdf":
			if p.Header.Get("Content-Transfer-Encoding") != "base64" {
				t.Fatalf("PDF part encoded as %q", p.Header.Get("Content-Transfer-Encoding"))
			}
			dec := make([]byte, len(data))
			n, err := base64Decode(dec, data)
			if err != nil {
				t.Fatal(err)
			}
			pdf, name = dec[:n], p.FileName()
		default:
			t.Fatalf("unexpected part %q", ct)
		}
	}
}

func TestComposeErrors(t *testing.T) {
	tests := []struct {
		name   string
		change func(*ReportMail)
		want   string
	}{
		{"no player", func(m *ReportMail) { m.Player = "" }, "reports: a report mail needs the campaign and player ids"},
		{"turn 0", func(m *ReportMail) { m.Turn = 0 }, "reports: turn 0: turns count from 1"},
		{"no domain", func(m *ReportMail) { m.Domain = "" }, "reports: a report mail needs a Message-ID domain\nhint: use the domain of the sender address"},
		{"no date", func(m *ReportMail) { m.Date = time.Time{} }, "reports: a report mail needs its date (the injected clock) and the next deadline"},
		{"no pdf", func(m *ReportMail) { m.PDF = nil }, "reports: the report mail for dwarfs has no PDF"},
		{"language", func(m *ReportMail) { m.Lang = "it" }, "templates: no texts for language \"it\"\nhint: the languages are en, es"},
		{"bad address", func(m *ReportMail) { m.To.Address = "belegar" },
			`reports: recipient "belegar" of player dwarfs: failed to parse mail address "\"Belegar Ironhammer\" <belegar>": mail: missing @ in addr-spec`},
	}
	base := testMail(t, "en")
	for _, tc := range tests {
		m := base
		tc.change(&m)
		if _, err := ComposeReport(m); err == nil || campaign.ErrorText(err) != tc.want {
			t.Errorf("%s: error = %v\nwant %s", tc.name, err, tc.want)
		}
	}
}

func TestAttachmentName(t *testing.T) {
	tests := []struct {
		campaign, player string
		turn             int
		want             string
	}{
		{"riverlands", "empire", 1, "riverlands-turn-001-empire.pdf"},
		{"river lands", "ñu/x", 1234, "river_lands-turn-1234-_u_x.pdf"},
	}
	for _, tc := range tests {
		if got := AttachmentName(tc.campaign, tc.turn, tc.player); got != tc.want {
			t.Errorf("AttachmentName(%q, %d, %q) = %q, want %q", tc.campaign, tc.turn, tc.player, got, tc.want)
		}
	}
}

func base64Decode(dst, src []byte) (int, error) {
	return base64.StdEncoding.Decode(dst, bytes.ReplaceAll(bytes.ReplaceAll(src, []byte("\r"), nil), []byte("\n"), nil))
}
