package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlags makes a command's flag set; args and about go into its --help.
func newFlags(name, args, about string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: turnproc %s [flags] %s\n\n%s\n", name, args, about)
		var flags strings.Builder
		fs.SetOutput(&flags)
		fs.PrintDefaults()
		fs.SetOutput(w)
		if flags.Len() > 0 {
			fmt.Fprintf(w, "\nFlags:\n%s", flags.String())
		}
	}
	return fs
}

// parse parses args, prints --help on request and checks that exactly
// nargs positional arguments remain (-1: any number).
func parse(fs *flag.FlagSet, e *env, args []string, nargs int) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(e.stdout)
			fs.Usage()
			return errHelp
		}
		return usageError(fmt.Sprintf("%s: %v", fs.Name(), err), fmt.Sprintf(`run "turnproc %s --help"`, fs.Name()))
	}
	if nargs >= 0 && fs.NArg() != nargs {
		return usageError(fmt.Sprintf("%s takes %d argument(s), got %d", fs.Name(), nargs, fs.NArg()),
			fmt.Sprintf(`run "turnproc %s --help"`, fs.Name()))
	}
	return nil
}
