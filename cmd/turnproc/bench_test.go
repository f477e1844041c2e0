package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/gen"
	"github.com/turnproc/turnproc/orders"
	"github.com/turnproc/turnproc/reports"
)

// The benchmarks of docs/BENCHMARKS.md: the cost of each stage
// of a turn and of the whole "turnproc run", at the three generated sizes.
// Players with a password have it at bcrypt's default cost, as "turnproc
// passwd" makes it.

var benchSizes = []string{"small", "medium", "large"}

// benchCampaign generates a campaign of the named size into a new folder.
func benchCampaign(b *testing.B, size string) string {
	b.Helper()
	g, err := gen.Generate(gen.Sizes[size], gen.Options{PasswordCost: bcrypt.DefaultCost, Deadline: gen.DefaultDeadline})
	if err != nil {
		b.Fatal(err)
	}
	dir := filepath.Join(b.TempDir(), "campaign")
	if err := writeGenerated(dir, g); err != nil {
		b.Fatal(err)
	}
	return dir
}

// benchEnv is a quiet environment at turn 1's deadline.
func benchEnv() *env {
	e := testEnv()
	e.now = func() time.Time { return gen.DefaultDeadline }
	return e
}

// BenchmarkRun is the whole "turnproc run" of turn 1, in process: fetch
// from the maildir, intake, resolve, every report and mail, the record and
// the next state written and synced. Each run gets a fresh copy of the
// generated campaign, made outside the timer.
func BenchmarkRun(b *testing.B) {
	for _, size := range benchSizes {
		b.Run("size="+size, func(b *testing.B) {
			template := benchCampaign(b, size)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				dir := copyCampaign(b, template, i)
				b.StartTimer()
				if code := dispatch(context.Background(), benchEnv(), []string{"run", "--dir", dir}); code != 0 {
					b.Fatalf("run exited %d", code)
				}
			}
		})
	}
}

// BenchmarkRunBinary is BenchmarkRun with the real binary, one process a
// run, to give the peak memory of a whole turn, reported as peak-MB: the
// maximum resident set GNU time reads for its child. (The rusage of a
// child this process starts would not do: Linux carries the forking
// process's high-water mark across exec.)
func BenchmarkRunBinary(b *testing.B) {
	if _, err := os.Stat(gnuTime); err != nil {
		b.Skipf("%s is missing (Debian: apt-get install time)", gnuTime)
	}
	bin := buildTurnproc(b, b.TempDir())
	for _, size := range benchSizes {
		b.Run("size="+size, func(b *testing.B) {
			template := benchCampaign(b, size)
			var peak []float64
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				dir := copyCampaign(b, template, i)
				b.StartTimer()
				out, err := exec.Command(gnuTime, "-f", "peak-KiB %M", bin.path, "run", "--early", "--dir", dir).CombinedOutput()
				if err != nil {
					b.Fatalf("turnproc run: %v\n%s", err, out)
				}
				lines := strings.Split(strings.TrimSpace(string(out)), "\n")
				var kib float64
				if _, err := fmt.Sscanf(lines[len(lines)-1], "peak-KiB %g", &kib); err != nil {
					b.Fatalf("no peak in %q", out)
				}
				peak = append(peak, kib/1024)
			}
			slices.Sort(peak)
			b.ReportMetric(peak[len(peak)/2], "peak-MB")
		})
	}
}

const gnuTime = "/usr/bin/time"

// copyCampaign copies the generated campaign for one run.
func copyCampaign(b *testing.B, template string, i int) string {
	dir := filepath.Join(b.TempDir(), fmt.Sprint(i))
	if out, err := exec.Command("cp", "-a", template, dir).CombinedOutput(); err != nil {
		b.Fatalf("%v: %s", err, out)
	}
	return dir
}

// stageSetup is a generated campaign with its mail fetched, its orders
// collected and its turn resolved: the inputs of every stage.
type stageSetup struct {
	c      *campaignFiles
	before *campaign.State
	mails  []orders.Received
	intake *orders.Intake
	out    *campaign.Outcome
	turn   reports.Turn
}

func newStageSetup(b *testing.B, size string) *stageSetup {
	b.Helper()
	c, err := openCampaign(benchCampaign(b, size))
	if err != nil {
		b.Fatal(err)
	}
	s := &stageSetup{c: c}
	if _, s.before, err = c.current(); err != nil {
		b.Fatal(err)
	}
	if _, _, err := c.pull(context.Background(), benchEnv(), 1); err != nil {
		b.Fatal(err)
	}
	if s.mails, err = c.inbox(1); err != nil {
		b.Fatal(err)
	}
	s.intake = orders.Collect(s.mails, c.window(1))
	if s.out, err = s.resolve(); err != nil {
		b.Fatal(err)
	}
	s.turn = c.reportTurn(s.before, s.out, s.intake, gen.DefaultDeadline)
	return s
}

func (s *stageSetup) resolve() (*campaign.Outcome, error) {
	return campaign.Resolve(s.c.m, s.c.cfg.Rules(), s.before, campaign.Input{Orders: s.intake.OrderSets()},
		campaign.NewDice(campaign.TurnSeed(s.before.Seed, 1), 1))
}

// BenchmarkStage measures each stage of a run on its own:
//   - intake: read the MIME, pick the part, parse and authenticate every mail;
//   - resolve: the rules engine on the collected orders;
//   - battles: the sheets of every battle and siege to fight, as one PDF;
//   - report: one player's report (the first player's);
//   - reports: every player's report and the moderator's, on all cores;
//   - outbox: compose every report mail and write it to the outbox.
func BenchmarkStage(b *testing.B) {
	for _, size := range benchSizes {
		b.Run("size="+size, func(b *testing.B) {
			s := newStageSetup(b, size)
			b.Run("stage=intake", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					orders.Collect(s.mails, s.c.window(1))
				}
			})
			b.Run("stage=resolve", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := s.resolve(); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("stage=battles", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := reports.RenderBattleSheets(s.turn, "en"); err != nil {
						b.Fatal(err)
					}
				}
			})
			p := s.c.cfg.Players[0]
			b.Run("stage=report", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := reports.RenderPlayer(s.turn, p.ID, p.Language); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("stage=reports", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := s.c.renderReports(s.turn); err != nil {
						b.Fatal(err)
					}
				}
			})
			pdfs, err := s.c.renderReports(s.turn)
			if err != nil {
				b.Fatal(err)
			}
			b.Run("stage=outbox", func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					mails, err := s.c.composeReports(s.turn, 1, gen.DefaultDeadline, pdfs)
					if err != nil {
						b.Fatal(err)
					}
					dir := filepath.Join(b.TempDir(), fmt.Sprint(i))
					for j, eml := range mails {
						if err := store.WriteFile(filepath.Join(dir, s.c.cfg.Players[j].ID+".eml"), eml); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		})
	}
}
