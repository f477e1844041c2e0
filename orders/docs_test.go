package orders

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocExamples parses every example of docs/orders.md and
// docs/ordenes.md that starts with a header line: what the players'
// documentation shows must be understood as written, with no problem.
func TestDocExamples(t *testing.T) {
	m := riverlands(t)
	found := 0
	for _, doc := range []string{"orders.md", "ordenes.md"} {
		data, err := os.ReadFile(filepath.Join("..", "docs", doc))
		if err != nil {
			t.Fatal(err)
		}
		blocks := strings.Split(string(data), "```")
		for i := 1; i < len(blocks); i += 2 {
			block := strings.TrimPrefix(blocks[i], "\n")
			first := strings.Fields(block + " x")[0]
			if kw := lookupKeyword(first); kw != kwCampaign {
				continue
			}
			found++
			for _, text := range examplesIn(block) {
				for _, p := range Parse(text, m).Problems {
					t.Errorf("%s, example %d: %s\n%s", doc, (i+1)/2, p, text)
				}
			}
		}
	}
	if found < 6 {
		t.Errorf("only %d examples found: the docs no longer fence them with ```", found)
	}
}

// examplesIn splits a block of header lines alone (several examples of
// the header) into one example each; any other block is one example.
func examplesIn(block string) []string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(block), "\n") {
		if lookupKeyword(strings.Fields(l + " x")[0]) != kwCampaign {
			return []string{block}
		}
		lines = append(lines, l)
	}
	return lines
}
