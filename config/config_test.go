package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

const examplePath = "../examples/riverlands/campaign.toml"

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestExampleLoads(t *testing.T) {
	c, err := Load(examplePath)
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"dir", c.Dir, filepath.Clean("../examples/riverlands")},
		{"id", c.Campaign.ID, "riverlands"},
		{"title", c.Campaign.Title, "The Riverlands Campaign"},
		{"moderator", c.Campaign.Moderator.Address, "moderator@riverlands.example"},
		{"language", c.Campaign.Language, "en"},
		{"seed", c.Campaign.Seed, "5eed0f7e1c0a2d3b"},
		{"map file", c.Path(c.Map.File), filepath.Join("../examples/riverlands", "map.txt")},
		{"adjacency", c.Map.Adjacency, campaign.Orthogonal},
		{"first", c.Deadline.First, time.Date(2026, 12, 6, 20, 0, 0, 0, time.UTC)},
		{"every", c.Deadline.Every, 168 * time.Hour},
		{"rules", c.Rules(), campaign.Rules{BlunderOn12: false}},
		{"damage model", c.Siege.DamageModel, DamageProfiles},
		{"intake", c.Intake.Kind, IntakeMaildir},
		{"maildir", c.Intake.Maildir, "mailbox"},
		{"max_wrong_passwords", c.Intake.MaxWrongPasswords, 5},
		{"max_answers_per_turn", c.Intake.MaxAnswersPerTurn, 50},
		{"max_answers_per_day", c.Intake.MaxAnswersPerDay, 20},
		{"delivery", c.Delivery.Kind, DeliveryOutbox},
		{"from", c.Delivery.From.String(), `"Riverlands turnproc" <turns@riverlands.example>`},
		{"players", len(c.Players), 4},
		{"alliances", len(c.Alliances), 1},
		{"empire allies", c.Allies("empire"), []string{"dwarfs"}},
		{"dwarfs allies", c.Allies("dwarfs"), []string{"empire"}},
		{"orcs allies", c.Allies("orcs"), []string(nil)},
	}
	for _, ch := range checks {
		if !equal(ch.got, ch.want) {
			t.Errorf("%s = %#v, want %#v", ch.name, ch.got, ch.want)
		}
	}
	want := []Player{
		{ID: "empire", Name: "Karl Franz", Email: "karl@reikland.example", Language: "en", Race: "Empire", Capital: campaign.Coord{Col: 4, Row: 10}, Armies: []int{500, 500}, Initiative: campaign.InitiativeFirst},
		{ID: "dwarfs", Name: "Belegar", Email: "belegar@karak.example", Language: "es", Race: "Dwarfs", Capital: campaign.Coord{Col: 16, Row: 2}, Armies: []int{500, 500}, Initiative: campaign.InitiativeFirst},
		{ID: "orcs", Name: "Grom", Email: "grom@blackcrag.example", Language: "en", Race: "Orcs & Goblins", Capital: campaign.Coord{Col: 15, Row: 10}, Armies: []int{1000}, Initiative: campaign.InitiativeFirst},
		{ID: "chaos", Name: "Archaón", Email: "archaon@ruinfort.example", Language: "es", Race: "Chaos", Capital: campaign.Coord{Col: 7, Row: 1}, Armies: []int{500, 500}, Initiative: campaign.InitiativeFirst},
	}
	for i, p := range want {
		if !equal(c.Players[i], p) {
			t.Errorf("players[%d] = %+v, want %+v", i+1, c.Players[i], p)
		}
	}
	setups := c.PlayerSetups()
	if got := setups[1]; got.ID != "dwarfs" || !slices.Equal(got.Allies, []string{"empire"}) || !slices.Equal(got.Armies, []int{500, 500}) || got.Capital.String() != "Q3" {
		t.Errorf("PlayerSetups()[1] = %+v", got)
	}
}

// equal compares deeply, and times as instants.
func equal(a, b any) bool {
	if x, ok := a.(time.Time); ok {
		return x.Equal(b.(time.Time))
	}
	return reflect.DeepEqual(a, b)
}

func TestDefaults(t *testing.T) {
	c, err := Parse("testdata/minimal.toml", readFile(t, "testdata/minimal.toml"))
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"title", c.Campaign.Title, "mini"},
		{"moderator", c.Campaign.Moderator.Address, "mod@mini.example"},
		{"language", c.Campaign.Language, "en"},
		{"adjacency", c.Map.Adjacency, campaign.Orthogonal},
		{"blunder_on_12", c.Rules().BlunderOn12, false},
		{"damage model", c.Siege.DamageModel, DamageProfiles},
		{"intake", c.Intake.Kind, IntakeMaildir},
		{"maildir", c.Intake.Maildir, "mailbox"},
		{"max_wrong_passwords", c.Intake.MaxWrongPasswords, 5},
		{"max_answers_per_turn", c.Intake.MaxAnswersPerTurn, 50},
		{"max_answers_per_day", c.Intake.MaxAnswersPerDay, 20},
		{"delivery", c.Delivery.Kind, DeliveryOutbox},
		{"player language", c.Players[0].Language, "en"},
		{"initiative", c.Players[1].Initiative, campaign.InitiativeFirst},
		{"armies", len(c.Players[0].Armies) == 1 && c.Players[0].Armies[0] == 1000, true},
		{"email kept as written", c.Players[1].Email, "Bob@Mini.Example"},
		{"alliances", len(c.Alliances), 0},
		{"allies", c.Allies("a"), []string(nil)},
	}
	for _, ch := range checks {
		if !equal(ch.got, ch.want) {
			t.Errorf("%s = %#v, want %#v", ch.name, ch.got, ch.want)
		}
	}
}

func TestMailSettings(t *testing.T) {
	c, err := Load("testdata/mail.toml")
	if err != nil {
		t.Fatal(err)
	}
	imap, smtp := c.Intake.IMAP, c.Delivery.SMTP
	if imap.Host != "imap.mail.example" || imap.Port != 143 || imap.TLS != TLSStart || imap.Folder != "INBOX" ||
		imap.ProcessedFolder != "Processed" || imap.Username != "turns@mail.example" || imap.Password.Env != "TEST_IMAP_PASSWORD" {
		t.Errorf("imap = %+v", imap)
	}
	if smtp.Host != "127.0.0.1" || smtp.Port != 2525 || smtp.TLS != TLSNone || smtp.Username != "turns" ||
		smtp.Password.File != filepath.Join("testdata", "secrets", "smtp.password") {
		t.Errorf("smtp = %+v", smtp)
	}
	if a := c.Players[0]; len(a.Armies) != 0 || a.Initiative != campaign.InitiativeLast {
		t.Errorf("players[1] = %+v, want no armies and initiative last", a)
	}
	for _, addr := range []string{"bob@mail.example", "BOB@Mail.Example", "Bob <Bob@mail.example>", " bob@mail.example "} {
		if p := c.PlayerByEmail(addr); p == nil || p.ID != "b" {
			t.Errorf("PlayerByEmail(%q) = %v, want b", addr, p)
		}
	}
	if p := c.PlayerByEmail("mallory@mail.example"); p != nil {
		t.Errorf("PlayerByEmail(stranger) = %v", p)
	}
	if p := c.Player("a"); p == nil || p.Name != "Alice" {
		t.Errorf("Player(a) = %v", p)
	}
	if p := c.Player("z"); p != nil {
		t.Errorf("Player(z) = %v", p)
	}
}

func TestSecretResolve(t *testing.T) {
	c, err := Load("testdata/mail.toml")
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"TEST_IMAP_PASSWORD": "s3cret"}
	got, err := c.Intake.IMAP.Password.Resolve(func(k string) string { return env[k] })
	if got != "s3cret" || err != nil {
		t.Errorf("env secret = %q, %v", got, err)
	}
	_, err = c.Intake.IMAP.Password.Resolve(func(string) string { return "" })
	const unset = "config: testdata/mail.toml:22:16: intake.imap.password_env: environment variable TEST_IMAP_PASSWORD is not set\n" +
		"hint: export TEST_IMAP_PASSWORD in the environment turnproc runs in (cron included), or use password_file"
	if err == nil || campaign.ErrorText(err) != unset {
		t.Errorf("unset env error =\n%v\nwant\n%s", err, unset)
	}
	got, err = c.Delivery.SMTP.Password.Resolve(nil)
	if got != "hunter2" || err != nil {
		t.Errorf("file secret = %q, %v (the trailing newline must go)", got, err)
	}
	// Only the first line is the password: a note below it, or a Windows
	// line end, is not part of it.
	for _, text := range []string{"hunter2\nold: letmein\n", "hunter2\r\n", "hunter2"} {
		file := c.Delivery.SMTP.Password
		file.File = filepath.Join(t.TempDir(), "pw")
		if err := os.WriteFile(file.File, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		if got, err := file.Resolve(nil); got != "hunter2" || err != nil {
			t.Errorf("file %q gives %q, %v; want its first line", text, got, err)
		}
	}
	missing := c.Delivery.SMTP.Password
	missing.File = filepath.Join("testdata", "secrets", "nope")
	_, err = missing.Resolve(nil)
	const noFile = "config: testdata/mail.toml:33:17: delivery.smtp.password_file: cannot read the password: open testdata/secrets/nope: no such file or directory\n" +
		"hint: create the file with the password on one line, readable only by you"
	if err == nil || campaign.ErrorText(err) != noFile {
		t.Errorf("missing file error =\n%v\nwant\n%s", err, noFile)
	}
	var e *Error
	if !errors.As(err, &e) || e.Key != "delivery.smtp.password_file" {
		t.Errorf("error %v is not a *config.Error for the key", err)
	}
}

func TestDeadlineOf(t *testing.T) {
	d := Deadline{First: time.Date(2027, 1, 3, 18, 0, 0, 0, time.UTC), Every: 72 * time.Hour}
	for turn, want := range map[int]time.Time{
		1:  time.Date(2027, 1, 3, 18, 0, 0, 0, time.UTC),
		2:  time.Date(2027, 1, 6, 18, 0, 0, 0, time.UTC),
		12: time.Date(2027, 2, 5, 18, 0, 0, 0, time.UTC),
	} {
		if got := d.DeadlineOf(turn); !got.Equal(want) {
			t.Errorf("DeadlineOf(%d) = %v, want %v", turn, got, want)
		}
	}
}

// TestBadConfigs edits testdata/minimal.toml (each edit must match exactly
// once) and expects exactly one error text.
func TestBadConfigs(t *testing.T) {
	base := string(readFile(t, "testdata/minimal.toml"))
	const imap = "\n[intake]\nkind = \"imap\"\n\n[intake.imap]\nhost = \"imap.example.org\"\nusername = \"u\"\n"
	tests := []struct {
		name, old, new, want string
	}{
		{"syntax error", `every = "72h"`, `every = "72h`,
			"config: campaign.toml:12:13: basic strings cannot have new lines"},
		{"unquoted text", `race = "Dwarfs"`, `race = Dwarfs`,
			"config: campaign.toml:28:8: unexpected character U+0044 'D' at start of value\nhint: text needs double quotes, like language = \"en\""},
		{"unknown key with suggestion", `seed = "abc"`, `sede = "abc"`,
			"config: campaign.toml:5:1: campaign.sede: unknown key\nhint: did you mean \"seed\"?"},
		{"unknown key in a player", "capital = \"D4\"", "capital = \"D4\"\ncolour = \"red\"",
			"config: campaign.toml:30:1: players[2].colour: unknown key\nhint: [[players]] takes: id, name, email, language, race, capital, armies, initiative, password_hash"},
		{"unknown table", "[map]", "[maps]",
			"config: campaign.toml:7:2: maps: unknown key\nhint: did you mean \"map\"?"},
		{"key in the wrong case", `id = "mini"`, `ID = "mini"`,
			"config: campaign.toml:3:1: campaign.ID: unknown key\nhint: did you mean \"id\"?"},
		{"literal password", "[delivery]", imap + "password = \"hunter2\"\n\n[delivery]",
			"config: campaign.toml:21:1: intake.imap.password: passwords do not belong in the config file\n" +
				"hint: use password_env = \"VARIABLE\" (an environment variable) or password_file = \"path\" (a file next to the config) instead"},
		{"bad language", `race = "Dwarfs"`, "race = \"Dwarfs\"\nlanguage = \"fr\"",
			"config: campaign.toml:29:12: players[2].language: \"fr\" is not a language turnproc speaks\nhint: use \"en\" or \"es\""},
		{"duplicate player id", `id = "b"`, `id = "a"`,
			"config: campaign.toml:25:6: players[2].id: \"a\" is already the id of players[1]\nhint: give every player a different id"},
		{"bad player id", `id = "b"`, `id = "Bob"`,
			"config: campaign.toml:25:6: players[2].id: \"Bob\" is not a valid id\nhint: use lower-case letters, digits and dashes, starting with a letter or digit, like \"empire\""},
		{"duplicate email", `email = "Bob@Mini.Example"`, `email = "ALICE@mini.example"`,
			"config: campaign.toml:27:9: players[2].email: \"ALICE@mini.example\" is already the address of players[1]\nhint: every player needs his own address: orders are recognised by their sender"},
		{"bad email", `email = "Bob@Mini.Example"`, `email = "bob at mini"`,
			"config: campaign.toml:27:9: players[2].email: \"bob at mini\" is not an email address\nhint: write it like email = \"karl@example.org\""},
		{"bad capital", `capital = "D4"`, `capital = "4D"`,
			"config: campaign.toml:29:11: players[2].capital: \"4D\" is not a square\nhint: write column letters then a row number counted from 1, like \"E11\""},
		{"bad army size", `capital = "D4"`, "capital = \"D4\"\narmies = [700]",
			"config: campaign.toml:30:11: players[2].armies[1]: 700 is not an army size\nhint: an army has 500–2500 points in 500-point blocks"},
		{"armies over 1000", `capital = "D4"`, "capital = \"D4\"\narmies = [1000, 500]",
			"config: campaign.toml:30:1: players[2].armies: the armies total 1500 points, more than the capital's 1000\n" +
				"hint: field at most 1000 points at the start; the rest stays in reserve (armies = [] keeps all of it there)"},
		{"bad initiative", `capital = "D4"`, "capital = \"D4\"\ninitiative = \"middle\"",
			"config: campaign.toml:30:14: players[2].initiative: \"middle\" is not one of first, last\nhint: use \"first\" or \"last\" (D5)"},
		{"alliance with unknown member", `capital = "D4"`, "capital = \"D4\"\n\n[[alliances]]\nmembers = [\"a\", \"bb\"]",
			"config: campaign.toml:32:17: alliances[1].members[2]: \"bb\" is not a player id\nhint: did you mean \"b\"?"},
		{"alliance with itself", `capital = "D4"`, "capital = \"D4\"\n\n[[alliances]]\nmembers = [\"a\", \"a\"]",
			"config: campaign.toml:32:17: alliances[1].members[2]: \"a\" is listed twice: a player cannot ally with himself\nhint: list each member once"},
		{"alliance of one", `capital = "D4"`, "capital = \"D4\"\n\n[[alliances]]\nmembers = [\"a\"]",
			"config: campaign.toml:32:1: alliances[1].members: an alliance needs at least 2 members, found 1\nhint: list the allied player ids, like members = [\"empire\", \"dwarfs\"]"},
		{"missing required key", "[map]\nfile = \"map.txt\"\n", "[map]\n",
			"config: campaign.toml:7:2: map.file: required key is missing\nhint: add file = \"map.txt\" under [map]"},
		{"missing player key", "race = \"Dwarfs\"\n", "",
			"config: campaign.toml:24:3: players[2].race: required key is missing\nhint: add race = \"Empire\" to the [[players]] table here"},
		{"missing table", "[delivery]\nfrom = \"turns@mini.example\"\n", "",
			"config: campaign.toml:1:1: delivery.from: required key is missing\nhint: add from = \"Turns <turns@example.org>\" under [delivery]"},
		{"unknown array of tables", "[[players]]\nid = \"b\"", "[[playerz]]\nid = \"b\"",
			"config: campaign.toml:24:3: playerz: unknown key\nhint: did you mean \"players\"?"},
		{"too few players", "\n[[players]]\nid = \"b\"\nname = \"Bob\"\nemail = \"Bob@Mini.Example\"\nrace = \"Dwarfs\"\ncapital = \"D4\"\n", "",
			"config: campaign.toml:17:3: players: a campaign needs at least 2 players, found 1\nhint: add a [[players]] table for each player"},
		{"single brackets", "[[players]]\nid = \"a\"", "[players]\nid = \"a\"",
			"config: campaign.toml:24:3: key players already exists as a table, but should be an array table"},
		{"tls none to a remote host", "[delivery]", imap + "tls = \"none\"\npassword_env = \"IMAP_PW\"\n\n[delivery]",
			"config: campaign.toml:21:7: intake.imap.tls: \"none\" would send the password in clear text to imap.example.org\n" +
				"hint: use \"tls\" or \"starttls\"; \"none\" is allowed only to 127.0.0.1, ::1 or localhost"},
		{"no password source", "[delivery]", imap + "\n[delivery]",
			"config: campaign.toml:18:2: intake.imap: needs password_env or password_file\n" +
				"hint: add password_env = \"TURNPROC_IMAP_PASSWORD\" (an environment variable) or password_file = \"imap.password\" (a file next to the config); the password itself never goes in the config"},
		{"two password sources", "[delivery]", imap + "password_env = \"IMAP_PW\"\npassword_file = \"pw\"\n\n[delivery]",
			"config: campaign.toml:22:17: intake.imap.password_file: give password_env or password_file, not both\nhint: remove one of them"},
		{"bad port", "[delivery]", imap + "port = 99999\npassword_env = \"IMAP_PW\"\n\n[delivery]",
			"config: campaign.toml:21:8: intake.imap.port: 99999 is not a port\nhint: use 1–65535, or leave port out for 993"},
		{"host with port", "[delivery]", "\n[intake]\nkind = \"imap\"\n\n[intake.imap]\nhost = \"imap.example.org:993\"\nusername = \"u\"\npassword_env = \"IMAP_PW\"\n\n[delivery]",
			"config: campaign.toml:19:8: intake.imap.host: \"imap.example.org:993\" includes a port\nhint: write the name alone and the port as port = 993"},
		{"no answers at all", "[delivery]", "[intake]\nmax_answers_per_day = 0\n\n[delivery]",
			"config: campaign.toml:15:23: intake.max_answers_per_day: 0 is not a count of 1 or more\nhint: use a whole number from 1 up, or leave max_answers_per_day out for 20"},
		{"bad intake kind", "[delivery]", "[intake]\nkind = \"pop3\"\n\n[delivery]",
			"config: campaign.toml:15:8: intake.kind: \"pop3\" is not one of maildir, imap\nhint: use \"maildir\" (a local mail directory) or \"imap\""},
		{"bad damage model", "[delivery]", "[siege]\ndamage_model = \"dice\"\n\n[delivery]",
			"config: campaign.toml:15:16: siege.damage_model: \"dice\" is not one of profiles, tables\nhint: use \"profiles\" (ES castle profiles, the default) or \"tables\" (IT damage tables), see D17"},
		{"bad adjacency", `file = "map.txt"`, "file = \"map.txt\"\nadjacency = \"hex\"",
			"config: campaign.toml:9:13: map.adjacency: \"hex\" is not one of orthogonal, octile\nhint: use \"orthogonal\" (squares sharing an edge, the default, D3) or \"octile\" (all 8 neighbours)"},
		{"bad duration", `every = "72h"`, `every = "3 days"`,
			"config: campaign.toml:12:9: deadline.every: \"3 days\" is not a duration\nhint: write hours, minutes or seconds, like \"168h\" for one week"},
		{"zero duration", `every = "72h"`, `every = "0s"`,
			"config: campaign.toml:12:9: deadline.every: \"0s\" is not more than zero\nhint: write hours, minutes or seconds, like \"168h\" for one week"},
		{"duration as a number", `every = "72h"`, `every = 72`,
			"config: campaign.toml:12:9: deadline.every: expected a duration string, found an integer\nhint: write it like every = \"168h\""},
		{"local date-time", "2027-01-03T18:00:00+01:00", "2027-01-03T18:00:00",
			"config: campaign.toml:11:9: deadline.first: has no time-zone offset\n" +
				"hint: write a date and time with Z (UTC) or an offset, without quotes: first = 2026-12-06T20:00:00Z"},
		{"quoted date-time", "2027-01-03T18:00:00+01:00", `"2027-01-03T18:00:00Z"`,
			"config: campaign.toml:11:9: deadline.first: expected a date and time, found a string\n" +
				"hint: write a date and time with Z (UTC) or an offset, without quotes: first = 2026-12-06T20:00:00Z"},
		{"bad campaign id", `id = "mini"`, `id = "Mini Campaign"`,
			"config: campaign.toml:3:6: campaign.id: \"Mini Campaign\" is not a valid id\nhint: use lower-case letters, digits and dashes, starting with a letter or digit, like \"riverlands\""},
		{"empty value", `file = "map.txt"`, `file = ""`,
			"config: campaign.toml:8:8: map.file: must not be empty\nhint: write it like file = \"map.txt\""},
		// A name goes into mail headers: a line break would forge headers,
		// an escape byte would drive the moderator's terminal.
		{"name with a line break", `name = "Bob"`, `name = "Bob\r\nBcc: all@evil.example"`,
			"config: campaign.toml:26:8: players[2].name: contains a control character (U+000D)\nhint: write it on one line, without tabs or control characters: names go into mail headers and reports"},
		{"title with an escape", `id = "mini"`, "id = \"mini\"\ntitle = \"Mini\\u001b[2J\"",
			"config: campaign.toml:4:9: campaign.title: contains a control character (U+001B)\nhint: write it on one line, without tabs or control characters: names go into mail headers and reports"},
		{"multi-line race", `race = "Dwarfs"`, "race = \"\"\"Dwarfs\nof Karak\"\"\"",
			"config: campaign.toml:28:8: players[2].race: contains a control character (U+000A)\nhint: write it on one line, without tabs or control characters: names go into mail headers and reports"},
		{"tab in a moderator name", `moderator = "mod@mini.example"`, `moderator = "Mod\tX <mod@mini.example>"`,
			"config: campaign.toml:4:13: campaign.moderator: contains a control character (U+0009)\nhint: write it on one line, without tabs or control characters: names go into mail headers and reports"},
		{"player address is the campaign's", `email = "Bob@Mini.Example"`, `email = "Turns@mini.example"`,
			"config: campaign.toml:27:9: players[2].email: \"Turns@mini.example\" is the campaign's own address (delivery.from)\nhint: give every player his own address: the campaign's mail to him would come back to it as orders"},
		{"bcrypt cost too high", `capital = "D4"`, "capital = \"D4\"\npassword_hash = \"$2a$31$" + strings.Repeat("a", 53) + "\"",
			"config: campaign.toml:30:17: players[2].password_hash: bcrypt cost 31 is more than 14: checking one password would hold up every check\nhint: make the hash with \"turnproc passwd\" (cost 10) and paste it here"},
		{"moderator bcrypt cost too high", `seed = "abc"`, "seed = \"abc\"\nmoderator_password_hash = \"$2a$15$" + strings.Repeat("a", 53) + "\"",
			"config: campaign.toml:6:27: campaign.moderator_password_hash: bcrypt cost 15 is more than 14: checking one password would hold up every check\nhint: make the hash with \"turnproc passwd\" (cost 10) and paste it here"},
		{"several errors in file order", `capital = "B2"`, "capital = \"B2\"\nlanguage = \"de\"\narmies = [250]",
			"config: campaign.toml:23:12: players[1].language: \"de\" is not a language turnproc speaks\nhint: use \"en\" or \"es\"\n" +
				"config: campaign.toml:24:11: players[1].armies[1]: 250 is not an army size\nhint: an army has 500–2500 points in 500-point blocks"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := strings.Count(base, tt.old); n != 1 {
				t.Fatalf("%q occurs %d times in minimal.toml", tt.old, n)
			}
			doc := strings.Replace(base, tt.old, tt.new, 1)
			c, err := Parse("campaign.toml", []byte(doc))
			if err == nil {
				t.Fatalf("no error; config %+v", c)
			}
			if campaign.ErrorText(err) != tt.want {
				t.Errorf("error:\n%s\nwant:\n%s", err, tt.want)
			}
		})
	}
}

// TestBadFiles covers configs that one edit of minimal.toml cannot make.
func TestBadFiles(t *testing.T) {
	tests := map[string]string{
		"testdata/single-bracket.toml": "config: testdata/single-bracket.toml:17:2: players: expected an array of tables, found a table\n" +
			"hint: write [[players]] with double brackets, once per entry",
		"testdata/empty.toml": "config: testdata/empty.toml:1:1: campaign.id: required key is missing\nhint: add id = \"riverlands\" under [campaign]\n" +
			"config: testdata/empty.toml:1:1: campaign.moderator: required key is missing\nhint: add moderator = \"Marta <moderator@example.org>\" under [campaign]\n" +
			"config: testdata/empty.toml:1:1: map.file: required key is missing\nhint: add file = \"map.txt\" under [map]\n" +
			"config: testdata/empty.toml:1:1: deadline.first: required key is missing\nhint: add first = 2026-12-06T20:00:00Z under [deadline]\n" +
			"config: testdata/empty.toml:1:1: deadline.every: required key is missing\nhint: add every = \"168h\" under [deadline]\n" +
			"config: testdata/empty.toml:1:1: delivery.from: required key is missing\nhint: add from = \"Turns <turns@example.org>\" under [delivery]\n" +
			"config: testdata/empty.toml:1:1: players: a campaign needs at least 2 players, found 0\nhint: add a [[players]] table for each player",
	}
	for path, want := range tests {
		_, err := Load(path)
		if err == nil || campaign.ErrorText(err) != want {
			t.Errorf("Load(%s) error:\n%v\nwant:\n%s", path, err, want)
		}
	}
}

// TestDocsExamples keeps docs/config.md honest: its first TOML block is the
// example file, and its IMAP/SMTP variant is a valid config.
func TestDocsExamples(t *testing.T) {
	var blocks []string
	for i, part := range strings.Split(string(readFile(t, "../docs/config.md")), "```toml\n") {
		if i > 0 {
			blocks = append(blocks, part[:strings.Index(part, "```")])
		}
	}
	example := string(readFile(t, examplePath))
	if len(blocks) != 2 || blocks[0] != example {
		t.Fatalf("docs/config.md: want 2 TOML blocks, the first equal to %s", examplePath)
	}
	start, end := strings.Index(example, "[intake]"), strings.Index(example, "[[players]]")
	c, err := Parse(examplePath, []byte(example[:start]+blocks[1]+"\n"+example[end:]))
	if err != nil {
		t.Fatal(err)
	}
	if c.Intake.IMAP.Port != 993 || c.Delivery.SMTP.Port != 587 || c.Delivery.SMTP.Password.File != filepath.Join("../examples/riverlands", "smtp.password") {
		t.Errorf("intake %+v, delivery %+v", c.Intake, c.Delivery)
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load("testdata/nope.toml")
	const want = "config: open testdata/nope.toml: no such file or directory"
	if err == nil || campaign.ErrorText(err) != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

func FuzzParse(f *testing.F) {
	for _, p := range []string{examplePath, "testdata/minimal.toml", "testdata/mail.toml"} {
		f.Add(readFile(f, p))
	}
	f.Add([]byte("[[players]]\nid = 1\n[players.x]\ny = [{a = 1}, [2]]\n"))
	f.Add([]byte("a.b.c = 1\n[a]\n\"q.r\" = 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("fuzz.toml", data)
		if (c == nil) == (err == nil) {
			t.Fatalf("Parse returned config %v and error %v", c, err)
		}
		if err != nil && !strings.HasPrefix(campaign.ErrorText(err), "config: fuzz.toml") {
			t.Fatalf("error without the file name: %v", err)
		}
	})
}

func TestErrorAt(t *testing.T) {
	c, err := Parse("campaign.toml", readFile(t, "testdata/minimal.toml"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ key, want string }{
		{"players[2].capital", "config: campaign.toml:29:11: players[2].capital: capital D4 is off the map (A1–C3)\nhint: pick a land square"},
		{"map.file", "config: campaign.toml:8:8: map.file: capital D4 is off the map (A1–C3)\nhint: pick a land square"},
		// Left to its default: the table that would hold it.
		{"players[1].armies", "config: campaign.toml:17:3: players[1].armies: capital D4 is off the map (A1–C3)\nhint: pick a land square"},
		{"intake.maildir", "config: campaign.toml:1:1: intake.maildir: capital D4 is off the map (A1–C3)\nhint: pick a land square"},
	}
	for _, tc := range cases {
		if got := campaign.ErrorText(c.ErrorAt(tc.key, "capital D4 is off the map (A1–C3)", "pick a land square")); got != tc.want {
			t.Errorf("ErrorAt(%s):\n got %s\nwant %s", tc.key, got, tc.want)
		}
	}
}

// TestByteOrderMark: Notepad's byte order mark is not part of the config.
func TestByteOrderMark(t *testing.T) {
	data := readFile(t, "testdata/minimal.toml")
	want, err := Parse("campaign.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse("campaign.toml", append([]byte("\uFEFF"), data...))
	if err != nil {
		t.Fatal(err)
	}
	if !equal(got, want) {
		t.Errorf("with a BOM: %+v\nwithout: %+v", got, want)
	}
	_, err = Parse("campaign.toml", []byte("\uFEFF[campaign]\nid = \"Bad Id\"\n"))
	if err == nil || !strings.Contains(campaign.ErrorText(err), "\nconfig: campaign.toml:2:6: campaign.id: \"Bad Id\" is not a valid id") {
		t.Errorf("positions after a BOM: %v", err)
	}
}
