package orders

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReadMail(t *testing.T) {
	m := riverlands(t)
	tests := []struct {
		file      string
		from      string
		fromName  string
		subject   string
		date      string
		messageID string
		inReplyTo string
		textFrom  string
		automated string
		echo      []string
		problems  []string
	}{
		{
			file: "plain-ascii.eml", from: "karl@reikland.example", fromName: "Karl Franz", subject: "Re: turn 1",
			date: "2026-12-01T19:15:00Z", messageID: "20261201191500.GA1234@reikland.example", inReplyTo: "ack-1-empire@riverlands.example",
			textFrom: FromPlainBody,
			echo:     []string{"line 3: CAMPAIGN riverlands PLAYER empire TURN 1", "line 4: A1 MOVE E10 E9", "line 5: INITIATIVE LAST"},
		},
		{
			file: "alternative-utf8.eml", from: "belegar@karak.example", fromName: "Belegar", subject: "Órdenes turno 1",
			date: "2026-12-02T09:00:00Z", messageID: "b2c0e1f4-0a11-4c5e-9d7e-3f1a2b3c4d5e@karak.example",
			textFrom: FromPlainBody, // the plain alternative wins over the HTML one (which moves A4)
			echo:     []string{"line 3: CAMPAIGN riverlands PLAYER dwarfs TURN 1", "line 4: A3 MOVE Q4 Q5", "line 5: INITIATIVE LAST"},
		},
		{
			file: "html-only.eml", from: "grom@blackcrag.example", fromName: "Grom", subject: "orders",
			date: "2026-12-03T21:07:44Z", messageID: "DB9PR08MB0001@DB9PR08MB0001.eurprd08.prod.blackcrag.example",
			textFrom: FromHTMLBody, // <title>, comment and <blockquote> do not count
			echo:     []string{"line 3: CAMPAIGN riverlands PLAYER orcs TURN 1", "line 4: A5 MOVE P10 O10", "line 8: A5 MOVE P10", "line 9: INITIATIVE LAST"},
			problems: []string{`line 5: unknown order "MARCH"; hint: orders are MOVE/MOVER, SAIL/NAVEGAR, EMBARK/EMBARCAR, DISEMBARK/DESEMBARCAR, CLAIM/RECLAMAR, PILLAGE/SAQUEAR, IMPROVE/MEJORAR, BUILD/CONSTRUIR, MERGE/UNIR, SPLIT/DIVIDIR, REORGANIZE/REORGANIZAR, RAISE/RECLUTAR, REINFORCE/REFORZAR, DISBAND/DISOLVER, REDUCE/REDUCIR, INITIATIVE/INICIATIVA, EQUIP/EQUIPAR, END/FIN`},
		},
		{
			file: "qp-cp1252.eml", from: "archaon@ruinfort.example", fromName: "Archaón", subject: "Órdenes",
			date: "2026-12-04T07:00:00Z", messageID: "000001db4a2b$1c2d3e40$5f6a7b80$@ruinfort.example",
			textFrom: FromPlainBody,
			echo:     []string{"line 3: CAMPAIGN riverlands PLAYER chaos TURN 1", "line 4: A6 MOVE G2", "line 5: INITIATIVE LAST"},
		},
		{
			file: "base64-utf8.eml", from: "grom@blackcrag.example", subject: "Orders – turn 1",
			date: "2026-12-04T09:30:00Z", messageID: "CAF=b64orders@mail.blackcrag.example",
			textFrom: FromPlainBody, // a byte-order mark and CRLF inside base64
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER orcs TURN 1", "line 2: A5 MOVE P10"},
		},
		{
			file: "latin1-subject.eml", from: "archaon@ruinfort.example", fromName: "Archaón el Elegido", subject: "Órdenes del Caos, turno 1",
			date: "2026-12-04T11:00:00Z", messageID: "latin1.1@ruinfort.example",
			textFrom: FromPlainBody,
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER chaos TURN 1", "line 2: A7 MOVE I2 I3", "line 3: INITIATIVE FIRST"},
		},
		{
			file: "txt-attachment.eml", from: "archaon@ruinfort.example", fromName: "Archaón", subject: "turno 1",
			date: "2026-12-04T21:03:57Z", messageID: "CAJ+attach1@mail.ruinfort.example",
			textFrom: `attachment "órdenes.txt"`,
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER chaos TURN 1", "line 2: A6 MOVE G2 F2"},
		},
		{
			file: "inline-named-txt.eml", from: "karl@reikland.example", fromName: "Karl Franz", subject: "Orders",
			date: "2026-12-05T06:45:00Z", messageID: "5F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0@reikland.example",
			textFrom: `attachment "orders.txt"`, // inline, but with a filename: a file
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER empire TURN 1", "line 2: A1 MOVE E10 E9", "line 3: INITIATIVE LAST"},
		},
		{
			file: "octet-stream-txt.eml", from: "grom@blackcrag.example", subject: "orders",
			date: "2026-12-05T08:00:00Z", messageID: "octet.1@webmail.blackcrag.example",
			textFrom: `attachment "orders.TXT"`,
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER orcs TURN 1", "line 2: A5 MOVE P10"},
		},
		{
			file: "no-charset-8bit.eml", from: "archaon@ruinfort.example", subject: "ordenes",
			date: "2026-12-05T08:00:00Z", messageID: "nocs.1@ruinfort.example",
			textFrom: FromPlainBody,
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER chaos TURN 1", "line 2: INITIATIVE LAST"},
		},
		{
			file: "unknown-charset.eml", from: "archaon@ruinfort.example", subject: "=?x-klingon?Q?tlhIngan?=",
			date: "2026-12-05T08:00:00Z", messageID: "unknown.1@ruinfort.example",
			textFrom: FromPlainBody,
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER chaos TURN 1", "line 2: A6 MOVE G2"},
		},
		{
			file: "truncated-multipart.eml", from: "karl@reikland.example", fromName: "Karl Franz", subject: "orders",
			date: "2026-12-05T08:00:00Z", messageID: "trunc.1@reikland.example",
			textFrom: FromPlainBody,
			echo:     []string{"line 1: CAMPAIGN riverlands PLAYER empire TURN 1", "line 2: A1 MOVE E10 E9", "line 3: INITIATIVE LAST"},
		},
		{
			file: "bounce.eml", from: "mailer-daemon@mail.riverlands.example", fromName: "Mail Delivery System",
			subject: "Undelivered Mail Returned to Sender", date: "2026-12-05T09:00:05Z",
			messageID: "20261205090005.ABC12@mail.riverlands.example", textFrom: FromPlainBody,
			automated: "sent by a mail server (MAILER-DAEMON)",
			problems:  []string{"no header line; hint: start the orders with CAMPAIGN <campaign> PLAYER <player> TURN <turn> (or CAMPAÑA … JUGADOR … TURNO …)"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got, err := ReadMail(readFixture(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			fields := [][3]string{
				{"From", got.From, tt.from}, {"FromName", got.FromName, tt.fromName}, {"Subject", got.Subject, tt.subject},
				{"Date", got.Date.Format(time.RFC3339), tt.date}, {"MessageID", got.MessageID, tt.messageID},
				{"InReplyTo", got.InReplyTo, tt.inReplyTo}, {"TextFrom", got.TextFrom, tt.textFrom}, {"Automated", got.Automated, tt.automated},
			}
			for _, f := range fields {
				if f[1] != f[2] {
					t.Errorf("%s = %q, want %q", f[0], f[1], f[2])
				}
			}
			s := Parse(got.Text, m)
			if e := echoStrings(s); !slices.Equal(e, tt.echo) {
				t.Errorf("echo:\n got %q\nwant %q", e, tt.echo)
			}
			if p := problemStrings(s); !slices.Equal(p, tt.problems) {
				t.Errorf("problems:\n got %q\nwant %q", p, tt.problems)
			}
		})
	}
}

func TestReadMailErrors(t *testing.T) {
	bigPart := "From: a@b.example\nContent-Type: text/plain\n\n" + strings.Repeat("x", MaxPartSize+1)
	tests := []struct {
		name string
		raw  []byte
		want string
	}{
		{"oversize mail", bytes.Repeat([]byte("x"), MaxMailSize+1),
			"orders: the mail is 2097153 bytes, over the 2 MiB limit\nhint: send the orders as plain text, without large attachments"},
		{"oversize part", []byte(bigPart),
			"orders: the body (text/plain) is over the 1 MiB limit\nhint: orders are a few lines of plain text"},
		{"broken base64", readFixture(t, "broken-base64.eml"),
			"orders: the body (text/plain) cannot be decoded: illegal base64 data at input byte 12"},
		{"no From", readFixture(t, "no-from.eml"),
			`orders: the mail has no readable From address ("")`},
		{"not a mail", []byte("just some text\nwithout a header"),
			"orders: unreadable mail header: message: malformed MIME header line: just some text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadMail(tt.raw)
			if err == nil || campaign.ErrorText(err) != tt.want {
				t.Fatalf("error %v\nwant %s", err, tt.want)
			}
		})
	}
}

func TestAutomated(t *testing.T) {
	tests := []struct{ header, want string }{
		{"From: MAILER-DAEMON@x.example", "sent by a mail server (MAILER-DAEMON)"},
		{"From: karl@reikland.example\nReturn-Path: <>", "a bounce (empty Return-Path)"},
		{"From: karl@reikland.example\nAuto-Submitted: auto-replied; owner-email=karl@reikland.example", "Auto-Submitted: auto-replied"},
		{"From: karl@reikland.example\nAuto-Submitted: No", ""},
		{"From: karl@reikland.example\nPrecedence: Bulk", "Precedence: bulk"},
		{"From: karl@reikland.example\nPrecedence: list", "Precedence: list"},
		{"From: karl@reikland.example\nPrecedence: first-class", ""},
	}
	for _, tt := range tests {
		m, err := ReadMail([]byte(tt.header + "\n\nhello\n"))
		if err != nil {
			t.Fatal(err)
		}
		if m.Automated != tt.want {
			t.Errorf("%q: Automated = %q, want %q", tt.header, m.Automated, tt.want)
		}
	}
}

func TestHTMLToText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"<p>a</p><p>b</p>", "a\nb\n"},
		{"<div><div><p>a</p></div></div>b", "a\nb"},
		{"a<br>b<br/><br />c", "a\nb\n\nc"},
		{"A1&nbsp;MOVE &lt;E10&gt; &amp; &#69;9", "A1\u00a0MOVE <E10> & E9"},
		{"a\n  b\tc", "a b c"},
		{"<style>p{}</style><script>x</script><head><title>t</title></head>ok", "ok"},
		{"x<!-- CAMPAIGN -->y<!-- open", "xy"},
		{"<blockquote><p>q1<br>q2</p></blockquote>after", "> q1\n> q2\nafter"},
		{"<pre>a  b\n c</pre>", "a  b\n c\n"},
		{"a < b", "a < b"},
		{"<table><tr><td>A1</td><td>MOVE</td></tr></table>", "A1 MOVE\n"},
	}
	for _, tt := range tests {
		if got := htmlToText(tt.in); got != tt.want {
			t.Errorf("htmlToText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzReadMail(f *testing.F) {
	for _, name := range []string{"plain-ascii.eml", "alternative-utf8.eml", "html-only.eml", "txt-attachment.eml", "qp-cp1252.eml", "truncated-multipart.eml"} {
		f.Add(readFixture(f, name))
	}
	m := riverlands(f)
	f.Fuzz(func(t *testing.T, raw []byte) {
		mail, err := ReadMail(raw)
		if err != nil {
			return
		}
		Parse(mail.Text, m)
	})
}

// TestMailReaderReuse reads the fixtures one after another with one
// reader, as Collect does: a mail must not inherit anything of the one
// read before it (header fields, buffers, lines).
func TestMailReaderReuse(t *testing.T) {
	files, err := filepath.Glob("testdata/*.eml")
	if err != nil || len(files) == 0 {
		t.Fatal(files, err)
	}
	raws := [][]byte{[]byte("From: Ann <ann@players.example>\r\nAuto-Submitted: auto-replied\r\nPrecedence: bulk\r\nIn-Reply-To: <1@x>\r\n" +
		"References: <0@x> <1@x>\r\nContent-Type: text/html; charset=windows-1252\r\n\r\n<p>hola</p>\r\n")}
	for _, f := range files {
		raws = append(raws, readFixture(t, filepath.Base(f)))
	}
	m := riverlands(t)
	r := new(mailReader)
	for range 2 {
		for i, raw := range raws {
			name := fmt.Sprintf("mail %d", i)
			want, _, wantErr := new(mailReader).read(raw)
			got, lines, gotErr := r.read(raw)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
				t.Errorf("%s: read after another mail gives %+v, %v; alone %+v, %v", name, got, gotErr, want, wantErr)
			}
			if got != nil && gotErr == nil && !reflect.DeepEqual(parseLines(lines, m), Parse(got.Text, m)) {
				t.Errorf("%s: its lines are not those of its text", name)
			}
		}
	}
}
