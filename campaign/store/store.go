// Package store keeps a campaign on disk (DESIGN.md "A campaign on disk"):
// one directory per campaign holding its config and map, an immutable state
// snapshot per turn, and per turn the raw mail received, the accepted
// orders, the event log, the reports and the outbox. Every write is atomic
// (temp file, fsync, rename), so a crash leaves the old file or the new one,
// never a mix. The layout is documented in docs/campaign-dir.md.
package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// ConfigFile is the name of the campaign config inside the directory.
const ConfigFile = "campaign.toml"

// Dir is an open campaign directory.
type Dir struct {
	Root string
}

// Open checks that root holds a campaign (its config file).
func Open(root string) (*Dir, error) {
	if _, err := os.Stat(filepath.Join(root, ConfigFile)); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("store: %s is not a campaign directory (no %s)", root, ConfigFile)
		}
		return nil, fmt.Errorf("store: %w", err)
	}
	return &Dir{Root: root}, nil
}

// Path joins parts below the campaign root.
func (d *Dir) Path(parts ...string) string {
	return filepath.Join(append([]string{d.Root}, parts...)...)
}

// StatePath is the snapshot of the state before turn n is played.
func (d *Dir) StatePath(turn int) string {
	return d.Path("state", fmt.Sprintf("turn-%03d.json", turn))
}

// TurnPath is a file or folder of turn n's record: turns/NNN/...
func (d *Dir) TurnPath(turn int, parts ...string) string {
	return d.Path(append([]string{"turns", fmt.Sprintf("%03d", turn)}, parts...)...)
}

var stateName = regexp.MustCompile(`^turn-(\d{3,})\.json$`)

// CurrentTurn is the turn to be played next: the newest state snapshot.
func (d *Dir) CurrentTurn() (int, error) {
	entries, err := os.ReadDir(d.Path("state"))
	if err != nil {
		return 0, fmt.Errorf("store: no state snapshots in %s: %w", d.Path("state"), err)
	}
	var turns []int
	for _, e := range entries {
		if m := stateName.FindStringSubmatch(e.Name()); m != nil {
			n, _ := strconv.Atoi(m[1])
			turns = append(turns, n)
		}
	}
	if len(turns) == 0 {
		return 0, fmt.Errorf("store: no state snapshots in %s", d.Path("state"))
	}
	return slices.Max(turns), nil
}

// LoadState reads the state before turn n.
func (d *Dir) LoadState(turn int) (*campaign.State, error) {
	p := d.StatePath(turn)
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer f.Close()
	s, err := campaign.DecodeState(p, f)
	if err != nil {
		return nil, err
	}
	if s.Turn != turn {
		return nil, fmt.Errorf("store: %s holds turn %d, not %d", p, s.Turn, turn)
	}
	return s, nil
}

// SaveState writes the snapshot of s (the state before turn s.Turn). An
// existing snapshot is never overwritten with different content:
// snapshots are immutable once written.
func (d *Dir) SaveState(s *campaign.State) error {
	var b bytes.Buffer
	if err := s.Encode(&b); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	p := d.StatePath(s.Turn)
	// What LoadState would refuse (a counter grown past campaign.MaxCount)
	// is never written: the campaign stays at the turn it can read.
	if _, err := campaign.DecodeState(p, bytes.NewReader(b.Bytes())); err != nil {
		return fmt.Errorf("store: refusing to write a snapshot turnproc could not read: %w", err)
	}
	if old, err := os.ReadFile(p); err == nil {
		if bytes.Equal(old, b.Bytes()) {
			return nil
		}
		return fmt.Errorf("store: %s already exists with other content; snapshots are never rewritten", p)
	}
	return WriteFile(p, b.Bytes())
}

// The modes of a campaign's folders and files: the seed, the password
// hashes and the stored mails (passwords in plain text) are the
// moderator's alone (docs/campaign-dir.md, *Who may read it*). The umask
// can only make them stricter.
const (
	DirMode  = 0o700
	FileMode = 0o600
)

// WriteFile writes data to path atomically: a temp file in the same
// folder, fsync, rename, then fsync of the folder. Missing folders are
// made. The file is FileMode, the folders DirMode.
func WriteFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, DirMode); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*") // FileMode, less the umask
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	clean := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("store: writing %s: %w", path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return clean(err)
	}
	if err := tmp.Sync(); err != nil {
		return clean(err)
	}
	if err := tmp.Close(); err != nil {
		return clean(err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("store: writing %s: %w", path, err)
	}
	return SyncDir(dir)
}

// tempSuffix marks the temp files of WriteFile and the temp folders of a
// turn's record: ".<name>.tmp-<random>".
const tempSuffix = ".tmp-"

// IsTemp says whether a file or folder name is one of the store's temp
// names, which a write killed before its rename leaves behind.
func IsTemp(name string) bool {
	i := strings.LastIndex(name, tempSuffix)
	if !strings.HasPrefix(name, ".") || i <= 1 {
		return false
	}
	rest := name[i+len(tempSuffix):]
	return rest != "" && strings.Trim(rest, "0123456789") == ""
}

// RemoveTemps removes every temp file and folder below the campaign
// root that a killed write left, and says which. The caller must be the
// only writer of the campaign: a live write's temp file would go too.
func (d *Dir) RemoveTemps() ([]string, error) {
	var stale []string
	err := filepath.WalkDir(d.Root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != d.Root && IsTemp(e.Name()) {
			stale = append(stale, path)
			if e.IsDir() {
				return filepath.SkipDir
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	for _, path := range stale {
		if err := os.RemoveAll(path); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
	return stale, nil
}

// SyncDir makes the renames and creations in dir durable.
func SyncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil && !errors.Is(err, fs.ErrInvalid) {
		return fmt.Errorf("store: sync %s: %w", dir, err)
	}
	return nil
}
