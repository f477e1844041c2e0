package reports

import (
	"strings"
	"testing"
	"time"
)

func TestTmpSlow(t *testing.T) {
	for _, n := range []int{100, 1000, 10000} {
		for name, mod := range map[string]func(*Ack){
			"subject-nospace": func(a *Ack) { a.Subject = strings.Repeat("x", n) },
			"subject-spaces":  func(a *Ack) { a.Subject = strings.Repeat("x ", n) },
			"subject-utf8":    func(a *Ack) { a.Subject = strings.Repeat("ñ", n) },
			"refs":            func(a *Ack) { a.References = strings.Repeat("<"+strings.Repeat("y", n)+"@x> ", 3) },
			"inreply":         func(a *Ack) { a.InReplyTo = "<" + strings.Repeat("y", n) + "@x>" },
		} {
			a := testAck(t, "en")
			mod(&a)
			start := time.Now()
			_, err := ComposeAck(a)
			t.Logf("%s %d: %v %v", name, n, time.Since(start), err)
		}
	}
}
