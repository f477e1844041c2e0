package campaign

// EventKind names what happened. Reports turn events into sentences, in
// each player's language, through templates keyed by kind and codes.
type EventKind string

const (
	EventTurnOrder   EventKind = "turn-order"  // D5 rolls and the resulting order
	EventRejected    EventKind = "rejected"    // an order that cannot be carried out
	EventCheck       EventKind = "check"       // a command check, with every number
	EventMoved       EventKind = "moved"       // an army entered a square
	EventExplored    EventKind = "explored"    // a square's value was rolled (D4)
	EventHalted      EventKind = "halted"      // a failed check ended the army's turn (§4.1)
	EventSkipped     EventKind = "skipped"     // an order not tried because the army had halted
	EventEmbarked    EventKind = "embarked"    // an army went aboard a fleet (§4.2)
	EventLanded      EventKind = "landed"      // an army landed from a fleet (§4.2)
	EventSailed      EventKind = "sailed"      // a fleet entered a square (§4.2)
	EventClaimed     EventKind = "claimed"     // a square changed hands by a claim (§5.1)
	EventPillaged    EventKind = "pillaged"    // a square lost value to pillage (§5.1)
	EventBonus       EventKind = "bonus"       // a square gained the pillage bonus ([A40])
	EventImproved    EventKind = "improved"    // a square gained value (§5.1)
	EventBuilt       EventKind = "built"       // a fleet was built; it appears at the end of the turn (§5.2)
	EventFleet       EventKind = "fleet"       // a built fleet was placed (D10, [A47])
	EventFailed      EventKind = "failed"      // a special action failed: what follows (§5.1, D12)
	EventReorganised EventKind = "reorganised" // armies merged or split (D8)
	EventBattle      EventKind = "battle"      // a battle or siege was scheduled (D12)
	EventCombine     EventKind = "combine"     // a combine check for a battle (D13)
	EventResult      EventKind = "result"      // a battle's result was applied (D14)
	EventLoss        EventKind = "loss"        // points lost in battle, by garrison, reserves or army (D14)
	EventRetreat     EventKind = "retreat"     // a beaten army fell back (D15)
	EventDestroyed   EventKind = "destroyed"   // an army was destroyed (D14, D15)
	EventConquered   EventKind = "conquered"   // a square changed hands by battle (D15)
	EventDefected    EventKind = "defected"    // a square went over after a failed own-square pillage ([A44])
	EventBalance     EventKind = "balance"     // a player's season balance (D6, D7)
	EventMuster      EventKind = "muster"      // an army raised, reinforced, reduced or disbanded (D7)
)

// Event is one outcome of the turn, kept as data so that reports can
// explain it. Public events are shown to every player; others only to the
// acting player and the moderator.
type Event struct {
	Kind   EventKind `json:"kind"`
	Player string    `json:"player,omitempty"`
	Unit   string    `json:"unit,omitempty"`
	Order  string    `json:"order,omitempty"` // the order as understood
	Line   int       `json:"line,omitempty"`  // its line in the player's mail
	From   *Coord    `json:"from,omitempty"`
	To     *Coord    `json:"to,omitempty"`
	Value  int       `json:"value"` // explored: the square's value; moved: the army's points
	Check  *Check    `json:"check,omitempty"`
	Roll   *Roll     `json:"roll,omitempty"`   // a roll that is not a check (Table 1)
	Fleet  string    `json:"fleet,omitempty"`  // the fleet embarked on, landed from or built
	Battle string    `json:"battle,omitempty"` // the battle id, for battle events
	Note   string    `json:"note,omitempty"`   // a code for what a failure or result led to
	Units  []string  `json:"units,omitempty"`  // the armies a reorganisation left
	// Reserves is a player's reserves after his season balance (D6).
	Reserves int      `json:"reserves,omitempty"`
	Problem  *Problem `json:"problem,omitempty"`
	// Ranking is the turn order (EventTurnOrder), with each player's rolls.
	Ranking []Initiator `json:"ranking,omitempty"`
	Public  bool        `json:"public"`
}

// Initiator is one player's place in the turn order and the D6 rolls that
// put him there (re-rolls for ties included).
type Initiator struct {
	Player string `json:"player"`
	Rolls  []int  `json:"rolls"`
}

func at(c Coord) *Coord { return &c }
