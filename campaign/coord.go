package campaign

import (
	"fmt"
	"strings"
)

// Coord is a square's position: Col and Row count from 0. Players see it as
// column letters and a row number counted from 1, like "C4" or "AB12".
type Coord struct {
	Col, Row int
}

// String gives the player-facing name: A1, Z9, AA10…
func (c Coord) String() string {
	return ColumnName(c.Col) + fmt.Sprint(c.Row+1)
}

// The largest map: columns A to ZZ, rows 1 to 999. Coordinates could
// name more, but no table-top campaign needs it, and the limits keep a
// mistyped map file from allocating millions of squares.
const (
	MaxColumns = 26 + 26*26 // A…Z, AA…ZZ
	MaxRows    = 999
)

// ColumnName turns a 0-based column into letters: 0→A, 25→Z, 26→AA.
func ColumnName(col int) string {
	if col < 0 {
		return "?"
	}
	var b []byte
	for col >= 0 {
		b = append([]byte{byte('A' + col%26)}, b...)
		col = col/26 - 1
	}
	return string(b)
}

// ParseCoord reads "C4" (case-insensitive) into a Coord. It checks only the
// shape; whether the square is on the map is the map's business.
func ParseCoord(s string) (Coord, error) {
	c, err := parseCoord(s)
	if err != nil {
		return Coord{}, fmt.Errorf("campaign: %w", err)
	}
	return c, nil
}

// parseCoord is ParseCoord without the package prefix, for callers that
// add their own (UnmarshalText: DecodeState already names the package).
func parseCoord(s string) (Coord, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	i := 0
	col := 0
	for i < len(u) && u[i] >= 'A' && u[i] <= 'Z' {
		col = col*26 + int(u[i]-'A'+1)
		i++
		if i > 3 {
			return Coord{}, fmt.Errorf("%q is not a square: too many letters", s)
		}
	}
	if i == 0 || i == len(u) {
		return Coord{}, fmt.Errorf("%q is not a square: write column letters then a row number, like C4", s)
	}
	row := 0
	for _, r := range u[i:] {
		if r < '0' || r > '9' {
			return Coord{}, fmt.Errorf("%q is not a square: write column letters then a row number, like C4", s)
		}
		row = row*10 + int(r-'0')
		if row > 99999 {
			return Coord{}, fmt.Errorf("%q is not a square: row number too large", s)
		}
	}
	if row == 0 {
		return Coord{}, fmt.Errorf("%q is not a square: rows count from 1", s)
	}
	return Coord{Col: col - 1, Row: row - 1}, nil
}

// MarshalText writes the player-facing name, so JSON snapshots read "C4".
func (c Coord) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads the player-facing name.
func (c *Coord) UnmarshalText(b []byte) error {
	p, err := parseCoord(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}
