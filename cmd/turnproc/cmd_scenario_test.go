package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const passingCase = `# D1: roll 10 at D = 10 passes
=== map
[grid]
   1 ..
=== before
player empire capital=A1
square B1 value=2
army A1 empire A1 500
=== orders empire
A1 MOVE B1
=== dice
4 6
=== after
player empire capital=A1
square B1 value=2
army A1 empire B1 500
`

func writeScenario(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestScenarioCommand(t *testing.T) {
	pass := writeScenario(t, "pass.txt", passingCase)
	fail := writeScenario(t, "fail.txt", strings.Replace(passingCase, "army A1 empire B1 500", "army A1 empire A1 500", 1))
	broken := writeScenario(t, "broken.txt", "# t\n=== map\n=== nonsense\n")
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   []string
		stderr   string
		noStdout string
	}{
		{"all pass", []string{pass}, exitOK, []string{"PASS " + pass + ":2: D1: roll 10 at D = 10 passes\n", "1 passed, 0 failed\n"}, "", "event trace"},
		{"verbose", []string{"--verbose", pass}, exitOK, []string{"  event trace:\n    turn-order empire[]\n"}, "", ""},
		{"one fails", []string{pass, fail}, exitFailure,
			[]string{"FAIL " + fail + ":2:", "    - army A1 empire A1 500\n    + army A1 empire B1 500\n", "  event trace:\n", "1 passed, 1 failed\n"},
			"turnproc: error: 1 passed, 1 failed\nhint: a FAIL shows expected (-) against got (+); check the rule reading, then the file\n", ""},
		{"unparsable", []string{pass, broken}, exitBadInput, []string{"1 passed, 0 failed\n"},
			"turnproc: error: scenario: " + broken + ":3: unknown section \"=== nonsense\"\nhint: sections are === map, === rules, === before, === orders, === results, === dice, === after, === events, === error\n", ""},
		{"missing file", []string{filepath.Join(t.TempDir(), "nope.txt")}, exitBadInput, []string{"0 passed, 0 failed\n"}, "no such file or directory", ""},
		{"no files", nil, exitUsage, nil, "turnproc: error: scenario needs at least one file\nhint: run \"turnproc scenario --help\"\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, beforeTurn1, append([]string{"scenario"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			for _, want := range tt.stdout {
				if !strings.Contains(stdout, want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout)
				}
			}
			if tt.noStdout != "" && strings.Contains(stdout, tt.noStdout) {
				t.Errorf("stdout has %q:\n%s", tt.noStdout, stdout)
			}
			if !strings.Contains(stderr, tt.stderr) {
				t.Errorf("stderr %q lacks %q", stderr, tt.stderr)
			}
		})
	}
}

// The repository's own scenario files pass through the command too.
func TestScenarioCommandRunsTestdata(t *testing.T) {
	files, _ := filepath.Glob("../../campaign/testdata/*.txt")
	code, stdout, stderr := run(t, beforeTurn1, append([]string{"scenario"}, files...)...)
	if code != exitOK || len(files) == 0 {
		t.Errorf("exit %d for %d files\n%s\n%s", code, len(files), stdout, stderr)
	}
}
