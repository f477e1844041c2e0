package main

import (
	"os"
	"syscall"
)

// crashEnv names the point at which crashPoint kills the process. It is
// how the crash tests (issue 7) kill the real binary at each phase of a
// run, as kill -9 or a power cut would, to check that running it again
// ends exactly as an uninterrupted run. Nobody sets it in production.
const crashEnv = "TURNPROC_CRASH_AT"

// The crash points of a run, in order.
const (
	crashFetched   = "fetched"   // mail stored in the inbox, not yet marked taken in the mailbox
	crashResolved  = "resolved"  // turn resolved and rendered, nothing written
	crashRecordIn  = "recording" // half the turn's files written into the temp folder
	crashRecorded  = "recorded"  // turns/NNN in place, next state not written
	crashCommitted = "committed" // next state written, no mail sent
	crashSentOne   = "sent-one"  // the first queued mail sent and marked
)

// crashPoint kills the process without any cleanup when the environment
// names this point.
func crashPoint(e *env, point string) {
	if e.getenv(crashEnv) != point {
		return
	}
	syscall.Kill(os.Getpid(), syscall.SIGKILL)
	select {} // the signal is on its way
}
