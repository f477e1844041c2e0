package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/turnproc/turnproc/campaign"
)

// EventLog is turns/NNN/events.json: the turn's event log and every die
// rolled, in order (docs/campaign-dir.md). run writes it; report and
// verify read it.
type EventLog struct {
	Turn   int              `json:"turn"`
	Events []campaign.Event `json:"events"`
	Rolls  []campaign.Roll  `json:"rolls"`
}

// Encode is the file's content: indented JSON and a final newline.
func (l EventLog) Encode() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	err := enc.Encode(l)
	return b.Bytes(), err
}

// LoadEventLog reads turn's event log, and its raw bytes (verify compares
// them with what playing the turn again gives).
func (d *Dir) LoadEventLog(turn int) (*EventLog, []byte, error) {
	path := d.TurnPath(turn, "events.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	var l EventLog
	if err := json.Unmarshal(data, &l); err != nil {
		return nil, nil, fmt.Errorf("store: %s: %v", path, err)
	}
	return &l, data, nil
}

// DiceRecord is turns/NNN/dice.json: the turn's dice seed, revealed once
// the turn is played, with the SHA-256 published for it before and the
// one published for the next turn's (docs/rules.md, verifiable dice).
type DiceRecord struct {
	Turn           int    `json:"turn"`
	Seed           string `json:"seed"`
	Commitment     string `json:"commitment"`
	NextCommitment string `json:"next_commitment"`
}

// NewDiceRecord is the dice record of turn in a campaign of that seed.
func NewDiceRecord(campaignSeed string, turn int) DiceRecord {
	seed := campaign.TurnSeed(campaignSeed, turn)
	return DiceRecord{Turn: turn, Seed: seed, Commitment: campaign.SeedCommitment(seed),
		NextCommitment: campaign.SeedCommitment(campaign.TurnSeed(campaignSeed, turn+1))}
}

// Encode is the file's content: indented JSON and a final newline.
func (r DiceRecord) Encode() []byte {
	data, _ := json.MarshalIndent(r, "", "  ") // strings and an int: it cannot fail
	return append(data, '\n')
}

// LoadDiceRecord reads turn's dice record.
func (d *Dir) LoadDiceRecord(turn int) (*DiceRecord, error) {
	path := d.TurnPath(turn, "dice.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	var r DiceRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("store: %s: %v", path, err)
	}
	return &r, nil
}
