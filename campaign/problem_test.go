package campaign

import (
	"errors"
	"fmt"
	"testing"
)

func TestProblemText(t *testing.T) {
	hinted := &Problem{Pkg: "campaign", Code: "c", Text: "battle B1-1: no", Hint: "do so"}
	plain := errors.New("orders: plain")
	cases := []struct {
		err                          error
		error, hint, code, text, one string
	}{
		{hinted, "campaign: battle B1-1: no", "do so", "c", "campaign: battle B1-1: no\nhint: do so", "campaign: battle B1-1: no; hint: do so"},
		{fmt.Errorf("turn 3: %w", hinted), "turn 3: campaign: battle B1-1: no", "do so", "c", "turn 3: campaign: battle B1-1: no\nhint: do so", "turn 3: campaign: battle B1-1: no; hint: do so"},
		{plain, "orders: plain", "", "", "orders: plain", "orders: plain"},
		{errors.Join(hinted, plain), "campaign: battle B1-1: no\norders: plain", "do so", "c",
			"campaign: battle B1-1: no\nhint: do so\norders: plain", "campaign: battle B1-1: no; hint: do so; orders: plain"},
		{&MapError{File: "m.txt", Line: 2, Col: 3, Msg: "bad", Hint: "fix"}, "campaign: m.txt:2:3: bad", "fix", "", "campaign: m.txt:2:3: bad\nhint: fix", "campaign: m.txt:2:3: bad; hint: fix"},
		// An outer error without a hint does not hide the hint inside it.
		{&Problem{Text: "outer", Err: hinted}, "outer", "do so", "", "outer\nhint: do so", "outer; hint: do so"},
	}
	for _, c := range cases {
		if got := c.err.Error(); got != c.error {
			t.Errorf("Error() %q, want %q", got, c.error)
		}
		if got := HintOf(c.err); got != c.hint {
			t.Errorf("%v: HintOf %q, want %q", c.err, got, c.hint)
		}
		if got := CodeOf(c.err); got != c.code {
			t.Errorf("%v: CodeOf %q, want %q", c.err, got, c.code)
		}
		if got := ErrorText(c.err); got != c.text {
			t.Errorf("%v: ErrorText %q, want %q", c.err, got, c.text)
		}
		if got := OneLine(c.err); got != c.one {
			t.Errorf("%v: OneLine %q, want %q", c.err, got, c.one)
		}
	}
}
