package orders

import (
	"strings"
	"testing"
	"time"
)

// TestPasswordNeverEchoed: a password written anywhere in the orders (on
// the header line, on a PASSWORD line, glued to its keyword, or stray on
// a line of its own) never appears in what is mailed back or logged: the
// problems and the orders as understood.
func TestPasswordNeverEchoed(t *testing.T) {
	const header = "CAMPAIGN riverlands PLAYER empire TURN 1"
	texts := []string{
		header + " PASSWORD hunter2\nhunter2\n",
		header + " PASSWORD hunter2\nMOVE A1 hunter2\nA1 MOVE hunter2\n",
		header + " PASSWORD hunter2\nEQUIP B1-1 hunter2\n",
		header + " PASSWORD hunter2\nSEND hunter2\nINITIATIVE hunter2\nFINAL hunter2\n",
		header + "\nPASSWORD hunter2\nhunter2\n",
		header + "\nPASSWORD=hunter2\n",
		header + "\nPassword: hunter2\nA1 MOVE hunter2\n",
		header + "\npassword = hunter2\nhunter2\n",
		header + "\nCLAVE:hunter2\nA1 hunter2\n",
		header + "\nCONTRASEÑA hunter2 otra\nhunter2\n",
		header + " PASSWORD hunter2\nPASSWORD hunter2\nhunter2.\n\"hunter2\"\n",
		header + ` PASSWORD hun"ter2` + "\nhun\"ter2\n",
	}
	for _, text := range texts {
		s := Parse(text, riverlands(t))
		var out []string
		for _, p := range s.Problems {
			out = append(out, p.String())
		}
		for _, e := range s.Echo() {
			out = append(out, e.String())
		}
		for _, line := range out {
			if strings.Contains(line, "hunter2") || strings.Contains(line, `hun\"ter2`) || strings.Contains(line, `hun"ter2`) {
				t.Errorf("orders %q: the password is echoed: %s", text, line)
			}
		}
		if len(out) < 2 {
			t.Errorf("orders %q: want the header and a problem, got %q", text, out)
		}
	}
	// The password still authenticates, and lines that hold it merely by
	// chance of spelling are still read.
	s := Parse(header+" PASSWORD hunter2\nA1 MOVE E12\nhunter2x\n", riverlands(t))
	if s.Password != "hunter2" || len(s.Set.Orders) != 1 || len(s.Problems) != 1 || s.Problems[0].Text != `unknown order "hunter2x"` {
		t.Errorf("password %q, %d orders, problems %v", s.Password, len(s.Set.Orders), s.Problems)
	}
}

// TestPasswordNotInSubject: the answer repeats the mail's subject, so a
// password in it, or the header's password, is masked there too.
func TestPasswordNotInSubject(t *testing.T) {
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	for subject, want := range map[string]string{
		"orders, password sigmar-2": "orders, password ********",
		"orders hunter2":            "orders ********",
		"Orders for turn 1":         "Orders for turn 1",
	} {
		raw := strings.Replace(string(orderMail("karl@reikland.example", at,
			"CAMPAIGN riverlands PLAYER empire TURN 1 PASSWORD hunter2\nA1 MOVE E10\n")), "Subject: orders", "Subject: "+subject, 1)
		in := Collect([]Received{{Name: "m", Raw: []byte(raw), At: at}}, riverlandsWindow(t))
		if got := in.Receipts[0].Mail.Subject; got != want {
			t.Errorf("subject %q is kept as %q, want %q", subject, got, want)
		}
	}
}
