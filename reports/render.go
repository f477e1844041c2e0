package reports

import (
	"slices"
	"strconv"

	"github.com/turnproc/turnproc/campaign"
)

// RenderPlayer writes one player's turn report in his language: cover with
// his empire at a glance, the map, his actions with every roll (and every
// event of his battles), the battles he must fight on the table, the
// orders the intake refused, and the news of the other empires.
// To render several reports of a turn, Prepare it once, or use RenderAll.
func RenderPlayer(t Turn, player string, lang string) ([]byte, error) {
	pr, err := Prepare(t)
	if err != nil {
		return nil, err
	}
	return pr.RenderPlayer(player, lang)
}

// RenderPlayer is the package's RenderPlayer for the prepared turn.
func (pr *Prepared) RenderPlayer(player string, lang string) ([]byte, error) {
	t := &pr.t
	p, err := t.player(player)
	if err != nil {
		return nil, err
	}
	w, err := newWords(lang)
	if err != nil {
		return nil, err
	}
	n := pr.narrator(w)
	heading := w.text("pdf.title.player", args{"Player": t.playerName(p.ID)})
	d := newDoc(t, w, t.Title+" — "+heading)
	d.cover(t, heading)

	d.heading(w.text("pdf.section.empire", nil))
	d.empire(t, p)
	d.heading(w.text("pdf.section.armies", nil))
	e := t.empireOf(p)
	d.armies(e.Armies)
	if len(e.Fleets) > 0 {
		d.heading(w.text("pdf.section.fleets", nil))
		d.fleets(e.Fleets)
	}

	d.mapPage(t, pr.mapArt)

	d.f.AddPage()
	d.heading(w.text("pdf.section.actions", nil))
	d.linesOrNone(n.actions(p.ID))
	d.heading(w.text("pdf.section.battles", nil))
	d.battles(t, t.battlesOf(p.ID), false)
	if notes, refused := t.Notes[p.ID], t.refusedLines(w, p.ID); len(notes)+len(refused) > 0 {
		d.heading(w.text("pdf.section.notes", nil))
		d.notes(append(slices.Clip(notes), refused...))
	}
	d.heading(w.text("pdf.section.news", nil))
	d.turnOrder(t)
	d.f.Ln(2)
	d.linesOrNone(n.news(p.ID))
	return d.bytes()
}

// RenderModerator writes the master report: every player's position, the
// turn order, the map, every event of everyone, every battle to fight with
// how to report its result, and every refused order.
func RenderModerator(t Turn, lang string) ([]byte, error) {
	pr, err := Prepare(t)
	if err != nil {
		return nil, err
	}
	return pr.RenderModerator(lang)
}

// RenderModerator is the package's RenderModerator for the prepared turn.
func (pr *Prepared) RenderModerator(lang string) ([]byte, error) {
	t := &pr.t
	w, err := newWords(lang)
	if err != nil {
		return nil, err
	}
	n := pr.narrator(w)
	heading := w.text("pdf.title.moderator", nil)
	d := newDoc(t, w, t.Title+" — "+heading)
	d.cover(t, heading)

	d.heading(w.text("pdf.section.players", nil))
	d.players(t)
	d.heading(w.text("pdf.section.turn-order", nil))
	d.turnOrder(t)

	d.mapPage(t, pr.mapArt)

	d.f.AddPage()
	d.heading(w.text("pdf.section.events", nil))
	d.linesOrNone(n.everything())
	d.heading(w.text("pdf.section.battles", nil))
	d.battles(t, t.Outcome.Battles, true)
	for _, id := range notedPlayers(t) {
		d.heading(w.text("pdf.section.player-notes", args{"Player": t.playerName(id)}))
		d.notes(append(slices.Clip(t.Notes[id]), t.refusedDetail(w, id)...))
	}
	return d.bytes()
}

// refusedLines are the player's lines on the mails naming him that were
// refused: one count a reason, no word of theirs.
func (t *Turn) refusedLines(w *words, player string) []string {
	r := t.Refused[player]
	var out []string
	if r.WrongPassword > 0 {
		out = append(out, w.text("pdf.refused.wrong-password", args{"Count": r.WrongPassword}))
	}
	if r.Other > 0 {
		out = append(out, w.text("pdf.refused.other", args{"Count": r.Other}))
	}
	return out
}

// The bounds of the moderator's account of refused mails: so many runes
// a line, so many lines a player; the turn's intake.txt has the rest.
const (
	maxDetailRunes = 160
	maxDetailLines = 30
)

// refusedDetail is the moderator's account of the refused mails naming a
// player, clipped.
func (t *Turn) refusedDetail(w *words, player string) []string {
	lines := t.RefusedDetail[player]
	out := make([]string, 0, min(len(lines), maxDetailLines)+1)
	for _, l := range lines[:min(len(lines), maxDetailLines)] {
		if r := []rune(l); len(r) > maxDetailRunes {
			l = string(r[:maxDetailRunes]) + "…"
		}
		out = append(out, l)
	}
	if len(lines) > maxDetailLines {
		out = append(out, w.text("pdf.refused.more", args{"Count": len(lines) - maxDetailLines}))
	}
	return out
}

// notedPlayers lists the players with intake notes: in the campaign's
// player order, then any other ids sorted, so output never depends on map
// iteration.
func notedPlayers(t *Turn) []string {
	var ids, others []string
	noted := func(id string) bool { return len(t.Notes[id])+len(t.RefusedDetail[id]) > 0 }
	for _, p := range t.After.Players {
		if noted(p.ID) {
			ids = append(ids, p.ID)
		}
	}
	for _, m := range []map[string][]string{t.Notes, t.RefusedDetail} {
		for id := range m {
			if noted(id) && t.After.Player(id) == nil && !slices.Contains(others, id) {
				others = append(others, id)
			}
		}
	}
	slices.Sort(others)
	return append(ids, others...)
}

// cover starts the first page: campaign title, whose report, the turn and
// its place in the calendar, the next deadline, when it was made.
func (d *doc) cover(t *Turn, heading string) {
	w := d.w
	turn := t.Outcome.Turn
	d.f.AddPage()
	d.title(t.Title, heading)
	d.f.Ln(1)
	d.para(w.text("pdf.subtitle", args{"Calendar": w.calendar(turn), "OfSeason": w.ofSeason(turn)}), "", 11)
	if !t.Deadline.IsZero() {
		d.para(w.text("pdf.deadline", args{"Date": w.date(t.Deadline)}), "B", 11)
	}
	d.f.SetTextColor(110, 110, 110)
	d.para(w.text("pdf.generated", args{"Date": w.date(t.Generated)}), "", 8.5)
	if t.DiceSeed != "" {
		d.para(w.text("pdf.dice", args{"Turn": turn, "Seed": t.DiceSeed, "Next": turn + 1, "Commitment": t.NextCommitment}), "", 8.5)
	}
	d.f.SetTextColor(0, 0, 0)
}

// empire writes a player's position at a glance (D6).
func (d *doc) empire(t *Turn, p *campaign.Player) {
	w := d.w
	e := t.empireOf(p)
	d.para(w.text("pdf.empire.player", args{"Name": t.playerName(p.ID), "Race": p.Race}), "B", 10.5)
	d.f.Ln(1)
	facts := [][2]string{
		{w.text("pdf.empire.capital", nil), e.Capital.String()},
		{w.text("pdf.empire.squares", nil), strconv.Itoa(e.Squares)},
		{w.text("pdf.empire.value", nil), strconv.Itoa(e.Value)},
		{w.text("pdf.empire.army-points", nil), strconv.Itoa(e.Fielded)},
		{w.text("pdf.empire.reserves", nil), strconv.Itoa(e.Reserves)},
		{w.text("pdf.empire.armies", nil), strconv.Itoa(len(e.Armies))},
	}
	for _, f := range facts {
		d.font("", 10)
		d.f.CellFormat(70, 5.5, f[0], "B", 0, "L", false, 0, "")
		d.font("B", 10)
		d.f.CellFormat(30, 5.5, f[1], "B", 1, "R", false, 0, "")
	}
}

func (d *doc) armies(armies []campaign.Army) {
	if len(armies) == 0 {
		d.para(d.w.text("pdf.none", nil), "", 9.5)
		return
	}
	cols := []column{{d.w.text("pdf.col.army", nil), 30, "L"}, {d.w.text("pdf.col.square", nil), 30, "L"},
		{d.w.text("pdf.col.points", nil), 30, "R"}, {d.w.text("pdf.col.aboard", nil), 30, "L"}}
	rows := make([][]string, len(armies))
	for i, a := range armies {
		rows[i] = []string{a.ID, a.At.String(), strconv.Itoa(a.Points), a.Aboard}
	}
	d.table(cols, rows)
}

func (d *doc) fleets(fleets []campaign.Fleet) {
	cols := []column{{d.w.text("pdf.col.fleet", nil), 30, "L"}, {d.w.text("pdf.col.square", nil), 30, "L"},
		{d.w.text("pdf.col.aboard", nil), 30, "L"}}
	rows := make([][]string, len(fleets))
	for i, f := range fleets {
		rows[i] = []string{f.ID, f.At.String(), f.Cargo}
	}
	d.table(cols, rows)
}

// players writes the moderator's table of every empire.
func (d *doc) players(t *Turn) {
	w := d.w
	cols := []column{
		{w.text("pdf.col.player", nil), 44, "L"}, {w.text("pdf.col.race", nil), 34, "L"},
		{w.text("pdf.col.capital", nil), 16, "C"}, {w.text("pdf.col.squares", nil), 16, "R"},
		{w.text("pdf.col.value", nil), 14, "R"}, {w.text("pdf.col.armies", nil), 18, "R"},
		{w.text("pdf.col.fielded", nil), 22, "R"}, {w.text("pdf.col.reserves", nil), 22, "R"},
	}
	var rows [][]string
	for i := range t.After.Players {
		p := &t.After.Players[i]
		e := t.empireOf(p)
		rows = append(rows, []string{t.playerName(p.ID), p.Race, e.Capital.String(), strconv.Itoa(e.Squares),
			strconv.Itoa(e.Value), strconv.Itoa(len(e.Armies)), strconv.Itoa(e.Fielded), strconv.Itoa(e.Reserves)})
	}
	d.table(cols, rows)
}

// turnOrder writes the D5 ranking with every 1D6 rolled.
func (d *doc) turnOrder(t *Turn) {
	w := d.w
	cols := []column{{w.text("pdf.col.place", nil), 12, "C"}, {w.text("pdf.col.player", nil), 60, "L"}, {w.text("pdf.col.rolls", nil), 80, "L"}}
	var rows [][]string
	for i, in := range t.Outcome.TurnOrder {
		rows = append(rows, []string{strconv.Itoa(i + 1), t.playerName(in.Player), rollsText(in.Rolls)})
	}
	d.table(cols, rows)
}

func (d *doc) notes(notes []string) {
	d.f.SetFont(mono, "", 8.5)
	for _, n := range notes {
		d.f.MultiCell(textWidth, 4.2, n, "", "L", false)
	}
}

func (d *doc) linesOrNone(ls []line) {
	if len(ls) == 0 {
		d.para(d.w.text("pdf.none", nil), "", 9.5)
		return
	}
	d.lines(ls)
}
