package orders

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestParseCommands: each mail command in English and Spanish, and an
// unknown one answered with the list.
func TestParseCommands(t *testing.T) {
	m := riverlands(t)
	for _, tc := range []struct {
		text     string
		want     []Command
		problems []string
	}{
		{"CAMPAIGN riverlands PLAYER empire TURN 2\nSEND REPORT\nSEND REPORT TURN 1\nSEND MAP\nSHOW ORDERS\nHELP\n",
			[]Command{{2, CommandReport, 0}, {3, CommandReport, 1}, {4, CommandMap, 0}, {5, CommandOrders, 0}, {6, CommandHelp, 0}}, nil},
		{"CAMPAÑA riverlands JUGADOR dwarfs TURNO 2\nenviar informe turno 1\nENVIAR MAPA\nMOSTRAR ÓRDENES\nAYUDA\n",
			[]Command{{2, CommandReport, 1}, {3, CommandMap, 0}, {4, CommandOrders, 0}, {5, CommandHelp, 0}}, nil},
		{"CAMPAIGN riverlands PLAYER empire TURN 2\nSEND ARMIES\nSEND REPORT TURN x\nSHOW MAP NOW\n", nil, []string{
			`line 2: unknown command "SEND ARMIES"; hint: ` + commandList,
			`line 3: turn "x" is not a turn number; hint: write SEND REPORT TURN 3 (ENVIAR INFORME TURNO 3)`,
			`line 4: unknown command "SHOW MAP"; hint: ` + commandList}},
	} {
		s := Parse(tc.text, m)
		if !slices.Equal(s.Commands, tc.want) {
			t.Errorf("%q: commands %v, want %v", tc.text, s.Commands, tc.want)
		}
		var problems []string
		for _, p := range s.Problems {
			problems = append(problems, p.String())
		}
		if !slices.Equal(problems, tc.problems) {
			t.Errorf("%q: problems\n%s\nwant\n%s", tc.text, strings.Join(problems, "\n"), strings.Join(tc.problems, "\n"))
		}
		if !s.CommandsOnly() {
			t.Errorf("%q: not a mail of commands alone", tc.text)
		}
	}
}

// TestCommandsInAReply: in a reply, SEND and SHOW lines count when they
// name what to send (twice is once); other chatter stays chatter, END
// with more words on its line too.
func TestCommandsInAReply(t *testing.T) {
	s := Parse("Send my regards to Belegar!\nSEND MAP\nSEND MAP\nPASSWORD barak\nEnd of the war soon, I hope.\nA3 MOVE Q4\n\nOn Sunday, turnproc wrote:\n"+
		"> CAMPAIGN riverlands PLAYER dwarfs TURN 2 PASSWORD ????\n> END\n> "+FormMarker+": riverlands dwarfs 2\n", riverlands(t))
	if !s.Reply || s.Password != "barak" || !slices.Equal(s.Commands, []Command{{2, CommandMap, 0}}) || len(s.Problems) > 0 || len(s.Set.Orders) != 1 {
		t.Errorf("reply %v, password %q, commands %v, orders %v, problems %v", s.Reply, s.Password, s.Commands, s.Set.Orders, s.Problems)
	}
}

// TestCollectCommands: a mail of commands is answered and replaces no
// orders; FINAL alone marks the orders sent before it final, or is an
// empty final set when there were none; a wrong sender gets nothing.
func TestCollectCommands(t *testing.T) {
	day := func(h int) time.Time { return time.Date(2026, 12, 3, h, 0, 0, 0, time.UTC) }
	karl, grom := "Karl <karl@reikland.example>", "Grom <grom@blackcrag.example>"
	mails := []Received{
		{Name: "1-orders", Raw: orderMail(karl, day(1), "CAMPAIGN riverlands PLAYER empire TURN 1\r\nA1 MOVE E10\r\n"), At: day(1)},
		{Name: "2-map", Raw: orderMail(karl, day(2), "CAMPAIGN riverlands PLAYER empire TURN 1\r\nSEND MAP\r\nSHOW ORDERS\r\n"), At: day(2)},
		{Name: "3-final", Raw: orderMail(karl, day(3), "CAMPAIGN riverlands PLAYER empire TURN 1\r\nFINAL\r\n"), At: day(3)},
		{Name: "4-final-first", Raw: orderMail(grom, day(4), "CAMPAIGN riverlands PLAYER orcs TURN 1\r\nDEFINITIVO\r\n"), At: day(4)},
		{Name: "5-forged", Raw: orderMail(grom, day(5), "CAMPAIGN riverlands PLAYER empire TURN 1\r\nSEND REPORT\r\n"), At: day(5)},
	}
	in := Collect(mails, riverlandsWindow(t))
	checkReceipts(t, in, []receiptSummary{
		{"1-orders", "karl@reikland.example", "empire", StatusAccepted, ""},
		{"2-map", "karl@reikland.example", "empire", StatusCommands, ""},
		{"3-final", "karl@reikland.example", "empire", StatusCommands, ""},
		{"4-final-first", "grom@blackcrag.example", "orcs", StatusAccepted, ""},
		{"5-forged", "grom@blackcrag.example", "empire", StatusRejected, `the mail comes from grom@blackcrag.example, which is not the address of player "empire"`},
	})
	if s := in.Accepted["empire"]; s == nil || len(s.Set.Orders) != 1 || !s.Final {
		t.Errorf("empire's orders %+v: want A1's move, marked final", s)
	}
	if s := in.Accepted["orcs"]; s == nil || !s.Final || len(s.Set.Orders) > 0 {
		t.Errorf("orcs' orders %+v: want none, final", s)
	}
}
