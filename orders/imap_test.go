package orders

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"io"
	"log"
	"maps"
	"math/big"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"

	"github.com/turnproc/turnproc/campaign"
)

const (
	testUser     = "turns@riverlands.example"
	testPassword = "s3cret-Pa55"
)

// Server capability sets: MOVE, copy with UID EXPUNGE, and neither.
var (
	capsRev2    = imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}}
	capsUIDPlus = imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapUIDPlus: {}}
	capsRev1    = imap.CapSet{imap.CapIMAP4rev1: {}}
)

// testServer is an in-memory IMAP server on 127.0.0.1.
type testServer struct {
	user *imapmemserver.User
	ln   *countingListener
	port int
}

type serverOpts struct {
	caps      imap.CapSet
	tls       *tls.Config // TLS from the first byte
	startTLS  *tls.Config // STARTTLS offered
	processed bool        // create a "Processed" folder
}

func startServer(t *testing.T, o serverOpts) *testServer {
	t.Helper()
	mem := imapmemserver.New()
	user := imapmemserver.NewUser(testUser, testPassword)
	mem.AddUser(user)
	mustOK(t, user.Create("INBOX", nil))
	if o.processed {
		mustOK(t, user.Create("Processed", nil))
	}
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:         o.caps,
		TLSConfig:    o.startTLS,
		InsecureAuth: true,
		Logger:       log.New(io.Discard, "", 0),
	})
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	mustOK(t, err)
	ln := &countingListener{Listener: raw}
	var serve net.Listener = ln
	if o.tls != nil {
		serve = tls.NewListener(ln, o.tls)
	}
	go srv.Serve(serve)
	t.Cleanup(func() { srv.Close() })
	return &testServer{user: user, ln: ln, port: raw.Addr().(*net.TCPAddr).Port}
}

// countingListener counts the bytes the server writes and, once cutAfter
// is set, drops each new connection after that many bytes.
type countingListener struct {
	net.Listener
	written  atomic.Int64
	cutAfter atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countingConn{Conn: c, l: l, limit: l.cutAfter.Load()}, nil
}

type countingConn struct {
	net.Conn
	l       *countingListener
	limit   int64
	written int64
}

func (c *countingConn) Write(p []byte) (int, error) {
	if c.limit > 0 && c.written+int64(len(p)) > c.limit {
		n, _ := c.Conn.Write(p[:c.limit-c.written])
		c.Conn.Close()
		return n, errors.New("test: connection cut")
	}
	n, err := c.Conn.Write(p)
	c.written += int64(n)
	c.l.written.Add(int64(n))
	return n, err
}

var t0 = time.Date(2025, 3, 14, 9, 30, 0, 0, time.FixedZone("CET", 3600))

func testMail(i int) []byte {
	return fmt.Appendf(nil, "From: Player %d <p%d@riverlands.example>\r\nSubject: turn 3 orders\r\nMessage-ID: <%d@riverlands.example>\r\n\r\nMOVE A%d TO C4\r\n", i, i, i, i)
}

// deliver appends mails to a folder, mail i arriving at t0 + i minutes.
func (ts *testServer) deliver(t *testing.T, folder string, flags []imap.Flag, mails ...int) {
	t.Helper()
	for _, i := range mails {
		opts := &imap.AppendOptions{Time: t0.Add(time.Duration(i) * time.Minute), Flags: flags}
		_, err := ts.user.Append(folder, bytes.NewReader(testMail(i)), opts)
		mustOK(t, err)
	}
}

func (ts *testServer) config(mode string) IMAPConfig {
	return IMAPConfig{Host: "127.0.0.1", Port: ts.port, Username: testUser, Password: testPassword, TLS: mode}
}

// memState is a UIDState in memory.
type memState struct{ validity, lastUID uint32 }

func (s *memState) Load() (uint32, uint32, error) { return s.validity, s.lastUID, nil }
func (s *memState) Save(validity, lastUID uint32) error {
	s.validity, s.lastUID = validity, lastUID
	return nil
}

func open(t *testing.T, cfg IMAPConfig, state UIDState) *IMAPMailbox {
	t.Helper()
	m, err := OpenIMAP(context.Background(), cfg, state)
	mustOK(t, err)
	t.Cleanup(func() { m.Close() })
	return m
}

// fetch fetches and checks the mails by their test numbers and arrival.
func fetch(t *testing.T, m *IMAPMailbox, want ...int) []string {
	t.Helper()
	got, skipped, err := m.Fetch(context.Background())
	mustOK(t, err)
	if len(skipped) > 0 {
		t.Errorf("skipped %v", skipped)
	}
	return checkReceived(t, got, want...)
}

func checkReceived(t *testing.T, got []Received, want ...int) []string {
	t.Helper()
	var names []string
	if len(got) != len(want) {
		t.Fatalf("got %d mails, want %d", len(got), len(want))
	}
	for k, r := range got {
		i := want[k]
		at := t0.Add(time.Duration(i) * time.Minute).UTC()
		if !bytes.Equal(r.Raw, testMail(i)) || !r.At.Equal(at) || r.At.Location() != time.UTC {
			t.Errorf("mail %d: %s %q at %v, want %q at %v", k, r.Name, r.Raw, r.At, testMail(i), at)
		}
		if checkName(r.Name) != nil {
			t.Errorf("mail %d: bad name %q", k, r.Name)
		}
		names = append(names, r.Name)
	}
	return names
}

// folder lists a folder's mails by UID with their flags, as another mail
// client sees them.
func (ts *testServer) folder(t *testing.T, name string) map[imap.UID][]imap.Flag {
	t.Helper()
	c, err := imapclient.DialInsecure(net.JoinHostPort("127.0.0.1", strconv.Itoa(ts.port)), nil)
	mustOK(t, err)
	defer c.Close()
	mustOK(t, c.Login(testUser, testPassword).Wait())
	sel, err := c.Select(name, &imap.SelectOptions{ReadOnly: true}).Wait()
	mustOK(t, err)
	out := map[imap.UID][]imap.Flag{}
	if sel.NumMessages == 0 {
		return out
	}
	bufs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: 0}}, &imap.FetchOptions{UID: true, Flags: true}).Collect()
	mustOK(t, err)
	for _, b := range bufs {
		slices.Sort(b.Flags)
		out[b.UID] = append([]imap.Flag{}, b.Flags...)
	}
	return out
}

func mustOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestIMAPFetchTaken(t *testing.T) {
	ts := startServer(t, serverOpts{caps: capsRev2})
	ts.deliver(t, "INBOX", nil, 1, 2)
	state := &memState{}
	m := open(t, ts.config(IMAPNoTLS), state)
	want := fmt.Sprintf("orders: imap 127.0.0.1:%d: mails marked taken before a successful Fetch", ts.port)
	if err := m.Taken(context.Background(), []string{"1-0000000001"}); err == nil || campaign.ErrorText(err) != want {
		t.Errorf("Taken before Fetch: got %v\nwant %s", err, want)
	}
	names := fetch(t, m, 1, 2)
	if want := []string{"1-0000000001", "1-0000000002"}; !slices.Equal(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	if got := ts.folder(t, "INBOX"); len(got[1]) != 0 || len(got[2]) != 0 {
		t.Errorf("Fetch changed flags: %v", got)
	}
	mustOK(t, m.Taken(context.Background(), names))
	if *state != (memState{1, 2}) {
		t.Errorf("state %+v, want {1 2}", *state)
	}
	flags := map[imap.UID][]imap.Flag{1: {imap.FlagSeen}, 2: {imap.FlagSeen}}
	if got := ts.folder(t, "INBOX"); fmt.Sprint(got) != fmt.Sprint(flags) {
		t.Errorf("INBOX %v, want %v", got, flags)
	}
	fetch(t, m) // nothing new in the same session: "3:*" gives UID 2 back
	mustOK(t, m.Close())
	ts.deliver(t, "INBOX", nil, 3)
	fetch(t, open(t, ts.config(IMAPNoTLS), state), 3)
}

func TestIMAPTakenProcessedFolder(t *testing.T) {
	tests := []struct {
		caps             imap.CapSet
		inbox, processed map[imap.UID][]imap.Flag
	}{{
		caps:      capsRev2, // UID MOVE
		inbox:     map[imap.UID][]imap.Flag{3: {imap.FlagDeleted}, 4: nil},
		processed: map[imap.UID][]imap.Flag{1: {imap.FlagSeen}, 2: {imap.FlagSeen}},
	}, {
		caps:      capsUIDPlus, // UID COPY, STORE \Deleted, UID EXPUNGE
		inbox:     map[imap.UID][]imap.Flag{3: {imap.FlagDeleted}, 4: nil},
		processed: map[imap.UID][]imap.Flag{1: {imap.FlagSeen}, 2: {imap.FlagSeen}},
	}, {
		caps:      capsRev1, // flagged \Seen and left
		inbox:     map[imap.UID][]imap.Flag{1: {imap.FlagSeen}, 2: {imap.FlagSeen}, 3: {imap.FlagDeleted}, 4: nil},
		processed: map[imap.UID][]imap.Flag{},
	}}
	for _, tt := range tests {
		t.Run(fmt.Sprint(slices.Sorted(maps.Keys(tt.caps))), func(t *testing.T) {
			ts := startServer(t, serverOpts{caps: tt.caps, processed: true})
			ts.deliver(t, "INBOX", nil, 1, 2)
			state := &memState{}
			cfg := ts.config(IMAPNoTLS)
			cfg.ProcessedFolder = "Processed"
			m := open(t, cfg, state)
			names := fetch(t, m, 1, 2)
			// Mail of someone else's, flagged for deletion, and a new one.
			ts.deliver(t, "INBOX", []imap.Flag{imap.FlagDeleted}, 3)
			ts.deliver(t, "INBOX", nil, 4)
			mustOK(t, m.Taken(context.Background(), names))
			if got := ts.folder(t, "INBOX"); fmt.Sprint(got) != fmt.Sprint(tt.inbox) {
				t.Errorf("INBOX %v, want %v", got, tt.inbox)
			}
			if got := ts.folder(t, "Processed"); fmt.Sprint(got) != fmt.Sprint(tt.processed) {
				t.Errorf("Processed %v, want %v", got, tt.processed)
			}
			if *state != (memState{1, 2}) {
				t.Errorf("state %+v, want {1 2}", *state)
			}
			fetch(t, m, 3, 4)
		})
	}
}

func TestIMAPProcessedFolderMissing(t *testing.T) {
	ts := startServer(t, serverOpts{caps: capsRev2})
	ts.deliver(t, "INBOX", nil, 1)
	state := &memState{}
	cfg := ts.config(IMAPNoTLS)
	cfg.ProcessedFolder = "Done"
	m := open(t, cfg, state)
	err := m.Taken(context.Background(), fetch(t, m, 1))
	want := fmt.Sprintf(`orders: imap 127.0.0.1:%d: moving mails to "Done": imap: NO [TRYCREATE] No such mailbox
hint: create folder "Done" on the server, or fix intake.imap.processed_folder`, ts.port)
	if err == nil || campaign.ErrorText(err) != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if *state != (memState{}) {
		t.Errorf("state saved: %+v", *state)
	}
}

func TestIMAPTakenPartly(t *testing.T) {
	ts := startServer(t, serverOpts{caps: capsRev2})
	ts.deliver(t, "INBOX", nil, 1, 2, 3)
	state := &memState{}
	m := open(t, ts.config(IMAPNoTLS), state)
	names := fetch(t, m, 1, 2, 3)
	ctx := context.Background()
	mustOK(t, m.Taken(ctx, []string{names[0], names[2]}))
	if *state != (memState{1, 1}) { // mail 2 is not taken: it must come again
		t.Errorf("state %+v, want {1 1}", *state)
	}
	want := fmt.Sprintf(`orders: imap 127.0.0.1:%d: "1-0000000003" is not a mail this session fetched, or it is already taken`, ts.port)
	if err := m.Taken(ctx, names[2:]); err == nil || campaign.ErrorText(err) != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	mustOK(t, m.Taken(ctx, names[1:2]))
	if *state != (memState{1, 3}) {
		t.Errorf("state %+v, want {1 3}", *state)
	}
}

func TestIMAPUIDValidityChanged(t *testing.T) {
	ts := startServer(t, serverOpts{caps: capsRev2})
	ts.deliver(t, "INBOX", nil, 1, 2)
	state := &memState{}
	m := open(t, ts.config(IMAPNoTLS), state)
	ctx := context.Background()
	mustOK(t, m.Taken(ctx, fetch(t, m, 1, 2)))
	// The folder is recreated, as a server migration would: new numbering.
	mustOK(t, ts.user.Delete("INBOX"))
	mustOK(t, ts.user.Create("INBOX", nil))
	ts.deliver(t, "INBOX", nil, 2, 3)
	got, skipped, err := m.Fetch(ctx)
	mustOK(t, err)
	names := checkReceived(t, got, 2, 3)
	if want := []string{"2-0000000001", "2-0000000002"}; !slices.Equal(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	want := []Skipped{{File: "INBOX", Reason: "UIDVALIDITY is 2, was 1: the server renumbered the folder, so all its mails are fetched again (mails already kept are recognised by their content)"}}
	if !slices.Equal(skipped, want) {
		t.Errorf("skipped %+v\nwant %+v", skipped, want)
	}
	mustOK(t, m.Taken(ctx, names))
	if *state != (memState{2, 2}) {
		t.Errorf("state %+v, want {2 2}", *state)
	}
}

func TestIMAPConnectionDropped(t *testing.T) {
	ts := startServer(t, serverOpts{caps: capsRev2})
	ts.deliver(t, "INBOX", nil, 1)
	state := &memState{}
	ctx := context.Background()
	m := open(t, ts.config(IMAPNoTLS), state)
	mustOK(t, m.Taken(ctx, fetch(t, m, 1)))
	// Three big mails; the next connection drops within the second.
	big := func(i int) []byte { return append(testMail(i), bytes.Repeat([]byte("x"), 100<<10)...) }
	for i := 2; i <= 4; i++ {
		_, err := ts.user.Append("INBOX", bytes.NewReader(big(i)), &imap.AppendOptions{Time: t0})
		mustOK(t, err)
	}
	ts.ln.cutAfter.Store(150 << 10)
	cut := open(t, ts.config(IMAPNoTLS), state)
	got, _, err := cut.Fetch(ctx)
	prefix := fmt.Sprintf(`orders: imap 127.0.0.1:%d: fetching the new mails of "INBOX": `, ts.port)
	hint := "\nhint: nothing was marked taken: the next run fetches these mails again"
	if err == nil || !strings.HasPrefix(campaign.ErrorText(err), prefix) || !strings.HasSuffix(campaign.ErrorText(err), hint) || got != nil {
		t.Fatalf("got %d mails, error %v\nwant %s…%s", len(got), err, prefix, hint)
	}
	if err := cut.Taken(ctx, nil); err != nil {
		t.Errorf("Taken of nothing after a failed Fetch: %v", err)
	}
	mustOK(t, cut.Close())
	if *state != (memState{1, 1}) {
		t.Errorf("state %+v, want {1 1}", *state)
	}

	ts.ln.cutAfter.Store(0)
	m = open(t, ts.config(IMAPNoTLS), state)
	got, _, err = m.Fetch(ctx)
	mustOK(t, err)
	var names []string
	for k, r := range got {
		if want := big(k + 2); !bytes.Equal(r.Raw, want) {
			t.Errorf("mail %s: %d bytes, want %d", r.Name, len(r.Raw), len(want))
		}
		names = append(names, r.Name)
	}
	if want := []string{"1-0000000002", "1-0000000003", "1-0000000004"}; !slices.Equal(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	mustOK(t, m.Taken(ctx, names))
	if *state != (memState{1, 4}) {
		t.Errorf("state %+v, want {1 4}", *state)
	}
}

func TestIMAPWrongPassword(t *testing.T) {
	ts := startServer(t, serverOpts{caps: capsRev2})
	cfg := ts.config(IMAPNoTLS)
	cfg.Password = "wrong-" + testPassword
	_, err := OpenIMAP(context.Background(), cfg, &memState{})
	want := fmt.Sprintf(`orders: imap 127.0.0.1:%d: login as "turns@riverlands.example" refused: Authentication failed
hint: check intake.imap.username and the password (password_env or password_file)`, ts.port)
	if err == nil || campaign.ErrorText(err) != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestIMAPRedactsPassword(t *testing.T) {
	m := &IMAPMailbox{cfg: IMAPConfig{Password: testPassword}, addr: "imap.example.org:993"}
	err := m.fail(context.Background(), "logging in", errors.New("NO bad password "+testPassword), "")
	if want := "orders: imap imap.example.org:993: logging in: NO bad password ********"; campaign.ErrorText(err) != want {
		t.Errorf("got %s\nwant %s", err, want)
	}
}

func TestIMAPConfigRefused(t *testing.T) {
	ok := IMAPConfig{Host: "imap.example.org", Port: 993, Username: "u", Password: testPassword, TLS: IMAPTLS}
	tests := []struct {
		edit func(*IMAPConfig)
		want string
	}{
		{func(c *IMAPConfig) { c.TLS = IMAPNoTLS; c.Port = 143 }, `orders: imap imap.example.org:143: intake.imap.tls = "none" would send the password in clear text; it is allowed only to a loopback host (127.0.0.1, ::1, localhost)
hint: use tls = "tls" (port 993) or "starttls" (port 143)`},
		{func(c *IMAPConfig) { c.TLS = IMAPNoTLS; c.Host = "192.168.1.5" }, `orders: imap 192.168.1.5:993: intake.imap.tls = "none" would send the password in clear text; it is allowed only to a loopback host (127.0.0.1, ::1, localhost)
hint: use tls = "tls" (port 993) or "starttls" (port 143)`},
		{func(c *IMAPConfig) { c.TLS = "ssl" }, `orders: imap imap.example.org:993: intake.imap.tls = "ssl" is not a TLS mode
hint: use "tls", "starttls" or "none"`},
		{func(c *IMAPConfig) { c.Port = 0 }, `orders: imap imap.example.org:0: port 0 is not 1–65535
hint: set intake.imap.port, or leave it out for the usual port`},
		{func(c *IMAPConfig) { c.Host = "" }, `orders: imap :993: no host
hint: set intake.imap.host`},
		{func(c *IMAPConfig) { c.ProcessedFolder = "INBOX" }, `orders: imap imap.example.org:993: intake.imap.processed_folder is the folder orders arrive in ("INBOX")
hint: name another folder, or leave processed_folder out`},
	}
	for _, tt := range tests {
		cfg := ok
		tt.edit(&cfg)
		_, err := OpenIMAP(context.Background(), cfg, &memState{})
		if err == nil || campaign.ErrorText(err) != tt.want {
			t.Errorf("%+v:\ngot  %v\nwant %s", cfg, err, tt.want)
		}
	}
}

func TestIsLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "LocalHost.": true, "127.0.0.1": true, "127.1.2.3": true, "::1": true,
		"localhost.example.org": false, "10.0.0.1": false, "::": false, "imap.example.org": false, "": false,
	} {
		if got := isLoopbackHost(host); got != want {
			t.Errorf("isLoopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestIMAPTLS(t *testing.T) {
	serverTLS, roots := selfSigned(t)
	for _, mode := range []string{IMAPTLS, IMAPStartTLS} {
		t.Run(mode, func(t *testing.T) {
			o := serverOpts{caps: capsRev2}
			if mode == IMAPTLS {
				o.tls = serverTLS
			} else {
				o.startTLS = serverTLS
			}
			ts := startServer(t, o)
			ts.deliver(t, "INBOX", nil, 1)
			cfg := ts.config(mode)
			cfg.TLSConfig = &tls.Config{RootCAs: roots}
			fetch(t, open(t, cfg, &memState{}), 1)

			cfg.TLSConfig = nil // the system's roots do not know the test CA
			_, err := OpenIMAP(context.Background(), cfg, &memState{})
			if err == nil || !strings.Contains(campaign.ErrorText(err), "certificate signed by unknown authority") {
				t.Errorf("untrusted certificate: got %v", err)
			}
		})
	}
}

// selfSigned makes a server certificate for 127.0.0.1 and a pool trusting it.
func selfSigned(t *testing.T) (*tls.Config, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	mustOK(t, err)
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "turnproc test"},
		NotBefore:             time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:              time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:                  true,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	mustOK(t, err)
	cert, err := x509.ParseCertificate(der)
	mustOK(t, err)
	roots := x509.NewCertPool()
	roots.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}, roots
}

func TestIMAPContextCancelled(t *testing.T) {
	ts := startServer(t, serverOpts{caps: capsRev2})
	ts.deliver(t, "INBOX", nil, 1)
	m := open(t, ts.config(IMAPNoTLS), &memState{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := m.Fetch(ctx)
	want := fmt.Sprintf("orders: imap 127.0.0.1:%d: fetching: context canceled", ts.port)
	if err == nil || campaign.ErrorText(err) != want || !errors.Is(err, context.Canceled) {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
