package orders

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

// mimeHead is the header of the MIME-shape mails below.
const mimeHead = "From: Grom <grom@blackcrag.example>\r\nTo: turns@riverlands.example\r\nSubject: deep\r\n" +
	"Message-ID: <deep@blackcrag.example>\r\nMIME-Version: 1.0\r\n"

// mimeOrders are the orders at the bottom of every shape.
const mimeOrders = "CAMPAIGN riverlands PLAYER orcs TURN 1\r\nA1 MOVE P10 P9\r\nEND\r\n"

// nestedMail is the worst shape for a MIME walk: depth multiparts, each
// the only part of the one above, the orders at the bottom; fill bytes of
// an attachment sit beside the orders, read through every level. With
// depth 20,000 and no fill it is some 1.4 MB.
func nestedMail(depth, fill int) []byte {
	var b bytes.Buffer
	b.WriteString(mimeHead)
	fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=\"b0\"\r\n\r\n")
	for i := range depth - 1 {
		fmt.Fprintf(&b, "--b%d\r\nContent-Type: multipart/mixed; boundary=\"b%d\"\r\n\r\n", i, i+1)
	}
	fmt.Fprintf(&b, "--b%d\r\nContent-Type: application/octet-stream\r\n\r\n", depth-1)
	writeFill(&b, fill)
	fmt.Fprintf(&b, "\r\n--b%d\r\nContent-Type: text/plain\r\n\r\n%s", depth-1, mimeOrders)
	for i := depth - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "--b%d--\r\n", i)
	}
	return b.Bytes()
}

// flatMail is the baseline of nestedMail: the same orders and about size
// bytes in all, one multipart holding an attachment and the orders.
func flatMail(size int) []byte {
	var b bytes.Buffer
	b.WriteString(mimeHead)
	b.WriteString("Content-Type: multipart/mixed; boundary=\"b0\"\r\n\r\n--b0\r\nContent-Type: application/octet-stream\r\n\r\n")
	writeFill(&b, size-b.Len()-200)
	fmt.Fprintf(&b, "\r\n--b0\r\nContent-Type: text/plain\r\n\r\n%s--b0--\r\n", mimeOrders)
	return b.Bytes()
}

// manyPartsMail has n text parts side by side, the orders in the last.
func manyPartsMail(n int) []byte {
	var b bytes.Buffer
	b.WriteString(mimeHead)
	b.WriteString("Content-Type: multipart/mixed; boundary=\"b0\"\r\n\r\n")
	for range n - 1 {
		b.WriteString("--b0\r\nContent-Type: image/png\r\n\r\nx\r\n")
	}
	fmt.Fprintf(&b, "--b0\r\nContent-Type: text/plain\r\n\r\n%s--b0--\r\n", mimeOrders)
	return b.Bytes()
}

// writeFill writes n bytes of base64-looking lines.
func writeFill(b *bytes.Buffer, n int) {
	line := strings.Repeat("QUJD", 19) + "\r\n"
	for ; n >= len(line); n -= len(line) {
		b.WriteString(line)
	}
}

// TestMIMELimits: a mail nesting its parts deeper than MaxMIMEDepth, or
// with more than MaxMIMEParts parts, is refused with a LimitError saying
// which limit; one at the limits is read.
func TestMIMELimits(t *testing.T) {
	deep := "orders: the mail's parts nest more than 32 deep\nhint: send the orders as plain text, in the mail itself or as a .txt attachment"
	many := "orders: the mail has more than 1000 parts\nhint: send the orders as plain text, in the mail itself or as a .txt attachment"
	for _, c := range []struct {
		name string
		raw  []byte
		code string
		want string // the error, "" for a mail read
	}{
		{"at the depth", nestedMail(MaxMIMEDepth, 0), "", ""},
		{"one deeper", nestedMail(MaxMIMEDepth+1, 0), LimitMIMETooDeep, deep},
		{"20,000 deep", nestedMail(20000, 0), LimitMIMETooDeep, deep},
		{"at the part count", manyPartsMail(MaxMIMEParts), "", ""},
		{"one part more", manyPartsMail(MaxMIMEParts + 1), LimitMIMETooManyParts, many},
		{"over the size", flatMail(MaxMailSize + 1000), LimitMailTooBig, fmt.Sprintf("orders: the mail is %d bytes, over the 2 MiB limit\nhint: send the orders as plain text, without large attachments", len(flatMail(MaxMailSize+1000)))},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := ReadMail(c.raw)
			if c.want == "" {
				if err != nil || !strings.Contains(m.Text, "A1 MOVE P10 P9") {
					t.Fatalf("not read: %v", err)
				}
				return
			}
			var le *LimitError
			if err == nil || campaign.ErrorText(err) != c.want || !errors.As(err, &le) || le.Code != c.code {
				t.Fatalf("error %q (%T), want %q with code %s", err, err, c.want, c.code)
			}
		})
	}
	// In Collect: rejected, the limit kept for the answer.
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	in := Collect([]Received{{Name: "deep", Raw: nestedMail(20000, 0), At: at}}, hostileWindow(t))
	r := in.Receipts[0]
	if r.Status != StatusRejected || r.Limit == nil || r.Limit.Code != LimitMIMETooDeep || r.Limit.Limit != MaxMIMEDepth ||
		r.Reason != strings.ReplaceAll(deep, "\nhint: ", "; hint: ") {
		t.Errorf("receipt %s %q %+v", r.Status, r.Reason, r.Limit)
	}
}

// BenchmarkReadMailNested is the worst MIME shape, 20,000 multiparts each
// in the one above (some 1.4 MB), against its baseline: a flat mail of the
// same size. MaxDepth is the worst shape the caps let through: parts
// nested MaxMIMEDepth deep, nearly 2 MiB of attachment at the bottom.
func BenchmarkReadMailNested(b *testing.B) {
	nested := nestedMail(20000, 0)
	atCap := nestedMail(MaxMIMEDepth, MaxMailSize-MaxMIMEDepth*80-1000)
	for _, c := range []struct {
		name string
		raw  []byte
	}{
		{"Nested20000", nested},
		{"Flat", flatMail(len(nested))},
		{"MaxDepth", atCap},
		{"Flat2MiB", flatMail(len(atCap))},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.raw)))
			b.ReportAllocs()
			defer reportCPU(b)()
			for b.Loop() {
				ReadMail(c.raw)
			}
		})
	}
}
