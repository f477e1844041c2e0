package reports

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/orders"
	"github.com/turnproc/turnproc/siege"
)

// PasswordPlaceholder stands in the order form's header for the password
// the player types (the form never holds it). The intake recognises it.
const PasswordPlaceholder = "????"

// FormMarker starts the order form's last comment line, whatever the
// language, so the intake can tell a form sent back unchanged.
const FormMarker = "# turnproc order form"

// OrderForm writes a player's order form for the turn after t (docs/orders.md):
// the header line to send, then each of his armies and fleets with the
// orders the rules accept for it this turn (campaign.Options), each as a
// comment line with its check's chance; after a season's end the muster
// allowance (D6, D7), and the equipment budget of each siege he is in
// (D19). A form sent back with no # removed gives no orders.
func OrderForm(t Turn, player, lang string, password bool) (string, error) {
	if err := t.check(); err != nil {
		return "", err
	}
	p, err := t.player(player)
	if err != nil {
		return "", err
	}
	w, err := newWords(lang)
	if err != nil {
		return "", err
	}
	f := &form{t: &t, w: w, lang: lang, player: p.ID}
	f.write(f.intro(p, password)...)
	f.units(campaign.Options(t.Map, t.Rules, t.After, p.ID))
	f.muster(p)
	f.sieges()
	f.write("", orders.EndWord(lang), fmt.Sprintf("%s: %s %s %d", FormMarker, t.After.Campaign, p.ID, t.After.Turn))
	if w.err != nil {
		return "", fmt.Errorf("reports: %w", w.err)
	}
	return f.b.String(), nil
}

type form struct {
	t      *Turn
	w      *words
	lang   string
	player string
	b      strings.Builder
}

func (f *form) write(lines ...string) {
	for _, l := range lines {
		f.b.WriteString(l)
		f.b.WriteString("\n")
	}
}

// intro is the form's head: what it is, how to fill it in, the deadline,
// and the header line.
func (f *form) intro(p *campaign.Player, password bool) []string {
	turn := f.t.After.Turn
	lines := []string{f.w.text("form.intro", args{"Name": f.t.playerName(p.ID), "Turn": turn, "Calendar": f.w.calendar(turn),
		"Title": f.t.Title, "Deadline": f.deadline()})}
	pw := ""
	if password {
		lines = append(lines, f.w.text("form.password", args{"Placeholder": PasswordPlaceholder}))
		pw = PasswordPlaceholder
	}
	return append(lines, orders.FormatHeader(f.t.After.Campaign, p.ID, turn, pw, f.lang))
}

func (f *form) deadline() string {
	if f.t.Deadline.IsZero() {
		return "—"
	}
	return f.w.date(f.t.Deadline)
}

// units writes each unit's heading and its options, in state order.
func (f *form) units(opts []campaign.Option) {
	byUnit := map[string][]campaign.Option{}
	for _, o := range opts {
		if f.ownPillage(o.Order) {
			continue // legal ([A44]), but no order to suggest
		}
		byUnit[o.Order.Unit()] = append(byUnit[o.Order.Unit()], o)
	}
	e := f.t.empireOf(f.t.After.Player(f.player))
	for _, a := range e.Armies {
		d := args{"Unit": a.ID, "Points": a.Points, "At": a.At.String(), "Fleet": a.Aboard}
		name := "form.army"
		if a.Aboard != "" {
			name = "form.army.aboard"
		}
		f.unit(f.w.text(name, d), byUnit[a.ID])
	}
	for _, fl := range e.Fleets {
		f.unit(f.w.text("form.fleet", args{"Unit": fl.ID, "At": fl.At.String(), "Cargo": fl.Cargo}), byUnit[fl.ID])
	}
}

// ownPillage says whether the order pillages the army's own square.
func (f *form) ownPillage(o campaign.Order) bool {
	p, ok := o.(campaign.Pillage)
	if !ok {
		return false
	}
	a := f.t.After.Army(p.Army)
	return a != nil && f.t.After.Square(a.At).Owner == f.player
}

func (f *form) unit(heading string, opts []campaign.Option) {
	f.write("", heading)
	if len(opts) == 0 {
		f.write(f.w.text("form.none", nil))
	}
	for _, o := range opts {
		// What follows the order is a comment of its own, so deleting the
		// first # gives a line the parser takes as it stands.
		note := f.chance(o)
		if where := f.squareText(o.Order); where != "" {
			note = where + ": " + note
		}
		f.write("# " + pad(orders.FormatOrder(o.Order, f.lang), 20) + " # " + note)
	}
}

// pad fills s with spaces to n characters (not bytes: "difícil").
func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(n-utf8.RuneCountInString(s), 0))
}

// squareText describes where a step leads: its terrain (or water) and
// its owner, e.g. "open, yours".
func (f *form) squareText(o campaign.Order) string {
	var to campaign.Coord
	switch o := o.(type) {
	case campaign.Move:
		to = o.Path[0]
	case campaign.Sail:
		to = o.Path[0]
	default:
		return ""
	}
	sq := f.t.Map.Square(to)
	var what string
	if _, sail := o.(campaign.Sail); sail {
		water := map[campaign.Kind]string{campaign.Sea: "sea", campaign.Coast: "coast", campaign.Land: "river"}[sq.Kind]
		what = f.w.text("form.water."+water, nil)
	} else {
		what = f.w.text("form.grade."+sq.EntryTerrain().String(), nil)
	}
	if sq.Kind == campaign.Sea {
		return what
	}
	switch owner := f.t.After.Square(to).Owner; owner {
	case f.player:
		return what + ", " + f.w.text("form.yours", nil)
	case "":
		return what + ", " + f.w.text("form.free", nil)
	default:
		return what + ", " + f.w.text("form.owned", args{"Player": f.t.playerName(owner)})
	}
}

// chance is what the order's check needs, as the acknowledgements say it.
func (f *form) chance(o campaign.Option) string {
	c := o.Check
	switch {
	case o.Siege:
		return f.w.text("form.siege", nil)
	case c == nil:
		return ""
	case c.Automatic:
		return f.w.text("ack.chance.automatic", args{"To": f.unitSquare(o.Order.Unit())})
	case c.Target < 2:
		return f.w.text("ack.chance.impossible", args{"Target": number(c.Target)})
	}
	return f.w.text("ack.chance", args{"Target": c.Target, "Percent": percent(campaign.Chance(c.Target, f.t.Rules))})
}

// unitSquare is where an army or fleet stands (an embark or landing is
// automatic in an own port there, [A29]).
func (f *form) unitSquare(id string) string {
	if a := f.t.After.Army(id); a != nil {
		return a.At.String()
	}
	if fl := f.t.After.Fleet(id); fl != nil {
		return fl.At.String()
	}
	return id
}

// muster writes the season balance allowance when the turn opens a
// season after one closed (D6, D7): muster orders are taken then.
func (f *form) muster(p *campaign.Player) {
	turn := f.t.After.Turn
	if turn == 1 || !campaign.CalendarOf(turn-1).ClosesSeason() {
		return
	}
	value := f.t.After.EmpireValue(p.ID)
	f.write("", f.w.text("form.muster", args{"Value": value, "Allowed": value * campaign.PointsPerValue,
		"Fielded": f.t.After.FieldedPoints(p.ID), "Reserves": p.Reserves}))
}

// sieges writes the equipment budget of each siege the player fights.
func (f *form) sieges() {
	for _, b := range f.t.Outcome.Battles {
		side, role, _ := b.SideOf(f.player)
		if b.Kind != campaign.Siege || role != campaign.MainForce {
			continue // reinforcements buy no equipment (D19, [A73])
		}
		f.write("", f.w.text("form.siege.budget", args{"Battle": b.ID, "At": b.At.String(), "Attacker": side == campaign.Attacker,
			"Budget": siege.EquipmentBudget(b.SidePoints(side))}))
	}
}
