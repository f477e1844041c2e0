package orders

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

// riverlandsEmails are the players' addresses in examples/riverlands/campaign.toml.
var riverlandsEmails = map[string]string{
	"empire": "karl@reikland.example",
	"dwarfs": "belegar@karak.example",
	"orcs":   "grom@blackcrag.example",
	"chaos":  "archaon@ruinfort.example",
}

// lookupRiverlands gives the riverlands players' credentials: addresses only.
func lookupRiverlands(id string) (Credentials, bool) {
	e, ok := riverlandsEmails[id]
	return Credentials{Email: e}, ok
}

// riverlandsWindow is turn 1 of the example campaign, without a deadline.
func riverlandsWindow(t testing.TB) Window {
	return Window{Campaign: "riverlands", Turn: 1, Map: riverlands(t), Player: lookupRiverlands}
}

// orderMail builds a plain-text order mail.
func orderMail(from string, date time.Time, body string, extra ...string) []byte {
	h := fmt.Sprintf("From: %s\r\nTo: turns@riverlands.example\r\nSubject: orders\r\nDate: %s\r\nMessage-ID: <%d@test.example>\r\n",
		from, date.Format(time.RFC1123Z), date.Unix())
	for _, e := range extra {
		h += e + "\r\n"
	}
	return []byte(h + "\r\n" + body)
}

type receiptSummary struct {
	Name, From, Player string
	Status             Status
	Reason             string
}

func summarise(in *Intake) []receiptSummary {
	var out []receiptSummary
	for _, r := range in.Receipts {
		out = append(out, receiptSummary{r.Name, r.From, r.Player, r.Status, r.Reason})
	}
	return out
}

// checkReceipts compares the receipts, in order, with want.
func checkReceipts(t *testing.T, in *Intake, want []receiptSummary) {
	t.Helper()
	got := summarise(in)
	for i := range max(len(got), len(want)) {
		var g, w receiptSummary
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("receipt %d:\n got %+v\nwant %+v", i, g, w)
		}
	}
}

// TestCollect: the last mail to ARRIVE counts, whatever its Date header
// says; receipts come in arrival order.
func TestCollect(t *testing.T) {
	day := func(d, h int) time.Time { return time.Date(2026, 12, d, h, 0, 0, 0, time.UTC) }
	empire := "CAMPAIGN riverlands PLAYER empire TURN 1\r\n"
	orcs := "campaign RIVERLANDS player ORCS turn 1\r\n"
	mails := []Received{
		// Listed out of order on purpose: receipts come in arrival order.
		// The sender's clock is days ahead: its Date is the latest, but it arrived first.
		{Name: "07-skewed-clock", Raw: orderMail("Karl Franz <KARL@reikland.example>", day(4, 12), empire+"A1 MOVE E10 E9 E8\r\n"), At: day(2, 8)},
		{Name: "01-empire", Raw: orderMail("karl@reikland.example", day(2, 9), empire+"A1 MOVE E10\r\n"), At: day(2, 9)},
		{Name: "02-empire", Raw: orderMail("karl@reikland.example", day(3, 9), empire+"A1 MOVE E10 E9\r\nA2 MARCH\r\n"), At: day(3, 9)},
		{Name: "03-impostor", Raw: orderMail("grom@blackcrag.example", day(5, 9), empire+"A1 MOVE E12\r\n"), At: day(5, 9)},
		{Name: "04-wrong-turn", Raw: orderMail("belegar@karak.example", day(2, 10), "CAMPAÑA riverlands JUGADOR dwarfs TURNO 2\r\n"), At: day(2, 10)},
		{Name: "05-wrong-campaign", Raw: orderMail("belegar@karak.example", day(2, 11), "CAMPAIGN mordheim PLAYER dwarfs TURN 1\r\n"), At: day(2, 11)},
		{Name: "06-unknown-player", Raw: orderMail("elf@ulthuan.example", day(2, 12), "CAMPAIGN riverlands PLAYER elves TURN 1\r\n"), At: day(2, 12)},
		{Name: "08-autoreply", Raw: orderMail("belegar@karak.example", day(2, 13), "I am away.\r\n> "+empire, "Auto-Submitted: auto-replied"), At: day(2, 13)},
		{Name: "09-list", Raw: orderMail("list@riverlands.example", day(2, 14), "digest", "Precedence: list"), At: day(2, 14)},
		{Name: "10-bounce", Raw: orderMail("MAILER-DAEMON@riverlands.example", day(2, 15), "undeliverable"), At: day(2, 15)},
		{Name: "11-no-header", Raw: orderMail("grom@blackcrag.example", day(2, 16), "WAAAGH!\r\nA5 MOVE P10\r\n"), At: day(2, 16)},
		{Name: "12-bad-header", Raw: orderMail("grom@blackcrag.example", day(2, 17), "CAMPAIGN riverlands PLAYER orcs\r\nA5 MOVE P10\r\n"), At: day(2, 17)},
		{Name: "13-unreadable", Raw: []byte("no header here"), At: day(2, 19)},
		{Name: "14-orcs", Raw: orderMail("Grom <grom@blackcrag.example>", day(2, 18), orcs+"A5 MOVE P10\r\n"), At: day(2, 18)},
		// Dated before every other mail, but it arrived after 14-orcs.
		{Name: "15-orcs-old-date", Raw: orderMail("grom@blackcrag.example", day(1, 0), orcs+"A5 MOVE P10 O10\r\n"), At: day(3, 10)},
	}
	in := Collect(mails, riverlandsWindow(t))

	want := []receiptSummary{
		{"07-skewed-clock", "karl@reikland.example", "empire", StatusReplaced, "replaced by the later mail 01-empire"},
		{"01-empire", "karl@reikland.example", "empire", StatusReplaced, "replaced by the later mail 02-empire"},
		{"04-wrong-turn", "belegar@karak.example", "dwarfs", StatusRejected, "the header names turn 2, but the orders being collected are for turn 1"},
		{"05-wrong-campaign", "belegar@karak.example", "dwarfs", StatusRejected, `the header names campaign "mordheim", but this is campaign "riverlands"`},
		{"06-unknown-player", "elf@ulthuan.example", "", StatusRejected, `the header names player "elves", who is not in this campaign`},
		{"08-autoreply", "belegar@karak.example", "", StatusIgnored, "Auto-Submitted: auto-replied"},
		{"09-list", "list@riverlands.example", "", StatusIgnored, "Precedence: list"},
		{"10-bounce", "mailer-daemon@riverlands.example", "", StatusIgnored, "sent by a mail server (MAILER-DAEMON)"},
		{"11-no-header", "grom@blackcrag.example", "", StatusRejected, "no header line: start the orders with CAMPAIGN <campaign> PLAYER <player> TURN <turn> (or CAMPAÑA … JUGADOR … TURNO …)"},
		{"12-bad-header", "grom@blackcrag.example", "orcs", StatusRejected, "line 1: the header line has no TURN; hint: write the header as CAMPAIGN <campaign> PLAYER <player> TURN <turn> (or CAMPAÑA … JUGADOR … TURNO …)"},
		{"14-orcs", "grom@blackcrag.example", "orcs", StatusReplaced, "replaced by the later mail 15-orcs-old-date"},
		{"13-unreadable", "", "", StatusRejected, `orders: unreadable mail header: message: malformed MIME header line: "no header here"`},
		{"02-empire", "karl@reikland.example", "empire", StatusAccepted, ""},
		{"15-orcs-old-date", "grom@blackcrag.example", "orcs", StatusAccepted, ""},
		{"03-impostor", "grom@blackcrag.example", "empire", StatusRejected, `the mail comes from grom@blackcrag.example, which is not the address of player "empire"`},
	}
	checkReceipts(t, in, want)

	sets := in.OrderSets()
	var got []string
	for _, s := range sets {
		for _, o := range s.Orders {
			got = append(got, s.Player+": "+o.String())
		}
	}
	if want := []string{"empire: A1 MOVE E10 E9", "orcs: A5 MOVE P10 O10"}; !slices.Equal(got, want) {
		t.Errorf("order sets %q, want %q", got, want)
	}
}

// TestCollectQuotesJunk: a rejection reason quotes a junk mail's bytes,
// escaped and cut short, so the intake log and replies stay readable.
func TestCollectQuotesJunk(t *testing.T) {
	junk := "\x1b[31m\xff\xfe" + strings.Repeat("junk ", 100)
	huge := make([]byte, MaxMailSize+1)
	in := Collect([]Received{{Name: "junk", Raw: []byte(junk + "\r\n\r\nbody")}, {Name: "huge", Raw: huge}}, riverlandsWindow(t))
	want := map[string]string{
		"junk": `orders: unreadable mail header: message: malformed MIME header line: "\x1b[31m\xff\xfe` + strings.Repeat("junk ", 14) + `jun"…`,
		"huge": "orders: the mail is 2097153 bytes, over the 2 MiB limit; hint: send the orders as plain text, without large attachments",
	}
	for _, r := range in.Receipts {
		if r.Status != StatusRejected || r.Reason != want[r.Name] {
			t.Errorf("%s: %s %q\nwant rejected %q", r.Name, r.Status, r.Reason, want[r.Name])
		}
	}
}

func TestCollectTieBreaksByName(t *testing.T) {
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	mk := func(sq string) []byte {
		return orderMail("karl@reikland.example", at, "CAMPAIGN riverlands PLAYER empire TURN 1\nA1 MOVE "+sq+"\n")
	}
	in := Collect([]Received{{Name: "b", Raw: mk("E12"), At: at}, {Name: "a", Raw: mk("E10"), At: at}}, riverlandsWindow(t))
	if got := in.Accepted["empire"].Set.Orders[0].String(); got != "A1 MOVE E12" {
		t.Errorf("same arrival: accepted %q, want the later name's A1 MOVE E12", got)
	}
}

// TestExampleMails checks the bundled turn-1 mails, each arriving a
// minute after its Date, before the turn-1 deadline: every one is read and
// accepted for its player, the empire's second mail replaces its first,
// the orcs' deliberate mistake is the only problem, and every accepted
// order is legal for campaign.Resolve from the starting state.
func TestExampleMails(t *testing.T) {
	m := riverlands(t)
	files, err := filepath.Glob("../examples/riverlands/mail/turn-001/*.eml")
	if err != nil || len(files) != 5 {
		t.Fatalf("example mails: %v %v", files, err)
	}
	var mails []Received
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		mail, err := ReadMail(raw)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		mails = append(mails, Received{Name: filepath.Base(f), Raw: raw, At: mail.Date.Add(time.Minute)})
	}
	deadline := time.Date(2026, 12, 6, 20, 0, 0, 0, time.UTC)
	w := riverlandsWindow(t)
	w.Deadline = deadline
	in := Collect(mails, w)
	wantStatus := map[string]string{
		"01-empire.eml": "empire replaced", "02-dwarfs.eml": "dwarfs accepted", "03-orcs.eml": "orcs accepted",
		"04-chaos.eml": "chaos accepted", "05-empire.eml": "empire accepted",
	}
	for _, r := range in.Receipts {
		if got := r.Player + " " + string(r.Status); got != wantStatus[r.Name] {
			t.Errorf("%s: %s (%s), want %s", r.Name, got, r.Reason, wantStatus[r.Name])
		}
		if d := r.Mail.Date; d.Before(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)) || !d.Before(deadline) {
			t.Errorf("%s: Date %v outside 2026-12-01 … the turn-1 deadline", r.Name, d)
		}
		if r.Mail.MessageID == "" {
			t.Errorf("%s: no Message-ID", r.Name)
		}
		var problems []string
		for _, p := range r.Sheet.Problems {
			problems = append(problems, p.String())
		}
		var want []string
		if r.Name == "03-orcs.eml" {
			want = []string{`line 5: unknown order "MARCH"; hint: orders are MOVE/MOVER, SAIL/NAVEGAR, EMBARK/EMBARCAR, DISEMBARK/DESEMBARCAR, CLAIM/RECLAMAR, PILLAGE/SAQUEAR, IMPROVE/MEJORAR, BUILD/CONSTRUIR, MERGE/UNIR, SPLIT/DIVIDIR, REORGANIZE/REORGANIZAR, RAISE/RECLUTAR, REINFORCE/REFORZAR, DISBAND/DISOLVER, REDUCE/REDUCIR, INITIATIVE/INICIATIVA, EQUIP/EQUIPAR, END/FIN`}
		}
		if !slices.Equal(problems, want) {
			t.Errorf("%s: problems %q, want %q", r.Name, problems, want)
		}
	}

	setups := []campaign.PlayerSetup{
		{ID: "empire", Capital: campaign.Coord{Col: 4, Row: 10}, Armies: []int{500, 500}},
		{ID: "dwarfs", Capital: campaign.Coord{Col: 16, Row: 2}, Armies: []int{500, 500}},
		{ID: "orcs", Capital: campaign.Coord{Col: 15, Row: 10}, Armies: []int{1000}},
		{ID: "chaos", Capital: campaign.Coord{Col: 7, Row: 1}, Armies: []int{500, 500}},
	}
	state, err := campaign.NewState(m, "riverlands", "5eed0f7e1c0a2d3b", setups)
	if err != nil {
		t.Fatal(err)
	}
	out, err := campaign.Resolve(m, campaign.Rules{}, state, campaign.Input{Orders: in.OrderSets()}, campaign.NewDice(state.Seed, 1))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range out.Events {
		if e.Kind == campaign.EventRejected {
			t.Errorf("example order rejected by campaign.Resolve: %s line %d %q: %s", e.Player, e.Line, e.Order, e.Problem.Text)
		}
	}
}

// BenchmarkCollect collects a turn of 1000 mails: 250 players' generated
// plain-text mails and 750 fixture mails (multipart, HTML, attachment).
func BenchmarkCollect(b *testing.B) {
	m := riverlands(b)
	emails := map[string]string{}
	var mails []Received
	shapes := []string{"plain-ascii.eml", "alternative-utf8.eml", "html-only.eml", "txt-attachment.eml"}
	for i := range 1000 {
		player := fmt.Sprintf("p%03d", i/4)
		emails[player] = player + "@test.example"
		body := fmt.Sprintf("Hi\n\nCAMPAIGN riverlands PLAYER %s TURN 1\nA%d MOVE E10 E9 E8\nINITIATIVE LAST\nEND\n-- \nme\n", player, i)
		raw := orderMail(player+"@test.example", time.Date(2026, 12, 1, 0, i, 0, 0, time.UTC), body)
		if i%4 != 0 {
			raw = readFixture(b, shapes[i%4])
		}
		mails = append(mails, Received{Name: fmt.Sprintf("%04d", i), Raw: raw, At: time.Date(2026, 12, 1, 0, i, 0, 0, time.UTC)})
	}
	lookup := func(id string) (Credentials, bool) { e, ok := emails[id]; return Credentials{Email: e}, ok }
	w := Window{Campaign: "riverlands", Turn: 1, Map: m, Player: lookup}
	b.ReportAllocs()
	for b.Loop() {
		// The fixture mails come from players this lookup does not know.
		if in := Collect(mails, w); len(in.Accepted) != 250 {
			b.Fatalf("accepted %d players, want 250", len(in.Accepted))
		}
	}
}
