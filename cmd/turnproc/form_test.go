package main

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/orders"
	"github.com/turnproc/turnproc/reports"
)

// TestFormConstantsAgree: the form reports writes is the one orders reads.
func TestFormConstantsAgree(t *testing.T) {
	if reports.FormMarker != orders.FormMarker || reports.PasswordPlaceholder != orders.PasswordPlaceholder {
		t.Errorf("reports writes %q / %q, orders reads %q / %q", reports.FormMarker, reports.PasswordPlaceholder,
			orders.FormMarker, orders.PasswordPlaceholder)
	}
	if reports.AnswerMarker != orders.AnswerMarker {
		t.Errorf("reports writes the answer marker %q, orders reads %q", reports.AnswerMarker, orders.AnswerMarker)
	}
}

// TestFormRoundTrip: every player's order form from the demo's
// turn-2 report mails, filled in with the first order offered to each unit
// and sent back in each common way — the form itself, a top-posted reply,
// a bottom-posted one, one written inline in the quote, an HTML reply —
// is read as exactly those orders; the form sent back unchanged, or a
// reply with no orders, gives none and replaces nothing.
func TestFormRoundTrip(t *testing.T) {
	demo := filepath.Join(t.TempDir(), "demo")
	if code, _, stderr := run(t, afterTurn1, "demo", "--out", demo); code != exitOK {
		t.Fatal(stderr)
	}
	c, err := openCampaign(demo)
	if err != nil {
		t.Fatal(err)
	}
	turn, state, err := c.current()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range c.cfg.Players {
		raw, err := os.ReadFile(filepath.Join(demo, "turns", fmt.Sprintf("%03d", turn-1), "outbox", p.ID+".eml"))
		if err != nil {
			t.Fatal(err)
		}
		body := string(mailPart(t, raw, "text/plain"))
		form := body[strings.Index(body, "\n# ")+1:]
		filled, mine, want := fillForm(t, form, campaign.Options(c.m, c.cfg.Rules(), state, p.ID))
		quoted := "> " + strings.ReplaceAll(strings.TrimRight(body, "\n"), "\n", "\n> ")
		attribution := "On Sun, 13 Dec 2026 at 20:00, turnproc <turns@riverlands.example> wrote:"
		for style, text := range map[string]string{
			"form":          filled,
			"top-posted":    "Hi Marta,\n\nmy orders:\n\n" + mine + "\nthanks!\n\n" + attribution + "\n" + quoted + "\n",
			"bottom-posted": attribution + "\n" + quoted + "\n\n" + mine + "\n-- \nA player\n",
			"inline":        attribution + "\n" + inline(quoted),
		} {
			t.Run(p.ID+"/"+style, func(t *testing.T) {
				checkOrders(t, c, turn, p.Email, plainMail(p.Email, text), want)
			})
		}
		t.Run(p.ID+"/html", func(t *testing.T) {
			h := "<div dir=\"ltr\">" + strings.ReplaceAll(html.EscapeString(mine), "\n", "<br>") +
				"</div><br><div class=\"gmail_quote\"><div>" + html.EscapeString(attribution) +
				"</div><blockquote class=\"gmail_quote\">" + strings.ReplaceAll(html.EscapeString(body), "\n", "<br>") + "</blockquote></div>"
			checkOrders(t, c, turn, p.Email, htmlMail(p.Email, h), want)
		})
		for style, text := range map[string]string{
			"unchanged": form,
			"thanks":    "Thanks, great turn!\n\n" + attribution + "\n" + quoted + "\n",
		} {
			t.Run(p.ID+"/"+style, func(t *testing.T) {
				in := orders.Collect([]orders.Received{{Name: "reply", Raw: plainMail(p.Email, text), At: beforeTurn1}}, c.window(turn))
				rc := in.Receipts[0]
				if rc.Status != orders.StatusRejected || !strings.Contains(rc.Reason, "your orders for this turn are unchanged") {
					t.Errorf("%s (%s), want rejected: no orders", rc.Status, rc.Reason)
				}
			})
		}
	}
}

// fillForm gives back the form with the first order of each unit
// uncommented, those order lines alone, and the orders they are
// (campaign.Options lists them in the form's order).
func fillForm(t *testing.T, form string, opts []campaign.Option) (filled, mine string, want []string) {
	t.Helper()
	heading := regexp.MustCompile(`^# ([AF]\d+): `)
	lines := strings.Split(form, "\n")
	var unit string
	for i, l := range lines {
		if m := heading.FindStringSubmatch(l); m != nil {
			unit = m[1]
			continue
		}
		if unit != "" && strings.HasPrefix(l, "# "+unit+" ") {
			lines[i] = strings.TrimPrefix(l, "# ")
			mine += lines[i] + "\n"
			for _, o := range opts {
				if o.Order.Unit() == unit {
					want = append(want, o.Order.String())
					break
				}
			}
			unit = ""
		}
	}
	if len(want) == 0 {
		t.Fatalf("no order to give in the form:\n%s", form)
	}
	return strings.Join(lines, "\n"), mine, want
}

// inline writes, below each unit's quoted heading, its first order.
func inline(quoted string) string {
	heading := regexp.MustCompile(`^> # ([AF]\d+): `)
	var out []string
	lines := strings.Split(quoted, "\n")
	for i, l := range lines {
		out = append(out, l)
		if m := heading.FindStringSubmatch(l); m != nil && i+1 < len(lines) {
			order, _, _ := strings.Cut(strings.TrimPrefix(lines[i+1], "> # "), "#")
			out = append(out, strings.TrimSpace(order))
		}
	}
	return strings.Join(out, "\n") + "\n"
}

func checkOrders(t *testing.T, c *campaignFiles, turn int, from string, raw []byte, want []string) {
	t.Helper()
	in := orders.Collect([]orders.Received{{Name: "reply", Raw: raw, At: beforeTurn1}}, c.window(turn))
	rc := in.Receipts[0]
	if rc.Status != orders.StatusAccepted {
		t.Fatalf("%s: %s", rc.Status, rc.Reason)
	}
	var got []string
	for _, o := range rc.Sheet.Set.Orders {
		got = append(got, o.String())
	}
	for _, p := range rc.Sheet.Problems {
		t.Errorf("problem: %s", p)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("orders\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func plainMail(from, text string) []byte {
	return []byte(mailHead(from) + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" +
		strings.ReplaceAll(text, "\n", "\r\n"))
}

func htmlMail(from, body string) []byte {
	return []byte(mailHead(from) + "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" +
		"<html><body>" + body + "</body></html>\r\n")
}

func mailHead(from string) string {
	return fmt.Sprintf("From: <%s>\r\nTo: turns@riverlands.example\r\nSubject: Re: report\r\nDate: %s\r\n"+
		"Message-ID: <reply@players.example>\r\nMIME-Version: 1.0\r\n", from, beforeTurn1.Format(time.RFC1123Z))
}
