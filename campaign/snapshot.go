package campaign

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// SnapshotFormat and SnapshotVersion identify a state file. Bump the version
// whenever the layout changes; Decode refuses versions it does not know.
// The layout is documented in docs/state-format.md.
const (
	SnapshotFormat  = "turnproc-state"
	SnapshotVersion = 1
)

type snapshot struct {
	Format    string         `json:"format"`
	Version   int            `json:"version"`
	Campaign  string         `json:"campaign"`
	Turn      int            `json:"turn"`
	Seed      string         `json:"seed"`
	NextArmy  int            `json:"next_army"`
	NextFleet int            `json:"next_fleet"`
	Players   []Player       `json:"players"`
	Squares   []squareRecord `json:"squares"`
	Armies    []Army         `json:"armies"`
	Fleets    []Fleet        `json:"fleets"`
	Battles   []Battle       `json:"battles"`
}

type squareRecord struct {
	At Coord `json:"at"`
	SquareState
}

// Encode writes the state as an indented, deterministic JSON snapshot:
// squares in reading order, armies and fleets in id order (A2 before A10),
// whatever order the state holds them in; the state itself is not changed.
func (s *State) Encode(w io.Writer) error {
	snap := snapshot{Format: SnapshotFormat, Version: SnapshotVersion, Campaign: s.Campaign, Turn: s.Turn,
		Seed: s.Seed, NextArmy: s.NextArmy, NextFleet: s.NextFleet, Players: s.Players,
		Armies: slices.Clone(s.Armies), Fleets: slices.Clone(s.Fleets), Battles: s.Battles}
	slices.SortStableFunc(snap.Armies, func(a, b Army) int { return compareIDs(a.ID, b.ID) })
	slices.SortStableFunc(snap.Fleets, func(a, b Fleet) int { return compareIDs(a.ID, b.ID) })
	for c, sq := range s.Squares {
		snap.Squares = append(snap.Squares, squareRecord{c, sq})
	}
	slices.SortFunc(snap.Squares, func(a, b squareRecord) int { return compareCoord(a.At, b.At) })
	if snap.Armies == nil {
		snap.Armies = []Army{}
	}
	if snap.Fleets == nil {
		snap.Fleets = []Fleet{}
	}
	if snap.Battles == nil {
		snap.Battles = []Battle{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(snap)
}

// DecodeState reads a snapshot. name is used in error messages (the file).
// Unknown fields, another format, an unknown version and broken references
// are all refused: a campaign never runs on a state it half understands.
func DecodeState(name string, r io.Reader) (*State, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("campaign: %s: %w", name, err)
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, jsonError(name, data, err)
	}
	if head.Format != SnapshotFormat {
		return nil, fmt.Errorf("campaign: %s: not a turnproc state file (format %q, want %q)", name, head.Format, SnapshotFormat)
	}
	if head.Version != SnapshotVersion {
		return nil, fmt.Errorf("campaign: %s: state version %d is not supported (this turnproc reads version %d); use the turnproc release that wrote it", name, head.Version, SnapshotVersion)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var snap snapshot
	if err := dec.Decode(&snap); err != nil {
		return nil, jsonError(name, data, err)
	}
	s := &State{Campaign: snap.Campaign, Turn: snap.Turn, Seed: snap.Seed, NextArmy: snap.NextArmy,
		NextFleet: snap.NextFleet, Players: snap.Players, Armies: snap.Armies, Fleets: snap.Fleets,
		Battles: snap.Battles,
		Squares: make(map[Coord]SquareState, len(snap.Squares))}
	for _, r := range snap.Squares {
		if _, dup := s.Squares[r.At]; dup {
			return nil, fmt.Errorf("campaign: %s: square %s is listed twice", name, r.At)
		}
		s.Squares[r.At] = r.SquareState
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("campaign: %s: %w", name, err)
	}
	return s, nil
}

// MaxCount bounds every count a snapshot holds (turn, the id counters,
// reserves, values): far beyond any campaign, and far from overflowing, so
// a damaged or hostile snapshot is refused at load instead of wrapping
// round into one turnproc then cannot read.
const MaxCount = 1_000_000

// check verifies the references and invariants a snapshot must hold.
func (s *State) check() error {
	if s.Turn < 1 {
		return fmt.Errorf("turn %d: turns count from 1", s.Turn)
	}
	if s.Turn > MaxCount {
		return fmt.Errorf("turn %d is not 1–%d", s.Turn, MaxCount)
	}
	// Without the seed the dice would follow from a seed anyone knows.
	if strings.TrimSpace(s.Seed) == "" {
		return errors.New("the dice seed is empty: the snapshot is damaged (init writes a secret seed into every snapshot)")
	}
	if err := checkCount("next_army", s.NextArmy); err != nil {
		return err
	}
	if err := checkCount("next_fleet", s.NextFleet); err != nil {
		return err
	}
	players := map[string]bool{}
	for _, p := range s.Players {
		if p.ID == "" || players[p.ID] {
			return fmt.Errorf("player id %q is empty or repeated", p.ID)
		}
		players[p.ID] = true
		if err := checkCount("reserves", p.Reserves); err != nil {
			return fmt.Errorf("player %q: %w", p.ID, err)
		}
	}
	for _, c := range slices.SortedFunc(maps.Keys(s.Squares), compareCoord) {
		sq := s.Squares[c]
		if sq.Owner != "" && !players[sq.Owner] {
			return fmt.Errorf("square %s: owner %q is not a player", c, sq.Owner)
		}
		if sq.Value < 0 {
			return fmt.Errorf("square %s: value %d is negative", c, sq.Value)
		}
		if err := checkCount("value", sq.Value); err != nil {
			return fmt.Errorf("square %s: %w", c, err)
		}
	}
	for _, b := range s.Battles {
		if err := checkCount("garrison", b.Garrison); err != nil {
			return fmt.Errorf("battle %s: %w", b.ID, err)
		}
	}
	ids := map[string]bool{}
	for _, a := range s.Armies {
		switch {
		case ids[strings.ToUpper(a.ID)]:
			return fmt.Errorf("army id %s is repeated", a.ID)
		case !players[a.Owner]:
			return fmt.Errorf("army %s: owner %q is not a player", a.ID, a.Owner)
		case !LegalArmySize(a.Points):
			return fmt.Errorf("army %s: %d points is not 500–2500 in 500 blocks", a.ID, a.Points)
		}
		ids[strings.ToUpper(a.ID)] = true
	}
	for _, f := range s.Fleets {
		if ids[strings.ToUpper(f.ID)] || !players[f.Owner] {
			return fmt.Errorf("fleet %s: repeated id or unknown owner %q", f.ID, f.Owner)
		}
		ids[strings.ToUpper(f.ID)] = true
	}
	return nil
}

// checkCount refuses a count outside 0–MaxCount.
func checkCount(name string, n int) error {
	if n < 0 || n > MaxCount {
		return fmt.Errorf("%s %d is not 0–%d", name, n, MaxCount)
	}
	return nil
}

// jsonError names the line and column of a JSON problem.
func jsonError(name string, data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	off := int64(-1)
	switch {
	case errors.As(err, &syn):
		off = syn.Offset - 1 // Offset counts the offending byte
	case errors.As(err, &typ):
		off = typ.Offset - 1
	}
	if off < 0 {
		return fmt.Errorf("campaign: %s: %v", name, err)
	}
	line, col := lineCol(data, int(off))
	return fmt.Errorf("campaign: %s:%d:%d: %v", name, line, col, err)
}

// lineCol turns a byte offset into a 1-based line and column.
func lineCol(data []byte, off int) (int, int) {
	off = max(0, min(off, len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := off - bytes.LastIndexByte(before, '\n')
	return line, col
}
