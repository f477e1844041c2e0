package siege

import (
	"errors"
	"slices"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

// TestDamageReplay: attacks rolled with the turn's dice replay to the same
// record; another seed, a changed input or a changed castle do not; a
// record without its dice turn cannot be replayed.
func TestDamageReplay(t *testing.T) {
	const seed = "0123456789abcdef0123456789abcdef"
	start := NewSiegeDamage("B1-1", ModelTables, MarkersPerTurn, CastleParts(Layout(1000, 5, campaign.Wood)))
	s := start
	s.DiceTurn = 2
	for i, step := range []struct {
		part string
		a    Attack
	}{
		{"W1", Attack{Weapon: WeaponCannon}.WithDefaults()},
		{"G", Attack{Weapon: WeaponRam, Strength: 5, Models: 5, Fire: true, Turn: 2}},
		{"T1", Attack{Weapon: WeaponStoneThrower, Strength: 8, Wounds: WoundDice{Dice: 1, Sides: 3}}},
	} {
		var err error
		if _, s, err = s.Attack(step.part, step.a, DamageDice(seed, "B1-1", i+1, 2)); err != nil {
			t.Fatal(err)
		}
	}
	if len(s.Log) != 3 || len(s.Log[0].Rolls) == 0 {
		t.Fatalf("the log: %+v", s.Log)
	}
	if ok, err := s.Replay(start, seed); !ok || err != nil {
		t.Errorf("replay: %v %v", ok, err)
	}
	if ok, _ := s.Replay(start, "another seed"); ok {
		t.Error("another seed replays")
	}
	changed := s
	changed.Log = slices.Clone(s.Log)
	changed.Log[1].Attack.Models = 6
	if ok, _ := changed.Replay(start, seed); ok {
		t.Error("a changed input replays")
	}
	other := NewSiegeDamage("B1-1", ModelTables, MarkersPerTurn, CastleParts(Layout(1000, 5, campaign.Stone)))
	if ok, _ := s.Replay(other, seed); ok {
		t.Error("another castle replays")
	}
	old := s
	old.DiceTurn = 0
	if _, err := old.Replay(start, seed); !errors.Is(err, ErrNotReplayable) {
		t.Errorf("no dice turn: %v", err)
	}
	old = s
	old.Log = old.Log[:2]
	if _, err := old.Replay(start, seed); !errors.Is(err, ErrNotReplayable) {
		t.Errorf("an attack missing from the log: %v", err)
	}
	// The record round-trips through its file.
	back, err := DecodeSiegeDamage("B1-1.json", s.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := back.Replay(start, seed); !ok || err != nil {
		t.Errorf("replay after decoding: %v %v", ok, err)
	}
}

func TestPreBattleReplay(t *testing.T) {
	const seed = "fedcba9876543210fedcba9876543210"
	setup := fullSetup()
	pb, err := RollPreBattle(setup, PreBattleOptions{FirstTurnRU: true}, PreBattleDice(seed, "B1-1", 2))
	if err != nil {
		t.Fatal(err)
	}
	rec := PreBattleRecord{DiceTurn: 2, Setup: setup, PreBattle: pb}
	if ok, err := rec.Replay("B1-1", seed); !ok || err != nil {
		t.Errorf("replay: %v %v", ok, err)
	}
	if ok, _ := rec.Replay("B1-2", seed); ok {
		t.Error("another battle's dice replay")
	}
	rec.PreBattle.Options.FirstTurnRU = false
	if ok, _ := rec.Replay("B1-1", seed); ok {
		t.Error("other options replay")
	}
	rec.DiceTurn = 0
	if _, err := rec.Replay("B1-1", seed); !errors.Is(err, ErrNotReplayable) {
		t.Errorf("no dice turn: %v", err)
	}
}
