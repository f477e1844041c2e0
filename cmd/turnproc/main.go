// Command turnproc processes a Warmaster map campaign played by email:
// it reads the players' order mails, resolves the campaign turn and writes
// (and mails) a PDF report for every player. See README.md.
//
// This package only wires the others together: flags, exit codes,
// logging, the clock and the file system live here; rules do not.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

// Exit codes, distinct so that a cron mail says what kind of failure it was.
const (
	exitOK       = 0
	exitFailure  = 1 // something went wrong while working (I/O, mail, …)
	exitUsage    = 2 // the command line is wrong
	exitBadInput = 3 // the campaign's files (config, map, state) are wrong
	exitBlocked  = 4 // the turn cannot be run yet
)

// env is everything a command takes from the outside world, so tests can
// run commands in-process with their own clock, output and environment.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	now            func() time.Time
	newSeed        func() (string, error)
	log            *slog.Logger
	command        string // the command running, for lock records
}

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, now: time.Now, newSeed: randomSeed}
	os.Exit(dispatch(context.Background(), e, os.Args[1:]))
}

func randomSeed() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

type command struct {
	name, summary string
	run           func(ctx context.Context, e *env, args []string) error
}

var commands []command

func init() {
	commands = []command{
		{"init", "make a new campaign directory from a config and a map", cmdInit},
		{"check", "fetch new order mail and answer each one with the orders as understood and their odds", cmdCheck},
		{"run", "process the current turn: read orders, resolve, write reports and mails", cmdRun},
		{"deliver", "send every queued mail (reports and acknowledgements) through SMTP", cmdDeliver},
		{"resend", "send a player's report mail of a played turn again", cmdResend},
		{"status", "show the campaign's turn, deadline, orders received and mail queued", cmdStatus},
		{"remind", "mail the players who have sent no orders yet when the deadline nears", cmdRemind},
		{"result", "record the result of a battle fought on the table", cmdResult},
		{"report", "render again the PDF report of a played turn from the archive", cmdReport},
		{"verify", "recompute every played turn's dice and outcome from the archive", cmdVerify},
		{"map", "write the public map as a one-page PDF and a PNG", cmdMap},
		{"siege", "table-side siege helpers: the pre-battle phase (siege prebattle), castle damage (siege damage)", cmdSiege},
		{"demo", "run the bundled example campaign end to end, with no server", cmdDemo},
		{"gen", "generate a synthetic campaign of any size with its order mails, for benchmarks", cmdGen},
		{"scenario", "run rule scenario files and report pass/fail", cmdScenario},
		{"passwd", "make the bcrypt hash of a player's password for the config", cmdPasswd},
		{"version", "print the version", cmdVersion},
	}
}

const usage = `turnproc processes a Warmaster map campaign played by email.

Usage:
  turnproc [-v] <command> [flags] [arguments]

Commands:
%s
Run "turnproc <command> --help" for a command's flags.
`

func dispatch(ctx context.Context, e *env, args []string) int {
	level := slog.LevelInfo
	if len(args) > 0 && (args[0] == "-v" || args[0] == "--verbose") {
		level = slog.LevelDebug
		args = args[1:]
	}
	e.log = slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			return dispatch(ctx, e, []string{args[1], "--help"})
		}
		fmt.Fprintf(e.stdout, usage, commandList())
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			e.command = c.name
			return report(e, c.run(ctx, e, args[1:]))
		}
	}
	return report(e, usageError(fmt.Sprintf("unknown command %q", args[0]), `run "turnproc help" for the list of commands`))
}

func commandList() string {
	var b strings.Builder
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-8s %s\n", c.name, c.summary)
	}
	return b.String()
}

// cliError is an error with its exit code and a hint for the user.
type cliError struct {
	code int
	err  error
	hint string
	more bool // the hint adds to the hints inside err (a way out the package cannot know)
}

func (c *cliError) Error() string { return c.err.Error() }
func (c *cliError) Unwrap() error { return c.err }

func usageError(msg, hint string) error {
	return &cliError{code: exitUsage, err: errors.New(msg), hint: hint}
}

func badInput(err error, hint string) error {
	return &cliError{code: exitBadInput, err: err, hint: hint}
}

// errHelp is returned after a command printed its --help.
var errHelp = errors.New("help shown")

// report prints each error as `turnproc: error: …`, followed by its
// `hint: …`, and returns the exit code. Packages give hints as typed
// problems (campaign.Problem and the positioned errors, several of them
// joined where a file has several mistakes); a command's own hint comes
// last.
func report(e *env, err error) int {
	if err == nil || errors.Is(err, errHelp) {
		return exitOK
	}
	code, hint := exitFailure, ""
	ce, _ := err.(*cliError)
	if ce != nil {
		code, hint, err = ce.code, ce.hint, ce.err
	} else if errors.As(err, &ce) {
		code, hint = ce.code, ce.hint
	}
	hinted := false
	for _, said := range campaign.Problems(err) {
		for _, line := range strings.Split(said.Text, "\n") { // one error line each, for grep
			fmt.Fprintf(e.stderr, "turnproc: error: %s\n", line)
		}
		if said.Hint != "" {
			fmt.Fprintf(e.stderr, "hint: %s\n", said.Hint)
			hinted = true
		}
	}
	if hint != "" && (!hinted || ce.more) {
		fmt.Fprintf(e.stderr, "hint: %s\n", hint)
	}
	return code
}
