package orders

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
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
		if out[i].Raw, out[i].Oversize, err = md.readBounded(out[i].Name); err != nil {
			return nil, nil, err
		}
	}
	return out, skipped, nil
}

// Taken marks the mails seen (moved to cur/ with the S flag); a mail over
// MaxMailSize is moved aside to OversizeDir instead, whole and unread.
func (md *Maildir) Taken(ctx context.Context, names []string) error {
	for _, n := range names {
		f, err := md.find(n)
		if err != nil {
			return err
		}
		if info, err := os.Stat(f.path(md.dir)); err == nil && info.Size() > MaxMailSize {
			if err := md.keepAside(f); err != nil {
				return err
			}
			continue
		}
		if err := md.MarkSeen(n); err != nil {
			return err
		}
	}
	return nil
}

// keepAside moves a mail to OversizeDir, under its file name (one rename).
// The folder is its owner's alone, as new/ and cur/: mail holds passwords.
func (md *Maildir) keepAside(f mailFile) error {
	aside := filepath.Join(md.dir, OversizeDir)
	if err := os.MkdirAll(aside, 0o700); err != nil {
		return fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	// A name already taken there (the same mail put back into new/ and
	// fetched again, say) gets a number: one clash must not stop intake.
	to := filepath.Join(aside, f.file)
	for i := 2; ; i++ {
		if _, err := os.Lstat(to); errors.Is(err, fs.ErrNotExist) {
			break
		}
		to = filepath.Join(aside, fmt.Sprintf("%s.%d", f.file, i))
	}
	if err := os.Rename(f.path(md.dir), to); err != nil {
		return fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	return nil
}

// readBounded reads a mail, or of one over MaxMailSize only its first
// MaxHeadBytes, with its size: ten mails of 50 MB must not fill the memory
// of every fetch.
func (md *Maildir) readBounded(name string) ([]byte, int64, error) {
	f, err := md.find(name)
	if err != nil {
		return nil, 0, err
	}
	file, err := os.Open(f.path(md.dir))
	if err != nil {
		return nil, 0, fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return nil, 0, fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	if info.Size() <= MaxMailSize {
		raw, err := io.ReadAll(file)
		if err != nil {
			return nil, 0, fmt.Errorf("orders: maildir %s: %w", md.dir, err)
		}
		return raw, 0, nil
	}
	head := make([]byte, MaxHeadBytes)
	n, err := io.ReadFull(file, head)
	if err != nil && err != io.ErrUnexpectedEOF {
		return nil, 0, fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	return head[:n], info.Size(), nil
}

// Close does nothing: a maildir holds no connection.
func (md *Maildir) Close() error { return nil }
