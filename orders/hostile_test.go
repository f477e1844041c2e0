package orders

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

// hostileCase is one mail of testdata/hostile and what Collect makes of it
// alone: its status, the player its header names, and a substring of its
// Reason, or for an accepted mail of its first Problem ("": no problem).
type hostileCase struct {
	file   string
	status Status
	player string
	want   string
}

const noHeaderLine = "no header line: start the orders with " + headerForm

// hostileCases lists every file of testdata/hostile (TestHostileMails
// checks that none is missing). Orders for another player's armies are
// accepted here: the parser cannot know who owns A1; campaign.Resolve
// refuses them.
var hostileCases = []hostileCase{
	// Authentication: chaos has the password "Change-Is-Coming".
	{"auth-forged-password.eml", StatusRejected, "chaos", `the password for player "chaos" is wrong`},
	{"auth-password-for-no-password-player.eml", StatusRejected, "empire", `the mail comes from grom@blackcrag.example, which is not the address of player "empire"`},
	{"auth-password-guess-spanish.eml", StatusRejected, "chaos", `the password for player "chaos" is wrong`},
	{"auth-password-missing.eml", StatusRejected, "chaos", `the orders of player "chaos" need his password: add PASSWORD <your password> to the header line`},
	{"auth-password-right-other-address.eml", StatusAccepted, "chaos", ""},
	// A password with spaces: the reason quotes its second word (see the report).
	{"auth-password-with-spaces.eml", StatusRejected, "chaos", "line 1: more words follow the password in the header line"},

	// Machines: never answered.
	{"auto-precedence-bulk.eml", StatusIgnored, "", "Precedence: bulk"},
	{"auto-precedence-junk.eml", StatusIgnored, "", "Precedence: junk"},
	{"auto-precedence-list.eml", StatusIgnored, "", "Precedence: list"},
	{"auto-return-path-empty.eml", StatusIgnored, "", "a bounce (empty Return-Path)"},
	{"auto-submitted.eml", StatusIgnored, "", "Auto-Submitted: auto-replied"},
	{"bounce-mailer-daemon.eml", StatusIgnored, "", "sent by a mail server (MAILER-DAEMON)"},
	{"loop-from-ourselves.eml", StatusIgnored, "", "sent by turnproc itself"},
	// Loop risks ReadMail does not recognise yet: X-Autoreply, and a
	// multipart/report bounce from postmaster without Return-Path <>.
	{"auto-x-autoreply.eml", StatusIgnored, "", "an auto-reply (X-Autoreply)"},
	{"bounce-multipart-report.eml", StatusIgnored, "", "sent by a mail server (postmaster)"},
	{"loop-ourselves-as-display-name.eml", StatusAccepted, "orcs", ""},

	// Bodies.
	{"body-1.5MiB.eml", StatusRejected, "", "orders: the body (text/plain) is over the 1 MiB limit; hint: orders are a few lines of plain text"},
	{"body-binary-junk-then-orders.eml", StatusAccepted, "orcs", ""},
	{"body-binary-junk.eml", StatusRejected, "", noHeaderLine},
	{"body-html-entity-bomb.eml", StatusAccepted, "orcs", `line 2: "&&&&&&&&`},
	{"body-html-header-in-comment.eml", StatusRejected, "", noHeaderLine},
	{"body-html-script.eml", StatusAccepted, "orcs", `line 2: "&" is not a square`}, // not the script's, title's or comment's empire
	{"body-invalid-base64.eml", StatusRejected, "", "orders: the body (text/plain) cannot be decoded: illegal base64 data at input byte 42"},
	{"body-invalid-qp.eml", StatusAccepted, "orcs", `line 2: "=ZZ" is not a square`},
	{"body-long-header-field.eml", StatusAccepted, "orcs", ""},
	{"body-long-line.eml", StatusAccepted, "orcs", ""},
	{"body-nul-bytes.eml", StatusAccepted, "orcs", `line 2: "P10\x00" is not a square`},
	{"body-qp-soft-breaks-everywhere.eml", StatusAccepted, "orcs", ""},
	{"body-zip-attachment.eml", StatusRejected, "", noHeaderLine},

	// Charsets.
	{"charset-8bit-no-mime.eml", StatusAccepted, "dwarfs", ""},
	{"charset-lie-latin1-is-utf8.eml", StatusRejected, "", noHeaderLine},
	{"charset-lie-utf16-is-ascii.eml", StatusRejected, "", noHeaderLine},
	{"charset-lie-utf8-is-latin1.eml", StatusAccepted, "dwarfs", ""},
	{"charset-misspelt-utf8.eml", StatusAccepted, "dwarfs", ""},
	{"charset-subject-bad-encoded-word.eml", StatusAccepted, "orcs", ""},
	{"charset-subject-crlf-injection.eml", StatusAccepted, "orcs", ""},
	{"charset-utf16-bom.eml", StatusAccepted, "dwarfs", ""},
	{"charset-utf16le-no-bom.eml", StatusAccepted, "dwarfs", ""},
	{"charset-wrong-name.eml", StatusAccepted, "orcs", ""},

	// Header fields and senders.
	{"date-garbage.eml", StatusAccepted, "orcs", ""},
	{"date-missing.eml", StatusAccepted, "orcs", ""},
	{"message-id-garbage.eml", StatusAccepted, "orcs", ""},
	{"message-id-missing.eml", StatusAccepted, "orcs", ""},
	{"from-cyrillic-lookalike.eml", StatusRejected, "empire", "the mail comes from karl@reiklаnd.example, which is not the address of"},
	{"from-display-name-is-address.eml", StatusRejected, "empire", "the mail comes from grom@blackcrag.example, which is not the address of"},
	// Accepted today: ReadMail lower-cases the address with Unicode rules,
	// so İ (U+0130) and the Kelvin sign (U+212A) become i and k (see the report).
	{"from-dotted-capital-i.eml", StatusRejected, "empire", "the mail comes from karl@reİkland.example, which is not the address of"},
	{"from-kelvin-sign.eml", StatusRejected, "empire", "which is not the address of"},
	// Only the first From field and the first address count.
	{"from-duplicate-field-player-first.eml", StatusRejected, "", "the mail names several senders"},
	{"from-duplicate-field.eml", StatusRejected, "", "the mail names several senders"},
	{"from-two-addresses-player-first.eml", StatusRejected, "", "the mail names several senders"},
	{"from-two-addresses.eml", StatusRejected, "", "the mail names several senders"},
	{"from-empty.eml", StatusRejected, "", `orders: the mail has no readable From address ("")`},
	{"from-encoded-address.eml", StatusRejected, "", `orders: the mail has no readable From address ("=?utf-8?Q?karl=40reikland=2Eexample?=")`},
	{"from-encoded-name-spoof.eml", StatusRejected, "empire", "the mail comes from grom@blackcrag.example, which is not the address of"},
	{"from-fullwidth-at.eml", StatusRejected, "", `orders: the mail has no readable From address ("Karl Franz <karl＠reikland.example>")`},
	{"from-group-syntax.eml", StatusRejected, "", `orders: the mail has no readable From address ("undisclosed-recipients:;")`},
	{"from-missing.eml", StatusRejected, "", `orders: the mail has no readable From address ("")`},
	{"from-spoofed-other-player.eml", StatusRejected, "orcs", "the mail comes from belegar@karak.example, which is not the address of"},
	{"from-unquoted-address-as-name.eml", StatusRejected, "", `orders: the mail has no readable From address ("karl@reikland.example <grom@blackcrag.example>")`},
	{"from-upper-case.eml", StatusAccepted, "orcs", ""},
	{"from-with-comment.eml", StatusAccepted, "orcs", ""},

	// The deadline: hostileArrival gives these their arrival.
	{"late-exactly-at-deadline.eml", StatusAccepted, "orcs", ""},
	{"late-one-second.eml", StatusLate, "orcs", "after the deadline of turn 1 (2026-12-06 20:00:00 UTC): it is kept but not applied"},

	// MIME structure.
	{"mime-1000-parts.eml", StatusAccepted, "orcs", ""},
	{"mime-attachment-path-name.eml", StatusAccepted, "orcs", ""},
	{"mime-bad-boundary.eml", StatusRejected, "", "orders: unreadable mail body: multipart: NextPart: EOF"},
	{"mime-base64-on-multipart.eml", StatusRejected, "", "orders: unreadable mail body: multipart: NextPart: EOF"},
	{"mime-empty-boundary.eml", StatusRejected, "", "orders: unreadable mail body: multipart: boundary is empty"},
	{"mime-forwarded-rfc822.eml", StatusRejected, "", noHeaderLine},
	{"mime-missing-content-type.eml", StatusAccepted, "orcs", ""},
	{"mime-multipart-no-boundary.eml", StatusRejected, "", "orders: unreadable mail body: multipart: boundary is empty"},
	{"mime-nested-20.eml", StatusAccepted, "orcs", ""},
	{"mime-nested-500.eml", StatusRejected, "", "orders: the mail's parts nest more than 32 deep; hint: send the orders as plain text"}, // MaxMIMEDepth
	{"mime-two-txt-attachments.eml", StatusAccepted, "orcs", ""},
	{"mime-unclosed-quote-param.eml", StatusAccepted, "orcs", ""},
	{"mime-unknown-transfer-encoding.eml", StatusAccepted, "orcs", ""},
	// Cut short inside a part: refused, even when an earlier part held the orders (see the report).
	{"mime-unterminated-first-part.eml", StatusRejected, "", "orders: part 1 (text/plain) cannot be decoded: unexpected EOF"},
	{"mime-unterminated.eml", StatusAccepted, "orcs", `line 7: unknown order "Grom"`}, // the orders came before the part cut short

	// Replies and quotes.
	// Not a reply to a report: the quoted mail is no order form.
	{"quote-header-only-in-quote.eml", StatusRejected, "", noHeaderLine},
	{"quote-nested-quotes.eml", StatusAccepted, "orcs", ""},
	{"quote-old-report-below-orders.eml", StatusAccepted, "orcs", ""},
	{"quote-outlook-original-only.eml", StatusRejected, "", noHeaderLine},

	// Whose orders, for which campaign and turn.
	{"scope-header-in-subject-only.eml", StatusRejected, "", noHeaderLine},
	{"scope-other-campaign.eml", StatusRejected, "orcs", `the header names campaign "mordheim", but this is campaign "riverlands"`},
	{"scope-other-players-armies.eml", StatusAccepted, "orcs", ""},
	{"scope-other-turn.eml", StatusRejected, "orcs", "the header names turn 2, but the orders being collected are for turn 1"},
	{"scope-player-id-control-chars.eml", StatusRejected, "", `the header names player "orcs\x1b[2j\u202e", who is not in this campaign`},
	{"scope-second-header-other-player.eml", StatusAccepted, "orcs", "line 4: a second header line; the header is on line 1"},
	{"scope-turn-overflow.eml", StatusRejected, "orcs", `line 1: turn "99999999999999999999" is not a turn number`},
	{"scope-unknown-player-huge-id.eml", StatusRejected, "", `the header names player "orcsorcsorcs`},

	// The text of the orders.
	{"text-10000-orders.eml", StatusAccepted, "orcs", ""},
	{"text-bare-cr-everywhere.eml", StatusRejected, "", `orders: the mail has no readable From address ("")`},
	{"text-emoji.eml", StatusRejected, "orcs", `line 2: unexpected "🐗" in the header line`},
	{"text-fullwidth-keywords.eml", StatusAccepted, "orcs", ""}, // full-width letters fold (NFKD)
	{"text-lf-only.eml", StatusAccepted, "orcs", ""},
	{"text-mixed-line-endings.eml", StatusAccepted, "orcs", ""},
	{"text-rtl-override.eml", StatusAccepted, "orcs", `line 3: "\u202eP10\u202c" is not a square`},
	{"text-zero-width-in-header.eml", StatusRejected, "", noHeaderLine},
	{"text-zero-width-in-orders.eml", StatusAccepted, "orcs", ""}, // zero-width characters are not letters
}

// hostileDeadline is the deadline of the hostile window.
var hostileDeadline = time.Date(2026, 12, 6, 20, 0, 0, 0, time.UTC)

// hostileWindow is riverlands turn 1 with a deadline, our own address,
// and a password for chaos.
func hostileWindow(t testing.TB) Window {
	chaos := Credentials{Email: "archaon@ruinfort.example", PasswordHash: hashOf(t, "Change-Is-Coming")}
	w := riverlandsWindow(t)
	w.Deadline = hostileDeadline
	w.Ourselves = "turns@riverlands.example"
	w.Player = func(id string) (Credentials, bool) {
		if id == "chaos" {
			return chaos, true
		}
		return lookupRiverlands(id)
	}
	return w
}

// hostileArrival: the i-th case arrives i minutes after the start of the
// turn, but for the two that test the deadline.
func hostileArrival(i int, file string) time.Time {
	switch file {
	case "late-exactly-at-deadline.eml":
		return hostileDeadline
	case "late-one-second.eml":
		return hostileDeadline.Add(time.Second)
	}
	return time.Date(2026, 12, 1, 0, i, 0, 0, time.UTC)
}

func readHostile(t testing.TB) []Received {
	t.Helper()
	var mails []Received
	for i, c := range hostileCases {
		raw, err := os.ReadFile(filepath.Join("testdata", "hostile", c.file))
		if err != nil {
			t.Fatal(err)
		}
		mails = append(mails, Received{Name: c.file, Raw: raw, At: hostileArrival(i, c.file)})
	}
	return mails
}

// loopReasons are the reasons of ignored mails: machines and ourselves.
var loopReasons = []string{"Auto-Submitted: ", "Precedence: ", "a bounce (empty Return-Path)", "sent by a mail server (", "a delivery report", "an auto-reply (", "sent by turnproc itself"}

// TestHostileMails runs Collect over each hostile mail alone, then over
// all of them together.
func TestHostileMails(t *testing.T) {
	files, err := filepath.Glob("testdata/hostile/*.eml")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, c := range hostileCases {
		listed = append(listed, c.file)
	}
	for _, f := range files {
		if !slices.Contains(listed, filepath.Base(f)) {
			t.Errorf("%s is not in hostileCases", f)
		}
	}
	if len(files) != len(listed) || len(files) < 60 {
		t.Fatalf("%d files, %d cases", len(files), len(listed))
	}

	w := hostileWindow(t)
	mails := readHostile(t)
	for i, c := range hostileCases {
		t.Run(c.file, func(t *testing.T) {
			in := collectNoPanic(t, mails[i:i+1], w)
			if len(in.Receipts) != 1 || in.Receipts[0].Name != c.file {
				t.Fatalf("receipts %+v", in.Receipts)
			}
			r := in.Receipts[0]
			checkHostileReceipt(t, r)
			if r.Status != c.status || r.Player != c.player {
				t.Errorf("%s for %q (%s), want %s for %q", r.Status, clip(r.Player), clip(r.Reason), c.status, clip(c.player))
			}
			got := r.Reason
			if r.Status == StatusAccepted {
				got = ""
				if len(r.Sheet.Problems) > 0 {
					got = r.Sheet.Problems[0].String()
				}
				if in.Accepted[r.Player] != r.Sheet {
					t.Errorf("accepted, but not in Accepted")
				}
				if (c.want == "") != (got == "") {
					t.Errorf("first problem %q, want %q", clip(got), c.want)
				}
			} else if len(in.Accepted) != 0 {
				t.Errorf("%s, but Accepted holds %v", r.Status, in.Accepted)
			}
			if !strings.Contains(got, c.want) {
				t.Errorf("reason or first problem %q\ndoes not contain %q", clip(got), c.want)
			}
		})
	}

	// Together: one receipt each, in arrival order; of each player's
	// accepted mails the last to arrive wins and the others are replaced.
	in := collectNoPanic(t, mails, w)
	if len(in.Receipts) != len(mails) {
		t.Fatalf("%d receipts for %d mails", len(in.Receipts), len(mails))
	}
	byName := map[string]Receipt{}
	for i, r := range in.Receipts {
		byName[r.Name] = r
		if i > 0 && r.At.Before(in.Receipts[i-1].At) {
			t.Errorf("together: %s comes after a later arrival", r.Name)
		}
	}
	winner := map[string]int{} // player → index of the last accepted case to arrive
	for i, c := range hostileCases {
		if j, ok := winner[c.player]; c.status == StatusAccepted && (!ok || !mails[i].At.Before(mails[j].At)) {
			winner[c.player] = i
		}
	}
	for i, c := range hostileCases {
		r, ok := byName[c.file]
		want := c.status
		if want == StatusAccepted && winner[c.player] != i {
			want = StatusReplaced
		}
		if !ok || r.Status != want {
			t.Errorf("together: %s is %s (%s), want %s", c.file, r.Status, clip(r.Reason), want)
		}
	}
	for p, i := range winner {
		if s := in.Accepted[p]; s == nil || s != byName[hostileCases[i].file].Sheet {
			t.Errorf("together: %s's accepted set is not %s", p, hostileCases[i].file)
		}
	}
	if len(in.Accepted) != len(winner) {
		t.Errorf("together: %d accepted sets, want %d", len(in.Accepted), len(winner))
	}
}

// collectNoPanic runs Collect, turning a panic into a test failure that
// names the mails.
func collectNoPanic(t *testing.T, mails []Received, w Window) (in *Intake) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("Collect panicked on %d mail(s) from %s: %v", len(mails), mails[0].Name, p)
		}
	}()
	return Collect(mails, w)
}

// checkHostileReceipt: every mail not accepted has a reason fit for a log
// line and a reply: one line, no raw control or bidi characters; an
// ignored mail is a machine's or ours; problems are single clean lines.
func checkHostileReceipt(t *testing.T, r Receipt) {
	t.Helper()
	if r.Status == StatusAccepted || r.Status == StatusReplaced {
		if r.Reason != "" {
			t.Errorf("%s with a reason %q", r.Status, r.Reason)
		}
	} else if r.Reason == "" {
		t.Errorf("%s without a reason", r.Status)
	}
	if bad := unprintable(r.Reason); bad != "" {
		t.Errorf("the reason holds %s: %q", bad, clip(r.Reason))
	}
	if r.Status == StatusIgnored && !slices.ContainsFunc(loopReasons, func(p string) bool { return strings.HasPrefix(r.Reason, p) }) {
		t.Errorf("ignored for %q, which is no loop risk", r.Reason)
	}
	if r.Sheet == nil {
		return
	}
	for _, p := range r.Sheet.Problems {
		if bad := unprintable(p.String()); bad != "" {
			t.Errorf("a problem holds %s: %q", bad, clip(p.String()))
		}
	}
}

// unprintable names the first character s should not show raw: a control
// (line breaks included), a bidi override or isolate, invalid UTF-8.
func unprintable(s string) string {
	if !utf8.ValidString(s) {
		return "invalid UTF-8"
	}
	for _, r := range s {
		if unicode.IsControl(r) || r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069' {
			return fmt.Sprintf("%U", r)
		}
	}
	return ""
}

// clip shortens s for a failure message.
func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// TestReadMailHostile reads every hostile mail, all at once (run it with
// -race): no panic, and a mail read has a From and clean text.
func TestReadMailHostile(t *testing.T) {
	files, err := filepath.Glob("testdata/hostile/*.eml")
	if err != nil || len(files) == 0 {
		t.Fatal(files, err)
	}
	var wg sync.WaitGroup
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s: ReadMail panicked: %v", f, p)
				}
			}()
			m, err := ReadMail(raw)
			switch {
			case err != nil && !strings.HasPrefix(err.Error(), "orders: "):
				t.Errorf("%s: error %q", f, err)
			case err != nil:
			case m == nil || m.From == "":
				t.Errorf("%s: read without a From: %+v", f, m)
			case !utf8.ValidString(m.Text) || strings.Contains(m.Text, "\r"):
				t.Errorf("%s: text not clean UTF-8 with LF line ends", f)
			}
		})
	}
	wg.Wait()
}
