package config

import "strings"

// key is one key the config understands. Paths are generic (players[] for
// any player); want and example feed the hints of type and missing-key errors.
type key struct {
	path, want, example string
}

const (
	aTable   = "a table"
	aString  = "a string"
	anInt    = "an integer"
	tableArr = "an array of tables"
)

// schema lists every key in the order docs/config.md describes them.
var schema = []key{
	{"campaign", aTable, "[campaign]"},
	{"campaign.id", aString, `id = "riverlands"`},
	{"campaign.title", aString, `title = "The Riverlands Campaign"`},
	{"campaign.moderator", aString, `moderator = "Marta <moderator@example.org>"`},
	{"campaign.language", aString, `language = "en"`},
	{"campaign.moderator_password_hash", aString, `moderator_password_hash = "$2a$10$…" (from turnproc passwd)`},
	{"campaign.seed", aString, `seed = "5eed0f7e1c0a2d3b"`},
	{"map", aTable, "[map]"},
	{"map.file", aString, `file = "map.txt"`},
	{"map.adjacency", aString, `adjacency = "orthogonal"`},
	{"deadline", aTable, "[deadline]"},
	{"deadline.first", "a date and time", "first = 2026-12-06T20:00:00Z"},
	{"deadline.every", "a duration string", `every = "168h"`},
	{"rules", aTable, "[rules]"},
	{"rules.blunder_on_12", "true or false", "blunder_on_12 = false"},
	{"siege", aTable, "[siege]"},
	{"siege.damage_model", aString, `damage_model = "profiles"`},
	{"intake", aTable, "[intake]"},
	{"intake.kind", aString, `kind = "maildir"`},
	{"intake.maildir", aString, `maildir = "mailbox"`},
	{"intake.check_from", "true or false", "check_from = true"},
	{"intake.max_wrong_passwords", anInt, "max_wrong_passwords = 5"},
	{"intake.max_answers_per_turn", anInt, "max_answers_per_turn = 50"},
	{"intake.max_answers_per_day", anInt, "max_answers_per_day = 20"},
	{"intake.imap", aTable, "[intake.imap]"},
	{"intake.imap.host", aString, `host = "imap.example.org"`},
	{"intake.imap.port", anInt, "port = 993"},
	{"intake.imap.username", aString, `username = "turns@example.org"`},
	{"intake.imap.tls", aString, `tls = "tls"`},
	{"intake.imap.folder", aString, `folder = "INBOX"`},
	{"intake.imap.processed_folder", aString, `processed_folder = "Processed"`},
	{"intake.imap.password_env", aString, `password_env = "TURNPROC_IMAP_PASSWORD"`},
	{"intake.imap.password_file", aString, `password_file = "imap.password"`},
	{"delivery", aTable, "[delivery]"},
	{"delivery.kind", aString, `kind = "outbox"`},
	{"delivery.from", aString, `from = "Turns <turns@example.org>"`},
	{"delivery.smtp", aTable, "[delivery.smtp]"},
	{"delivery.smtp.host", aString, `host = "smtp.example.org"`},
	{"delivery.smtp.port", anInt, "port = 587"},
	{"delivery.smtp.username", aString, `username = "turns@example.org"`},
	{"delivery.smtp.tls", aString, `tls = "starttls"`},
	{"delivery.smtp.password_env", aString, `password_env = "TURNPROC_SMTP_PASSWORD"`},
	{"delivery.smtp.password_file", aString, `password_file = "smtp.password"`},
	{"players", tableArr, "[[players]]"},
	{"players[]", aTable, "[[players]]"},
	{"players[].id", aString, `id = "empire"`},
	{"players[].name", aString, `name = "Karl Franz"`},
	{"players[].email", aString, `email = "karl@example.org"`},
	{"players[].language", aString, `language = "en"`},
	{"players[].race", aString, `race = "Empire"`},
	{"players[].capital", aString, `capital = "E11"`},
	{"players[].armies", "an array of integers", "armies = [500, 500]"},
	{"players[].armies[]", anInt, "armies = [500, 500]"},
	{"players[].initiative", aString, `initiative = "first"`},
	{"players[].password_hash", aString, `password_hash = "$2a$10$…" (from turnproc passwd)`},
	{"alliances", tableArr, "[[alliances]]"},
	{"alliances[]", aTable, "[[alliances]]"},
	{"alliances[].members", "an array of strings", `members = ["empire", "dwarfs"]`},
	{"alliances[].members[]", aString, `members = ["empire", "dwarfs"]`},
}

// lookup finds a key by its concrete or generic path.
func lookup(path string) (key, bool) {
	g := generic(path)
	for _, k := range schema {
		if k.path == g {
			return k, true
		}
	}
	return key{}, false
}

// holdsKeys says whether keys may appear inside this one.
func (k key) holdsKeys() bool { return k.want == aTable || k.want == tableArr }

// children lists the key names allowed directly under a generic path.
func children(parentPath string) []string {
	var out []string
	for _, k := range schema {
		if parent(k.path) == parentPath && !strings.HasSuffix(k.path, "]") {
			out = append(out, lastName(k.path))
		}
	}
	return out
}

// nearest suggests the known name closest to a misspelt one, or "".
func nearest(name string, known []string) string {
	best, bestD := "", 3
	if len(name) > 64 {
		return "" // no key is that long
	}
	for _, k := range known {
		if strings.EqualFold(k, name) {
			return k
		}
		if d := editDistance(strings.ToLower(name), k); d < bestD && d <= len(name)/2 {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance counts insertions, deletions, substitutions and swaps of
// neighbours (optimal string alignment), on bytes: keys are ASCII.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
