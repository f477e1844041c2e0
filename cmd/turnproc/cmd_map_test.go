package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMapWritesPDFAndPNG: the map after the last turn played, after a
// given one, and before the first, each as a PDF and a PNG.
func TestMapWritesPDFAndPNG(t *testing.T) {
	demo := filepath.Join(t.TempDir(), "demo")
	if code, _, stderr := run(t, afterTurn1, "demo", "--out", demo); code != exitOK {
		t.Fatal(stderr)
	}
	fresh := newCampaign(t)
	tests := []struct {
		name string
		args []string
		say  string
	}{
		{"last turn played", []string{"--dir", demo}, "Map after turn 2"},
		{"a given turn in Spanish", []string{"--dir", demo, "--turn", "1", "--lang", "es"}, "Map after turn 1"},
		{"before the first turn", []string{"--dir", demo, "--turn", "0"}, "Map before turn 1"},
		{"a campaign not yet played", []string{"--dir", fresh, "--scale", "2"}, "Map before turn 1"},
	}
	for _, tc := range tests {
		prefix := filepath.Join(t.TempDir(), "map")
		code, out, stderr := run(t, afterTurn1, append([]string{"map", "--out", prefix}, tc.args...)...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", tc.name, code, stderr)
		}
		if !strings.Contains(out, tc.say) {
			t.Errorf("%s: printed %q", tc.name, out)
		}
		pdf, err := os.ReadFile(prefix + ".pdf")
		if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
			t.Errorf("%s: no PDF (%v)", tc.name, err)
		}
		img, err := os.ReadFile(prefix + ".png")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if _, err := png.Decode(bytes.NewReader(img)); err != nil {
			t.Errorf("%s: the PNG does not decode: %v", tc.name, err)
		}
	}
}

// TestMapDefaultName: without --out the files are named after the
// campaign and the turn, in the current folder.
func TestMapDefaultName(t *testing.T) {
	dir := newCampaign(t)
	t.Chdir(t.TempDir())
	if code, _, stderr := run(t, afterTurn1, "map", "--dir", dir); code != exitOK {
		t.Fatal(stderr)
	}
	for _, name := range []string{"riverlands-map-turn-000.pdf", "riverlands-map-turn-000.png"} {
		if _, err := os.Stat(name); err != nil {
			t.Error(err)
		}
	}
}

func TestMapRefusesAnUnplayedTurn(t *testing.T) {
	demo := filepath.Join(t.TempDir(), "demo")
	if code, _, stderr := run(t, afterTurn1, "demo", "--out", demo); code != exitOK {
		t.Fatal(stderr)
	}
	code, _, stderr := run(t, afterTurn1, "map", "--dir", demo, "--turn", "3")
	want := "turnproc: error: turn 3 has not been played\nhint: the turns played are 1 to 2; --turn 0 draws the map before turn 1\n"
	if code != exitUsage || stderr != want {
		t.Errorf("exit %d %q, want %q", code, stderr, want)
	}
}

func TestMapRefuses(t *testing.T) {
	dir := newCampaign(t)
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--turn", "1"}, exitUsage, "turnproc: error: turn 1 has not been played\nhint: no turn has been played yet: without --turn (or with --turn 0) the map is the one the campaign starts with\n"},
		{[]string{"--lang", "fr"}, exitFailure, "turnproc: error: templates: no texts for language \"fr\"\nhint: the languages are en, es\n"},
		{[]string{"--scale", "9"}, exitFailure, "turnproc: error: reports: PNG scale 9 is out of range\nhint: the scale is 1 to 4 (cells of 32 to 128 px)\n"},
	}
	for _, tc := range tests {
		code, _, stderr := run(t, afterTurn1, append([]string{"map", "--dir", dir, "--out", filepath.Join(t.TempDir(), "m")}, tc.args...)...)
		if code != tc.code || stderr != tc.want {
			t.Errorf("%v: exit %d %q, want %d %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}
