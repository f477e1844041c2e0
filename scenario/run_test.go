package scenario

import (
	"strings"
	"testing"
)

func runOne(t *testing.T, text string) *Result {
	t.Helper()
	cases, err := Parse("f.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return cases[0].Run()
}

// explored is minimal with B1 explored, so the move rolls no Table 1.
var explored = strings.NewReplacer("army A1 empire A1 500\n=== orders", "square B1 value=2\narmy A1 empire A1 500\n=== orders",
	"square B1 value=0\n", "square B1 value=2\n").Replace(minimal)

func TestRunReport(t *testing.T) {
	r := runOne(t, strings.Replace(explored, "army A1 empire B1 500", "army A1 empire A1 500", 1)+"=== events\nturn-order empire[]\nmoved empire A1 A1→B1 value=500\n")
	var b strings.Builder
	r.Report(&b, false)
	want := `FAIL f.txt:2: a case
  the state after differs
  the events differ
  state after (- expected, + got):
      turn 2
      player empire capital=A1 reserves=0
      square B1 value=2
    - army A1 empire A1 500
    + army A1 empire B1 500
  events (- expected, + got):
      turn-order empire[]
    + check empire A1 A1→B1 move base=9 mods=[dest-free+1] n=1 D=10 roll=[5 5] pass
      moved empire A1 A1→B1 value=500
  event trace:
    turn-order empire[]
    check empire A1 A1→B1 move base=9 mods=[dest-free+1] n=1 D=10 roll=[5 5] pass
    moved empire A1 A1→B1 value=500
`
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	b.Reset()
	runOne(t, explored).Report(&b, false)
	if got := b.String(); got != "PASS f.txt:2: a case\n" {
		t.Errorf("got %q", got)
	}
}

func TestRunDice(t *testing.T) {
	base := explored
	tests := []struct {
		name, dice string
		failures   []string
	}{
		{"exact", "5 5", nil},
		{"left over", "5 5 1 2", []string{"2 scripted dice were never rolled: the turn needed fewer dice than === dice lists"}},
		{"ran out", "5", []string{"Resolve returned an error: campaign: the scripted dice ran out after 0 rolls"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runOne(t, strings.Replace(base, "=== dice\n5 5", "=== dice\n"+tt.dice, 1))
			if strings.Join(r.Failures, "|") != strings.Join(tt.failures, "|") {
				t.Errorf("failures %q, want %q", r.Failures, tt.failures)
			}
		})
	}
}

func TestRunExpectedError(t *testing.T) {
	text := strings.Replace(minimal, "=== after\nplayer empire capital=A1\nsquare B1 value=0\narmy A1 empire B1 500\n",
		"=== error\ncampaign: the scripted dice ran out after 1 rolls\n", 1)
	text = strings.Replace(text, "=== dice\n5 5\n", "=== dice\n5 5 6\n", 1)
	if r := runOne(t, text); !r.Passed() {
		t.Errorf("failures %q", r.Failures)
	}
	r := runOne(t, strings.Replace(text, "after 1 rolls", "after 2 rolls", 1))
	want := `Resolve returned the error "campaign: the scripted dice ran out after 1 rolls", but the case expects "campaign: the scripted dice ran out after 2 rolls"`
	if len(r.Failures) != 1 || r.Failures[0] != want {
		t.Errorf("failures %q", r.Failures)
	}
}

func TestSummary(t *testing.T) {
	rs := []*Result{{}, {Failures: []string{"x"}}, {}}
	if got := Summary(rs); got != "2 passed, 1 failed" {
		t.Errorf("got %q", got)
	}
}
