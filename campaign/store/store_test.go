package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

func newDir(t *testing.T) *Dir {
	t.Helper()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, ConfigFile), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func state(t *testing.T, turn int) *campaign.State {
	m := campaign.NewMap("m", 3, 3)
	s, err := campaign.NewState(m, "c", "seed", []campaign.PlayerSetup{{ID: "p", Capital: campaign.Coord{Col: 1, Row: 1}, Armies: []int{500}}})
	if err != nil {
		t.Fatal(err)
	}
	s.Turn = turn
	return s
}

func TestOpenRefusesNonCampaign(t *testing.T) {
	root := t.TempDir()
	_, err := Open(root)
	if err == nil || err.Error() != "store: "+root+" is not a campaign directory (no campaign.toml)" {
		t.Errorf("got %v", err)
	}
}

func TestStateSnapshots(t *testing.T) {
	d := newDir(t)
	if _, err := d.CurrentTurn(); err == nil {
		t.Fatal("an empty campaign has no current turn")
	}
	for _, n := range []int{1, 2, 10} {
		if err := d.SaveState(state(t, n)); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := d.CurrentTurn(); err != nil || n != 10 {
		t.Fatalf("current turn %d, %v", n, err)
	}
	s, err := d.LoadState(2)
	if err != nil || s.Turn != 2 {
		t.Fatalf("%v %v", s, err)
	}
	// Saving the same snapshot again is a no-op; different content is refused.
	if err := d.SaveState(state(t, 2)); err != nil {
		t.Fatal(err)
	}
	changed := state(t, 2)
	changed.Seed = "other"
	if err := d.SaveState(changed); err == nil || !strings.Contains(err.Error(), "snapshots are never rewritten") {
		t.Errorf("got %v", err)
	}
}

func TestLoadStateChecksTurn(t *testing.T) {
	d := newDir(t)
	data, _ := os.ReadFile(func() string { d.SaveState(state(t, 3)); return d.StatePath(3) }())
	if err := WriteFile(d.StatePath(4), data); err != nil {
		t.Fatal(err)
	}
	_, err := d.LoadState(4)
	if err == nil || !strings.HasSuffix(err.Error(), "turn-004.json holds turn 3, not 4") {
		t.Errorf("got %v", err)
	}
}

func TestWriteFileLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a", "b.txt")
	if err := WriteFile(p, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("two")); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Errorf("left %d files", len(entries))
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Errorf("content %q", b)
	}
}

func TestResults(t *testing.T) {
	d := newDir(t)
	b := campaign.Battle{ID: "B1-1", Turn: 1}
	if got, err := d.LoadResults([]campaign.Battle{b}); err != nil || len(got) != 0 {
		t.Fatalf("no result yet: %v %v", got, err)
	}
	res := campaign.BattleResult{Battle: "B1-1", Winner: campaign.Attacker, AttackerVP: 230, DefenderVP: 450}
	if err := d.SaveResult(b, res, false); err != nil {
		t.Fatal(err)
	}
	if err := d.SaveResult(b, res, false); err == nil || !strings.Contains(err.Error(), "battle B1-1 already has a result") {
		t.Errorf("a second result must be refused: %v", err)
	}
	res.Winner = campaign.Draw
	if err := d.SaveResult(b, res, true); err != nil {
		t.Fatal(err)
	}
	got, err := d.LoadResults([]campaign.Battle{b})
	if err != nil || len(got) != 1 || got[0].Winner != campaign.Draw {
		t.Errorf("got %+v %v", got, err)
	}
}

// TestSaveStateRefusesUnreadable: a state whose counter grew past what a
// snapshot may hold is never written, so the campaign stays readable.
func TestSaveStateRefusesUnreadable(t *testing.T) {
	d := newDir(t)
	s := state(t, 2)
	s.NextArmy = campaign.MaxCount + 1
	err := d.SaveState(s)
	want := "store: refusing to write a snapshot turnproc could not read: campaign: " + d.StatePath(2) + ": next_army 1000001 is not 0–1000000"
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	if _, err := os.Stat(d.StatePath(2)); err == nil {
		t.Error("the unreadable snapshot was written")
	}
}

func TestIsTemp(t *testing.T) {
	for name, want := range map[string]bool{
		".turn-002.json.tmp-123": true, ".001.tmp-9": true, ".x.eml.tmp-42": true,
		"turn-002.json": false, ".notes.tmp-draft": false, ".tmp-1": false, ".a.tmp-": false, "a.tmp-1": false,
	} {
		if got := IsTemp(name); got != want {
			t.Errorf("IsTemp(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestRecordsRoundTrip: each record file is read back by the type that
// writes it, to the same value.
func TestRecordsRoundTrip(t *testing.T) {
	d := &Dir{Root: t.TempDir()}
	dice := NewDiceRecord("feedface", 3)
	if err := WriteFile(d.TurnPath(3, "dice.json"), dice.Encode()); err != nil {
		t.Fatal(err)
	}
	if got, err := d.LoadDiceRecord(3); err != nil || *got != dice {
		t.Errorf("dice record read back as %+v, %v; want %+v", got, err, dice)
	}
	if dice.Commitment == "" || dice.NextCommitment == dice.Commitment {
		t.Errorf("dice record %+v", dice)
	}
	log := EventLog{Turn: 3, Events: []campaign.Event{{Kind: campaign.EventCombine, Player: "orcs"}}, Rolls: []campaign.Roll{}}
	data, err := log.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(d.TurnPath(3, "events.json"), data); err != nil {
		t.Fatal(err)
	}
	got, raw, err := d.LoadEventLog(3)
	if err != nil || got.Turn != 3 || len(got.Events) != 1 || got.Events[0].Player != "orcs" || string(raw) != string(data) {
		t.Errorf("event log read back as %+v, %v", got, err)
	}
	if _, err := d.LoadDiceRecord(4); err == nil {
		t.Error("a missing dice record reads")
	}
}
