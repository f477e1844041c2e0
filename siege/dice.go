package siege

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/turnproc/turnproc/campaign"
)

// The dice of the table-side rolls come from the seed of the campaign turn
// in which they are rolled (campaign.TurnSeed): its SHA-256 was published
// before the turn and the seed itself is revealed in the turn's report, so
// nobody can foresee a siege's dice while it is rolled, and anyone can roll
// them again once the turn is played (turnproc verify). Each roll has a
// stream of its own, keyed by the battle (and the attack), so the order in
// which the moderator rolls the sieges changes nothing.

// DamageDice are the dice of a siege's n-th attack (1, 2, …), rolled in
// the campaign turn whose seed is turnSeed.
func DamageDice(turnSeed, battle string, attack, turn int) *campaign.Dice {
	return campaign.NewDice(fmt.Sprintf("%s\x00siege\x00%s\x00%d", turnSeed, battle, attack), turn)
}

// PreBattleDice are the dice of a siege's pre-battle phase.
func PreBattleDice(turnSeed, battle string, turn int) *campaign.Dice {
	return campaign.NewDice(turnSeed+"\x00prebattle\x00"+battle, turn)
}

// ErrNotReplayable marks a record made before siege dice came from the
// turn's seed: it holds too little to be rolled again.
var ErrNotReplayable = errors.New("siege: the record predates verifiable siege dice")

// Replay rolls the logged attacks of s again, one by one, on start (the
// undamaged castle) with dice from the seed of s.DiceTurn, and says whether
// that gives exactly s.
func (s SiegeDamage) Replay(start SiegeDamage, turnSeed string) (bool, error) {
	if s.DiceTurn == 0 || len(s.Log) != s.Attacks {
		return false, ErrNotReplayable
	}
	got := start
	got.DiceTurn = s.DiceTurn
	for i, l := range s.Log {
		var err error
		if _, got, err = got.Attack(l.Part, l.Attack, DamageDice(turnSeed, s.Battle, i+1, s.DiceTurn)); err != nil {
			return false, nil // the inputs were changed into ones the roller refuses
		}
	}
	return bytes.Equal(got.Encode(), s.Encode()), nil
}

// PreBattleRecord is a rolled pre-battle phase as kept in the campaign's
// archive: the declarations and the options it was rolled from, and what
// the dice gave.
type PreBattleRecord struct {
	// DiceTurn is the campaign turn whose seed the dice come from; 0 in a
	// record made before siege dice were verifiable.
	DiceTurn  int            `json:"dice_turn,omitempty"`
	Setup     PreBattleSetup `json:"setup"`
	PreBattle PreBattle      `json:"prebattle"`
}

// Replay rolls the pre-battle phase of battle again from the record's
// declarations and options with dice from the seed of r.DiceTurn, and says
// whether that gives exactly the record.
func (r PreBattleRecord) Replay(battle, turnSeed string) (bool, error) {
	if r.DiceTurn == 0 {
		return false, ErrNotReplayable
	}
	opts := r.PreBattle.Options
	pb, err := RollPreBattle(r.Setup, opts, PreBattleDice(turnSeed, battle, r.DiceTurn))
	if err != nil {
		return false, nil
	}
	a, _ := json.Marshal(pb) // plain data: cannot fail
	b, _ := json.Marshal(r.PreBattle)
	return bytes.Equal(a, b), nil
}
