package campaign

import "fmt"

// Season of the campaign year (§2): three campaign turns make a season and
// four seasons a year.
type Season int

const (
	Spring Season = iota
	Summer
	Autumn
	Winter
)

var seasonNames = []string{"spring", "summer", "autumn", "winter"}

func (s Season) String() string { return enumName(seasonNames, int(s)) }

// TurnsPerSeason and SeasonsPerYear fix the calendar of §2.
const (
	TurnsPerSeason = 3
	SeasonsPerYear = 4
	TurnsPerYear   = TurnsPerSeason * SeasonsPerYear
)

// Calendar places campaign turn t (counted from 1) in its year and season.
type Calendar struct {
	Turn         int
	Year         int // from 1
	Season       Season
	TurnOfSeason int // 1–3
}

// CalendarOf computes the calendar of turn t ≥ 1.
func CalendarOf(t int) Calendar {
	i := t - 1
	return Calendar{
		Turn:         t,
		Year:         i/TurnsPerYear + 1,
		Season:       Season(i / TurnsPerSeason % SeasonsPerYear),
		TurnOfSeason: i%TurnsPerSeason + 1,
	}
}

// ClosesSeason says whether the turn ends a season: turns 3, 6, 9 and 12
// of each year (D7), whose balance is applied at the start of the next run.
func (c Calendar) ClosesSeason() bool { return c.TurnOfSeason == TurnsPerSeason }

func (c Calendar) String() string {
	return fmt.Sprintf("turn %d (year %d, %s, turn %d of the season)", c.Turn, c.Year, c.Season, c.TurnOfSeason)
}
