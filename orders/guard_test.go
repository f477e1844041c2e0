package orders

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestVerdictsKept: a mail's password verdict, kept from one Collect and
// given to the next, spares bcrypt; a new hash or an edited mail voids it.
func TestVerdictsKept(t *testing.T) {
	w := passwordWindow(t)
	players := w.Player
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	var mails []Received
	for i := range 6 {
		password := fmt.Sprintf("guess%d", i)
		if i == 5 {
			password = "Hunter2"
		}
		a := at.Add(time.Duration(i) * time.Minute)
		mails = append(mails, Received{Name: fmt.Sprintf("m%d", i), Raw: orderMail("karl@reikland.example", a, empireHeader+" PASSWORD "+password+"\nA1 MOVE E10\n"), At: a})
	}
	first := Collect(mails, w)
	if first.Verified != 6 || len(first.Verdicts) != 6 {
		t.Fatalf("first Collect: %d checks, %d verdicts; want 6 and 6", first.Verified, len(first.Verdicts))
	}
	w.Verdicts = first.Verdicts
	again := Collect(mails, w)
	if again.Verified != 0 {
		t.Errorf("second Collect with the kept verdicts made %d bcrypt checks, want 0", again.Verified)
	}
	if got, want := summarise(again), summarise(first); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("kept verdicts decide otherwise:\n got %v\nwant %v", got, want)
	}

	// The moderator gives the empire a new password: the old verdicts are void.
	newHash := hashOf(t, "guess0")
	w.Player = func(id string) (Credentials, bool) {
		return Credentials{Email: "karl@reikland.example", PasswordHash: newHash}, id == "empire"
	}
	in := Collect(mails, w)
	if in.Verified != 6 || in.Receipts[0].Status != StatusAccepted {
		t.Errorf("new hash: %d checks, first mail %s; want 6 checks and the first accepted", in.Verified, in.Receipts[0].Status)
	}

	// A mail file edited under the same name is checked again.
	w.Player = players
	edited := []Received{{Name: "m5", Raw: orderMail("karl@reikland.example", at, empireHeader+" PASSWORD guess9\n"), At: at}}
	w.Verdicts = map[string]Verdict{"m5": first.Verdicts["m5"]} // its verdict: the right password
	if in := Collect(edited, w); in.Verified != 1 || in.Receipts[0].Status != StatusRejected {
		t.Errorf("edited mail: %d checks, %s; want 1 check, rejected", in.Verified, in.Receipts[0].Status)
	}
}

// TestWrongPasswordLimit: past intake.max_wrong_passwords for one player
// in a turn, mails with a wrong password are no longer answered; the
// right password still is, and other players' mails are not held back.
func TestWrongPasswordLimit(t *testing.T) {
	w := passwordWindow(t)
	w.Limits = Limits{WrongPasswords: 3}
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	var mails []Received
	add := func(name, from, text string) {
		a := at.Add(time.Duration(len(mails)) * time.Minute)
		mails = append(mails, Received{Name: name, Raw: orderMail(from, a, text), At: a})
	}
	for i := range 5 {
		add(fmt.Sprintf("g%d", i), fmt.Sprintf("guesser%d@evil.example", i), empireHeader+" PASSWORD guess"+fmt.Sprint(i)+"\n")
	}
	add("typo", "belegar@karak.example", "CAMPAIGN riverlands PLAYER dwarfs TURN 1 PASSWORD barak\n")
	add("right", "karl@reikland.example", empireHeader+" PASSWORD Hunter2\nA1 MOVE E10\n")
	add("none", "karl@reikland.example", empireHeader+"\nA1 MOVE E10\n")
	in := Collect(mails, w)
	want := map[string]string{
		"g3": `wrong password number 4 for player "empire" this turn, over the limit of 3 (intake.max_wrong_passwords)`,
		"g4": `wrong password number 5 for player "empire" this turn, over the limit of 3 (intake.max_wrong_passwords)`,
	}
	for _, rc := range in.Receipts {
		if rc.Unanswered != want[rc.Name] {
			t.Errorf("%s: unanswered %q, want %q", rc.Name, rc.Unanswered, want[rc.Name])
		}
		if rc.WrongPassword != (strings.HasPrefix(rc.Name, "g") || rc.Name == "typo") {
			t.Errorf("%s: WrongPassword %v (%s %q)", rc.Name, rc.WrongPassword, rc.Status, rc.Reason)
		}
	}
	if in.WrongPasswords["empire"] != 5 || in.WrongPasswords["dwarfs"] != 1 {
		t.Errorf("wrong passwords %v, want empire 5, dwarfs 1", in.WrongPasswords)
	}
	if in.Accepted["empire"] == nil {
		t.Errorf("the right password after the guesses is not accepted")
	}
}

// TestAnswerLimits: one sender is answered at most max_answers_per_day
// times in any 24 hours and max_answers_per_turn times in the turn, the
// limits counted in arrival order over the mails answered.
func TestAnswerLimits(t *testing.T) {
	w := riverlandsWindow(t)
	w.Limits = Limits{AnswersPerTurn: 5, AnswersPerDay: 3}
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	var mails []Received
	add := func(name, from string, a time.Time, extra ...string) {
		mails = append(mails, Received{Name: name, Raw: orderMail(from, a, "I am out of the office until Monday.\n", extra...), At: a})
	}
	for i := range 4 { // day one: the fourth is over the day's limit
		add(fmt.Sprintf("a%d", i), "robot@away.example", at.Add(time.Duration(i)*5*time.Minute))
	}
	add("other", "grom@blackcrag.example", at.Add(time.Minute))                // another sender: his own count
	add("bounce", "robot@away.example", at.Add(time.Hour), "Precedence: bulk") // never answered, never counted
	for i := range 3 {                                                         // the next day: two more make the turn's five
		add(fmt.Sprintf("b%d", i), "robot@away.example", at.Add(25*time.Hour+time.Duration(i)*time.Minute))
	}
	// Forged mail in grom's name uses up the answers to his address, but
	// his own orders, which authenticate, are answered all the same.
	for i := range 5 {
		add(fmt.Sprintf("forged%d", i), "grom@blackcrag.example", at.Add(30*time.Minute+time.Duration(i)*time.Second))
	}
	mails = append(mails, Received{Name: "grom", Raw: orderMail("grom@blackcrag.example", at.Add(40*time.Minute),
		"CAMPAIGN riverlands PLAYER orcs TURN 1\nA5 MOVE P10\n"), At: at.Add(40 * time.Minute)})
	in := Collect(mails, w)
	day := "robot@away.example was answered 3 times in the 24 hours before this mail, the limit (intake.max_answers_per_day)"
	turn := "robot@away.example was answered 5 times this turn, the limit (intake.max_answers_per_turn)"
	gromDay := "grom@blackcrag.example was answered 3 times in the 24 hours before this mail, the limit (intake.max_answers_per_day)"
	want := map[string]string{"a3": day, "b2": turn, "forged2": gromDay, "forged3": gromDay, "forged4": gromDay}
	for _, rc := range in.Receipts {
		if rc.Unanswered != want[rc.Name] {
			t.Errorf("%s: unanswered %q, want %q", rc.Name, rc.Unanswered, want[rc.Name])
		}
	}
}

// TestOwnAnswerBack: turnproc's answer sent back by a robot that does not
// mark its mail, quoted or whole, or a mail bearing one of turnproc's
// Message-IDs, is ignored; a player's orders above the quoted answer are
// not.
func TestOwnAnswerBack(t *testing.T) {
	w := riverlandsWindow(t)
	w.Ourselves = "turns@riverlands.example"
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	ack := "Hello grom,\n\nYour mail could not be accepted as orders for turn 1.\n\nReason: no header line\n\n" +
		"— turnproc, for the moderator of The Riverlands Campaign\n\n" + AnswerMarker + ": riverlands turn 1\n"
	quoted := "On Wed, turnproc wrote:\n> " + strings.ReplaceAll(strings.TrimSpace(ack), "\n", "\n> ") + "\n"
	mails := []Received{
		{Name: "quoted", Raw: orderMail("robot@away.example", at, "I am away.\n\n"+quoted), At: at},
		{Name: "whole", Raw: orderMail("robot@away.example", at, ack), At: at.Add(time.Second)},
		{Name: "orders", Raw: orderMail("grom@blackcrag.example", at, "CAMPAIGN riverlands PLAYER orcs TURN 1\nA5 MOVE P10\n\n"+quoted), At: at.Add(2 * time.Second)},
		{Name: "typo", Raw: orderMail("grom@blackcrag.example", at, "A5 MOVE P10\n\n"+quoted), At: at.Add(3 * time.Second)},
		{Name: "msgid", Raw: orderMail("robot@away.example", at, "hello\n", "Message-ID: <riverlands.t1.ack.20261202T090000Z-abc.eml@riverlands.example>"), At: at.Add(4 * time.Second)},
	}
	// orderMail writes a Message-ID of its own: the extra one must win.
	mails[4].Raw = []byte(strings.Replace(string(mails[4].Raw), fmt.Sprintf("Message-ID: <%d@test.example>\r\n", at.Unix()), "", 1))
	in := Collect(mails, w)
	checkReceipts(t, in, []receiptSummary{
		{"quoted", "robot@away.example", "", StatusIgnored, "turnproc's own answer quoted back, with no orders of the sender's"},
		{"whole", "robot@away.example", "", StatusIgnored, "turnproc's own answer quoted back, with no orders of the sender's"},
		{"orders", "grom@blackcrag.example", "orcs", StatusAccepted, ""},
		{"typo", "grom@blackcrag.example", "", StatusRejected, "no header line: start the orders with " + headerForm},
		{"msgid", "robot@away.example", "", StatusIgnored, `turnproc's own mail come back (Message-ID "riverlands.t1.ack.20261202T090000Z-abc.eml@riverlands.example")`},
	})
}
