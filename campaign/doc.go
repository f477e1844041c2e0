// Package campaign owns the domain of a Warmaster map campaign (seed 002,
// rendered in shared/rules/campaign-rules.md and settled by DECISIONS.md):
// the map and its squares (§1, §4.1), players, armies and fleets (§3),
// the calendar (§2), command checks (§4.1, D1, D2), the turn pipeline and the
// versioned state snapshot.
//
// It is pure: state + orders + dice in, new state + event log out. It never
// reads the clock, never uses global randomness and touches no files; dice
// come in as a *Dice and bytes come in as io.Reader/io.Writer.
package campaign
