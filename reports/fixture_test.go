package reports

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/turnproc/turnproc/campaign"
)

var (
	generated = time.Date(2026, time.December, 6, 20, 5, 0, 0, time.UTC)
	deadline  = time.Date(2026, time.December, 13, 20, 0, 0, 0, time.UTC)
)

func mv(army string, line int, squares ...string) campaign.Move {
	m := campaign.Move{Army: army, SourceLine: line}
	for _, s := range squares {
		c, err := campaign.ParseCoord(s)
		if err != nil {
			panic(err)
		}
		m.Path = append(m.Path, c)
	}
	return m
}

// testTurn resolves turn 1 of testdata/testlands.txt with scripted dice, so
// every roll in the reports is known:
//
//	turn order: empire 4, dwarfs 6, chaos 2 → dwarfs, empire, chaos
//	dwarfs  A3 (1000) MOVE F4 F5: F4 D=9 rolls 4+3 passes, explores 2+2 → 3;
//	        F5 D=8 (order 2) rolls 6+5 fails; A3 MOVE G5 is skipped
//	empire  A1 MOVE D3 E3: D3 D=9 4+3, explores 5+6 → 4; E3 D=9 3+3,
//	        explores 1+1 → 5; A2 MOVE B3: D=10 2+5, explores 3+4 → 0
//	chaos   A4 MOVE E2 F2: E2 D=9 rolls 6+6, fails
func testTurn(t testing.TB) Turn {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "testlands.txt"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := campaign.ParseMap("testlands.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	at := func(s string) campaign.Coord { c, _ := campaign.ParseCoord(s); return c }
	before, err := campaign.NewState(m, "testlands", "5eed", []campaign.PlayerSetup{
		{ID: "empire", Name: "Karl Franz", Race: "Empire", Capital: at("C3"), Armies: []int{500, 500}},
		{ID: "dwarfs", Name: "Belegar", Race: "Dwarfs", Capital: at("G4"), Armies: []int{1000}},
		{ID: "chaos", Name: "Archaón", Race: "Chaos", Capital: at("E1"), Armies: []int{500}},
	})
	if err != nil {
		t.Fatal(err)
	}
	sets := []campaign.OrderSet{
		{Player: "empire", Orders: []campaign.Order{mv("A1", 3, "D3", "E3"), mv("A2", 4, "B3"), mv("A9", 5, "B2")}},
		{Player: "dwarfs", Orders: []campaign.Order{mv("A3", 2, "F4", "F5"), mv("A3", 3, "G5"), mv("A3", 4, "B6")}},
		{Player: "chaos", Orders: []campaign.Order{mv("A4", 2, "E2", "F2"), mv("A1", 3, "D1")}},
	}
	dice := campaign.ScriptedDice(4, 6, 2, 4, 3, 2, 2, 6, 5, 4, 3, 5, 6, 3, 3, 1, 1, 2, 5, 3, 4, 6, 6)
	out, err := campaign.Resolve(m, campaign.Rules{}, before, campaign.Input{Orders: sets}, dice)
	if err != nil {
		t.Fatal(err)
	}
	if n := dice.Remaining(); n != 0 {
		t.Fatalf("%d scripted dice unused", n)
	}
	return Turn{Title: "The Testlands Campaign", Map: m, Before: before, After: out.State, Outcome: out,
		Deadline: deadline, Generated: generated,
		Notes: map[string][]string{"dwarfs": {"línea 5: «A3 ATACA G4»: orden desconocida"}}}
}
