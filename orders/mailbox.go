package orders

import (
	"context"
	"fmt"
	"os"
	"time"
)

// Mailbox is where order mails arrive: a maildir (the embedded default) or
// an IMAP folder. Intake fetches what is new, keeps every raw mail with
// the campaign, then marks the mails taken, so that no mail is processed
// twice or lost even if a run is interrupted between the two steps (the
// caller stores mails under a name derived from their content, so storing
// one again changes nothing).
type Mailbox interface {
	// Fetch gives the mails not yet taken, in arrival order, each with
	// its arrival time, and the entries it could not read.
	Fetch(ctx context.Context) ([]Received, []Skipped, error)
	// Taken marks mails, by Received.Name, so that Fetch never gives them again.
	Taken(ctx context.Context, names []string) error
	// Close ends the session with the mailbox.
	Close() error
}

// Fetch gives the unread mails of the maildir; a mail's arrival time is
// its file's modification time, when the delivery agent wrote it.
func (md *Maildir) Fetch(ctx context.Context) ([]Received, []Skipped, error) {
	names, skipped, err := md.List()
	if err != nil {
		return nil, nil, err
	}
	files, _, err := md.scan()
	if err != nil {
		return nil, nil, err
	}
	out := make([]Received, 0, len(names))
	for _, n := range names {
		info, err := os.Stat(files[n].path(md.dir))
		if err != nil {
			return nil, nil, fmt.Errorf("orders: maildir %s: %w", md.dir, err)
		}
		out = append(out, Received{Name: n, At: info.ModTime().UTC().Truncate(time.Second)})
	}
	sortByArrival(out)
	if len(out) > MaxMailsPerFetch {
		left := len(out) - MaxMailsPerFetch
		skipped = append(skipped, Skipped{File: "new/", Reason: laterReason(left), Later: left})
		out = out[:MaxMailsPerFetch]
	}
	for i := range out {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		if out[i].Raw, err = md.Read(out[i].Name); err != nil {
			return nil, nil, err
		}
	}
	return out, skipped, nil
}

// Taken marks the mails seen (moved to cur/ with the S flag).
func (md *Maildir) Taken(ctx context.Context, names []string) error {
	for _, n := range names {
		if err := md.MarkSeen(n); err != nil {
			return err
		}
	}
	return nil
}

// Close does nothing: a maildir holds no connection.
func (md *Maildir) Close() error { return nil }
