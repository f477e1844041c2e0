// Package mailshape writes an order mail's body in the shapes the common
// mail clients send. It stands apart from gen so that the orders package's
// benchmarks can shape mails without importing gen, which imports orders
// for its order formatter.
package mailshape

import (
	"encoding/base64"
	"mime/quotedprintable"
	"strings"

	"golang.org/x/text/encoding/charmap"
)

// Shapes is how many shapes of mail Body writes.
const Shapes = 5

// Body is the rest of an order mail in one of the Shapes the common mail
// clients send (0 plain text, 1 multipart/alternative, 2 windows-1252
// quoted-printable, 3 HTML only quoting an old report, 4 the orders in a
// .txt attachment): its content header fields, a blank line and the body.
// Lines end CRLF.
func Body(shape int, greeting, orders, sign string) string {
	switch shape % Shapes {
	case 0:
		return "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" + greeting + orders + sign
	case 1:
		html := "<div dir=\"ltr\"><p>" + strings.ReplaceAll(strings.TrimSpace(greeting+orders), "\r\n", "<br>") + "</p></div>"
		return "Content-Type: multipart/alternative; boundary=\"alt\"\r\n\r\n" +
			"--alt\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qp(greeting+orders+sign) +
			"\r\n--alt\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qp(html) + "\r\n--alt--\r\n"
	case 2:
		cp, err := charmap.Windows1252.NewEncoder().String(greeting + orders + sign)
		if err != nil { // every character written above is in windows-1252
			panic(err)
		}
		return "Content-Type: text/plain; charset=windows-1252\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qp(cp)
	case 3:
		html := "<html><head><style>p{margin:0}</style></head><body><p>" +
			strings.ReplaceAll(strings.TrimSpace(greeting+orders), "\r\n", "</p><p>") + "</p><blockquote>&gt; old report</blockquote></body></html>"
		return "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" + html
	default:
		return "Content-Type: multipart/mixed; boundary=\"mix\"\r\n\r\n" +
			"--mix\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + greeting + "\r\n" +
			"--mix\r\nContent-Type: text/plain; charset=utf-8; name=\"orders.txt\"\r\nContent-Disposition: attachment; filename=\"orders.txt\"\r\n" +
			"Content-Transfer-Encoding: base64\r\n\r\n" + wrap76(base64.StdEncoding.EncodeToString([]byte(orders))) + "--mix--\r\n"
	}
}

func qp(s string) string {
	var b strings.Builder
	w := quotedprintable.NewWriter(&b)
	w.Write([]byte(s)) // writes to a strings.Builder do not fail
	w.Close()
	return b.String()
}

func wrap76(s string) string {
	var b strings.Builder
	for len(s) > 76 {
		b.WriteString(s[:76] + "\r\n")
		s = s[76:]
	}
	return b.String() + s + "\r\n"
}
