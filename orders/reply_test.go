package orders

import (
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// form is the end of an order form as a report mail carries it.
func form(player string, turn string) string {
	return "CAMPAIGN riverlands PLAYER " + player + " TURN " + turn + " PASSWORD ????\r\n# A1: 500 points in E11\r\n" +
		"# A1 MOVE E10   # open, yours: 11 or less on 2D6, 97%\r\nEND\r\n" + FormMarker + ": riverlands " + player + " " + turn + "\r\n"
}

func quote(text string) string {
	return "> " + strings.ReplaceAll(strings.TrimRight(text, "\r\n"), "\r\n", "\r\n> ") + "\r\n"
}

// TestRepliesAreTheSenders: a reply takes the header of a quoted order
// form, never its password; a quoted mail that is no form (someone's
// orders) gives no header at all.
func TestRepliesAreTheSenders(t *testing.T) {
	hash, err := bcrypt.GenerateFromPassword([]byte("s3cret"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	w := riverlandsWindow(t)
	w.Player = func(id string) (Credentials, bool) {
		c, ok := lookupRiverlands(id)
		if id == "empire" {
			c.PasswordHash = string(hash)
		}
		return c, ok
	}
	at := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	grom, karl := "Grom <grom@blackcrag.example>", "Karl <karl@reikland.example>"
	filled := strings.Replace(form("empire", "1"), "????", "s3cret", 1)
	mails := []Received{
		// Grom answers Karl's filled-in form (password and all) with orders of his own.
		{Name: "1-reply-all", Raw: orderMail(grom, at, "A1 MOVE E9\r\n\r\nOn Monday, Karl wrote:\r\n"+quote(filled)), At: at},
		// ... or Karl's plain order mail, password in its header.
		{Name: "2-quoted-orders", Raw: orderMail(grom, at.Add(time.Minute), "FINAL\r\n\r\nOn Monday, Karl wrote:\r\n"+
			quote("CAMPAIGN riverlands PLAYER empire TURN 1 PASSWORD s3cret\r\nA1 MOVE E10\r\n")), At: at.Add(time.Minute)},
		// Karl's own reply, with his password on a line of its own.
		{Name: "3-karl", Raw: orderMail(karl, at.Add(2*time.Minute), "A1 MOVE E10\r\nPASSWORD s3cret\r\n\r\n"+quote(form("empire", "1"))), At: at.Add(2 * time.Minute)},
	}
	in := Collect(mails, w)
	checkReceipts(t, in, []receiptSummary{
		{"1-reply-all", "grom@blackcrag.example", "empire", StatusRejected, `the orders of player "empire" need his password: add PASSWORD <your password> to the header line`},
		{"2-quoted-orders", "grom@blackcrag.example", "", StatusRejected, "no header line: start the orders with " + headerForm},
		{"3-karl", "karl@reikland.example", "empire", StatusAccepted, ""},
	})
}

// TestReplyPicksThePartWithOrders: an unchanged copy of the form attached
// to a reply does not hide the orders written in its body.
func TestReplyPicksThePartWithOrders(t *testing.T) {
	body := "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		"A1 MOVE E10\r\n\r\n" + quote(form("empire", "1")) + "--b\r\nContent-Type: text/plain; name=\"orders.txt\"\r\n" +
		"Content-Disposition: attachment; filename=\"orders.txt\"\r\n\r\n" + form("empire", "1") + "--b--\r\n"
	at := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	raw := []byte(strings.Replace(string(orderMail("Karl <karl@reikland.example>", at, "")), "\r\n\r\n", "\r\nMIME-Version: 1.0\r\n", 1) + body)
	in := Collect([]Received{{Name: "reply", Raw: raw, At: at}}, riverlandsWindow(t))
	if s := in.Accepted["empire"]; s == nil || len(s.Set.Orders) != 1 || s.Set.Orders[0].String() != "A1 MOVE E10" {
		t.Fatalf("receipts %+v", summarise(in))
	}
}

// TestOrdersWrittenWrongAreOrders: a mail whose orders all fail is not a
// mail of commands, even with FINAL in it: it does not make the earlier
// orders final (it replaces them, as any accepted mail does).
func TestOrdersWrittenWrongAreOrders(t *testing.T) {
	karl := "Karl <karl@reikland.example>"
	at := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	in := Collect([]Received{
		{Name: "1", Raw: orderMail(karl, at, "CAMPAIGN riverlands PLAYER empire TURN 1\r\nA1 MOVE E10\r\n"), At: at},
		{Name: "2", Raw: orderMail(karl, at.Add(time.Minute), "CAMPAIGN riverlands PLAYER empire TURN 1\r\nA1 MOVE Z99\r\nFINAL\r\nSHOW ORDERS\r\n"), At: at.Add(time.Minute)},
	}, riverlandsWindow(t))
	if in.Receipts[1].Status != StatusAccepted || in.Receipts[0].Status != StatusReplaced || in.Receipts[0].Sheet.Final {
		t.Errorf("receipts %+v", summarise(in))
	}
}

// TestPasswordLineAfterOwnHeader: the password may also stand on a line of
// its own below a header that gives none.
func TestPasswordLineAfterOwnHeader(t *testing.T) {
	s := Parse("CAMPAIGN riverlands PLAYER empire TURN 1\nPASSWORD s3cret\nA1 MOVE E10\n", riverlands(t))
	if s.Password != "s3cret" || len(s.Problems) > 0 || len(s.Set.Orders) != 1 {
		t.Errorf("password %q, orders %v, problems %v", s.Password, s.Set.Orders, s.Problems)
	}
}
