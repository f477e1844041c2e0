package orders

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// The values of IMAPConfig.TLS, as [intake.imap] tls spells them.
const (
	IMAPTLS      = "tls"      // TLS from the first byte (port 993)
	IMAPStartTLS = "starttls" // plain connection upgraded with STARTTLS (port 143)
	IMAPNoTLS    = "none"     // clear text: only to a loopback host
)

// IMAPConfig is how to reach the IMAP folder orders arrive in ([intake]
// kind = "imap"). The cmd layer fills it from config.IMAP.
type IMAPConfig struct {
	Host     string
	Port     int
	Username string
	Password string
	TLS      string // IMAPTLS, IMAPStartTLS or IMAPNoTLS
	// Folder is where orders arrive; "" means INBOX. ProcessedFolder, if
	// set, is where taken mails are moved.
	Folder, ProcessedFolder string
	// TLSConfig is the TLS setup; nil trusts the system's roots. Its
	// ServerName defaults to Host.
	TLSConfig *tls.Config
	// DialTimeout bounds connecting; 0 means 30 s. Commands are bounded
	// by the context and by go-imap's own read timeouts.
	DialTimeout time.Duration
}

// UIDState is where the caller keeps, between runs, how far the folder
// was taken: the folder's UIDVALIDITY and the highest UID taken (with
// every UID below it taken or reported). Load gives 0, 0 when nothing was
// saved yet; IMAP never uses 0 for either.
type UIDState interface {
	Load() (validity, lastUID uint32, err error)
	Save(validity, lastUID uint32) error
}

// IMAPMailbox is the Mailbox of an IMAP folder. Mails are named
// "<uidvalidity>-<uid>", the UID zero-padded to 10 digits so that names
// sort in arrival order. Fetch reads mails with BODY.PEEK[], which leaves
// them unread (of a mail over MaxMailSize only its header); Taken flags
// them \Seen, moves them to the processed folder if there is one (a mail
// over MaxMailSize to the oversize folder, see keepAside), and saves the
// UID state, so a run that stops before
// Taken fetches the same mails again next time (the caller stores mails by
// content, so that stores nothing twice).
type IMAPMailbox struct {
	cfg   IMAPConfig
	addr  string // host:port, for messages
	state UIDState
	conn  net.Conn // the raw connection, closed when a context is cancelled
	c     *imapclient.Client

	// Set by Fetch.
	fetched  bool
	validity uint32
	lastUID  uint32         // the state Fetch started from
	listed   []listedUID    // every UID Fetch gave, as a mail or as skipped, ascending
	names    map[string]int // Received.Name → index in listed, for mails not yet taken
}

// listedUID is a UID Fetch gave; done once it is taken, or from the start
// if it was skipped (a skipped mail is reported once, then passed over).
type listedUID struct {
	uid      imap.UID
	done     bool
	oversize bool // over MaxMailSize: only its header was read
}

// defaultFolder is the folder every IMAP server has.
const defaultFolder = "INBOX"

// OpenIMAP connects and logs in. It refuses TLS "none" unless the host is
// a loopback address, so that the password never crosses a network in
// clear text.
func OpenIMAP(ctx context.Context, cfg IMAPConfig, state UIDState) (*IMAPMailbox, error) {
	if cfg.Folder == "" {
		cfg.Folder = defaultFolder
	}
	m := &IMAPMailbox{cfg: cfg, addr: net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port)), state: state}
	if err := m.check(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, m.fail(ctx, "connecting", err, "")
	}
	if err := m.dial(ctx); err != nil {
		return nil, err
	}
	defer m.watch(ctx)()
	if err := m.c.Login(cfg.Username, cfg.Password).Wait(); err != nil {
		m.c.Close()
		return nil, m.loginFailed(ctx, err)
	}
	return m, nil
}

// check refuses a configuration that cannot work or is unsafe.
func (m *IMAPMailbox) check() error {
	cfg := m.cfg
	switch {
	case cfg.Host == "":
		return m.hintf("set intake.imap.host", "no host")
	case cfg.Port < 1 || cfg.Port > 65535:
		return m.hintf("set intake.imap.port, or leave it out for the usual port", "port %d is not 1–65535", cfg.Port)
	case cfg.TLS != IMAPTLS && cfg.TLS != IMAPStartTLS && cfg.TLS != IMAPNoTLS:
		return m.hintf("use \"tls\", \"starttls\" or \"none\"", "intake.imap.tls = %q is not a TLS mode", cfg.TLS)
	case cfg.TLS == IMAPNoTLS && !isLoopbackHost(cfg.Host):
		return m.hintf("use tls = \"tls\" (port 993) or \"starttls\" (port 143)", "intake.imap.tls = \"none\" would send the password in clear text; it is allowed only to a loopback host (127.0.0.1, ::1, localhost)")
	case cfg.ProcessedFolder == cfg.Folder:
		return m.hintf("name another folder, or leave processed_folder out", "intake.imap.processed_folder is the folder orders arrive in (%q)", cfg.Folder)
	case m.state == nil:
		return m.errorf("no UID state to remember which mails were taken")
	}
	return nil
}

// isLoopbackHost tells whether host is this machine by name or address;
// no name but localhost is resolved, as DNS could say anything.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(strings.TrimSuffix(host, "."), "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// dial connects as cfg.TLS says and starts the client.
func (m *IMAPMailbox) dial(ctx context.Context) error {
	d := &net.Dialer{Timeout: m.cfg.DialTimeout}
	if d.Timeout == 0 {
		d.Timeout = 30 * time.Second
	}
	var err error
	if m.cfg.TLS == IMAPTLS {
		m.conn, err = (&tls.Dialer{NetDialer: d, Config: m.tlsConfig()}).DialContext(ctx, "tcp", m.addr)
	} else {
		m.conn, err = d.DialContext(ctx, "tcp", m.addr)
	}
	if err != nil {
		return m.fail(ctx, "connecting", err, connectHint)
	}
	if m.cfg.TLS != IMAPStartTLS {
		m.c = imapclient.New(m.conn, nil)
		return nil
	}
	defer m.watch(ctx)()
	m.c, err = imapclient.NewStartTLS(m.conn, &imapclient.Options{TLSConfig: m.tlsConfig()})
	if err != nil {
		m.conn.Close()
		return m.fail(ctx, "starting TLS", err, connectHint)
	}
	return nil
}

const connectHint = "check intake.imap.host, port and tls, and that the server is up"

// tlsConfig is the caller's TLS setup, naming the host to verify.
func (m *IMAPMailbox) tlsConfig() *tls.Config {
	c := &tls.Config{}
	if m.cfg.TLSConfig != nil {
		c = m.cfg.TLSConfig.Clone()
	}
	if c.ServerName == "" {
		c.ServerName = m.cfg.Host
	}
	if c.MinVersion == 0 {
		c.MinVersion = tls.VersionTLS12
	}
	return c
}

func (m *IMAPMailbox) loginFailed(ctx context.Context, err error) error {
	var ierr *imap.Error
	if errors.As(err, &ierr) {
		return m.hintf("check intake.imap.username and the password (password_env or password_file)", "login as %q refused: %s", m.cfg.Username, ierr.Text)
	}
	return m.fail(ctx, "logging in", err, connectHint)
}

// Fetch gives the mails of the folder above the saved UID, in UID order
// (the folder's arrival order), each with its INTERNALDATE. Of a mail
// over MaxMailSize only the header is downloaded, given as an oversize
// mail (Received.Oversize) so that it is answered; a mail the server does
// not give whole is skipped. If the folder's UIDVALIDITY changed since the
// saved state, the server renumbered it: every mail is fetched again and
// a Skipped entry for the folder says so.
func (m *IMAPMailbox) Fetch(ctx context.Context) ([]Received, []Skipped, error) {
	m.fetched, m.listed, m.names = false, nil, map[string]int{}
	if err := ctx.Err(); err != nil {
		return nil, nil, m.fail(ctx, "fetching", err, "")
	}
	defer m.watch(ctx)()
	savedValidity, lastUID, err := m.state.Load()
	if err != nil {
		return nil, nil, m.errorf("reading the UID state: %v", err)
	}
	sel, err := m.c.Select(m.cfg.Folder, nil).Wait()
	if err != nil {
		return nil, nil, m.fail(ctx, fmt.Sprintf("opening folder %q", m.cfg.Folder), err, "check intake.imap.folder")
	}
	if sel.UIDValidity == 0 {
		// QUIRK: RFC 2060 servers may leave UIDVALIDITY out; without it
		// UIDs say nothing across sessions, so taking mail is unsafe.
		return nil, nil, m.hintf("use kind = \"maildir\" with fetchmail or getmail", "folder %q has no UIDVALIDITY: turnproc cannot tell which mails it already took", m.cfg.Folder)
	}
	var skipped []Skipped
	if savedValidity != 0 && savedValidity != sel.UIDValidity {
		skipped = append(skipped, Skipped{File: m.cfg.Folder, Reason: fmt.Sprintf(
			"UIDVALIDITY is %d, was %d: the server renumbered the folder, so all its mails are fetched again (mails already kept are recognised by their content)",
			sel.UIDValidity, savedValidity)})
		lastUID = 0
	}
	m.validity, m.lastUID = sel.UIDValidity, lastUID
	// QUIRK: some servers answer BAD to a FETCH on an empty folder.
	if sel.NumMessages == 0 || lastUID == math.MaxUint32 {
		m.fetched = true
		return nil, skipped, nil
	}
	sizes, err := m.sizes(lastUID)
	if err != nil {
		return nil, nil, m.fail(ctx, fmt.Sprintf("listing the new mails of %q", m.cfg.Folder), err, fetchHint)
	}
	if len(sizes) > MaxMailsPerFetch { // UIDs ascend: the oldest are taken
		left := len(sizes) - MaxMailsPerFetch
		skipped = append(skipped, Skipped{File: m.cfg.Folder, Reason: laterReason(left), Later: left})
		sizes = sizes[:MaxMailsPerFetch]
	}
	var whole []imap.UID
	over := map[imap.UID]int64{}
	for _, msg := range sizes {
		if msg.size > MaxMailSize {
			over[msg.uid] = msg.size
		} else {
			whole = append(whole, msg.uid)
		}
	}
	mails, bad, err := m.download(whole)
	if err != nil {
		return nil, nil, m.fail(ctx, fmt.Sprintf("fetching the new mails of %q", m.cfg.Folder), err, fetchHint)
	}
	heads, badHeads, err := m.downloadHeads(over)
	if err != nil {
		return nil, nil, m.fail(ctx, fmt.Sprintf("fetching the headers of the big mails of %q", m.cfg.Folder), err, fetchHint)
	}
	mails, bad = append(mails, heads...), append(bad, badHeads...)
	slices.SortFunc(mails, func(a, b Received) int { return strings.Compare(a.Name, b.Name) }) // UID order
	slices.SortFunc(m.listed, func(a, b listedUID) int { return cmp.Compare(a.uid, b.uid) })
	for i, l := range m.listed {
		if n := m.name(l.uid); !l.done {
			m.names[n] = i
		}
	}
	m.fetched = true
	return mails, append(skipped, bad...), nil
}

const fetchHint = "nothing was marked taken: the next run fetches these mails again"

// fetchedMail is what a FETCH gave of one mail.
type fetchedMail struct {
	uid  imap.UID
	size int64 // RFC822.SIZE, or the size of a body too big to read
	at   time.Time
	raw  []byte // nil if not asked, not sent or too big
}

// sizes lists the UIDs above lastUID with their sizes, ascending, so that
// big mails are refused before they are downloaded.
func (m *IMAPMailbox) sizes(lastUID uint32) ([]fetchedMail, error) {
	var set imap.UIDSet
	set.AddRange(imap.UID(lastUID+1), 0) // lastUID+1:*
	msgs, err := m.collect(m.c.Fetch(set, &imap.FetchOptions{UID: true, RFC822Size: true}), MaxMailSize)
	if err != nil {
		return nil, err
	}
	// QUIRK: "n:*" always includes the highest UID, even below n, so
	// the last mail taken comes back when nothing is new (RFC 3501 6.4.8).
	msgs = slices.DeleteFunc(msgs, func(msg fetchedMail) bool { return uint32(msg.uid) <= lastUID })
	slices.SortFunc(msgs, func(a, b fetchedMail) int { return cmp.Compare(a.uid, b.uid) })
	return msgs, nil
}

// download fetches the mails, without setting \Seen.
func (m *IMAPMailbox) download(uids []imap.UID) ([]Received, []Skipped, error) {
	return m.fetchEach(uids, &imap.FetchItemBodySection{Peek: true}, MaxMailSize, func(uid imap.UID, msg fetchedMail) (Received, string) {
		switch {
		case msg.size > MaxMailSize:
			// QUIRK: the server said a smaller RFC822.SIZE than it sent.
			return Received{}, fmt.Sprintf("the mail is %d bytes, over the %d MiB limit: left in folder %q", msg.size, MaxMailSize>>20, m.cfg.Folder)
		case msg.raw == nil || msg.at.IsZero():
			// QUIRK: a FETCH answer without the body or the arrival time.
			return Received{}, "the server did not give the whole mail and its arrival time"
		}
		m.listed = append(m.listed, listedUID{uid: uid})
		return Received{Name: m.name(uid), Raw: msg.raw, At: msg.at.UTC()}, ""
	})
}

// downloadHeads fetches the headers of the mails over MaxMailSize, by
// UID with their sizes, each at most MaxHeadBytes (BODY.PEEK[HEADER]<0.n>):
// enough to answer the mail, never the mail itself.
func (m *IMAPMailbox) downloadHeads(sizes map[imap.UID]int64) ([]Received, []Skipped, error) {
	head := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true,
		Partial: &imap.SectionPartial{Offset: 0, Size: MaxHeadBytes}}
	return m.fetchEach(slices.Sorted(maps.Keys(sizes)), head, MaxHeadBytes, func(uid imap.UID, msg fetchedMail) (Received, string) {
		if msg.raw == nil || msg.at.IsZero() {
			// QUIRK: a server that ignores the <0.n> range and sends a
			// longer header, or leaves out the header or arrival time.
			return Received{}, fmt.Sprintf("the mail is %d bytes, over the %d MiB limit, and the server did not give its header and arrival time: left in folder %q", sizes[uid], MaxMailSize>>20, m.cfg.Folder)
		}
		m.listed = append(m.listed, listedUID{uid: uid, oversize: true})
		return Received{Name: m.name(uid), Raw: msg.raw, At: msg.at.UTC(), Oversize: sizes[uid]}, ""
	})
}

// fetchEach fetches one body section of each mail (uids in order), each
// at most limit bytes, and lets take make it a Received or say why it is
// skipped; a mail the answer lacks has left the folder meanwhile.
func (m *IMAPMailbox) fetchEach(uids []imap.UID, section *imap.FetchItemBodySection, limit int64,
	take func(imap.UID, fetchedMail) (Received, string)) ([]Received, []Skipped, error) {
	if len(uids) == 0 {
		return nil, nil, nil
	}
	opts := &imap.FetchOptions{UID: true, InternalDate: true, BodySection: []*imap.FetchItemBodySection{section}}
	msgs, err := m.collect(m.c.Fetch(imap.UIDSetNum(uids...), opts), limit)
	if err != nil {
		return nil, nil, err
	}
	byUID := map[imap.UID]fetchedMail{}
	for _, msg := range msgs {
		byUID[msg.uid] = msg
	}
	var mails []Received
	var skipped []Skipped
	for _, uid := range uids {
		r, why := Received{}, "the mail left the folder while it was read (another mail client moved or deleted it)"
		if msg, ok := byUID[uid]; ok {
			r, why = take(uid, msg)
		}
		if why != "" {
			skipped = append(skipped, m.skip(uid, why))
			continue
		}
		mails = append(mails, r)
	}
	return mails, skipped, nil
}

// collect reads a FETCH's answers, a body only up to limit bytes.
//
// QUIRK: go-imap v2.0.0-beta.8's FetchCommand.Collect and Close read a
// body again after reading it failed, while the client's decoder goroutine
// reads the same buffer (a data race when the connection drops mid-body),
// and they keep a cut body as if it were whole; so bodies are read here,
// and on a failed read the connection is closed and the command left alone.
func (m *IMAPMailbox) collect(cmd *imapclient.FetchCommand, limit int64) ([]fetchedMail, error) {
	var msgs []fetchedMail
	for data := cmd.Next(); data != nil; data = cmd.Next() {
		msg, err := readMessage(data, limit)
		if err != nil {
			m.c.Close()
			return nil, err
		}
		msgs = append(msgs, msg)
	}
	return msgs, cmd.Close()
}

func readMessage(data *imapclient.FetchMessageData, limit int64) (fetchedMail, error) {
	var msg fetchedMail
	for item := data.Next(); item != nil; item = data.Next() {
		switch item := item.(type) {
		case imapclient.FetchItemDataUID:
			msg.uid = item.UID
		case imapclient.FetchItemDataRFC822Size:
			msg.size = item.Size
		case imapclient.FetchItemDataInternalDate:
			msg.at = item.Time
		case imapclient.FetchItemDataBodySection:
			if item.Literal == nil {
				continue
			}
			if n := item.Literal.Size(); n > limit {
				msg.size = n // data.Next skips the body unread
				continue
			}
			raw, err := io.ReadAll(item.Literal)
			if err == nil && int64(len(raw)) < item.Literal.Size() {
				// QUIRK: go-imap ends a body cut by a dropped connection
				// with a plain io.EOF, as if it were whole.
				err = fmt.Errorf("the connection ended %d bytes into a %d-byte mail: %w", len(raw), item.Literal.Size(), io.ErrUnexpectedEOF)
			}
			if err != nil {
				return fetchedMail{}, err
			}
			msg.raw = raw
		}
	}
	return msg, nil
}

// skip lists a UID as passed over and says why.
func (m *IMAPMailbox) skip(uid imap.UID, why string) Skipped {
	m.listed = append(m.listed, listedUID{uid: uid, done: true})
	return Skipped{File: m.name(uid), Reason: why}
}

func (m *IMAPMailbox) name(uid imap.UID) string {
	return fmt.Sprintf("%d-%010d", m.validity, uid)
}

// Taken flags the mails \Seen and, with a processed folder, moves them
// there, and keeps the mails over MaxMailSize aside (keepAside); then it
// saves the UID state: the highest UID below which every
// mail Fetch gave is taken or was skipped (so a mail left out of names is
// fetched again, never lost). Without the MOVE extension the mails are
// copied, flagged \Deleted and expunged by UID (UIDPLUS); a server with
// neither leaves them in the folder, flagged \Seen: a plain EXPUNGE could
// remove other mail.
func (m *IMAPMailbox) Taken(ctx context.Context, names []string) error {
	if !m.fetched {
		if len(names) == 0 {
			return nil
		}
		return m.errorf("mails marked taken before a successful Fetch")
	}
	var uids, big imap.UIDSet
	var taken []int
	for _, n := range names {
		i, ok := m.names[n]
		if !ok {
			return m.errorf("%q is not a mail this session fetched, or it is already taken", n)
		}
		if m.listed[i].oversize {
			big.AddNum(m.listed[i].uid)
		} else {
			uids.AddNum(m.listed[i].uid)
		}
		taken = append(taken, i)
	}
	if err := ctx.Err(); err != nil {
		return m.fail(ctx, "marking mails taken", err, "")
	}
	defer m.watch(ctx)()
	seen := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}
	if len(uids) > 0 {
		if err := m.c.Store(uids, seen, nil).Close(); err != nil {
			return m.fail(ctx, "flagging mails seen", err, takenHint)
		}
		if err := m.moveToProcessed(ctx, uids); err != nil {
			return err
		}
	}
	if len(big) > 0 {
		if err := m.c.Store(big, seen, nil).Close(); err != nil {
			return m.fail(ctx, "flagging mails seen", err, takenHint)
		}
		if err := m.keepAside(ctx, big); err != nil {
			return err
		}
	}
	for _, i := range taken {
		m.listed[i].done = true
		delete(m.names, m.name(m.listed[i].uid))
	}
	last := m.lastUID
	for _, l := range m.listed {
		if !l.done {
			break
		}
		last = uint32(l.uid)
	}
	if err := m.state.Save(m.validity, last); err != nil {
		return m.hintf(takenHint, "saving the UID state: %v", err)
	}
	m.lastUID = last
	return nil
}

const takenHint = "the next run fetches these mails again; they are kept once only"

// moveToProcessed moves the mails to the processed folder, if any, and as
// far as the server's extensions allow it without touching other mail.
func (m *IMAPMailbox) moveToProcessed(ctx context.Context, uids imap.UIDSet) error {
	to := m.cfg.ProcessedFolder
	if to == "" {
		return nil
	}
	doing := fmt.Sprintf("moving mails to %q", to)
	if copied, err := m.move(uids, to, false); err != nil {
		hint := takenHint
		if !copied && isTryCreate(err) {
			hint = fmt.Sprintf("create folder %q on the server, or fix intake.imap.processed_folder", to)
		}
		return m.fail(ctx, doing, err, hint)
	}
	return nil
}

// keepAside moves mails over MaxMailSize, whole and unread, to the
// oversize folder, as the maildir keeps them in OversizeDir: the moderator
// finds them there, out of the way of every later fetch. The folder is
// made if the server says it is missing. A server with neither MOVE nor
// UIDPLUS gets a copy there, the mail staying in the folder, flagged \Seen.
func (m *IMAPMailbox) keepAside(ctx context.Context, uids imap.UIDSet) error {
	to, err := m.oversizeFolder()
	if err != nil {
		return m.fail(ctx, "finding the folder for mails over the size limit", err, takenHint)
	}
	doing := fmt.Sprintf("keeping mails over the size limit aside in %q", to)
	copied, err := m.move(uids, to, true)
	if err != nil && !copied && isTryCreate(err) {
		if cerr := m.c.Create(to, nil).Wait(); cerr != nil {
			return m.fail(ctx, "creating folder "+strconv.Quote(to), cerr, fmt.Sprintf("create folder %q on the server; %s", to, takenHint))
		}
		copied, err = m.move(uids, to, true)
	}
	if err != nil {
		return m.fail(ctx, doing, err, takenHint)
	}
	return nil
}

// oversizeFolder is the folder mails over MaxMailSize are kept in: the
// intake folder's subfolder OversizeDir, named with the server's
// separator ("INBOX/oversize", "INBOX.oversize"), or "INBOX-oversize" on
// a server without subfolders.
func (m *IMAPMailbox) oversizeFolder() (string, error) {
	list, err := m.c.List("", m.cfg.Folder, nil).Collect()
	if err != nil {
		return "", err
	}
	sep := "-"
	if len(list) > 0 && list[0].Delim != 0 {
		sep = string(list[0].Delim)
	}
	return m.cfg.Folder + sep + OversizeDir, nil
}

// move moves mails to the folder to, as far as the server's extensions
// allow it without touching other mail: MOVE, else COPY with \Deleted and
// a UID EXPUNGE (UIDPLUS); with neither, the mails stay in the folder, and
// are copied if copyAnyway. copied says the mails reached to.
//
// QUIRK: go-imap's Client.Move falls back, without MOVE, to a plain
// EXPUNGE that removes every mail flagged \Deleted: hence the capability
// checks (notes on go-imap v2).
func (m *IMAPMailbox) move(uids imap.UIDSet, to string, copyAnyway bool) (copied bool, err error) {
	caps := m.c.Caps()
	switch {
	case caps.Has(imap.CapMove):
		if _, err := m.c.Move(uids, to).Wait(); err != nil {
			return false, err
		}
	case caps.Has(imap.CapUIDPlus):
		if _, err := m.c.Copy(uids, to).Wait(); err != nil {
			return false, err
		}
		deleted := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}
		if err := m.c.Store(uids, deleted, nil).Close(); err != nil {
			return true, err
		}
		if err := m.c.UIDExpunge(uids).Close(); err != nil {
			return true, err
		}
	case copyAnyway:
		if _, err := m.c.Copy(uids, to).Wait(); err != nil {
			return false, err
		}
	default:
		// QUIRK: neither MOVE nor UIDPLUS: only a plain EXPUNGE could
		// remove the copies' originals, and it would remove every mail
		// flagged \Deleted; the mails stay in the folder, flagged \Seen.
		return false, nil
	}
	return true, nil
}

// isTryCreate tells whether the server refused because the folder is missing.
func isTryCreate(err error) bool {
	var ierr *imap.Error
	return errors.As(err, &ierr) && ierr.Code == imap.ResponseCodeTryCreate
}

// Close logs out and closes the connection.
func (m *IMAPMailbox) Close() error {
	select {
	case <-m.c.Closed(): // dropped or cancelled: the error was reported then
		m.c.Close()
		return nil
	default:
	}
	err := m.c.Logout().Wait()
	if cerr := m.c.Close(); err == nil && cerr != nil && !errors.Is(cerr, net.ErrClosed) {
		err = cerr
	}
	if err != nil {
		return m.errorf("logging out: %v", err)
	}
	return nil
}

// watch closes the connection if ctx ends while a command runs, since
// go-imap commands take no context; call the result when the command is
// over.
func (m *IMAPMailbox) watch(ctx context.Context) func() bool {
	return context.AfterFunc(ctx, func() { m.conn.Close() })
}

// fail explains err of the step doing; a context's end is reported as
// such, not as the closed connection it caused.
func (m *IMAPMailbox) fail(ctx context.Context, doing string, err error, hint string) error {
	if ctx.Err() != nil {
		err, hint = ctx.Err(), ""
	}
	return &imapError{msg: m.redact(fmt.Sprintf("orders: imap %s: %s: %v", m.addr, doing, err)), hint: hint, err: err}
}

func (m *IMAPMailbox) errorf(format string, args ...any) error {
	return m.hintf("", format, args...)
}

func (m *IMAPMailbox) hintf(hint, format string, args ...any) error {
	return &imapError{msg: m.redact(fmt.Sprintf("orders: imap %s: ", m.addr) + fmt.Sprintf(format, args...)), hint: hint}
}

// redact keeps the password out of messages, even if a server echoes it.
func (m *IMAPMailbox) redact(s string) string {
	if m.cfg.Password == "" {
		return s
	}
	return strings.ReplaceAll(s, m.cfg.Password, "********")
}

// imapError is an IMAP failure: its text is redacted, its cause (a
// context's end, a network error) stays reachable with errors.Is.
type imapError struct {
	msg, hint string
	err       error
}

func (e *imapError) Error() string       { return e.msg }
func (e *imapError) ProblemHint() string { return e.hint }
func (e *imapError) Unwrap() error       { return e.err }
