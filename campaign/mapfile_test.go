package campaign

import (
	"os"
	"strings"
	"testing"
)

func TestParseExampleMap(t *testing.T) {
	m := exampleMap(t)
	if m.Name != "The Riverlands" || m.Width != 20 || m.Height != 15 {
		t.Fatalf("got %q %dx%d", m.Name, m.Width, m.Height)
	}
	cases := []struct {
		at   string
		want Square
	}{
		{"A1", Square{Kind: Sea}},
		{"E11", Square{Kind: Land, Name: "Altdorf", Material: Stone}},
		{"F13", Square{Kind: Coast, River: LargeRiver, Navigable: true}},
		{"K5", Square{Kind: Land, Name: "Old Mine", Value: 3, HasValue: true}},
		{"T2", Square{Kind: Coast, Cliffs: true}},
		{"M1", Square{Kind: Land, Terrain: VeryDifficult}},
		{"N11", Square{Kind: Land, Terrain: Impassable}},
		{"J4", Square{Kind: Land, River: SmallRiver}},
	}
	for _, c := range cases {
		at, _ := ParseCoord(c.at)
		c.want.At = at
		if got := *m.Square(at); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.at, got, c.want)
		}
	}
	n9, _ := ParseCoord("N9")
	n10, _ := ParseCoord("N10")
	if !m.Blocked(n9, n10) || m.Blocked(n10, n9) {
		t.Errorf("N9>N10 must block only entry into N10 from N9 [A20]")
	}
}

func TestParseMapErrors(t *testing.T) {
	grid := "[grid]\n 1 ~c.\n 2 ..h\n"
	cases := []struct{ name, text, want string }{
		{"unknown char", "[grid]\n 1 ~c.\n 2 .q.\n",
			"campaign: m.txt:3:5: unknown grid character 'q' at B2\nhint: define it in [legend], e.g. \"q = land forest\""},
		{"ragged row", "[grid]\n 1 ~c.\n 2 ..\n",
			"campaign: m.txt:3:4: row 2 has 2 squares but row 1 has 3\nhint: every grid row must be as wide as the first"},
		{"row gap", "[grid]\n 1 ~c.\n 3 ...\n",
			"campaign: m.txt:3:2: row 3 where row 2 was expected\nhint: number the grid rows 1, 2, 3… without gaps"},
		{"no number", "[grid]\n ~c.\n",
			"campaign: m.txt:2:2: a grid row must start with its row number\nhint: write rows as `  3  ~~cc..hh`, numbered from 1"},
		{"space in row", "[grid]\n 1 ~c .\n",
			"campaign: m.txt:2:6: space inside a grid row\nhint: every square needs a character; use '.' for open land"},
		{"unknown section", "[grud]\n",
			"campaign: m.txt:1:1: unknown section [grud]\nhint: the sections are [grid], [legend], [squares] and [edges]"},
		{"no grid", "name = x\n",
			"campaign: m.txt:1: no [grid] rows\nhint: a map needs a [grid] section with at least one numbered row"},
		{"stray header", "title = x\n" + grid,
			"campaign: m.txt:1:1: unexpected \"title = x\" before [grid]\nhint: only \"name = …\" may come before the [grid] section"},
		{"bad terrain", grid + "[squares]\nB2 terrain=steep\n",
			"campaign: m.txt:5:4: unknown terrain \"steep\"\nhint: terrain is open, moderate, difficult, very-difficult or impassable"},
		{"off map", grid + "[squares]\nD9 forest\n",
			"campaign: m.txt:5:1: square D9 is off the map\nhint: the map runs A1–C2"},
		{"bad square", grid + "[squares]\n9Z forest\n",
			"campaign: m.txt:5:1: \"9Z\" is not a square\nhint: name squares by column letters and row number, like C4"},
		{"unknown attribute", grid + "[squares]\nB2 forest  swampy\n",
			"campaign: m.txt:5:12: unknown attribute \"swampy\"\nhint: attributes are sea, coast, land, forest, cliffs, navigable, terrain=…, river=…, value=…, material=…, name=\"…\""},
		{"bad value", grid + "[squares]\nB2 value=-1\n",
			"campaign: m.txt:5:4: value \"-1\" is not a number from 0 to 99\nhint: Table 1 values run 0–5; a preset may be higher"},
		{"bad edge", grid + "[edges]\nA1>B1 closed\n",
			"campaign: m.txt:5:1: bad edge line \"A1>B1 closed\"\nhint: write \"G7>G8 impassable\" (no entry into G8 from G7) or \"G7-G8 impassable\" (neither way)"},
		{"far edge", grid + "[edges]\nA1-C2 impassable\n",
			"campaign: m.txt:5:1: A1 and C2 do not touch\nhint: an edge joins two neighbouring squares"},
		{"bad legend", "[legend]\nab = land\n" + grid,
			"campaign: m.txt:2:1: bad legend line \"ab = land\"\nhint: write one character, \"=\", then what it means: \"k = coast cliffs\""},
		{"bad legend attr", "[legend]\nk = coast river=huge\n" + grid,
			"campaign: m.txt:2:11: unknown river class \"huge\"\nhint: river is none, small, large or rapids"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseMap("m.txt", []byte(c.text))
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			if err.Error() != c.want {
				t.Errorf("got  %q\nwant %q", err.Error(), c.want)
			}
		})
	}
}

func TestParseMapLegendAndEdges(t *testing.T) {
	text := `name = "Two Words" # comment
[legend]
k = coast cliffs forest
[grid]
     ABC
   1 ~k.
   2 ..M
[squares]
A2,B2 river=small name="Ford # not a comment"
[edges]
C1-C2 impassable
`
	m, err := ParseMap("m.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	b1 := m.Square(Coord{1, 0})
	if b1.Kind != Coast || !b1.Cliffs || !b1.Forest || b1.EntryTerrain() != Moderate {
		t.Errorf("B1 = %+v", *b1)
	}
	a2 := m.Square(Coord{0, 1})
	if a2.Name != "Ford # not a comment" || a2.River != SmallRiver {
		t.Errorf("A2 = %+v", *a2)
	}
	if !m.Blocked(Coord{2, 0}, Coord{2, 1}) || !m.Blocked(Coord{2, 1}, Coord{2, 0}) {
		t.Error("C1-C2 must block both ways")
	}
	if m.Name != "Two Words" {
		t.Errorf("name %q", m.Name)
	}
}

func FuzzParseMap(f *testing.F) {
	data, _ := os.ReadFile("../examples/riverlands/map.txt")
	f.Add(string(data))
	f.Add("[grid]\n 1 ~c.\n[squares]\nA1 value=3\n[edges]\nA1-B1 impassable\n")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMap("fuzz.txt", []byte(text))
		if err == nil && (m.Width == 0 || m.Height == 0) {
			t.Fatal("map without squares accepted")
		}
		if err != nil && !strings.HasPrefix(err.Error(), "campaign: fuzz.txt:") {
			t.Fatalf("error without place: %v", err)
		}
	})
}
