package reports

import (
	"bytes"
	"fmt"
	"mime"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestAckReasonByCode: a mail refused for a limit is answered in the
// player's language, the English reason only as a fallback.
func TestAckReasonByCode(t *testing.T) {
	for _, c := range []struct{ lang, code, want string }{
		{"en", "mime-too-deep", "Reason: your mail nests its parts more than 32 levels deep; send the orders as plain text, in the mail itself or as a .txt attachment."},
		{"es", "mime-too-deep", "Motivo: tu correo anida sus partes a más de 32 niveles; manda las órdenes en texto plano, en el propio correo o en un adjunto .txt."},
		{"es", "mail-too-big", "Motivo: tu correo pasa del límite de 32 MiB; manda las órdenes en texto plano, sin adjuntos grandes. No se ha leído: el moderador lo tiene aparte."},
		{"es", "brand-new", "Motivo (en inglés): the English reason"},
	} {
		a := testAck(t, c.lang)
		a.Status, a.Reason, a.ReasonCode, a.ReasonLimit = AckRejected, "the English reason", c.code, 32
		a.Echo, a.Problems, a.Preview = nil, nil, nil
		eml, err := ComposeAck(a)
		if err != nil {
			t.Fatal(err)
		}
		if _, body := readAck(t, eml); !strings.Contains(body, "\n\n"+c.want+"\n\n") {
			t.Errorf("%s %s: body\n%s\nlacks %q", c.lang, c.code, body, c.want)
		}
	}
}

// TestAckIsBounded: a forged mail of a megabyte (a 900 KB subject, 3,000
// bad lines of 300 bytes) gets an answer of bounded size: the subject
// clipped and folded, every quoted line clipped, a section cut after
// MaxAckItems, the text after MaxAckText.
func TestAckIsBounded(t *testing.T) {
	a := testAck(t, "en")
	a.Subject = strings.Repeat("x", 900<<10)
	a.To.Name, a.Replaces = strings.Repeat("Karl ", 100<<10), strings.Repeat("y", 900<<10)
	a.Preview, a.Echo, a.Problems = nil, nil, nil
	long := strings.Repeat("ABCDEFGHIJ", 30)
	for i := range 3000 {
		a.Echo = append(a.Echo, AckLine{Line: i + 1, Text: "A1 MOVE " + long})
		a.Problems = append(a.Problems, AckProblem{Line: i + 1, Code: "brand-new", Text: fmt.Sprintf("unknown order %q", long), Hint: long})
	}
	eml, err := ComposeAck(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(eml) > MaxAckText+8<<10 {
		t.Errorf("the answer is %d bytes, over %d", len(eml), MaxAckText+8<<10)
	}
	head, _, _ := bytes.Cut(eml, []byte("\r\n\r\n"))
	for _, l := range strings.Split(string(head), "\r\n") {
		if len(l) > 78 {
			t.Errorf("header line of %d bytes: %.100q", len(l), l)
		}
	}
	h, body := readAck(t, eml)
	subject, err := new(mime.WordDecoder).DecodeHeader(h.Get("Subject"))
	if want := "Re: " + strings.Repeat("x", MaxSubject-1) + "…"; err != nil || subject != want {
		t.Errorf("subject %.120q (%v), want %.120q", subject, err, want)
	}
	if len(body) > MaxAckText {
		t.Errorf("the text is %d bytes, over %d", len(body), MaxAckText)
	}
	for _, l := range strings.Split(body, "\n") {
		if n := utf8.RuneCountInString(l); strings.HasPrefix(l, "  ") && n > MaxAckQuote+40 {
			t.Errorf("a line of %d runes: %.100q", n, l)
		}
	}
	for _, want := range []string{"line 50: A1 MOVE ABCDEFGHIJ", "… and 2950 more lines", "… and 2950 more problems"} {
		if !strings.Contains(body, want) {
			t.Errorf("the text lacks %q", want)
		}
	}
	if strings.Contains(body, "line 51: A1 MOVE") {
		t.Errorf("more than %d lines of the orders are quoted", MaxAckItems)
	}
}
