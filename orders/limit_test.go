package orders

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestFetchTakesAtMostMaxMails: a flood is taken in batches of
// MaxMailsPerFetch, the oldest first, the rest reported for the next
// fetch (MaxMailsPerFetch); nothing is lost.
func TestFetchTakesAtMostMaxMails(t *testing.T) {
	const extra = 3
	wantLater := Skipped{Reason: laterReason(extra), Later: extra}
	t.Run("maildir", func(t *testing.T) {
		dir := t.TempDir()
		md, err := CreateMaildir(dir)
		mustOK(t, err)
		base := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
		for i := range MaxMailsPerFetch + extra {
			// names run against arrival, so taking by name would be wrong
			name := fmt.Sprintf("%05d.host", MaxMailsPerFetch+extra-i)
			_, err := md.Deliver(testMail(i), name)
			mustOK(t, err)
			at := base.Add(time.Duration(i) * time.Minute)
			mustOK(t, os.Chtimes(filepath.Join(dir, "new", name), at, at))
		}
		got, skipped, err := md.Fetch(context.Background())
		mustOK(t, err)
		wantLater.File = "new/"
		if len(got) != MaxMailsPerFetch || len(skipped) != 1 || skipped[0] != wantLater {
			t.Fatalf("first fetch: %d mails, skipped %+v", len(got), skipped)
		}
		if !got[0].At.Equal(base) || string(got[len(got)-1].Raw) != string(testMail(MaxMailsPerFetch-1)) {
			t.Errorf("first fetch took %s .. %s, not the oldest", got[0].At, got[len(got)-1].Raw)
		}
		mustOK(t, md.Taken(context.Background(), names(got)))
		got, skipped, err = md.Fetch(context.Background())
		mustOK(t, err)
		if len(got) != extra || len(skipped) != 0 || string(got[0].Raw) != string(testMail(MaxMailsPerFetch)) {
			t.Errorf("second fetch: %d mails, skipped %+v", len(got), skipped)
		}
	})
	t.Run("imap", func(t *testing.T) {
		ts := startServer(t, serverOpts{caps: capsRev2})
		all := make([]int, MaxMailsPerFetch+extra)
		for i := range all {
			all[i] = i + 1
		}
		ts.deliver(t, "INBOX", nil, all...)
		state := &memState{}
		m := open(t, ts.config(IMAPNoTLS), state)
		got, skipped, err := m.Fetch(context.Background())
		mustOK(t, err)
		wantLater.File = "INBOX"
		if len(skipped) != 1 || skipped[0] != wantLater {
			t.Errorf("first fetch skipped %+v", skipped)
		}
		checkReceived(t, got, all[:MaxMailsPerFetch]...)
		mustOK(t, m.Taken(context.Background(), names(got)))
		mustOK(t, m.Close())
		fetch(t, open(t, ts.config(IMAPNoTLS), state), all[MaxMailsPerFetch:]...)
	})
}

func names(mails []Received) []string {
	var out []string
	for _, m := range mails {
		out = append(out, m.Name)
	}
	return out
}
