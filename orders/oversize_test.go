package orders

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// TestMaildirOversize: a mail over MaxMailSize is not read whole: Fetch
// gives only its head, Taken keeps it aside in oversize/, and Collect
// refuses it from its header alone, so that it can be answered.
func TestMaildirOversize(t *testing.T) {
	dir := t.TempDir()
	md, err := CreateMaildir(dir)
	mustOK(t, err)
	big := flatMail(3 << 20)
	_, err = md.Deliver(big, "big.host")
	mustOK(t, err)
	got, _, err := md.Fetch(context.Background())
	mustOK(t, err)
	if len(got) != 1 || got[0].Oversize != int64(len(big)) || len(got[0].Raw) > MaxHeadBytes || !bytes.HasPrefix(big, got[0].Raw) {
		t.Fatalf("fetched %d mails, oversize %d, %d bytes read", len(got), got[0].Oversize, len(got[0].Raw))
	}
	got[0].At = time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	in := Collect(got, hostileWindow(t))
	r := in.Receipts[0]
	if r.Status != StatusRejected || r.Limit == nil || r.Limit.Code != LimitMailTooBig || r.Mail == nil || r.Mail.From != "grom@blackcrag.example" {
		t.Errorf("receipt %s %q %+v %+v", r.Status, r.Reason, r.Limit, r.Mail)
	}
	mustOK(t, md.Taken(context.Background(), names(got)))
	if kept, err := os.ReadFile(filepath.Join(dir, OversizeDir, "big.host")); err != nil || !bytes.Equal(kept, big) {
		t.Errorf("not kept aside whole in %s: %v", OversizeDir, err)
	}
	if again, _, err := md.Fetch(context.Background()); err != nil || len(again) != 0 {
		t.Errorf("fetched again: %d mails, %v", len(again), err)
	}
	// The same mail put back and fetched again is kept beside the first,
	// under a numbered name: a clash must not stop every later fetch.
	mustOK(t, os.WriteFile(filepath.Join(dir, "new", "big.host"), big, 0o600))
	again, _, err := md.Fetch(context.Background())
	mustOK(t, err)
	mustOK(t, md.Taken(context.Background(), names(again)))
	if kept, err := os.ReadFile(filepath.Join(dir, OversizeDir, "big.host.2")); err != nil || !bytes.Equal(kept, big) {
		t.Errorf("the second copy is not kept aside as big.host.2: %v", err)
	}
}

// TestIMAPOversize: over IMAP, a mail over MaxMailSize is not downloaded:
// Fetch gives only its header (BODY.PEEK[HEADER], capped) as an oversize
// mail, to be answered; Taken keeps it aside, whole, in the intake
// folder's "oversize" subfolder, made if missing. A server with neither
// MOVE nor UIDPLUS gets a copy there, the mail left flagged \Seen (a plain
// EXPUNGE could remove other mail).
func TestIMAPOversize(t *testing.T) {
	tests := []struct {
		caps  imap.CapSet
		inbox map[imap.UID][]imap.Flag
	}{
		{capsRev2, map[imap.UID][]imap.Flag{1: {imap.FlagSeen}, 3: {imap.FlagSeen}}},
		{capsUIDPlus, map[imap.UID][]imap.Flag{1: {imap.FlagSeen}, 3: {imap.FlagSeen}}},
		{capsRev1, map[imap.UID][]imap.Flag{1: {imap.FlagSeen}, 2: {imap.FlagSeen}, 3: {imap.FlagSeen}}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(slices.Sorted(maps.Keys(tt.caps))), func(t *testing.T) {
			ts := startServer(t, serverOpts{caps: tt.caps})
			ts.deliver(t, "INBOX", nil, 1)
			header := "From: Player 2 <p2@riverlands.example>\r\nSubject: turn 3 orders\r\nMessage-ID: <2@riverlands.example>\r\n\r\n"
			huge := append([]byte(header), bytes.Repeat([]byte("MOVE A2 TO C4\r\n"), 3<<20/15)...)
			_, err := ts.user.Append("INBOX", bytes.NewReader(huge), &imap.AppendOptions{Time: t0.Add(2 * time.Minute)})
			mustOK(t, err)
			ts.deliver(t, "INBOX", nil, 3)
			state := &memState{}
			before := ts.ln.written.Load()
			m := open(t, ts.config(IMAPNoTLS), state)
			got, skipped, err := m.Fetch(context.Background())
			mustOK(t, err)
			if sent := ts.ln.written.Load() - before; sent > 64<<10 {
				t.Errorf("the server sent %d bytes: the big mail was downloaded", sent)
			}
			if len(skipped) > 0 {
				t.Errorf("skipped %+v", skipped)
			}
			if len(got) != 3 {
				t.Fatalf("got %d mails, want 3", len(got))
			}
			big := got[1]
			if big.Name != "1-0000000002" || big.Oversize != int64(len(huge)) || string(big.Raw) != header || !big.At.Equal(t0.Add(2*time.Minute)) {
				t.Errorf("the big mail: %s, oversize %d, at %v, head %q", big.Name, big.Oversize, big.At, big.Raw)
			}
			if got[0].Oversize != 0 || got[2].Oversize != 0 || !bytes.Equal(got[2].Raw, testMail(3)) {
				t.Errorf("the small mails: %+v %+v", got[0], got[2])
			}
			mustOK(t, m.Taken(context.Background(), names(got)))
			if got := ts.folder(t, "INBOX"); fmt.Sprint(got) != fmt.Sprint(tt.inbox) {
				t.Errorf("INBOX %v, want %v", got, tt.inbox)
			}
			aside := "INBOX/" + OversizeDir
			if got := ts.folder(t, aside); fmt.Sprint(got) != fmt.Sprint(map[imap.UID][]imap.Flag{1: {imap.FlagSeen}}) {
				t.Errorf("%s %v, want the big mail, seen", aside, got)
			}
			if kept := ts.body(t, aside, 1); !bytes.Equal(kept, huge) {
				t.Errorf("%s keeps %d bytes, want the whole %d", aside, len(kept), len(huge))
			}
			if *state != (memState{1, 3}) {
				t.Errorf("state %+v, want {1 3}", *state)
			}
			fetch(t, m) // nothing new: the big mail is not given again
		})
	}
}

// TestIMAPOversizeFolderKept: a second oversize mail joins the first in
// the oversize folder, which is made once.
func TestIMAPOversizeFolderKept(t *testing.T) {
	ts := startServer(t, serverOpts{caps: capsRev2})
	huge := append(testMail(1), bytes.Repeat([]byte("x"), MaxMailSize)...)
	state := &memState{}
	for range 2 {
		_, err := ts.user.Append("INBOX", bytes.NewReader(huge), &imap.AppendOptions{Time: t0})
		mustOK(t, err)
		m := open(t, ts.config(IMAPNoTLS), state)
		got, _, err := m.Fetch(context.Background())
		mustOK(t, err)
		if len(got) != 1 || got[0].Oversize == 0 {
			t.Fatalf("got %+v", got)
		}
		mustOK(t, m.Taken(context.Background(), names(got)))
	}
	if got := ts.folder(t, "INBOX/"+OversizeDir); len(got) != 2 {
		t.Errorf("oversize folder %v, want 2 mails", got)
	}
}

// body is a mail's content as another mail client reads it.
func (ts *testServer) body(t *testing.T, folder string, uid imap.UID) []byte {
	t.Helper()
	c, err := imapclient.DialInsecure(net.JoinHostPort("127.0.0.1", strconv.Itoa(ts.port)), nil)
	mustOK(t, err)
	defer c.Close()
	mustOK(t, c.Login(testUser, testPassword).Wait())
	_, err = c.Select(folder, &imap.SelectOptions{ReadOnly: true}).Wait()
	mustOK(t, err)
	bufs, err := c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{{Peek: true}}}).Collect()
	mustOK(t, err)
	if len(bufs) != 1 || len(bufs[0].BodySection) != 1 {
		t.Fatalf("no mail %d in %s", uid, folder)
	}
	return bufs[0].BodySection[0].Bytes
}
