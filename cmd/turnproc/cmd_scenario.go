package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/turnproc/turnproc/scenario"
)

// cmdScenario runs rule scenario files (docs/scenarios.md): exit 0 when
// every case passes, 1 when one fails, 3 when a file cannot be read.
func cmdScenario(ctx context.Context, e *env, args []string) error {
	fs := newFlags("scenario", "FILE…", `Run rule scenario files: each case resolves one turn on its own small map with
scripted dice, and must give the state and events the file expects. Prints PASS or
FAIL for every case, the differences and the event trace of each failure, and a
summary. The format is in docs/scenarios.md.`)
	verbose := fs.Bool("verbose", false, "print the event trace of passing cases too")
	if err := parse(fs, e, args, -1); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError("scenario needs at least one file", `run "turnproc scenario --help"`)
	}
	var all []*scenario.Result
	var bad []error
	for _, file := range fs.Args() {
		data, err := os.ReadFile(file)
		if err != nil {
			bad = append(bad, fmt.Errorf("scenario: %w", err))
			continue
		}
		results, err := scenario.RunFile(file, data)
		if err != nil {
			bad = append(bad, err)
			continue
		}
		for _, r := range results {
			r.Report(e.stdout, *verbose)
		}
		all = append(all, results...)
	}
	fmt.Fprintln(e.stdout, scenario.Summary(all))
	if len(bad) > 0 {
		return badInput(errors.Join(bad...), "fix the file; docs/scenarios.md describes the format")
	}
	for _, r := range all {
		if !r.Passed() {
			return &cliError{code: exitFailure, err: errors.New(scenario.Summary(all)), hint: "a FAIL shows expected (-) against got (+); check the rule reading, then the file"}
		}
	}
	return nil
}
