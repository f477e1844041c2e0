package reports

// RenderBattleSheets writes the sheets of every battle and siege the turn
// scheduled (§6, D12, D13; siege-rules.md), for the moderator to print for
// the table: the battles section of his report on its own.
func RenderBattleSheets(t Turn, lang string) ([]byte, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	w, err := newWords(lang)
	if err != nil {
		return nil, err
	}
	heading := w.text("pdf.title.sheets", nil)
	d := newDoc(&t, w, t.Title+" — "+heading)
	d.cover(&t, heading)
	d.heading(w.text("pdf.section.battles", nil))
	d.battles(&t, t.Outcome.Battles, true)
	return d.bytes()
}
