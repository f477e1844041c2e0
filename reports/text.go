package reports

import (
	"strconv"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/templates"
)

// args is the data of one text: templates run with missingkey=error, so a
// key a text needs and the caller forgot is an error, not "<no value>".
type args = map[string]any

// words fetches texts of one language and keeps the first error, so that
// drawing code reads straight and the render checks once at the end.
type words struct {
	set *templates.Set
	err error
}

func newWords(lang string) (*words, error) {
	set, err := templates.Lookup(lang)
	if err != nil {
		return nil, err
	}
	return &words{set: set}, nil
}

func (w *words) text(name string, data any) string {
	s, err := w.set.Text(name, data)
	if err != nil && w.err == nil {
		w.err = err
	}
	return s
}

// list joins items as the language does: "A1, A5 and A6".
func (w *words) list(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return w.text("list.and", args{"Head": strings.Join(items[:len(items)-1], ", "), "Last": items[len(items)-1]})
}

// calendar names a turn: "Turn 1 — spring of year 1".
func (w *words) calendar(turn int) string {
	c := campaign.CalendarOf(turn)
	return w.text("calendar", args{"Turn": c.Turn, "Year": c.Year, "Season": w.season(c.Season), "TurnOfSeason": c.TurnOfSeason})
}

func (w *words) season(s campaign.Season) string { return w.text("season."+s.String(), nil) }

// ofSeason says where the turn falls in its season: "turn 1 of 3 of the season".
func (w *words) ofSeason(turn int) string {
	return w.text("calendar.of-season", args{"TurnOfSeason": campaign.CalendarOf(turn).TurnOfSeason})
}

// date writes a moment in the reader's language, in its own time zone.
func (w *words) date(t time.Time) string {
	return w.text("date", args{
		"Weekday": w.text("weekday."+strings.ToLower(t.Weekday().String()), nil),
		"Day":     t.Day(),
		"Month":   w.text("month."+strings.ToLower(t.Month().String()), nil),
		"Year":    t.Year(),
		"Clock":   t.Format("15:04"),
		"Zone":    t.Format("MST"),
	})
}

// signed writes a modifier as players read it: +1, 0, −2 (a real minus sign).
func signed(v int) string {
	switch {
	case v > 0:
		return "+" + strconv.Itoa(v)
	case v < 0:
		return "−" + strconv.Itoa(-v)
	}
	return "0"
}

// number writes an integer with a real minus sign: 9, −1.
func number(v int) string {
	if v < 0 {
		return "−" + strconv.Itoa(-v)
	}
	return strconv.Itoa(v)
}

// diceText writes each die of a roll: "4 + 3".
func diceText(dice []int) string {
	parts := make([]string, len(dice))
	for i, d := range dice {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, " + ")
}

// rollsText writes the turn-order rolls of one player: "6, 2".
func rollsText(rolls []int) string {
	parts := make([]string, len(rolls))
	for i, d := range rolls {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, ", ")
}

func coordText(c *campaign.Coord) string {
	if c == nil {
		return ""
	}
	return c.String()
}

// percent turns a chance in 36ths into a rounded percentage.
func percent(in36 int) int { return (in36*100 + 18) / 36 }
