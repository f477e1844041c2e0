package main

import (
	"context"
	"fmt"
	"runtime/debug"
)

func cmdVersion(ctx context.Context, e *env, args []string) error {
	fs := newFlags("version", "", "Print turnproc's version and the Go version it was built with.")
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	v, goVersion := "(devel)", "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		goVersion = bi.GoVersion
		if bi.Main.Version != "" {
			v = bi.Main.Version
		}
	}
	fmt.Fprintf(e.stdout, "turnproc %s (%s)\n", v, goVersion)
	return nil
}
