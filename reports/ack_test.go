package reports

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

// testAck answers Karl Franz's mail for turn 1 of testlands: one problem
// with a translated code and one without, and a preview built by hand so
// that every kind of line shows.
func testAck(t testing.TB, lang string) Ack {
	t.Helper()
	tt := testTurn(t)
	sq := func(s string) *campaign.Coord { c := coord(s); return &c }
	move := func(from, to string, target int) campaign.Event {
		return campaign.Event{Kind: campaign.EventCheck, Player: "empire", Unit: "A1", Order: "A1 MOVE D3 E3", Line: 4,
			From: sq(from), To: sq(to), Check: &campaign.Check{Action: "move", Target: target}}
	}
	return Ack{Campaign: "testlands", Title: tt.Title, Turn: 1, Lang: lang,
		From:   mail.Address{Name: "Testlands turnproc", Address: "turns@testlands.example"},
		To:     mail.Address{Name: "Karl Franz", Address: "karl@altdorf.example"},
		Domain: "turnproc", Date: generated, Deadline: deadline,
		InReplyTo: "<orders-2@altdorf.example>", References: "<report.t0@turnproc> <orders-1@altdorf.example>",
		Subject: "Orders turn 1", Name: "1765051200.M1P2.mx:2,S", Status: AckAccepted,
		Echo: []AckLine{{1, "TURNPROC testlands TURN 1 PLAYER empire"}, {4, "A1 MOVE D3 E3"},
			{5, "A2 EMBARK F1"}, {6, "A2 MOVE Z9"}, {7, "A1 CLAIM E3"}, {8, "A1 MOVE F3"}},
		Problems: []AckProblem{
			{Line: 3, Code: "unknown-order", Text: `unknown order "MARCH"`, Hint: "orders are MOVE, SAIL, EMBARK, LAND, CLAIM, PILLAGE, IMPROVE, BUILD"},
			{Line: 9, Code: "brand-new", Text: "a problem no language knows yet"},
		},
		Preview: []campaign.Event{
			move("C3", "D3", 10), move("D3", "E3", 8),
			{Kind: campaign.EventMoved, Player: "empire", Unit: "A1", Order: "A1 MOVE D3 E3", Line: 4, From: sq("D3"), To: sq("E3")},
			{Kind: campaign.EventCheck, Player: "empire", Unit: "A2", Order: "A2 EMBARK F1", Line: 5, To: sq("C3"),
				Check: &campaign.Check{Action: "embark", Target: 9, Automatic: true}},
			{Kind: campaign.EventRejected, Player: "empire", Unit: "A2", Order: "A2 MOVE Z9", Line: 6,
				Problem: &campaign.Problem{Code: "off-map", Text: "Z9 is off the map", At: sq("Z9"), From: sq("C3")}},
			{Kind: campaign.EventCheck, Player: "empire", Unit: "A1", Order: "A1 CLAIM E3", Line: 7, To: sq("E3"),
				Check: &campaign.Check{Action: "claim", Target: -1}},
			{Kind: campaign.EventSkipped, Player: "empire", Unit: "A1", Order: "A1 MOVE F3", Line: 8},
		},
		Map: tt.Map, State: tt.Before, Replaces: "Orders (first try)",
	}
}

const ackEnglish = `Hello Karl Franz,

Your orders for turn 1 are received and will be carried out at the deadline, Sunday 13 December 2026, 20:00 UTC. You may send new orders until then: the last mail that arrives counts. They replace your earlier mail “Orders (first try)”, which no longer counts.

Your orders as understood:
  line 1: TURNPROC testlands TURN 1 PLAYER empire
  line 4: A1 MOVE D3 E3
  line 5: A2 EMBARK F1
  line 6: A2 MOVE Z9
  line 7: A1 CLAIM E3
  line 8: A1 MOVE F3

Problems:
  line 3: unknown order "MARCH"
    hint: orders are MOVE, SAIL, EMBARK, LAND, CLAIM, PILLAGE, IMPROVE, BUILD
  line 9: a problem no language knows yet

The dice you will face (if every earlier check of the same army or fleet passes):
  line 4, A1 MOVE D3 E3, step C3→D3: 10 or less on 2D6, 92%
  line 4, A1 MOVE D3 E3, step D3→E3: 8 or less on 2D6, 72%
  line 5, A2 EMBARK F1: automatic (C3 is your own port)
  line 6, A2 MOVE Z9: refused as things stand now: Z9 is off the map, which runs A1–H6
  line 7, A1 CLAIM E3: cannot succeed (D = −1, and 2D6 never roll under 2)
  line 8, A1 MOVE F3: not tried, A1 will have stopped at an earlier order

Deadline for orders: Sunday 13 December 2026, 20:00 UTC. To change your orders, reply to this mail with the whole new set, header line included: it replaces this one.

— turnproc, for the moderator of The Testlands Campaign

# turnproc answer: testlands turn 1
`

const ackSpanish = `Hola, Karl Franz:

Hemos recibido tus órdenes para el turno 1; se cumplirán al vencer el plazo, el domingo, 13 de diciembre de 2026, a las 20:00 (UTC). Hasta entonces puedes enviar órdenes nuevas: cuenta el último correo que llegue. Sustituyen a tu correo anterior «Orders (first try)», que ya no cuenta.

Tus órdenes, tal como las hemos entendido:
  línea 1: TURNPROC testlands TURN 1 PLAYER empire
  línea 4: A1 MOVE D3 E3
  línea 5: A2 EMBARK F1
  línea 6: A2 MOVE Z9
  línea 7: A1 CLAIM E3
  línea 8: A1 MOVE F3

Problemas:
  línea 3: orden desconocida (unknown order "MARCH")
    pista (en inglés): orders are MOVE, SAIL, EMBARK, LAND, CLAIM, PILLAGE, IMPROVE, BUILD
  línea 9: a problem no language knows yet

Las tiradas que te esperan (si cada chequeo anterior del mismo ejército o flota sale bien):
  línea 4, A1 MOVE D3 E3, paso C3→D3: 10 o menos en 2D6, 92 %
  línea 4, A1 MOVE D3 E3, paso D3→E3: 8 o menos en 2D6, 72 %
  línea 5, A2 EMBARK F1: automático (C3 es un puerto propio)
  línea 6, A2 MOVE Z9: tal como están ahora las cosas, se rechazaría: Z9 está fuera del mapa, que abarca A1–H6
  línea 7, A1 CLAIM E3: imposible (D = −1, y 2D6 nunca suman menos de 2)
  línea 8, A1 MOVE F3: no se intentará, porque A1 se habrá detenido en una orden anterior

Plazo de órdenes: domingo, 13 de diciembre de 2026, a las 20:00 (UTC). Para cambiar tus órdenes, responde a este correo con todas las órdenes nuevas, línea de cabecera incluida: sustituirán a estas.

— turnproc, en nombre del moderador de The Testlands Campaign

# turnproc answer: testlands turn 1
`

// readAck parses an acknowledgement with net/mail: its header and its
// decoded plain-text body.
func readAck(t *testing.T, eml []byte) (mail.Header, string) {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(eml))
	if err != nil {
		t.Fatal(err)
	}
	h := msg.Header
	if mt, params, err := mime.ParseMediaType(h.Get("Content-Type")); err != nil || mt != "text/plain" || !strings.EqualFold(params["charset"], "utf-8") {
		t.Fatalf("Content-Type %q (%v)", h.Get("Content-Type"), err)
	}
	if cte := h.Get("Content-Transfer-Encoding"); cte != "quoted-printable" {
		t.Fatalf("Content-Transfer-Encoding %q", cte)
	}
	body, err := io.ReadAll(quotedprintable.NewReader(msg.Body))
	if err != nil {
		t.Fatal(err)
	}
	return h, strings.ReplaceAll(string(body), "\r\n", "\n")
}

func TestComposeAckBody(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Ack)
		want   string
	}{
		{"accepted en", func(*Ack) {}, ackEnglish},
		{"accepted es", func(a *Ack) { a.Lang = "es" }, ackSpanish},
		{"late en", func(a *Ack) {
			a.Status, a.Reason, a.Echo, a.Problems = AckLate, "it arrived at 2026-12-13 21:00 UTC, after the deadline", a.Echo[:2], nil
		}, `Hello Karl Franz,

Your orders for turn 1 arrived after the deadline, Sunday 13 December 2026, 20:00 UTC: they are kept for the record, not carried out.

Your orders as understood:
  line 1: TURNPROC testlands TURN 1 PLAYER empire
  line 4: A1 MOVE D3 E3

Send your next orders in reply to the report of turn 1, which you will receive once the turn is played.

— turnproc, for the moderator of The Testlands Campaign

# turnproc answer: testlands turn 1
`},
		{"rejected es", func(a *Ack) {
			a.Lang, a.Status, a.Reason, a.Echo, a.Problems, a.Preview = "es", AckRejected, `the password for player "empire" is wrong`, nil, nil, nil
			a.To.Name = ""
		}, `Hola, karl@altdorf.example:

No hemos podido aceptar tu correo como órdenes para el turno 1, y no cuenta nada de él.

Motivo (en inglés): the password for player "empire" is wrong

Si el plazo, el domingo, 13 de diciembre de 2026, a las 20:00 (UTC), no ha vencido aún, corrige tu correo y vuelve a enviar todas las órdenes, línea de cabecera incluida.

— turnproc, en nombre del moderador de The Testlands Campaign

# turnproc answer: testlands turn 1
`},
		{"rejected en", func(a *Ack) {
			a.Status, a.Reason, a.Echo = AckRejected, "no header line: start the orders with TURNPROC <campaign> TURN <n> PLAYER <id>", nil
			a.Problems = []AckProblem{{Code: "no-header", Text: "no header line", Hint: "start with TURNPROC <campaign> TURN <n> PLAYER <id>"}}
		}, `Hello Karl Franz,

Your mail could not be accepted as orders for turn 1, and none of it counts.

Reason: no header line: start the orders with TURNPROC <campaign> TURN <n> PLAYER <id>

Problems:
  no header line
    hint: start with TURNPROC <campaign> TURN <n> PLAYER <id>

If the deadline, Sunday 13 December 2026, 20:00 UTC, has not passed, correct your mail and send the whole set of orders again, header line included.

— turnproc, for the moderator of The Testlands Campaign

# turnproc answer: testlands turn 1
`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := testAck(t, "en")
			tc.change(&a)
			eml, err := ComposeAck(a)
			if err != nil {
				t.Fatal(err)
			}
			if _, body := readAck(t, eml); body != tc.want {
				t.Errorf("body:\n%s\nwant:\n%s", body, tc.want)
			}
		})
	}
}

func TestComposeAckHeader(t *testing.T) {
	a := testAck(t, "es")
	eml, err := ComposeAck(a)
	if err != nil {
		t.Fatal(err)
	}
	again, err := ComposeAck(a)
	if err != nil || !bytes.Equal(eml, again) {
		t.Fatalf("two compositions differ (err %v)", err)
	}
	if bytes.Contains(bytes.ReplaceAll(eml, []byte("\r\n"), nil), []byte("\n")) {
		t.Error("a line ends in a bare LF")
	}
	h, _ := readAck(t, eml)
	for key, want := range map[string]string{
		"Message-Id":     "<testlands.t1.ack.1765051200_M1P2_mx_2_S@turnproc>",
		"In-Reply-To":    "<orders-2@altdorf.example>",
		"References":     "<report.t0@turnproc> <orders-1@altdorf.example> <orders-2@altdorf.example>",
		"Subject":        "Re: Orders turn 1",
		"Date":           "Sun, 06 Dec 2026 20:05:00 +0000",
		"Auto-Submitted": "auto-replied",
		"Mime-Version":   "1.0",
	} {
		if got := h.Get(key); got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
	if to, err := h.AddressList("To"); err != nil || len(to) != 1 || *to[0] != a.To {
		t.Errorf("To = %v (%v), want %v", to, err, a.To)
	}
	if from, err := h.AddressList("From"); err != nil || len(from) != 1 || *from[0] != a.From {
		t.Errorf("From = %v (%v), want %v", from, err, a.From)
	}
}

func TestComposeAckThreading(t *testing.T) {
	tests := []struct {
		name                    string
		inReplyTo, refs         string
		wantInReplyTo, wantRefs string
	}{
		{"first reply", "<a@x>", "", "<a@x>", "<a@x>"},
		{"parent already last", "<b@x>", "<a@x> <b@x>", "<b@x>", "<a@x> <b@x>"},
		{"no message-id", "", "<a@x>", "", "<a@x>"},
		{"nothing", "", "", "", ""},
		{"junk dropped", "<c@x>\r\nBcc: evil@x", "(comment) <a@x>, bare@x\n<b@x>", "<c@x>", "<a@x> <b@x> <c@x>"},
	}
	for _, tc := range tests {
		a := testAck(t, "en")
		a.InReplyTo, a.References = tc.inReplyTo, tc.refs
		eml, err := ComposeAck(a)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		h, _ := readAck(t, eml)
		if got := h.Get("In-Reply-To"); got != tc.wantInReplyTo {
			t.Errorf("%s: In-Reply-To = %q, want %q", tc.name, got, tc.wantInReplyTo)
		}
		if got := h.Get("References"); got != tc.wantRefs {
			t.Errorf("%s: References = %q, want %q", tc.name, got, tc.wantRefs)
		}
		if h.Get("Bcc") != "" {
			t.Errorf("%s: a Bcc header was smuggled in", tc.name)
		}
	}
}

func TestReferencesAreBounded(t *testing.T) {
	var refs []string
	for i := range 30 {
		refs = append(refs, fmt.Sprintf("<m%d@x>", i))
	}
	kept := slices.Clone(refs)
	got := references(refs, []string{"<parent@x>"})
	// the root, then the 18 latest, then the parent
	if want := append(append(refs[:1:1], refs[12:]...), "<parent@x>"); !slices.Equal(got, want) {
		t.Errorf("references = %v\nwant %v", got, want)
	}
	if !slices.Equal(refs, kept) {
		t.Errorf("references changed its argument: %v", refs)
	}
}

func TestComposeAckSubject(t *testing.T) {
	tests := []struct{ lang, subject, want string }{
		{"en", "Orders turn 1", "Re: Orders turn 1"},
		{"en", "Re: Orders turn 1", "Re: Orders turn 1"},
		{"en", "RE: re : Re:Orders  turn\t1", "Re: Orders turn 1"},
		{"es", "Órdenes del turno 1", "Re: Órdenes del turno 1"},
		{"en", "Re: Return of the king", "Re: Return of the king"},
		{"en", "", "[The Testlands Campaign] Orders received for turn 1"},
		{"es", "  Re:  ", "[The Testlands Campaign] Órdenes recibidas para el turno 1"},
	}
	for _, tc := range tests {
		a := testAck(t, tc.lang)
		a.Subject = tc.subject
		eml, err := ComposeAck(a)
		if err != nil {
			t.Fatal(err)
		}
		h, _ := readAck(t, eml)
		got, err := new(mime.WordDecoder).DecodeHeader(h.Get("Subject"))
		if err != nil || got != tc.want {
			t.Errorf("subject %q: reply's is %q (%v), want %q", tc.subject, got, err, tc.want)
		}
	}
}

// TestComposeAckPreview shows what campaign.Preview really gives for a
// plan: a two-step move, an order for an army that does not exist.
func TestComposeAckPreview(t *testing.T) {
	a := testAck(t, "en")
	set := campaign.OrderSet{Player: "empire", Orders: []campaign.Order{mv("A1", 4, "D3", "E3"), mv("A9", 5, "B2")}}
	a.Preview, a.Problems = campaign.Preview(a.Map, a.Rules, a.State, set), nil
	eml, err := ComposeAck(a)
	if err != nil {
		t.Fatal(err)
	}
	_, body := readAck(t, eml)
	want := `The dice you will face (if every earlier check of the same army or fleet passes):
  line 4, A1 MOVE D3 E3, step C3→D3: 9 or less on 2D6, 83%
  line 4, A1 MOVE D3 E3, step D3→E3: 9 or less on 2D6, 83%
  line 5, A9 MOVE B2: refused as things stand now: there is no army A9
`
	if !strings.Contains(body, want) {
		t.Errorf("body:\n%s\nlacks:\n%s", body, want)
	}
}

func TestComposeAckErrors(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Ack)
		want   string
	}{
		{"no name", func(a *Ack) { a.Name = "" }, "reports: an acknowledgement needs the campaign id and the name of the mail it answers"},
		{"turn 0", func(a *Ack) { a.Turn = 0 }, "reports: turn 0: turns count from 1"},
		{"no domain", func(a *Ack) { a.Domain = "" }, "reports: an acknowledgement needs a Message-ID domain\nhint: use the domain of the sender address"},
		{"no deadline", func(a *Ack) { a.Deadline = time.Time{} }, "reports: an acknowledgement needs its date (the injected clock) and the turn's deadline"},
		{"ignored", func(a *Ack) { a.Status = "ignored" },
			"reports: mail 1765051200.M1P2.mx:2,S has status \"ignored\", which gets no acknowledgement\nhint: acknowledge accepted, late, rejected and command mails; ignored ones are never answered"},
		{"no reason", func(a *Ack) { a.Status, a.Reason = AckRejected, "" }, "reports: the rejection of mail 1765051200.M1P2.mx:2,S gives no reason"},
		{"no state", func(a *Ack) { a.State = nil }, "reports: the preview of mail 1765051200.M1P2.mx:2,S comes without the map and state it was computed on"},
		{"language", func(a *Ack) { a.Lang = "it" }, "templates: no texts for language \"it\"\nhint: the languages are en, es"},
		{"bad address", func(a *Ack) { a.To.Address = "karl" },
			`reports: recipient "karl": failed to parse mail address "\"Karl Franz\" <karl>": mail: missing @ in addr-spec`},
	}
	for _, tc := range tests {
		a := testAck(t, "en")
		tc.change(&a)
		if _, err := ComposeAck(a); err == nil || campaign.ErrorText(err) != tc.want {
			t.Errorf("%s: error = %v\nwant %s", tc.name, err, tc.want)
		}
	}
}

// FuzzComposeAck feeds the headers copied from a player's mail: whatever
// they hold, the reply is written, parses, threads only to msg-ids, and
// carries no header the player smuggled in.
func FuzzComposeAck(f *testing.F) {
	f.Add("Orders turn 1", "<a@x>", "<r@x> <a@x>")
	f.Add("Re: RE: re:", "", "")
	f.Add("x\r\nBcc: evil@x", "<a@x>\r\nBcc: evil@x", "(c) <b@x>,\n\t<c@x> bare@x")
	f.Add("\xff\xfe ñ", "<<a@x>>", "<a b@x> <>")
	a := testAck(f, "es")
	f.Fuzz(func(t *testing.T, subject, inReplyTo, refs string) {
		a.Subject, a.InReplyTo, a.References = subject, inReplyTo, refs
		eml, err := ComposeAck(a)
		if err != nil {
			t.Fatal(err)
		}
		msg, err := mail.ReadMessage(bytes.NewReader(eml))
		if err != nil {
			t.Fatalf("%v\n%s", err, eml)
		}
		h := msg.Header
		if h.Get("Bcc") != "" || len(h["Subject"]) != 1 || len(h["Message-Id"]) != 1 {
			t.Fatalf("header damaged:\n%s", eml)
		}
		for _, key := range []string{"In-Reply-To", "References"} {
			if v := h.Get(key); v != strings.Join(msgIDs(v), " ") {
				t.Fatalf("%s = %q holds more than msg-ids", key, v)
			}
		}
	})
}
