package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScenarios runs every case of every file in ../campaign/testdata/*.txt.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("../campaign/testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files in ../campaign/testdata (%v)", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			cases, err := Parse(filepath.Base(file), data)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cases {
				t.Run(c.Title, func(t *testing.T) {
					if r := c.Run(); !r.Passed() {
						var b strings.Builder
						r.Report(&b, false)
						t.Error("\n" + b.String())
					}
				})
			}
		})
	}
}
