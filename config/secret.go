package config

import (
	"os"
	"strings"
)

// Secret is a password kept out of the config file: the name of an
// environment variable (password_env) or of a file (password_file, relative
// to the config's directory). Exactly one of Env and File is set.
type Secret struct {
	Env  string
	File string // resolved against the config's directory

	// where names the key that gave the secret, for Resolve's errors.
	where Error
}

// Resolve reads the password. getenv is usually os.Getenv; of a file,
// the first line is the password. Errors name the config key that points here.
func (s Secret) Resolve(getenv func(string) string) (string, error) {
	switch {
	case s.Env != "":
		if v := getenv(s.Env); v != "" {
			return v, nil
		}
		return "", s.fail("environment variable "+s.Env+" is not set",
			"export "+s.Env+" in the environment turnproc runs in (cron included), or use password_file")
	case s.File != "":
		data, err := os.ReadFile(s.File)
		if err != nil {
			return "", s.fail("cannot read the password: "+err.Error(), "create the file with the password on one line, readable only by you")
		}
		// The first line is the password; what follows it (a note, an
		// old password) is not part of it.
		line, _, _ := strings.Cut(string(data), "\n")
		v := strings.TrimSuffix(line, "\r")
		if v == "" {
			return "", s.fail(s.File+" is empty", "put the password on the file's first line")
		}
		return v, nil
	}
	return "", s.fail("no password_env or password_file is given", `add password_env = "VARIABLE" or password_file = "path"`)
}

func (s Secret) fail(msg, hint string) error {
	e := s.where
	e.Msg, e.Hint = msg, hint
	if e.File == "" {
		e.File = "(no config file)"
	}
	return &e
}
