package campaign

// The special actions of §5: each army may attempt one per turn, in the
// square it stands in [A32]; a build ends the army's turn.

// Claim annexes the army's square (§5.1, Table 5.1a).
type Claim struct {
	Army       string
	SourceLine int
}

func (o Claim) Unit() string   { return o.Army }
func (o Claim) Line() int      { return o.SourceLine }
func (o Claim) String() string { return o.Army + " CLAIM" }

// Pillage loots the army's square (§5.1, Table 5.1b). Bonus names the
// player's own square, adjacent to the pillaged one, that gains +1 [A40];
// nil lets the processor pick (the lowest-value, then first in reading order).
type Pillage struct {
	Army       string
	Bonus      *Coord
	SourceLine int
}

func (o Pillage) Unit() string { return o.Army }
func (o Pillage) Line() int    { return o.SourceLine }

func (o Pillage) String() string {
	if o.Bonus != nil {
		return o.Army + " PILLAGE " + o.Bonus.String()
	}
	return o.Army + " PILLAGE"
}

// Improve raises the value of the army's own square by 1, up to 5
// (§5.1, Table 5.1c).
type Improve struct {
	Army       string
	SourceLine int
}

func (o Improve) Unit() string   { return o.Army }
func (o Improve) Line() int      { return o.SourceLine }
func (o Improve) String() string { return o.Army + " IMPROVE" }

// Build makes a fleet in the army's own coastal square (§5.2, Table 5.2).
type Build struct {
	Army       string
	SourceLine int
}

func (o Build) Unit() string   { return o.Army }
func (o Build) Line() int      { return o.SourceLine }
func (o Build) String() string { return o.Army + " BUILD" }
