package orders

import (
	"bytes"
	"fmt"
	"io"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-message"
	"golang.org/x/crypto/bcrypt"

	"github.com/turnproc/turnproc/gen/mailshape"
)

// benchPlayers is how many players the 10k benchmarks have; the even ones
// have a password.
const benchPlayers = 64

// benchPassword is player i's password ("" for the odd ones).
func benchPassword(i int) string {
	if i%2 == 1 {
		return ""
	}
	return fmt.Sprintf("pw-%02d-Sigmar", i)
}

// benchMails makes n order mails of five shapes, round robin: plain text,
// multipart/alternative, quoted-printable windows-1252, HTML only, and a
// .txt attachment; mail k is player k%64's, arriving k seconds into the turn.
func benchMails(n int) []Received {
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	mails := make([]Received, n)
	for k := range mails {
		p := k % benchPlayers
		header := fmt.Sprintf("CAMPAÑA riverlands JUGADOR p%02d TURNO 1", p)
		if pw := benchPassword(p); pw != "" {
			header += " CLAVE " + pw
		}
		orders := header + fmt.Sprintf("\r\nA%d MOVE E10 E9 E8\r\nSPLIT A%d 500 500\r\nREORGANIZAR A1 A2 EN 1.000 1.000\r\nINICIATIVA ÚLTIMO\r\nFIN\r\n", k%9+1, k%7+1)
		at := start.Add(time.Duration(k) * time.Second)
		head := fmt.Sprintf("Return-Path: <p%02d@players.example>\r\nFrom: Player %d <p%02d@players.example>\r\nTo: turns@riverlands.example\r\n"+
			"Subject: =?utf-8?Q?=C3=B3rdenes_turno_1?=\r\nDate: %s\r\nMessage-ID: <%d.bench@players.example>\r\nMIME-Version: 1.0\r\n",
			p, p, p, at.Format(time.RFC1123Z), k)
		mails[k] = Received{Name: fmt.Sprintf("%05d", k), Raw: []byte(head + benchBody(k%5, orders)), At: at}
	}
	return mails
}

// benchBody is the rest of a mail of the given shape (mailshape.Body).
func benchBody(shape int, orders string) string {
	return mailshape.Body(shape, "Hola Marta,\r\n\r\naquí van mis órdenes.\r\n\r\n", orders, "\r\n-- \r\nUn jugador\r\n")
}

// benchWindow knows the 64 players; the even ones have a bcrypt hash of
// the cheapest cost.
func benchWindow(b *testing.B) Window {
	creds := map[string]Credentials{}
	for i := range benchPlayers {
		c := Credentials{Email: fmt.Sprintf("p%02d@players.example", i)}
		if pw := benchPassword(i); pw != "" {
			c.PasswordHash = hashOf(b, pw)
		}
		creds[fmt.Sprintf("p%02d", i)] = c
	}
	w := riverlandsWindow(b)
	w.Player = func(id string) (Credentials, bool) { c, ok := creds[id]; return c, ok }
	return w
}

// BenchmarkIntake10k reads, parses and authenticates a turn of 10,000
// order mails. Compare with BenchmarkBareMessage10k.
func BenchmarkIntake10k(b *testing.B) {
	mails := benchMails(10000)
	w := benchWindow(b)
	in := Collect(mails, w)
	for _, r := range in.Receipts {
		if r.Status != StatusAccepted && r.Status != StatusReplaced || len(r.Sheet.Problems) > 0 {
			b.Fatalf("%s: %s %q %v", r.Name, r.Status, r.Reason, r.Sheet.Problems)
		}
	}
	if len(in.Accepted) != benchPlayers {
		b.Fatalf("%d players accepted", len(in.Accepted))
	}
	b.ReportAllocs()
	b.SetBytes(totalBytes(mails))
	defer reportCPU(b)()
	for b.Loop() {
		Collect(mails, w)
	}
}

// BenchmarkBareMessage10k is the baseline of BenchmarkIntake10k: the same
// mails through bare go-message, every part walked and its body read (and
// decoded: the charset package is imported by mail.go).
func BenchmarkBareMessage10k(b *testing.B) {
	mails := benchMails(10000)
	b.ReportAllocs()
	b.SetBytes(totalBytes(mails))
	defer reportCPU(b)()
	for b.Loop() {
		for _, m := range mails {
			if err := readBare(m.Raw); err != nil {
				b.Fatalf("%s: %v", m.Name, err)
			}
		}
	}
}

func readBare(raw []byte) error {
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	return e.Walk(func(_ []int, part *message.Entity, err error) error {
		if err != nil || part.MultipartReader() != nil {
			return err
		}
		_, err = io.Copy(io.Discard, part.Body)
		return err
	})
}

// reportCPU starts counting the process's CPU time, user and system, and
// gives what reports it per iteration as cpu-ms/op (defer
// reportCPU(b)() just before the loop): on a machine shared with others'
// work the wall time of an iteration moves with their load, the CPU time
// it takes much less. Goroutines it starts and the garbage collector count.
func reportCPU(b *testing.B) func() {
	start := cpuTime(b)
	return func() {
		b.ReportMetric(float64(cpuTime(b)-start)/float64(b.N)/float64(time.Millisecond), "cpu-ms/op")
	}
}

// cpuTime is the process's CPU time so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func totalBytes(mails []Received) int64 {
	var n int64
	for _, m := range mails {
		n += int64(len(m.Raw))
	}
	return n
}

// BenchmarkIntakeDefaultCost64 is a turn of 64 plain-text mails, one per
// player, every player with a password hashed at bcrypt's default cost, as
// turnproc passwd makes them (some 60 ms a check): Collect checks them on
// GOMAXPROCS goroutines.
func BenchmarkIntakeDefaultCost64(b *testing.B) {
	creds := make(map[string]Credentials, benchPlayers)
	mails := make([]Received, benchPlayers)
	hashes := make([][]byte, benchPlayers)
	var wg sync.WaitGroup
	for i := range benchPlayers {
		wg.Go(func() {
			h, err := bcrypt.GenerateFromPassword([]byte(fmt.Sprintf("pw-%02d-Sigmar", i)), bcrypt.DefaultCost)
			if err != nil {
				panic(err)
			}
			hashes[i] = h
		})
	}
	wg.Wait()
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	for i := range benchPlayers {
		id := fmt.Sprintf("p%02d", i)
		creds[id] = Credentials{Email: id + "@players.example", PasswordHash: string(hashes[i])}
		body := fmt.Sprintf("CAMPAIGN riverlands PLAYER %s TURN 1 PASSWORD pw-%02d-Sigmar\r\nA1 MOVE E10 E9\r\nEND\r\n", id, i)
		mails[i] = Received{Name: id, Raw: orderMail(id+"@players.example", at, body), At: at}
	}
	w := riverlandsWindow(b)
	w.Player = func(id string) (Credentials, bool) { c, ok := creds[id]; return c, ok }
	if in := Collect(mails, w); len(in.Accepted) != benchPlayers {
		b.Fatalf("%d players accepted", len(in.Accepted))
	}
	for b.Loop() {
		Collect(mails, w)
	}
}
