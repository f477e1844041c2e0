package orders

import (
	"slices"
	"strconv"
	"strings"
)

// Command is a request a player mails with his password (docs/orders.md), on a
// line of its own after the header (or in a reply): turnproc check
// answers it in his language. A mail of commands alone is no order set:
// it replaces nothing.
type Command struct {
	Line int
	Kind CommandKind
	Turn int // CommandReport: the turn whose report (0: the last played)
}

// String writes the command as the acknowledgement echoes it.
func (c Command) String() string {
	switch c.Kind {
	case CommandReport:
		if c.Turn > 0 {
			return "SEND REPORT TURN " + strconv.Itoa(c.Turn)
		}
		return "SEND REPORT"
	case CommandMap:
		return "SEND MAP"
	case CommandOrders:
		return "SHOW ORDERS"
	}
	return "HELP"
}

// CommandKind names a mail command.
type CommandKind string

const (
	CommandReport CommandKind = "report" // SEND REPORT [TURN n] / ENVIAR INFORME [TURNO n]
	CommandMap    CommandKind = "map"    // SEND MAP / ENVIAR MAPA
	CommandOrders CommandKind = "orders" // SHOW ORDERS / MOSTRAR ÓRDENES
	CommandHelp   CommandKind = "help"   // HELP / AYUDA
)

const (
	// CodeUnknownCommand is a SEND or SHOW line that names no command.
	CodeUnknownCommand = "unknown-command"
)

// commandList is the hint of an unknown command: every command, in both
// languages. FINAL (DEFINITIVO), an order-sheet line, is one of them.
const commandList = "the commands are SEND REPORT [TURN n], SEND MAP, SHOW ORDERS, FINAL and HELP " +
	"(ENVIAR INFORME [TURNO n], ENVIAR MAPA, MOSTRAR ÓRDENES, DEFINITIVO, AYUDA)"

// isCommand says whether a line's first word starts a mail command.
func isCommand(first keyword) bool { return first == kwSend || first == kwShow || first == kwHelp }

// command reads a mail command line.
func (p *parser) command(first keyword, l textLine) {
	w := l.words
	object := kwNone
	if len(w) > 1 {
		object = lookupKeyword(w[1])
	}
	c := Command{Line: l.n}
	used := 2
	switch {
	case first == kwHelp:
		c.Kind, used = CommandHelp, 1
	case first == kwSend && object == kwReport:
		c.Kind = CommandReport
		if len(w) > 2 && lookupKeyword(w[2]) == kwTurn {
			t, err := strconv.Atoi(strings.TrimSpace(at(w, 3)))
			if err != nil || t < 1 {
				p.problem(l.n, CodeUnknownCommand, "write SEND REPORT TURN 3 (ENVIAR INFORME TURNO 3)", "turn %q is not a turn number", at(w, 3))
				return
			}
			c.Turn, used = t, 4
		}
	case first == kwSend && object == kwMap:
		c.Kind = CommandMap
	case first == kwShow && object == kwOrders:
		c.Kind = CommandOrders
	default:
		p.problem(l.n, CodeUnknownCommand, commandList, "unknown command %q", strings.Join(w[:min(len(w), 2)], " "))
		return
	}
	if !p.noExtraWords(l, used) {
		return
	}
	// The same request twice is answered once: a map is not drawn for
	// each copy of the line.
	if !slices.ContainsFunc(p.s.Commands, func(o Command) bool { return o.Kind == c.Kind && o.Turn == c.Turn }) {
		p.s.Commands = append(p.s.Commands, c)
	}
}

// at is the i-th word, or "".
func at(words []string, i int) string {
	if i < len(words) {
		return words[i]
	}
	return ""
}
