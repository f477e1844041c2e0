package campaign

import "fmt"

// Modifier is one row of a modifier table applied to a command check.
type Modifier struct {
	Rule   string `json:"rule"`   // where the rule is, e.g. "§4.1 #3" (table 4.1, row 3)
	Reason string `json:"reason"` // a code the report templates translate
	Value  int    `json:"value"`  // + easier, − harder
}

// Check is one command check (D1): roll 2D6, pass iff total ≤ Target.
type Check struct {
	Action    string     `json:"action"` // "move", "claim", …
	Base      int        `json:"base"`
	Modifiers []Modifier `json:"modifiers"`
	OrderN    int        `json:"order_n"` // n-th order of the unit this turn (D2)
	// Penalty is what being the n-th order took off the target, −(n−1)
	// (D2); 0 in a flat check, which counts as an order without it [A25].
	Penalty int  `json:"penalty,omitempty"`
	Target  int  `json:"target"` // D = base + Σ modifiers + penalty
	Roll    Roll `json:"roll"`
	Passed  bool `json:"passed"`
	// Blunder is a 12 that failed the check within its target (D1's
	// optional rule).
	Blunder bool `json:"blunder,omitempty"`
	// Automatic is a check the rules waive (a port [A29]): nothing rolled,
	// but the order still counts (D2).
	Automatic bool `json:"automatic,omitempty"`
}

// Rules are the rule settings DECISIONS.md names, as plain values.
type Rules struct {
	BlunderOn12 bool // D1: a 12 always fails
}

// newCheck computes the target: base + modifiers − (n−1) (§4.1, D2).
func newCheck(action string, base int, mods []Modifier, n int) Check {
	c := Check{Action: action, Base: base, Modifiers: mods, OrderN: n, Penalty: -(n - 1), Target: base - (n - 1)}
	for _, m := range mods {
		c.Target += m.Value
	}
	return c
}

// roll throws 2D6 against the target (D1).
func (c *Check) roll(d *Dice, rules Rules, purpose string) {
	c.Roll = d.Roll(2, purpose)
	t := c.Roll.Total()
	c.Blunder = rules.BlunderOn12 && t == 12 && t <= c.Target
	c.Passed = t <= c.Target && !c.Blunder
}

// Chance is P(2D6 ≤ target), the odds shown to players, in 36ths.
func Chance(target int, rules Rules) int {
	n := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b <= target && !(rules.BlunderOn12 && a+b == 12) {
				n++
			}
		}
	}
	return n
}

func problem(code, format string, args ...any) *Problem {
	return &Problem{Code: code, Text: fmt.Sprintf(format, args...)}
}

// at records the step that failed.
func (p *Problem) at(to, from Coord) *Problem {
	p.At, p.From = &to, &from
	return p
}
