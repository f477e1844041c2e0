package reports

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

// bigTurn is a 100×100 map (every terrain, rivers, edges) with 8 players,
// a quarter of the land owned and explored, and 400 armies.
func bigTurn(tb testing.TB) Turn {
	tb.Helper()
	return bigCampaign(tb, 8)
}

// bigCampaign is bigTurn's map and armies shared among n players: up to 8
// capitals in bigTurn's places, more on an 8×8 lattice.
func bigCampaign(tb testing.TB, players int) Turn {
	tb.Helper()
	const n = 100
	var b strings.Builder
	b.WriteString("name = \"Big\"\n[grid]\n")
	terrain := "....hhf.mMsrR.c"
	for r := 0; r < n; r++ {
		fmt.Fprintf(&b, "%3d ", r+1)
		for c := 0; c < n; c++ {
			switch {
			case c < 3 || r < 2:
				b.WriteByte('~')
			case c == 3 || r == 2:
				b.WriteByte('c')
			case (c*7+r*13)%97 == 0:
				b.WriteByte('X')
			default:
				b.WriteByte(terrain[(c*c+r*3+c*r)%len(terrain)])
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("[edges]\nE10-E11 impassable\nF20>F21 impassable\n")
	m, err := campaign.ParseMap("big.txt", []byte(b.String()))
	if err != nil {
		tb.Fatal(err)
	}
	var setups []campaign.PlayerSetup
	for i := 0; i < players; i++ {
		capital := campaign.Coord{Col: 10 + i*11, Row: 10 + (i%3)*30}
		if players > 8 {
			capital = campaign.Coord{Col: 8 + (i%8)*12, Row: 7 + (i/8)*12}
		}
		setups = append(setups, campaign.PlayerSetup{ID: fmt.Sprintf("p%d", i+1), Name: fmt.Sprintf("Player %d", i+1),
			Race: "Race", Capital: capital, Armies: []int{500}})
	}
	s, err := campaign.NewState(m, "big", "5eed", setups)
	if err != nil {
		tb.Fatal(err)
	}
	for i, sq := range m.Squares() {
		if sq.Kind.HasLand() && i%4 == 0 {
			s.Squares[sq.At] = campaign.SquareState{Owner: setups[(i/4)%players].ID, Value: i % 6, Explored: true}
		}
	}
	for i := 0; i < 400; i++ {
		at := campaign.Coord{Col: 4 + (i*37)%95, Row: 3 + (i*53)%96}
		s.Armies = append(s.Armies, campaign.Army{ID: fmt.Sprintf("A%d", 100+i), Owner: setups[i%players].ID, At: at, Points: 500 * (1 + i%5)})
	}
	out, err := campaign.Resolve(m, campaign.Rules{}, s, campaign.Input{}, campaign.NewDice("5eed", 1))
	if err != nil {
		tb.Fatal(err)
	}
	return Turn{Title: "Big", Map: m, Before: s, After: out.State, Outcome: out, Deadline: deadline, Generated: generated}
}

func TestBigMap(t *testing.T) {
	pdf, err := RenderPlayer(bigTurn(t), "p1", "es")
	if err != nil {
		t.Fatal(err)
	}
	keep(t, "big-es.pdf", pdf)
}

func BenchmarkRenderPlayer(b *testing.B) {
	tt := bigTurn(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RenderPlayer(tt, "p1", "en"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderCampaign64 renders every player's report of a 64-player
// campaign on a 100×100 map, as a run does: in parallel on all the cores.
func BenchmarkRenderCampaign64(b *testing.B) {
	tt := bigCampaign(b, 64)
	var who []Recipient
	for _, p := range tt.After.Players {
		who = append(who, Recipient{Player: p.ID, Lang: "en"})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RenderAll(tt, who, runtime.NumCPU()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPreparedPlayer is one more player's report of a prepared turn:
// what each report of a campaign costs once the turn's shared work is done.
func BenchmarkPreparedPlayer(b *testing.B) {
	pr, err := Prepare(bigTurn(b))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := pr.RenderPlayer("p2", "en"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pr.RenderPlayer("p1", "en"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMapPNG draws the 100×100 map as a PNG at scale 1.
func BenchmarkMapPNG(b *testing.B) {
	tt := bigTurn(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RenderMapPNG(tt, "en", 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBareGrid is the baseline: the same 100×100 grid as bare gofpdf
// rectangles on one page, with the same fonts embedded.
func BenchmarkBareGrid(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		d := newDoc(&Turn{Generated: generated, Outcome: &campaign.Outcome{Turn: 1}}, mustSet(b), "grid")
		d.f.AddPage()
		const s = 1.8
		for r := 0; r < 100; r++ {
			for c := 0; c < 100; c++ {
				d.f.SetFillColor(200+c%50, 220, 200+r%50)
				d.f.Rect(15+float64(c)*s, 30+float64(r)*s, s, s, "FD")
			}
		}
		var out bytes.Buffer
		if err := d.f.Output(&out); err != nil {
			b.Fatal(err)
		}
	}
}

func mustSet(tb testing.TB) *words {
	w, err := newWords("en")
	if err != nil {
		tb.Fatal(err)
	}
	return w
}
