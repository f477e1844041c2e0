package config

import (
	"fmt"
	"golang.org/x/crypto/bcrypt"
	"net"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/turnproc/turnproc/campaign"
)

// The raw* types mirror the file. Values that need checking stay strings
// here; check turns them into the typed Config, using the index to tell an
// absent key (take the default) from a bad one (report it).
type rawConfig struct {
	Campaign  rawCampaign   `toml:"campaign"`
	Map       rawMap        `toml:"map"`
	Deadline  rawDeadline   `toml:"deadline"`
	Rules     rawRules      `toml:"rules"`
	Siege     rawSiege      `toml:"siege"`
	Intake    rawIntake     `toml:"intake"`
	Delivery  rawDelivery   `toml:"delivery"`
	Players   []rawPlayer   `toml:"players"`
	Alliances []rawAlliance `toml:"alliances"`
}

type rawCampaign struct {
	ID        string `toml:"id"`
	Title     string `toml:"title"`
	Moderator string `toml:"moderator"`
	Language  string `toml:"language"`
	Seed      string `toml:"seed"`
	// ModeratorPasswordHash authenticates the moderator's mailed results.
	ModeratorPasswordHash string `toml:"moderator_password_hash"`
}

type rawMap struct {
	File      string `toml:"file"`
	Adjacency string `toml:"adjacency"`
}

type rawDeadline struct {
	First any    `toml:"first"` // any: a local date-time must be refused, not read as UTC
	Every string `toml:"every"`
}

type rawRules struct {
	BlunderOn12 bool `toml:"blunder_on_12"`
}

type rawSiege struct {
	DamageModel string `toml:"damage_model"`
}

type rawIntake struct {
	Kind      string  `toml:"kind"`
	Maildir   string  `toml:"maildir"`
	CheckFrom bool    `toml:"check_from"`
	IMAP      rawMail `toml:"imap"`
	// The limits on answers (docs/config.md).
	MaxWrongPasswords int `toml:"max_wrong_passwords"`
	MaxAnswersPerTurn int `toml:"max_answers_per_turn"`
	MaxAnswersPerDay  int `toml:"max_answers_per_day"`
}

type rawDelivery struct {
	Kind string  `toml:"kind"`
	From string  `toml:"from"`
	SMTP rawMail `toml:"smtp"`
}

// rawMail serves [intake.imap] and [delivery.smtp]; the folder keys exist
// only in the schema of the first.
type rawMail struct {
	Host            string `toml:"host"`
	Port            int    `toml:"port"`
	Username        string `toml:"username"`
	TLS             string `toml:"tls"`
	Folder          string `toml:"folder"`
	ProcessedFolder string `toml:"processed_folder"`
	PasswordEnv     string `toml:"password_env"`
	PasswordFile    string `toml:"password_file"`
}

type rawPlayer struct {
	ID           string `toml:"id"`
	Name         string `toml:"name"`
	Email        string `toml:"email"`
	Language     string `toml:"language"`
	Race         string `toml:"race"`
	Capital      string `toml:"capital"`
	Armies       []int  `toml:"armies"`
	Initiative   string `toml:"initiative"`
	PasswordHash string `toml:"password_hash"`
}

type rawAlliance struct {
	Members []string `toml:"members"`
}

var (
	idPattern  = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
	envPattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

const idHint = `use lower-case letters, digits and dashes, starting with a letter or digit`

// check validates raw and fills c, reporting every problem it finds.
func (r *reporter) check(c *Config, raw *rawConfig) {
	r.controlChars()
	r.checkCampaign(c, raw.Campaign)
	r.checkMap(c, raw.Map)
	r.checkDeadline(c, raw.Deadline)
	c.rules = campaign.Rules{BlunderOn12: raw.Rules.BlunderOn12}
	c.Siege.DamageModel = DamageModel(r.choice("siege.damage_model", raw.Siege.DamageModel, string(DamageProfiles),
		`use "profiles" (ES castle profiles, the default) or "tables" (IT damage tables), see D17`,
		string(DamageProfiles), string(DamageTables)))
	r.checkIntake(c, raw.Intake)
	r.checkDelivery(c, raw.Delivery)
	r.checkPlayers(c, raw.Players)
	r.checkAlliances(c, raw.Alliances)
}

// controlChars refuses a line break, tab, escape or other control
// character in any string of the file: names and addresses go into mail
// headers (a line break would forge one), reports and the moderator's
// terminal, and are better refused here, at their line, than by a run.
func (r *reporter) controlChars() {
	for _, path := range r.ix.paths {
		e := r.ix.entries[path]
		if e.kind != unstable.String {
			continue
		}
		if i := strings.IndexFunc(e.text, unicode.IsControl); i >= 0 {
			c, _ := utf8.DecodeRuneInString(e.text[i:])
			r.bad(path, fmt.Sprintf("contains a control character (%U)", c),
				"write it on one line, without tabs or control characters: names go into mail headers and reports")
		}
	}
}

// maxBcryptCost bounds a password hash's cost: each step doubles the time
// one check takes, and check verifies passwords holding the campaign's
// lock (cost 14 is about a second; 31 would be days).
const maxBcryptCost = 14

// passwordHash checks a bcrypt hash written at path.
func (r *reporter) passwordHash(path, hash string) {
	const hint = `make the hash with "turnproc passwd" (cost 10) and paste it here`
	cost, err := bcrypt.Cost([]byte(hash))
	switch {
	case err != nil:
		r.bad(path, "is not a bcrypt hash", `make one with "turnproc passwd" and paste it here`)
	case cost > maxBcryptCost:
		r.bad(path, fmt.Sprintf("bcrypt cost %d is more than %d: checking one password would hold up every check", cost, maxBcryptCost), hint)
	}
}

// required reports a missing or empty key and says whether v is usable.
func (r *reporter) required(path, v string) bool {
	switch {
	case !r.ix.has(path):
		r.missing(path)
	case strings.TrimSpace(v) == "":
		k, _ := lookup(path)
		r.bad(path, "must not be empty", "write it like "+k.example)
	default:
		return true
	}
	return false
}

// choice returns v if it is one of allowed, def if the key is absent, and
// reports anything else.
func (r *reporter) choice(path, v, def, hint string, allowed ...string) string {
	if !r.ix.has(path) {
		return def
	}
	if !slices.Contains(allowed, v) {
		r.bad(path, fmt.Sprintf("%q is not one of %s", v, strings.Join(allowed, ", ")), hint)
		return def
	}
	return v
}

func (r *reporter) language(path, v string) string {
	if !r.ix.has(path) {
		return "en"
	}
	if v != "en" && v != "es" {
		r.bad(path, fmt.Sprintf("%q is not a language turnproc speaks", v), `use "en" or "es"`)
		return "en"
	}
	return v
}

func (r *reporter) address(path, v string) mail.Address {
	if !r.required(path, v) {
		return mail.Address{}
	}
	a, err := mail.ParseAddress(v)
	if err != nil {
		k, _ := lookup(path)
		r.bad(path, fmt.Sprintf("%q is not an email address", v), "write it like "+k.example)
		return mail.Address{}
	}
	return *a
}

func (r *reporter) checkCampaign(c *Config, raw rawCampaign) {
	if r.required("campaign.id", raw.ID) && !idPattern.MatchString(raw.ID) {
		r.bad("campaign.id", fmt.Sprintf("%q is not a valid id", raw.ID), idHint+`, like "riverlands"`)
	}
	c.Campaign = Campaign{ID: raw.ID, Title: raw.Title, Seed: raw.Seed,
		Moderator: r.address("campaign.moderator", raw.Moderator),
		Language:  r.language("campaign.language", raw.Language)}
	if c.Campaign.Title == "" {
		c.Campaign.Title = raw.ID
	}
	if raw.ModeratorPasswordHash != "" {
		r.passwordHash("campaign.moderator_password_hash", raw.ModeratorPasswordHash)
		c.Campaign.ModeratorPasswordHash = raw.ModeratorPasswordHash
	}
}

func (r *reporter) checkMap(c *Config, raw rawMap) {
	r.required("map.file", raw.File)
	c.Map.File = raw.File
	if !r.ix.has("map.adjacency") {
		return // campaign.Orthogonal, the zero value (D3)
	}
	a, ok := campaign.ParseAdjacency(raw.Adjacency)
	if !ok {
		r.bad("map.adjacency", fmt.Sprintf("%q is not one of orthogonal, octile", raw.Adjacency),
			`use "orthogonal" (squares sharing an edge, the default, D3) or "octile" (all 8 neighbours)`)
	}
	c.Map.Adjacency = a
}

func (r *reporter) checkDeadline(c *Config, raw rawDeadline) {
	const firstHint = "write a date and time with Z (UTC) or an offset, without quotes: first = 2026-12-06T20:00:00Z"
	switch v := raw.First.(type) {
	case nil:
		r.missing("deadline.first")
	case time.Time:
		c.Deadline.First = v
	case toml.LocalDateTime, toml.LocalDate, toml.LocalTime:
		r.bad("deadline.first", "has no time-zone offset", firstHint)
	default:
		r.bad("deadline.first", "expected a date and time, found "+kindName(r.ix.kind("deadline.first")), firstHint)
	}
	if !r.required("deadline.every", raw.Every) {
		return
	}
	const everyHint = `write hours, minutes or seconds, like "168h" for one week`
	d, err := time.ParseDuration(raw.Every)
	switch {
	case err != nil:
		r.bad("deadline.every", fmt.Sprintf("%q is not a duration", raw.Every), everyHint)
	case d <= 0:
		r.bad("deadline.every", fmt.Sprintf("%q is not more than zero", raw.Every), everyHint)
	default:
		c.Deadline.Every = d
	}
}

func (r *reporter) checkIntake(c *Config, raw rawIntake) {
	c.Intake.Kind = IntakeKind(r.choice("intake.kind", raw.Kind, string(IntakeMaildir),
		`use "maildir" (a local mail directory) or "imap"`, string(IntakeMaildir), string(IntakeIMAP)))
	c.Intake.Maildir = "mailbox"
	c.Intake.CheckFrom = raw.CheckFrom
	c.Intake.MaxWrongPasswords = r.atLeastOne("intake.max_wrong_passwords", raw.MaxWrongPasswords, DefaultMaxWrongPasswords)
	c.Intake.MaxAnswersPerTurn = r.atLeastOne("intake.max_answers_per_turn", raw.MaxAnswersPerTurn, DefaultMaxAnswersPerTurn)
	c.Intake.MaxAnswersPerDay = r.atLeastOne("intake.max_answers_per_day", raw.MaxAnswersPerDay, DefaultMaxAnswersPerDay)
	if r.ix.has("intake.maildir") && r.required("intake.maildir", raw.Maildir) {
		c.Intake.Maildir = raw.Maildir
	}
	if c.Intake.Kind != IntakeIMAP {
		return
	}
	m := raw.IMAP
	const at = "intake.imap"
	tls := r.tlsMode(at, m.TLS, TLSImplicit)
	c.Intake.IMAP = IMAP{Host: r.host(at, m.Host, tls), Port: r.port(at, m.Port, imapPorts[tls]),
		Username: m.Username, TLS: tls, Folder: "INBOX", ProcessedFolder: m.ProcessedFolder,
		Password: r.secret(c, at, m)}
	r.required(at+".username", m.Username)
	if r.ix.has(at+".folder") && r.required(at+".folder", m.Folder) {
		c.Intake.IMAP.Folder = m.Folder
	}
	if m.ProcessedFolder != "" && m.ProcessedFolder == c.Intake.IMAP.Folder {
		r.bad(at+".processed_folder", fmt.Sprintf("%q is the folder orders are read from", m.ProcessedFolder),
			"name another folder, or leave processed_folder out")
	}
}

func (r *reporter) checkDelivery(c *Config, raw rawDelivery) {
	c.Delivery.Kind = DeliveryKind(r.choice("delivery.kind", raw.Kind, string(DeliveryOutbox),
		`use "outbox" (mails are only written to the outbox) or "smtp"`, string(DeliveryOutbox), string(DeliverySMTP)))
	c.Delivery.From = r.address("delivery.from", raw.From)
	if c.Delivery.Kind != DeliverySMTP {
		return
	}
	m := raw.SMTP
	const at = "delivery.smtp"
	tls := r.tlsMode(at, m.TLS, TLSStart)
	c.Delivery.SMTP = SMTP{Host: r.host(at, m.Host, tls), Port: r.port(at, m.Port, smtpPorts[tls]),
		Username: m.Username, TLS: tls, Password: r.secret(c, at, m)}
	r.required(at+".username", m.Username)
}

// The well-known ports, used when port is left out.
var (
	imapPorts = map[TLSMode]int{TLSImplicit: 993, TLSStart: 143, TLSNone: 143}
	smtpPorts = map[TLSMode]int{TLSImplicit: 465, TLSStart: 587, TLSNone: 25}
)

func (r *reporter) tlsMode(at, v string, def TLSMode) TLSMode {
	return TLSMode(r.choice(at+".tls", v, string(def),
		`use "tls", "starttls" or "none" (only to 127.0.0.1, ::1 or localhost)`,
		string(TLSImplicit), string(TLSStart), string(TLSNone)))
}

// host checks a server name; a connection without TLS may only stay on this
// machine, where no one can read the password on the wire.
func (r *reporter) host(at, h string, tls TLSMode) string {
	path := at + ".host"
	if !r.required(path, h) {
		return h
	}
	if _, port, err := net.SplitHostPort(h); err == nil {
		r.bad(path, fmt.Sprintf("%q includes a port", h), "write the name alone and the port as port = "+port)
		return h
	}
	if tls == TLSNone && !isLoopback(h) {
		r.bad(at+".tls", fmt.Sprintf(`"none" would send the password in clear text to %s`, h),
			`use "tls" or "starttls"; "none" is allowed only to 127.0.0.1, ::1 or localhost`)
	}
	return h
}

func isLoopback(h string) bool {
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// atLeastOne is a count that must be 1 or more; def when the key is absent.
func (r *reporter) atLeastOne(path string, n, def int) int {
	if !r.ix.has(path) {
		return def
	}
	if n < 1 {
		r.bad(path, fmt.Sprintf("%d is not a count of 1 or more", n), fmt.Sprintf("use a whole number from 1 up, or leave %s out for %d", lastName(path), def))
		return def
	}
	return n
}

func (r *reporter) port(at string, p, def int) int {
	path := at + ".port"
	if !r.ix.has(path) {
		return def
	}
	if p < 1 || p > 65535 {
		r.bad(path, fmt.Sprintf("%d is not a port", p), fmt.Sprintf("use 1–65535, or leave port out for %d", def))
	}
	return p
}

// secret checks that exactly one of password_env and password_file is given.
func (r *reporter) secret(c *Config, at string, m rawMail) Secret {
	env, file := at+".password_env", at+".password_file"
	var s Secret
	switch {
	case r.ix.has(env) && r.ix.has(file):
		r.bad(file, "give password_env or password_file, not both", "remove one of them")
	case r.ix.has(env):
		if !envPattern.MatchString(m.PasswordEnv) {
			r.bad(env, fmt.Sprintf("%q is not an environment variable name", m.PasswordEnv),
				`use letters, digits and underscores, like "TURNPROC_PASSWORD"`)
		}
		s = Secret{Env: m.PasswordEnv, where: r.place(env)}
	case r.ix.has(file):
		if r.required(file, m.PasswordFile) {
			s = Secret{File: c.Path(m.PasswordFile), where: r.place(file)}
		}
	default:
		envKey, _ := lookup(env)
		fileKey, _ := lookup(file)
		r.at(r.anchor(env), at, "needs password_env or password_file",
			"add "+envKey.example+" (an environment variable) or "+fileKey.example+
				" (a file next to the config); the password itself never goes in the config")
	}
	return s
}

// place is an error template pointing at a key's value.
func (r *reporter) place(path string) Error {
	line, col := r.ix.position(r.ix.entries[path].val)
	return Error{File: r.file, Line: line, Col: col, Key: path}
}

func (r *reporter) checkPlayers(c *Config, raw []rawPlayer) {
	if r.notArrayOfTables("players") {
		return
	}
	if len(raw) < 2 {
		off := 0
		for _, p := range []string{"players", "players[1]"} {
			if e, ok := r.ix.entries[p]; ok {
				off = e.key
			}
		}
		r.at(off, "players", fmt.Sprintf("a campaign needs at least 2 players, found %d", len(raw)),
			"add a [[players]] table for each player")
	}
	ids := map[string]int{}
	emails := map[string]int{}
	for i, rp := range raw {
		at := fmt.Sprintf("players[%d]", i+1)
		p := Player{ID: rp.ID, Name: rp.Name, Race: rp.Race,
			Language:   r.language(at+".language", rp.Language),
			Initiative: campaign.Initiative(r.choice(at+".initiative", rp.Initiative, string(campaign.InitiativeFirst), `use "first" or "last" (D5)`, string(campaign.InitiativeFirst), string(campaign.InitiativeLast))),
		}
		if r.required(at+".id", rp.ID) {
			switch prev, dup := ids[rp.ID]; {
			case !idPattern.MatchString(rp.ID):
				r.bad(at+".id", fmt.Sprintf("%q is not a valid id", rp.ID), idHint+`, like "empire"`)
			case dup:
				r.bad(at+".id", fmt.Sprintf("%q is already the id of players[%d]", rp.ID, prev), "give every player a different id")
			case rp.ID == "moderator" || rp.ID == "moderador":
				r.bad(at+".id", fmt.Sprintf("%q is the word the moderator's own mail uses", rp.ID), "give the player another id")
			default:
				ids[rp.ID] = i + 1
			}
		}
		r.required(at+".name", rp.Name)
		r.required(at+".race", rp.Race)
		if rp.PasswordHash != "" {
			r.passwordHash(at+".password_hash", rp.PasswordHash)
			p.PasswordHash = rp.PasswordHash
		}
		if a := r.address(at+".email", rp.Email); a.Address != "" {
			p.Email = a.Address
			key := strings.ToLower(a.Address)
			if prev, dup := emails[key]; dup {
				r.bad(at+".email", fmt.Sprintf("%q is already the address of players[%d]", rp.Email, prev),
					"every player needs his own address: orders are recognised by their sender")
			} else if own := c.Delivery.From.Address; own != "" && strings.EqualFold(a.Address, own) {
				r.bad(at+".email", fmt.Sprintf("%q is the campaign's own address (delivery.from)", rp.Email),
					"give every player his own address: the campaign's mail to him would come back to it as orders")
			} else {
				emails[key] = i + 1
			}
		}
		if r.required(at+".capital", rp.Capital) {
			coord, err := campaign.ParseCoord(rp.Capital)
			if err != nil {
				r.bad(at+".capital", fmt.Sprintf("%q is not a square", rp.Capital),
					`write column letters then a row number counted from 1, like "E11"`)
			}
			p.Capital = coord
		}
		p.Armies = r.armies(at+".armies", rp.Armies)
		c.Players = append(c.Players, p)
	}
}

// armies checks the starting armies: 500–2500 in 500 blocks, at most the
// capital's 1000 points in all (§3.1); absent means one army of 1000.
func (r *reporter) armies(path string, armies []int) []int {
	if !r.ix.has(path) {
		return []int{campaign.CapitalValue * campaign.PointsPerValue}
	}
	total := 0
	for i, pts := range armies {
		if !campaign.LegalArmySize(pts) {
			r.bad(fmt.Sprintf("%s[%d]", path, i+1), fmt.Sprintf("%d is not an army size", pts),
				"an army has 500–2500 points in 500-point blocks")
		}
		total += pts
	}
	if limit := campaign.CapitalValue * campaign.PointsPerValue; total > limit {
		r.bad(path, fmt.Sprintf("the armies total %d points, more than the capital's %d", total, limit),
			"field at most 1000 points at the start; the rest stays in reserve (armies = [] keeps all of it there)")
	}
	return slices.Clone(armies)
}

func (r *reporter) checkAlliances(c *Config, raw []rawAlliance) {
	if r.notArrayOfTables("alliances") {
		return
	}
	for i, ra := range raw {
		at := fmt.Sprintf("alliances[%d]", i+1)
		if !r.ix.has(at + ".members") {
			r.missing(at + ".members")
			continue
		}
		if len(ra.Members) < 2 {
			r.bad(at+".members", fmt.Sprintf("an alliance needs at least 2 members, found %d", len(ra.Members)),
				`list the allied player ids, like members = ["empire", "dwarfs"]`)
		}
		for j, m := range ra.Members {
			path := fmt.Sprintf("%s.members[%d]", at, j+1)
			switch {
			case c.Player(m) == nil:
				r.bad(path, fmt.Sprintf("%q is not a player id", m), r.playerHint(c, m))
			case slices.Index(ra.Members, m) < j:
				r.bad(path, fmt.Sprintf("%q is listed twice: a player cannot ally with himself", m), "list each member once")
			}
		}
		c.Alliances = append(c.Alliances, Alliance{Members: slices.Clone(ra.Members)})
	}
}

func (r *reporter) playerHint(c *Config, id string) string {
	ids := make([]string, len(c.Players))
	for i, p := range c.Players {
		ids[i] = p.ID
	}
	if s := nearest(id, ids); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return "the players are: " + strings.Join(ids, ", ")
}

// notArrayOfTables catches [players] written with single brackets, which
// the decoder would quietly read as a one-element array.
func (r *reporter) notArrayOfTables(path string) bool {
	if r.ix.kind(path) != unstable.Table && r.ix.kind(path) != unstable.InlineTable {
		return false
	}
	r.at(r.ix.entries[path].key, path, "expected an array of tables, found a table", "write [["+path+"]] with double brackets, once per entry")
	return true
}
