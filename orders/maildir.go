package orders

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Maildir is the embedded-default mailbox ([intake] kind = "maildir"): a
// directory with new/, cur/ and tmp/ as mail servers and clients use it.
// Unread mails are in new/; MarkSeen moves one to cur/ with the S flag.
type Maildir struct {
	dir string
}

// seenSuffix is the maildir info for "seen" (the S flag).
const seenSuffix = ":2,S"

// OpenMaildir opens dir as a maildir, creating it and its subdirectories
// if missing.
func OpenMaildir(dir string) (*Maildir, error) {
	for _, sub := range []string{"new", "cur", "tmp"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return nil, fmt.Errorf("orders: maildir %s: %w", dir, err)
		}
	}
	return &Maildir{dir: dir}, nil
}

// Dir is the maildir's directory.
func (md *Maildir) Dir() string { return md.dir }

// List gives the names of the unread mails (in new/), sorted. Dot files
// and directories are not mails.
func (md *Maildir) List() ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(md.dir, "new"))
	if err != nil {
		return nil, fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names, nil
}

// Read returns a mail by the name List gave, whether still in new/ or
// already marked seen in cur/.
func (md *Maildir) Read(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(md.dir, "new", name))
	if errors.Is(err, fs.ErrNotExist) {
		b, err = os.ReadFile(filepath.Join(md.dir, "cur", name+seenSuffix))
	}
	if err != nil {
		return nil, fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	return b, nil
}

// MarkSeen moves new/name to cur/name:2,S (one rename: atomic).
func (md *Maildir) MarkSeen(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	if err := os.Rename(filepath.Join(md.dir, "new", name), filepath.Join(md.dir, "cur", name+seenSuffix)); err != nil {
		return fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	return nil
}

// Deliver stores a mail as a mail server would: written and synced in
// tmp/, then linked into new/ (which fails rather than overwrite) and
// removed from tmp/. uniq is the caller's unique name, never a name taken
// from the mail; it is returned as the mail's name.
func (md *Maildir) Deliver(raw []byte, uniq string) (string, error) {
	if err := checkName(uniq); err != nil {
		return "", err
	}
	tmp := filepath.Join(md.dir, "tmp", uniq)
	if err := writeSynced(tmp, raw); err != nil {
		return "", fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	defer os.Remove(tmp)
	newDir := filepath.Join(md.dir, "new")
	if err := os.Link(tmp, filepath.Join(newDir, uniq)); err != nil {
		return "", fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	if err := syncDir(newDir); err != nil {
		return "", fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	return uniq, nil
}

func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// checkName refuses names that could leave the maildir or hide in it.
func checkName(name string) error {
	if name == "" || strings.HasPrefix(name, ".") || strings.ContainsAny(name, "/\\:\x00") || len(name) > 200 {
		return fmt.Errorf("orders: %q is not a maildir message name\nhint: use letters, digits, '.', '_' and '-', not starting with '.'", name)
	}
	return nil
}
