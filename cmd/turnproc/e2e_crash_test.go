package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestEndToEndRunKilledAtEachPhase: the real binary, reading orders from
// Dovecot over IMAP and sending through Postfix, is killed (SIGKILL) at
// each crash point of a run (crash.go), then cron carries on: "turnproc
// run --early" again unless the turn was committed, then "turnproc
// check". No order mail is fetched twice or lost, the turn is
// resolved on all four players' orders, and each player fetches exactly
// one report mail, the one in the turn's record, with a valid PDF, and
// the answer to his order mail.
func TestEndToEndRunKilledAtEachPhase(t *testing.T) {
	skipWithoutMailServers(t)
	buildRoot := e2eRoot(t)
	built := buildTurnproc(t, buildRoot)
	for _, point := range []string{crashFetched, crashResolved, crashRecorded, crashCommitted, crashSentOne} {
		t.Run(point, func(t *testing.T) {
			root := e2eRoot(t)
			srv := startMailServers(t, filepath.Join(root, "servers"))
			bin := &turnprocBin{path: built.path}
			camp := e2eCampaign(t, bin, srv, root)
			for _, name := range []string{"01-empire.eml", "02-dwarfs.eml", "03-orcs.eml", "04-chaos.eml"} {
				srv.sendOrders(t, name)
			}
			srv.waitForMail(t, e2eModerator, 4)

			err := runBin(bin, append(bin.env, crashEnv+"="+point), "run", "--early", "--dir", camp)
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("run with %s=%s: %v, want killed", crashEnv, point, err)
			}
			// The next command logs that one was killed at work (lock.go): runBin allows it.
			if _, err := os.Stat(filepath.Join(camp, "state", "turn-002.json")); err != nil {
				if err := runBin(bin, bin.env, "run", "--early", "--dir", camp); err != nil {
					t.Fatalf("run again: %v", err)
				}
			}
			if err := runBin(bin, bin.env, "check", "--dir", camp); err != nil {
				t.Fatalf("check: %v", err)
			}

			if n := len(emlFiles(filepath.Join(camp, "inbox", "001"))); n != 4 {
				t.Errorf("inbox/001 holds %d mails, want the 4 sent", n)
			}
			intake := string(readTestFile(t, filepath.Join(camp, "turns", "001", "intake.txt")))
			if n := strings.Count(intake, "status: accepted"); n != 4 {
				t.Errorf("the turn was resolved on %d accepted order mails, want 4:\n%s", n, intake)
			}
			// Each player gets the answer to his order mail, which run fetched
			// itself, and his report: each once.
			got := srv.settledMailboxes(t, map[string]int{"karl": 2, "belegar": 2, "grom": 2, "archaon": 2})
			players := map[string]string{"karl": "empire", "belegar": "dwarfs", "grom": "orcs", "archaon": "chaos"}
			for user, msgs := range got {
				sent := readTestFile(t, filepath.Join(camp, "turns", "001", "outbox", players[user]+".eml"))
				var report *fetchedMail
				for i := range msgs {
					if msgs[i].messageID == messageID(t, sent) {
						report = &msgs[i]
					}
				}
				if report == nil {
					t.Errorf("%s did not receive the report of the turn's record", user)
					continue
				}
				if pdf := attachedPDF(t, report.raw); !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Equal(pdf, attachedPDF(t, sent)) {
					t.Errorf("%s's report carries not the record's PDF", user)
				}
			}
			if out := bin.run(t, "deliver", "--dir", camp); out != "0 mails sent, 0 queued.\n" {
				t.Errorf("deliver afterwards: %q", out)
			}
		})
	}
}
