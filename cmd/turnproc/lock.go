package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
)

// The campaign's locks are flock(2) locks on files of the campaign
// directory, so the kernel frees them when their process dies, however it
// dies. While held, the file says who holds it ("pid 123 run since
// 2026-12-14T18:00:00Z"); a holder that finishes empties it. A lock taken
// over a file that still names someone is the trace of a process killed
// at work (docs/campaign-dir.md): it is reported, and the work resumes.

// lockOutbox takes the campaign's delivery lock, so that two turnproc
// processes never send the same queued mail; it does not wait.
func (c *campaignFiles) lockOutbox(e *env) (unlock func(), err error) {
	return c.lock(e, "deliver.lock", "another turnproc is sending this campaign's mail",
		"wait for it to finish; whatever it leaves queued is sent by the next run")
}

// lockWork takes the campaign's work lock, so that a cron check and a run
// never fetch, answer or resolve at the same time; it does not wait.
func (c *campaignFiles) lockWork(e *env) (unlock func(), err error) {
	unlock, err = c.lock(e, "turnproc.lock", "another turnproc check or run is working on this campaign",
		"wait for it to finish and run the command again (cron will)")
	if ce, ok := err.(*cliError); ok {
		ce.code = exitBlocked
	}
	return unlock, err
}

// begin takes the campaign's work lock, then reads the turn to be played
// and the state before it. The order matters: a turn read before the lock
// may be committed by another process meanwhile, and would then be played
// a second time, with the next turn's mail filed under it.
func (c *campaignFiles) begin(e *env) (turn int, s *campaign.State, unlock func(), err error) {
	if unlock, err = c.lockWork(e); err != nil {
		return 0, nil, nil, err
	}
	c.removeTemps(e)
	if turn, s, err = c.current(); err != nil {
		unlock()
		return 0, nil, nil, err
	}
	pausePoint(e, pauseLoaded)
	return turn, s, unlock, nil
}

// beginWaiting is begin for a command cron starts beside check (remind,
// hourly, when check runs every few minutes and both start on the hour):
// it waits up to within for the work lock rather than giving up at once.
func (c *campaignFiles) beginWaiting(e *env, within time.Duration) (turn int, s *campaign.State, unlock func(), err error) {
	until := time.Now().Add(within) // the lock is the wall clock's business, not the campaign's
	for {
		turn, s, unlock, err = c.begin(e)
		var ce *cliError
		if err == nil || !errors.As(err, &ce) || ce.code != exitBlocked || time.Now().After(until) {
			return turn, s, unlock, err
		}
		time.Sleep(time.Second)
	}
}

// removeTemps removes the temp files that killed writes left in the
// campaign. With the work lock held it also takes the delivery lock, so
// that no turnproc is writing at all; when a delivery is running it
// leaves them for the next command.
func (c *campaignFiles) removeTemps(e *env) {
	unlock, err := c.lockOutbox(e)
	if err != nil {
		return
	}
	defer unlock()
	stale, err := c.dir.RemoveTemps()
	if err != nil {
		e.log.Warn("temp files of an interrupted write not removed", "error", err)
	}
	for _, path := range stale {
		e.log.Info("removed a temp file of an interrupted write", "file", path)
	}
}

// lock takes an exclusive lock on a file of the campaign directory and
// writes the holder into it.
func (c *campaignFiles) lock(e *env, name, busy, hint string) (unlock func(), err error) {
	path := c.dir.Path(name)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, store.FileMode)
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, &cliError{code: exitFailure, err: fmt.Errorf("%s (%s is locked%s)", busy, path, heldBy(path)), hint: hint}
		}
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if stale := lockHolder(path); stale != "" {
		e.log.Warn("a turnproc was killed at work on this campaign; its work resumes", "lock", path, "holder", stale)
	}
	command := e.command
	if command == "" {
		command = "turnproc"
	}
	holder := fmt.Sprintf("pid %d %s since %s\n", os.Getpid(), command, e.now().UTC().Format(time.RFC3339))
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(holder), 0) // who holds it is for people; the flock is the lock
	}
	return func() {
		f.Truncate(0)
		f.Close() // closing the file releases the lock
	}, nil
}

// lockHolder is what a lock file says of its holder, "" when nobody.
func lockHolder(path string) string {
	b, _ := os.ReadFile(path) // an unreadable record names nobody
	return strings.TrimSpace(string(b))
}

// heldBy names the lock's holder for the busy error, when known.
func heldBy(path string) string {
	if h := lockHolder(path); h != "" {
		return " by " + h
	}
	return ""
}
