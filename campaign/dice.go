package campaign

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
)

// Roll is one throw of some six-sided dice, kept with what it was for so
// that reports can show every roll.
type Roll struct {
	Purpose string `json:"purpose"`
	Dice    []int  `json:"dice"`
}

// Total is the sum of the dice.
func (r Roll) Total() int {
	t := 0
	for _, d := range r.Dice {
		t += d
	}
	return t
}

// Dice is the only source of chance the rules see. It is seeded (or
// scripted, for tests) and records every roll in order.
type Dice struct {
	fixed  int // every die shows this face (Preview); 0 = not fixed
	pcg    *rand.PCG
	script []int
	err    error
	rolls  []Roll
}

// NewDice returns dice seeded from a campaign seed and a turn number.
// Dice are PCG-DXSM outputs reduced to 1–6 by rejection, so the stream is
// fixed by the seed alone and anyone can recompute it.
func NewDice(seed string, turn int) *Dice {
	h := sha256.Sum256([]byte(fmt.Sprintf("turnproc-dice\x00%s\x00%d", seed, turn)))
	return &Dice{pcg: rand.NewPCG(binary.BigEndian.Uint64(h[0:8]), binary.BigEndian.Uint64(h[8:16]))}
}

// TurnSeed is the seed of one turn's dice, derived from the campaign's
// secret seed: it is fixed from the start, so its SHA-256 (SeedCommitment)
// can be published before any order arrives and the seed itself revealed
// after the turn, and anyone can then recompute every roll
// (docs/rules.md, verifiable dice). Revealing a turn's seed tells nothing of the others.
func TurnSeed(campaignSeed string, turn int) string {
	mac := hmac.New(sha256.New, []byte(campaignSeed))
	fmt.Fprintf(mac, "turnproc turn seed\x00%d", turn)
	return hex.EncodeToString(mac.Sum(nil)[:16])
}

// SeedCommitment is the published fingerprint of a turn seed: its SHA-256.
func SeedCommitment(turnSeed string) string {
	sum := sha256.Sum256([]byte(turnSeed))
	return hex.EncodeToString(sum[:])
}

// ScriptedDice returns dice that show the given faces in order: the test
// hook for scenario files. Faces outside 1–6, or running out, make Err
// non-nil; the rules then stop with that error.
func ScriptedDice(faces ...int) *Dice {
	return &Dice{script: append([]int(nil), faces...)}
}

// Roll throws n dice for the stated purpose and records the throw.
func (d *Dice) Roll(n int, purpose string) Roll {
	r := Roll{Purpose: purpose, Dice: make([]int, n)}
	for i := range r.Dice {
		r.Dice[i] = d.face()
	}
	d.rolls = append(d.rolls, r)
	return r
}

func (d *Dice) face() int {
	if d.fixed != 0 {
		return d.fixed
	}
	if d.pcg == nil {
		if len(d.script) == 0 {
			if d.err == nil {
				d.err = fmt.Errorf("campaign: the scripted dice ran out after %d rolls", len(d.rolls))
			}
			return 1
		}
		f := d.script[0]
		d.script = d.script[1:]
		if f < 1 || f > 6 {
			if d.err == nil {
				d.err = fmt.Errorf("campaign: scripted die face %d is not 1–6", f)
			}
			return 1
		}
		return f
	}
	// Rejection keeps every face equally likely: drop the top partial block.
	const limit = ^uint64(0) - (^uint64(0) % 6)
	for {
		if v := d.pcg.Uint64(); v < limit {
			return int(v%6) + 1
		}
	}
}

// Rolls is every throw so far, in order.
func (d *Dice) Rolls() []Roll { return d.rolls }

// Err reports scripted dice that ran out or held an impossible face.
func (d *Dice) Err() error { return d.err }

// Remaining is how many scripted faces were never used (0 for seeded dice);
// scenario tests use it to catch a script longer than the rules needed.
func (d *Dice) Remaining() int { return len(d.script) }
