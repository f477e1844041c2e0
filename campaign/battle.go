package campaign

// BattleKind says what is fought (§6.1, D12).
type BattleKind string

const (
	FieldBattle    BattleKind = "field"    // hostile armies in one square
	GarrisonBattle BattleKind = "garrison" // an army against a square's garrison of 300+ [A48]
	Siege          BattleKind = "siege"    // the square is fortified: owned, value ≥5 [A75]
)

// Side of a battle.
type Side string

const (
	Attacker Side = "attacker"
	Defender Side = "defender"
	Draw     Side = "draw" // only as a result
)

// Role of a force in a battle (§6.3, D13).
type Role string

const (
	MainForce     Role = "main"          // fights from the start
	Reinforcement Role = "reinforcement" // arrives by the 1d6 roll from battle turn 2
)

// Force is one army's part in a battle.
type Force struct {
	Army    string `json:"army"`
	Player  string `json:"player"`
	Points  int    `json:"points"`
	Side    Side   `json:"side"`
	Role    Role   `json:"role"`
	From    Coord  `json:"from"`    // the square it entered from (its own square if it began there)
	Crossed int    `json:"crossed"` // squares crossed this turn before the entry step (§6.3)
	// Edge is the battle square's edge it crossed to enter, which sets the
	// table edge reinforcements arrive on: north, south, east, west (or
	// "" for forces that began the turn there).
	Edge string `json:"edge,omitempty"`
	// Combine is the end-of-turn combine check of a main force that came
	// from farther away (D13); failing it makes the army a reinforcement.
	Combine *Check `json:"combine,omitempty"`
}

// ArrivalModifier is the +1 per square crossed added to a reinforcement's
// 1d6 arrival roll at the table (§6.3, D13).
func (f Force) ArrivalModifier() int { return f.Crossed }

// Battle is a battle or siege scheduled at the end of a campaign turn, to
// be fought on the table; its Result is entered before the next turn (D16).
type Battle struct {
	ID       string     `json:"id"` // "B<turn>-<n>"
	Turn     int        `json:"turn"`
	At       Coord      `json:"at"`
	Kind     BattleKind `json:"kind"`
	Attacker string     `json:"attacker"` // the attacking player
	Defender string     `json:"defender"` // the defending player ("" for a free square's defenders: none)
	// Garrison is the defending garrison's points (0 if it does not fight).
	Garrison int `json:"garrison"`
	// Cause is the failed action that brought the battle about, if any:
	// "claim", "pillage" (§5.1, [A41]) or "own-pillage" ([A44]).
	Cause  string        `json:"cause,omitempty"`
	Forces []Force       `json:"forces"`
	Notes  []string      `json:"notes,omitempty"` // what the moderator must settle (e.g. [A53])
	Result *BattleResult `json:"result,omitempty"`
}

// BattleResult is what the table decided (D14): the winner and the
// victory points each side suffered. Losses, when given, override the
// default allocation: points lost per army id, "garrison", or
// "reserves:<player>".
type BattleResult struct {
	Battle     string         `json:"battle"`
	Winner     Side           `json:"winner"`
	AttackerVP int            `json:"attacker_vp"` // VP suffered by the attacking side [A66]
	DefenderVP int            `json:"defender_vp"` // VP suffered by the defending side
	Losses     map[string]int `json:"losses,omitempty"`
}

// SideOf says on which side and in which role a player fights the battle:
// the attacking and defending players lead their sides' main forces; any
// other player with an army there reinforces the side his armies are on
// ([A54]). in is false for a player with no part in it.
func (b Battle) SideOf(player string) (side Side, role Role, in bool) {
	switch {
	case player == "":
		return "", "", false // the defending "player" of a garrison against its own pillager ([A44])
	case player == b.Attacker:
		return Attacker, MainForce, true
	case player == b.Defender:
		return Defender, MainForce, true
	}
	for _, f := range b.Forces {
		if f.Player == player {
			return f.Side, Reinforcement, true
		}
	}
	return "", "", false
}

// SidePoints is what a side fields from the start: its main forces and,
// for the defender, the garrison (§6.3).
func (b Battle) SidePoints(side Side) int {
	total := 0
	if side == Defender {
		total = b.Garrison // also against its own pillager, when Defender is "" [A44]
	}
	for _, f := range b.Forces {
		if f.Side == side && f.Role == MainForce {
			total += f.Points
		}
	}
	return total
}

// ScoutRestrictions says whether a side picks its army under the §6.6
// restrictions for forces under 1000 points: scout armies and garrisons
// fighting alone. A garrison that joins a defending army uses the normal
// 1000-point list instead (§6.3, §6.6, [A61]).
func (b Battle) ScoutRestrictions(side Side) bool {
	if b.SidePoints(side) >= 1000 {
		return false
	}
	hasArmy := false
	for _, f := range b.Forces {
		hasArmy = hasArmy || f.Side == side && f.Role == MainForce
	}
	return !(side == Defender && b.Garrison > 0 && hasArmy)
}
