package campaign

// EventKind names what happened. Reports turn events into sentences, in
// each player's language, through templates keyed by kind and codes.
type EventKind string

const (
	EventTurnOrder EventKind = "turn-order" // D5 rolls and the resulting order
	EventRejected  EventKind = "rejected"   // an order that cannot be carried out
	EventCheck     EventKind = "check"      // a command check, with every number
	EventMoved     EventKind = "moved"      // an army entered a square
	EventExplored  EventKind = "explored"   // a square's value was rolled (D4)
	EventHalted    EventKind = "halted"     // a failed check ended the army's turn (§4.1)
	EventSkipped   EventKind = "skipped"    // an order not tried because the army had halted
)

// Event is one outcome of the turn, kept as data so that reports can
// explain it. Public events are shown to every player; others only to the
// acting player and the moderator.
type Event struct {
	Kind    EventKind `json:"kind"`
	Player  string    `json:"player,omitempty"`
	Unit    string    `json:"unit,omitempty"`
	Order   string    `json:"order,omitempty"` // the order as understood
	Line    int       `json:"line,omitempty"`  // its line in the player's mail
	From    *Coord    `json:"from,omitempty"`
	To      *Coord    `json:"to,omitempty"`
	Value   int       `json:"value"` // explored: the square's value; moved: the army's points
	Check   *Check    `json:"check,omitempty"`
	Roll    *Roll     `json:"roll,omitempty"` // a roll that is not a check (Table 1)
	Problem *Problem  `json:"problem,omitempty"`
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

// Visible says whether a player may read the event in his report.
func (e Event) Visible(player string) bool { return e.Public || e.Player == player }

func at(c Coord) *Coord { return &c }
