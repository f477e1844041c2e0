package main

import (
	"os"
	"strings"
	"syscall"
	"time"
)

// crashEnv names the point at which crashPoint kills the process. It is
// how the crash tests kill the real binary at each phase of a
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

// pauseEnv names a point and a path, "point:path", at which pausePoint
// stops the process until the test lets it go: it creates path.paused,
// then waits for path.go. It is how the race tests hold one real process
// at a chosen place while another runs. Nobody sets it in production.
const pauseEnv = "TURNPROC_PAUSE_AT"

// pauseLoaded is the point right after a command has read the turn it
// works on.
const pauseLoaded = "loaded"

// pausePoint holds the process when the environment names this point.
func pausePoint(e *env, point string) {
	at, path, ok := strings.Cut(e.getenv(pauseEnv), ":")
	if !ok || at != point {
		return
	}
	os.WriteFile(path+".paused", nil, 0o600) // the test waits for it; a failure shows as its timeout
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(path + ".go"); err == nil {
			return
		}
	}
}
