package scenario

import (
	"fmt"
	"io"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// Result is what running a case found. It passed when Failures is empty.
type Result struct {
	Case *Case
	// Failures say what did not match, one sentence each.
	Failures []string
	// StateDiff and EventDiff are line diffs, expected against got:
	// "- " a line expected but missing, "+ " a line got but not expected,
	// "  " a line both have. Empty when they match or were not checked.
	StateDiff, EventDiff []string
	// Trace is the event trace of the turn (empty if Resolve failed).
	Trace []string
}

// Passed says whether the case held.
func (r *Result) Passed() bool { return len(r.Failures) == 0 }

// Run resolves the case's turn with its scripted dice and compares.
func (c *Case) Run() *Result {
	r := &Result{Case: c}
	d := campaign.ScriptedDice(c.Dice...)
	out, err := resolve(c, d)
	if out != nil {
		r.Trace = Trace(out.Events)
	}
	// A case's `=== error` is the error's text and, on a `hint:` line,
	// its hint where the case checks it.
	wantText, wantHint, hinted := strings.Cut(c.Error, "\nhint: ")
	switch {
	case err != nil && c.Error == "":
		r.fail("Resolve returned an error: %v", err)
	case err == nil && c.Error != "":
		r.fail("Resolve succeeded, but the case expects the error %q", c.Error)
	case err != nil && (err.Error() != wantText || hinted && campaign.HintOf(err) != wantHint):
		r.fail("Resolve returned the error %q, but the case expects %q", campaign.ErrorText(err), c.Error)
	}
	if n := d.Remaining(); n > 0 {
		r.fail("%d scripted dice were never rolled: the turn needed fewer dice than === dice lists", n)
	}
	if err != nil || out == nil {
		return r
	}
	if diff := Diff(FormatState(c.After), FormatState(out.State)); diff != nil {
		r.fail("the state after differs")
		r.StateDiff = diff
	}
	if c.Events != nil {
		if diff := Diff(c.Events, r.Trace); diff != nil {
			r.fail("the events differ")
			r.EventDiff = diff
		}
	}
	return r
}

// resolve calls the engine, turning a panic into an error so one broken
// rule does not stop a club's whole run of files.
func resolve(c *Case, d *campaign.Dice) (out *campaign.Outcome, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("campaign.Resolve panicked: %v", p)
		}
	}()
	return campaign.Resolve(c.Map, c.Rules, c.Before, c.Input, d)
}

func (r *Result) fail(format string, args ...any) {
	r.Failures = append(r.Failures, fmt.Sprintf(format, args...))
}

// Name is "file: title", as the report prints it.
func (c *Case) Name() string { return fmt.Sprintf("%s:%d: %s", c.File, c.Line, c.Title) }

// Report prints PASS or FAIL with the case's name; for a failure (or
// always, when verbose) the differences and the event trace follow.
func (r *Result) Report(w io.Writer, verbose bool) {
	verdict := "PASS"
	if !r.Passed() {
		verdict = "FAIL"
	}
	fmt.Fprintf(w, "%s %s\n", verdict, r.Case.Name())
	for _, f := range r.Failures {
		fmt.Fprintf(w, "  %s\n", f)
	}
	block := func(title string, lines []string) {
		if len(lines) == 0 {
			return
		}
		fmt.Fprintf(w, "  %s\n", title)
		for _, l := range lines {
			fmt.Fprintf(w, "    %s\n", l)
		}
	}
	block("state after (- expected, + got):", r.StateDiff)
	block("events (- expected, + got):", r.EventDiff)
	if !r.Passed() || verbose {
		block("event trace:", r.Trace)
	}
}

// Diff compares two line lists by their longest common subsequence and
// returns nil when they are equal.
func Diff(want, got []string) []string {
	n, m := len(want), len(got)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if want[i] == got[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	if lcs[0][0] == n && n == m {
		return nil
	}
	var out []string
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && want[i] == got[j]:
			out = append(out, "  "+want[i])
			i++
			j++
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			out = append(out, "- "+want[i])
			i++
		default:
			out = append(out, "+ "+got[j])
			j++
		}
	}
	return out
}

// RunFile parses a file and runs every case in it.
func RunFile(file string, data []byte) ([]*Result, error) {
	cases, err := Parse(file, data)
	if err != nil {
		return nil, err
	}
	out := make([]*Result, len(cases))
	for i, c := range cases {
		out[i] = c.Run()
	}
	return out, nil
}

// Summary is the closing line of a run: "N passed, M failed".
func Summary(results []*Result) string {
	failed := 0
	for _, r := range results {
		if !r.Passed() {
			failed++
		}
	}
	return fmt.Sprintf("%d passed, %d failed", len(results)-failed, failed)
}
