package orders

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
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
}
