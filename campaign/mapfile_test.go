package campaign

import (
	"fmt"
	"os"
	"reflect"
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
		{"unknown river", grid + "[squares]\nB2 river=huge\n",
			"campaign: m.txt:5:4: unknown river class \"huge\"\nhint: river is none, small, large or rapids"},
		{"unknown material", grid + "[squares]\nB2 material=gold\n",
			"campaign: m.txt:5:4: unknown material \"gold\"\nhint: material is wood or stone"},
		{"digit legend key", "[legend]\n3 = land\n" + grid,
			"campaign: m.txt:2:1: a digit cannot be a grid character\nhint: digits are row numbers; pick a letter or symbol"},
		{"empty row", "[grid]\n 1\n",
			"campaign: m.txt:2:3: row 1 has no squares\nhint: put one character per square after the row number"},
		{"huge row number", "[grid]\n 99999999999999999999 ~c.\n",
			"campaign: m.txt:2:2: row 99999999999999999999 where row 1 was expected\nhint: number the grid rows 1, 2, 3… without gaps"},
		{"header after a row", "[grid]\n 1 ~c.\n MMX\n",
			"campaign: m.txt:3:2: a grid row must start with its row number\nhint: write rows as `  3  ~~cc..hh`, numbered from 1"},
		{"second header", "[grid]\n ABC\n ABC\n 1 ~c.\n",
			"campaign: m.txt:3:2: a grid row must start with its row number\nhint: write rows as `  3  ~~cc..hh`, numbered from 1"},
		{"long line", grid + "[squares]\nA2 name=\"" + strings.Repeat("x", 2<<20) + "\"\n",
			"campaign: m.txt:5: the line is longer than 1024 KiB\nhint: a grid row holds at most 702 squares; split long [squares] lists over several lines"},
		{"BOM", "\uFEFFtitle = x\n" + grid,
			"campaign: m.txt:1:1: unexpected \"title = x\" before [grid]\nhint: only \"name = …\" may come before the [grid] section"},
		{"tab before a bad attribute", grid + "[squares]\nB2\tswampy\n",
			"campaign: m.txt:5:4: unknown attribute \"swampy\"\nhint: attributes are sea, coast, land, forest, cliffs, navigable, terrain=…, river=…, value=…, material=…, name=\"…\""},
		{"tab in a row", "[grid]\n 1 ~c\t.\n",
			"campaign: m.txt:2:6: space inside a grid row\nhint: every square needs a character; use '.' for open land"},
		{"invalid UTF-8", "[grid]\n 1 ~\xffc\n",
			"campaign: m.txt:2:5: the line is not valid UTF-8\nhint: save the map file as UTF-8 (most editors offer it under \"Save as\" or \"Encoding\")"},
		{"too wide", "[grid]\n 1 " + strings.Repeat(".", MaxColumns+1) + "\n",
			"campaign: m.txt:2:706: row 1 has 703 squares; a map is at most 702 squares wide\nhint: make the map narrower; square names run from column A to ZZ"},
		{"too tall", "[grid]\n" + manyRows(MaxRows+1),
			"campaign: m.txt:1001:1: row 1000: a map has at most 999 rows\nhint: make the map smaller; square names run up to row 999"},
		{"forest at sea", "[legend]\nk = sea forest\n" + grid,
			"campaign: m.txt:2:5: a sea square cannot have a forest\nhint: only land and coast squares have land features; make the square coast, or drop the attribute"},
		{"value at sea", grid + "[squares]\nA1 value=3\n",
			"campaign: m.txt:5:4: square A1: a sea square has no value (§1)\nhint: only land and coast squares have land features; make the square coast, or drop the attribute"},
		{"river at sea", grid + "[squares]\nB2,A1 river=small\n",
			"campaign: m.txt:5:7: square A1: a sea square cannot have a river\nhint: only land and coast squares have land features; make the square coast, or drop the attribute"},
		{"cliffs at sea", grid + "[squares]\nA1 cliffs\n",
			"campaign: m.txt:5:4: square A1: a sea square has no shore for cliffs\nhint: cliffs line a coast square's shore ([A22]); make the square coast, or drop cliffs"},
		{"cliffs inland", grid + "[squares]\nC1 cliffs\n",
			"campaign: m.txt:5:4: square C1: cliffs on a land square\nhint: cliffs line a coast square's shore ([A22]); make the square coast, or drop cliffs"},
		{"navigable without a river", "[legend]\nk = coast navigable\n" + grid,
			"campaign: m.txt:2:5: navigable without a river\nhint: navigable marks a river fleets can sail ([A24]); add river=large (or small, rapids), or drop navigable"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseMap("m.txt", []byte(c.text))
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			if ErrorText(err) != c.want {
				t.Errorf("got  %q\nwant %q", ErrorText(err), c.want)
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

// manyRows is a grid of n one-square rows.
func manyRows(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%d .\n", i)
	}
	return b.String()
}

// TestParseMapWindowsAndTabs: a byte order mark (Notepad), CRLF line ends
// and tabs between a square list and its attributes read like plain text.
func TestParseMapWindowsAndTabs(t *testing.T) {
	plain := "[grid]\n   ABC\n 1 ~c.\n 2 ..h\n[squares]\nB2,C2 forest value=2\n[edges]\nA2-B2 impassable\n"
	want, err := ParseMap("m.txt", []byte(plain))
	if err != nil {
		t.Fatal(err)
	}
	windows := "\uFEFF" + strings.ReplaceAll(strings.ReplaceAll(plain, " forest", "\tforest"), "\n", "\r\n")
	windows = strings.Replace(windows, "A2-B2 ", "A2-B2\t", 1)
	got, err := ParseMap("m.txt", []byte(windows))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
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
		if err != nil && !strings.HasPrefix(ErrorText(err), "campaign: fuzz.txt:") {
			t.Fatalf("error without place: %v", err)
		}
	})
}
