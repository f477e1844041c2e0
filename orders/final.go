package orders

// final reads FINAL (DEFINITIVO) on its own line: the player marks his
// orders final, so the moderator may run the turn before the deadline once
// every player has. Written twice, the first line counts.
func (p *parser) final(l textLine) {
	if !p.noExtraWords(l, 1) {
		return
	}
	if !p.s.Final {
		p.s.Final, p.s.FinalLine = true, l.n
	}
}
