package campaign

import (
	"fmt"
	"slices"
)

// rollTurnOrder decides who resolves first (D5, [A07]): every player rolls
// 1D6, tied players re-roll among themselves until untied; the rest follow
// in descending order of their rolls. The highest roller goes first, or
// last if his standing initiative order says LAST.
func rollTurnOrder(s *State, d *Dice) []Initiator {
	ids := make([]string, len(s.Players))
	for i, p := range s.Players {
		ids[i] = p.ID
	}
	rolls := map[string][]int{}
	ranked := rankByRolls(ids, d, rolls)
	out := make([]Initiator, len(ranked))
	for i, id := range ranked {
		out[i] = Initiator{Player: id, Rolls: rolls[id]}
	}
	if len(out) > 1 && s.Player(out[0].Player).Initiative == InitiativeLast {
		out = append(out[1:], out[0])
	}
	return out
}

// rankByRolls orders ids by a fresh 1D6 each, re-rolling ties recursively.
func rankByRolls(ids []string, d *Dice, rolls map[string][]int) []string {
	if len(ids) <= 1 || d.Err() != nil {
		return ids // scripted dice that ran out cannot break ties: Resolve reports it
	}
	this := map[string]int{}
	for _, id := range ids {
		r := d.Roll(1, fmt.Sprintf("turn order: %s", id)).Dice[0]
		this[id] = r
		rolls[id] = append(rolls[id], r)
	}
	var out []string
	for face := 6; face >= 1; face-- {
		var tied []string
		for _, id := range ids {
			if this[id] == face {
				tied = append(tied, id)
			}
		}
		out = append(out, rankByRolls(slices.Clip(tied), d, rolls)...)
	}
	return out
}
