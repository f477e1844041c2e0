package main

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestRunKilledAtEachPhase kills the real binary at each crash point of a
// run (crash.go), as kill -9 would, then lets cron carry on: "turnproc run
// --early" again if the turn is not committed, then "turnproc check" (which
// drains the queue). Every campaign file ends byte-identical to an
// uninterrupted run's, and the SMTP server receives each report mail
// exactly once.
func TestRunKilledAtEachPhase(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildTurnproc(t, t.TempDir())
	want, wantMails := crashRun(t, bin, "")
	for _, point := range []string{crashFetched, crashResolved, crashRecordIn, crashRecorded, crashCommitted, crashSentOne} {
		t.Run(point, func(t *testing.T) {
			got, gotMails := crashRun(t, bin, point)
			for _, p := range slices.Sorted(maps.Keys(want)) {
				if !bytes.Equal(got[p], want[p]) {
					t.Errorf("%s differs from the uninterrupted run's", p)
				}
			}
			for _, p := range slices.Sorted(maps.Keys(got)) {
				if _, ok := want[p]; !ok {
					t.Errorf("%s is left over", p)
				}
			}
			if !slices.Equal(gotMails, wantMails) {
				t.Errorf("the server received %d mails %q, want %q", len(gotMails), gotMails, wantMails)
			}
		})
	}
}

// crashRun plays turn 1 of the example campaign with the binary killed at
// point ("" for none) and carried on as cron would; it returns the
// campaign's files (but the sending times in sent/*.log) and the Message-IDs the
// server received, in order.
func crashRun(t *testing.T, bin *turnprocBin, point string) (map[string][]byte, []string) {
	t.Helper()
	sink := startSMTPSink(t)
	dir := withTurnOneMail(t)
	useSMTP(t, dir, sink.Port)
	env := []string{"TURNPROC_SMTP_PASSWORD=" + testPassword, crashEnv + "=" + point}
	err := runBin(bin, env, "run", "--early", "--dir", dir)
	var exit *exec.ExitError
	if point != "" {
		if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("run with %s=%s: %v, want killed", crashEnv, point, err)
		}
		env = env[:1]
		if _, err := os.Stat(filepath.Join(dir, "state", "turn-002.json")); err != nil {
			if err := runBin(bin, env, "run", "--early", "--dir", dir); err != nil {
				t.Fatalf("run again: %v", err)
			}
		}
	} else if err != nil {
		t.Fatalf("run: %v", err)
	}
	if err := runBin(bin, env, "check", "--dir", dir); err != nil {
		t.Fatalf("check: %v", err)
	}
	files := tree(t, dir)
	delete(files, "campaign.toml") // names this run's SMTP port; no command writes it
	for p := range files {
		if strings.Contains(p, string(filepath.Separator)+"sent"+string(filepath.Separator)) {
			files[p] = []byte("sent\n") // when it was sent differs from run to run
		}
		if strings.Contains(p, string(filepath.Separator)+"replies"+string(filepath.Separator)) {
			files[p] = undated(files[p]) // run answers what it fetched, at the time it runs
		}
	}
	var ids []string
	for _, m := range sink.Mails() {
		ids = append(ids, messageID(t, m.Data))
	}
	return files, ids
}

// runBin runs the binary with env added; an exit other than 0 comes back
// as an error holding its output, a kill as the bare *exec.ExitError.
func runBin(bin *turnprocBin, env []string, args ...string) error {
	cmd := exec.Command(bin.path, args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() >= 0 { // exited, not killed: say why
		return fmt.Errorf("%w\n%s", err, out)
	}
	return err
}

// undated is a mail without its Date header line, which says when it was
// written.
func undated(eml []byte) []byte {
	return regexp.MustCompile(`(?m)^Date: .*\r?\n`).ReplaceAll(eml, nil)
}
