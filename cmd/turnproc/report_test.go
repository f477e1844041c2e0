package main

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

// TestReportHints: report prints each problem's text as an error line and
// its typed hint as a hint line — for a problem wrapped in context, for
// problems joined, and with the command's own hint where it adds to them.
func TestReportHints(t *testing.T) {
	p1 := campaign.Problemf("", "do one", "pkg: first")
	p2 := &campaign.Problem{Pkg: "pkg", Text: "second\nline two", Hint: "do two"}
	cases := []struct {
		err  error
		code int
		want string
	}{
		{p1, exitFailure, "turnproc: error: pkg: first\nhint: do one\n"},
		{fmt.Errorf("loading x: %w", p1), exitFailure, "turnproc: error: loading x: pkg: first\nhint: do one\n"},
		{usageError("bad", "the command's"), exitUsage, "turnproc: error: bad\nhint: the command's\n"},
		{badInput(errors.Join(p1, p2, errors.New("pkg: third")), "fix the file"), exitBadInput,
			"turnproc: error: pkg: first\nhint: do one\nturnproc: error: pkg: second\nturnproc: error: line two\nhint: do two\nturnproc: error: pkg: third\n"},
		{&cliError{code: exitFailure, err: p1, hint: "or this", more: true}, exitFailure, "turnproc: error: pkg: first\nhint: do one\nhint: or this\n"},
		{&cliError{code: exitFailure, err: p1, hint: "not shown"}, exitFailure, "turnproc: error: pkg: first\nhint: do one\n"},
		{fmt.Errorf("wrapped: %w", &cliError{code: exitBlocked, err: errors.New("blocked"), hint: "wait"}), exitBlocked, "turnproc: error: wrapped: blocked\nhint: wait\n"},
	}
	for _, c := range cases {
		var stderr bytes.Buffer
		if code := report(&env{stderr: &stderr}, c.err); code != c.code || stderr.String() != c.want {
			t.Errorf("%v: exit %d, stderr\n%s\nwant %d,\n%s", c.err, code, stderr.String(), c.code, c.want)
		}
	}
}
