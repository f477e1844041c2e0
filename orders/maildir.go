package orders

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/turnproc/turnproc/campaign"
)

// Maildir is the embedded-default mailbox ([intake] kind = "maildir"): a
// directory with new/, cur/ and tmp/ as mail servers and clients use it.
// A mail's file name is its unique name, then in cur/ an info part
// ":2,<flags>"; the S flag means seen. Unread mails are those in new/ and
// those in cur/ without the S flag (a moderator's mail client moves mail
// it has shown to cur/); MarkSeen moves or renames one to cur/ with the S
// flag. Mails are named by their unique name, without the info part.
type Maildir struct {
	dir string
}

// infoSep starts a file name's info part; "2," is the only info version
// in use (flags follow it, sorted).
const (
	infoSep   = ":"
	infoFlags = "2,"
	seenFlag  = 'S'
)

// OpenMaildir opens dir as a maildir. A maildir that is not there (or
// lacks new/, cur/ or tmp/) is an error that satisfies
// errors.Is(err, fs.ErrNotExist): a mailbox on a disk that is not mounted
// must not be taken for an empty one, so only CreateMaildir makes one.
func OpenMaildir(dir string) (*Maildir, error) {
	for _, sub := range []string{"", "new", "cur", "tmp"} {
		path := filepath.Join(dir, sub)
		fi, err := os.Stat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, notThere(fmt.Sprintf("orders: maildir %s: %s is not there", dir, path))
		case err != nil:
			return nil, fmt.Errorf("orders: maildir %s: %w", dir, err)
		case !fi.IsDir():
			return nil, fmt.Errorf("orders: maildir %s: %s is not a folder", dir, path)
		}
	}
	return &Maildir{dir: dir}, nil
}

// notThere is a maildir folder that does not exist; it says so once, and
// is fs.ErrNotExist for errors.Is.
type notThere string

func (e notThere) Error() string { return string(e) }
func (e notThere) Unwrap() error { return fs.ErrNotExist }

// CreateMaildir makes dir a maildir, creating it and its subdirectories
// where missing, readable by their owner alone (mail holds passwords),
// then opens it.
func CreateMaildir(dir string) (*Maildir, error) {
	for _, sub := range []string{"new", "cur", "tmp"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o700); err != nil {
			return nil, fmt.Errorf("orders: maildir %s: %w", dir, err)
		}
	}
	return OpenMaildir(dir)
}

// Dir is the maildir's directory.
func (md *Maildir) Dir() string { return md.dir }

// Skipped is a file in the maildir that looks like a mail but that List
// will not read, and why; the moderator should look at it.
type Skipped struct {
	File   string // new/… or cur/…
	Reason string
	Later  int // new mails left in the mailbox for the next fetch (MaxMailsPerFetch)
}

// mailFile is one file of new/ or cur/.
type mailFile struct {
	sub, file string // folder and file name
	name      string // the unique name: the file name without its info
	flags     string // the flags of a ":2," info
}

func (f mailFile) path(dir string) string { return filepath.Join(dir, f.sub, f.file) }

// List gives the names of the unread mails, sorted, and the files it
// skipped: names a mail server would not give (see checkName), an info
// part other than ":2,", and a second file with the same unique name.
// Dot files and directories are not mails and are passed over silently.
func (md *Maildir) List() ([]string, []Skipped, error) {
	files, skipped, err := md.scan()
	if err != nil {
		return nil, nil, err
	}
	var names []string
	for _, f := range files {
		if f.sub == "new" || !strings.ContainsRune(f.flags, seenFlag) {
			names = append(names, f.name)
		}
	}
	slices.Sort(names)
	return names, skipped, nil
}

// scan reads new/ and cur/: every mail file by its unique name, and the
// files skipped.
func (md *Maildir) scan() (map[string]mailFile, []Skipped, error) {
	files := map[string]mailFile{}
	var skipped []Skipped
	for _, sub := range []string{"new", "cur"} {
		entries, err := os.ReadDir(filepath.Join(md.dir, sub))
		if err != nil {
			return nil, nil, fmt.Errorf("orders: maildir %s: %w", md.dir, err)
		}
		for _, e := range entries {
			if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
				continue
			}
			f, why := parseMailFile(sub, e.Name())
			if why == "" && files[f.name].file != "" {
				why = fmt.Sprintf("%s/%s has the same name", files[f.name].sub, files[f.name].file)
			}
			if why != "" {
				skipped = append(skipped, Skipped{File: sub + "/" + e.Name(), Reason: why})
				continue
			}
			files[f.name] = f
		}
	}
	return files, skipped, nil
}

// parseMailFile splits a file name into its unique name and flags, or
// says why it is not a mail turnproc reads.
func parseMailFile(sub, file string) (mailFile, string) {
	name, info, hasInfo := strings.Cut(file, infoSep)
	if checkName(name) != nil {
		return mailFile{}, "turnproc does not read this name: " + nameRule
	}
	if hasInfo && !strings.HasPrefix(info, infoFlags) {
		return mailFile{}, fmt.Sprintf("unknown maildir info %q: only \":2,\" and flags are understood", infoSep+info)
	}
	return mailFile{sub: sub, file: file, name: name, flags: strings.TrimPrefix(info, infoFlags)}, ""
}

// find locates a mail by its unique name.
func (md *Maildir) find(name string) (mailFile, error) {
	if err := checkName(name); err != nil {
		return mailFile{}, err
	}
	// The common case, a mail delivered to new/, needs no directory scan.
	if _, err := os.Stat(filepath.Join(md.dir, "new", name)); err == nil {
		return mailFile{sub: "new", file: name, name: name}, nil
	}
	files, _, err := md.scan()
	if err != nil {
		return mailFile{}, err
	}
	f, ok := files[name]
	if !ok {
		return mailFile{}, fmt.Errorf("orders: maildir %s: no mail named %q in new/ or cur/", md.dir, name)
	}
	return f, nil
}

// Read returns a mail by the name List gave, whether still unread or
// already marked seen.
func (md *Maildir) Read(name string) ([]byte, error) {
	f, err := md.find(name)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(f.path(md.dir))
	if err != nil {
		return nil, fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	return b, nil
}

// MarkSeen moves a mail to cur/ with the S flag added to its flags (one
// rename: atomic). Marking a seen mail again is an error.
func (md *Maildir) MarkSeen(name string) error {
	f, err := md.find(name)
	if err != nil {
		return err
	}
	if f.sub == "cur" && strings.ContainsRune(f.flags, seenFlag) {
		return fmt.Errorf("orders: maildir %s: mail %q is already marked seen", md.dir, name)
	}
	flags := []byte(f.flags + string(seenFlag))
	slices.Sort(flags) // the maildir spec keeps flags in ASCII order
	seen := filepath.Join(md.dir, "cur", name+infoSep+infoFlags+string(flags))
	if _, err := os.Lstat(seen); err == nil { // a rename would overwrite another mail
		return fmt.Errorf("orders: maildir %s: cannot mark %q seen: %s already exists", md.dir, name, seen)
	}
	if err := os.Rename(f.path(md.dir), seen); err != nil {
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
	if err := syncFolder(newDir); err != nil { // the new link survives a crash
		return "", fmt.Errorf("orders: maildir %s: %w", md.dir, err)
	}
	return uniq, nil
}

// syncFolder makes the links made in a folder durable.
func syncFolder(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
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

// nameRule is the rule checkName applies, said for people.
const nameRule = `a maildir message name is not empty, does not start with '.', has at most 200 bytes of UTF-8 and no '/', '\', ':' or control characters`

// checkName refuses names that could leave the maildir, hide in it, or
// garble a log line. A name is a file's unique part, before any ":2,".
func checkName(name string) error {
	ok := name != "" && !strings.HasPrefix(name, ".") && len(name) <= 200 && utf8.ValidString(name) &&
		!strings.ContainsFunc(name, func(r rune) bool { return r == '/' || r == '\\' || r == ':' || unicode.IsControl(r) })
	if !ok {
		return campaign.Problemf("", nameRule, "orders: %q is not a maildir message name", name)
	}
	return nil
}
