package campaign

import "fmt"

// TerritoryValue is Table 1 (§1): value = |2D6 − 7|.
func TerritoryValue(total int) int { return abs(total - 7) }

// explore rolls the value of a square entered for the first time (D4,
// [A01], [A02]): once, on Table 1, public from then on. Capitals are
// explored from the start; a value the map presets is taken, not rolled.
func explore(m *Map, s *State, d *Dice, c Coord, by *Army) *Event {
	sq := s.Squares[c]
	if sq.Explored {
		return nil
	}
	if preset := m.Square(c); preset.HasValue {
		sq.Value, sq.Explored = preset.Value, true
		s.Squares[c] = sq
		return &Event{Kind: EventExplored, Player: by.Owner, Unit: by.ID, To: at(c), Value: sq.Value, Public: true}
	}
	r := d.Roll(2, fmt.Sprintf("explore %s (Table 1)", c))
	sq.Value = TerritoryValue(r.Total())
	sq.Explored = true
	s.Squares[c] = sq
	return &Event{Kind: EventExplored, Player: by.Owner, Unit: by.ID, To: at(c), Value: sq.Value,
		Roll: &r, Public: true}
}
