package config

import (
	"bytes"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"github.com/turnproc/turnproc/campaign"
)

// Config is a validated campaign config with every default applied.
type Config struct {
	// Dir is the directory of the config file; relative paths in the file
	// (map.file, intake.maildir, password_file) are relative to it.
	Dir       string
	Campaign  Campaign
	Map       Map
	Deadline  Deadline
	Siege     Siege
	Intake    Intake
	Delivery  Delivery
	Players   []Player
	Alliances []Alliance

	rules campaign.Rules // read through Rules()
	file  string         // the name Parse was given, for ErrorAt
	ix    *index         // where each key is written, for ErrorAt
}

// Campaign is the [campaign] table.
type Campaign struct {
	ID        string
	Title     string // defaults to ID
	Moderator mail.Address
	Language  string // of the moderator's report: "en" or "es"
	Seed      string // the dice seed (campaign.NewDice)
	// ModeratorPasswordHash is the bcrypt hash of the password the
	// moderator's own mail (PLAYER moderator, with RESULT lines) carries;
	// "" = his From address alone authenticates it.
	ModeratorPasswordHash string
}

// Map is the [map] table.
type Map struct {
	File      string
	Adjacency campaign.Adjacency // D3, default orthogonal
}

// Deadline is the [deadline] table: turn n closes at First + (n−1)×Every.
type Deadline struct {
	First time.Time
	Every time.Duration
}

// DeadlineOf is the deadline of a campaign turn; turn 1 is First.
func (d Deadline) DeadlineOf(turn int) time.Time {
	return d.First.Add(time.Duration(turn-1) * d.Every)
}

// DamageModel selects the siege damage rules (D17).
type DamageModel string

const (
	DamageProfiles DamageModel = "profiles" // ES castle profiles (default)
	DamageTables   DamageModel = "tables"   // IT damage tables
)

// Siege is the [siege] table.
type Siege struct {
	DamageModel DamageModel
}

// IntakeKind says where orders are read from.
type IntakeKind string

const (
	IntakeMaildir IntakeKind = "maildir"
	IntakeIMAP    IntakeKind = "imap"
)

// Intake is the [intake] table. IMAP is filled in only when Kind is imap.
type Intake struct {
	Kind    IntakeKind
	Maildir string
	// CheckFrom also requires a player's own From address when his orders
	// carry a password (without a password the address always decides).
	CheckFrom bool
	IMAP      IMAP
	// MaxWrongPasswords is how many mails with a wrong password for one
	// player a turn answers; MaxAnswersPerTurn and MaxAnswersPerDay how
	// many answers one sender address gets in the turn and in any 24
	// hours of it (docs/config.md). The mails past them are kept, decided
	// and logged, not answered.
	MaxWrongPasswords, MaxAnswersPerTurn, MaxAnswersPerDay int
}

// The limits' defaults: a player mistypes his password a few times, not
// dozens; a player mails a few times a day at most, a robot every check.
const (
	DefaultMaxWrongPasswords = 5
	DefaultMaxAnswersPerTurn = 50
	DefaultMaxAnswersPerDay  = 20
)

// TLSMode is how a mail connection is protected.
type TLSMode string

const (
	TLSImplicit TLSMode = "tls"      // TLS from the first byte
	TLSStart    TLSMode = "starttls" // plain, then upgraded with STARTTLS
	TLSNone     TLSMode = "none"     // only to a loopback host
)

// IMAP is the [intake.imap] table.
type IMAP struct {
	Host            string
	Port            int
	Username        string
	TLS             TLSMode
	Folder          string // default "INBOX"
	ProcessedFolder string // optional
	Password        Secret
}

// DeliveryKind says how mails leave.
type DeliveryKind string

const (
	DeliveryOutbox DeliveryKind = "outbox"
	DeliverySMTP   DeliveryKind = "smtp"
)

// Delivery is the [delivery] table. SMTP is filled in only when Kind is smtp.
type Delivery struct {
	Kind DeliveryKind
	From mail.Address
	SMTP SMTP
}

// SMTP is the [delivery.smtp] table.
type SMTP struct {
	Host     string
	Port     int
	Username string
	TLS      TLSMode
	Password Secret
}

// Player is one [[players]] table.
type Player struct {
	ID         string
	Name       string
	Email      string // the bare address
	Language   string // "en" or "es"
	Race       string
	Capital    campaign.Coord
	Armies     []int // starting armies at the capital; empty = all in reserve
	Initiative campaign.Initiative
	// PasswordHash is the bcrypt hash of the password his orders carry
	// ("" = none: his From address authenticates him). A hash is no secret
	// to hide, but never the password itself.
	PasswordHash string
}

// Alliance is one [[alliances]] table (D11: mutual).
type Alliance struct {
	Members []string
}

// Load reads and validates the config file at path.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return Parse(path, data)
}

// Parse validates a config file's contents; name is used in error messages
// and its directory anchors relative paths.
func Parse(name string, data []byte) (*Config, error) {
	// QUIRK: Notepad starts UTF-8 files with a byte order mark, which TOML
	// does not allow; it is not part of the config.
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	r := &reporter{file: name}
	ix, perr := buildIndex(data)
	r.ix = ix
	if perr == nil && r.literalPassword() != nil {
		return nil, r.result()
	}
	var raw rawConfig
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		r.decoder(err)
		return nil, r.result()
	}
	if perr != nil { // the decoder accepted what the parser refused
		r.at(0, "", perr.Error(), "")
		return nil, r.result()
	}
	if r.unknownKeys() != nil {
		return nil, r.result()
	}
	c := &Config{Dir: filepath.Dir(name), file: name, ix: ix}
	r.check(c, &raw)
	if err := r.result(); err != nil {
		return nil, err
	}
	return c, nil
}

// Path resolves a path from the config file against Dir.
func (c *Config) Path(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, p)
}

// ErrorAt makes an error about a key that the config file holds but other
// checks refuse (a capital the map does not have, a map file that cannot
// be read): it points at the key's value, or at the closest table written
// when the key is left to its default. key is a path as in Error.Key,
// such as "map.file" or "players[2].capital" (elements count from 1).
func (c *Config) ErrorAt(key, msg, hint string) *Error {
	if c.ix == nil { // a Config not made by Parse
		return &Error{File: c.file, Key: key, Msg: msg, Hint: hint}
	}
	r := &reporter{file: c.file, ix: c.ix}
	r.bad(key, msg, hint)
	return r.errs[0]
}

// Rules gives the rule settings campaign.Resolve needs (D1).
func (c *Config) Rules() campaign.Rules { return c.rules }

// Player finds a player by id, or nil.
func (c *Config) Player(id string) *Player {
	for i := range c.Players {
		if c.Players[i].ID == id {
			return &c.Players[i]
		}
	}
	return nil
}

// PlayerByEmail finds the player an address belongs to, or nil. It accepts
// "Name <a@b>" as well as "a@b" and ignores case.
func (c *Config) PlayerByEmail(addr string) *Player {
	if a, err := mail.ParseAddress(addr); err == nil {
		addr = a.Address
	}
	addr = strings.TrimSpace(addr)
	for i := range c.Players {
		if strings.EqualFold(c.Players[i].Email, addr) {
			return &c.Players[i]
		}
	}
	return nil
}

// Allies lists a player's allies, sorted: everyone who shares an alliance
// with him (D11: alliances are mutual).
func (c *Config) Allies(playerID string) []string {
	var out []string
	for _, a := range c.Alliances {
		if !slices.Contains(a.Members, playerID) {
			continue
		}
		for _, m := range a.Members {
			if m != playerID && !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	slices.Sort(out)
	return out
}

// PlayerSetups is what campaign.NewState needs, in config order.
func (c *Config) PlayerSetups() []campaign.PlayerSetup {
	out := make([]campaign.PlayerSetup, len(c.Players))
	for i, p := range c.Players {
		out[i] = campaign.PlayerSetup{ID: p.ID, Name: p.Name, Race: p.Race, Capital: p.Capital,
			Allies: c.Allies(p.ID), Armies: slices.Clone(p.Armies), Initiative: p.Initiative}
	}
	return out
}
