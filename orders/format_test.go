package orders

import (
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

// TestFormatRoundTrip: what FormatOrder and its kin write in each
// language, the parser reads back as the same orders.
func TestFormatRoundTrip(t *testing.T) {
	m := riverlands(t)
	sq := func(s string) campaign.Coord {
		c, err := campaign.ParseCoord(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	e9 := sq("E9")
	ords := []campaign.Order{
		campaign.Move{Army: "A1", Path: []campaign.Coord{sq("E10"), e9}},
		campaign.Sail{Fleet: "F1", Path: []campaign.Coord{sq("C4"), sq("C5")}},
		campaign.Embark{Army: "A2", Fleet: "F1"},
		campaign.Disembark{Army: "A2"},
		campaign.Claim{Army: "A3"},
		campaign.Pillage{Army: "A4"},
		campaign.Pillage{Army: "A5", Bonus: &e9},
		campaign.Improve{Army: "A6"},
		campaign.Build{Army: "A7"},
	}
	reorgs := []campaign.Reorganise{{Armies: []string{"A1", "A2"}}, {Armies: []string{"A3", "A4"}, Sizes: []int{1000, 1000}}}
	musters := []campaign.Muster{{Kind: campaign.Raise, At: sq("C4"), Points: 1000}, {Kind: campaign.Reinforce, Army: "A8", Points: 500},
		{Kind: campaign.Disband, Army: "A9"}, {Kind: campaign.Reduce, Army: "A10", Points: 500}}
	want := map[string][]string{
		"en": {"CAMPAIGN riverlands PLAYER empire TURN 1 PASSWORD sigmar", "A1 MOVE E10 E9", "F1 SAIL C4 C5", "A2 EMBARK F1", "A2 DISEMBARK", "A3 CLAIM", "A4 PILLAGE", "A5 PILLAGE E9", "A6 IMPROVE", "A7 BUILD",
			"MERGE A1 A2", "REORGANIZE A3 A4 INTO 1000 1000", "RAISE C4 1000", "REINFORCE A8 500", "DISBAND A9", "REDUCE A10 500", "END"},
		"es": {"CAMPAÑA riverlands JUGADOR empire TURNO 1 CLAVE sigmar", "A1 MOVER E10 E9", "F1 NAVEGAR C4 C5", "A2 EMBARCAR F1", "A2 DESEMBARCAR", "A3 RECLAMAR", "A4 SAQUEAR", "A5 SAQUEAR E9", "A6 MEJORAR", "A7 CONSTRUIR",
			"UNIR A1 A2", "REORGANIZAR A3 A4 EN 1000 1000", "RECLUTAR C4 1000", "REFORZAR A8 500", "DISOLVER A9", "REDUCIR A10 500", "FIN"},
	}
	for _, lang := range []string{"en", "es"} {
		lines := []string{FormatHeader("riverlands", "empire", 1, "sigmar", lang)}
		for _, o := range ords {
			lines = append(lines, FormatOrder(o, lang))
		}
		for _, r := range reorgs {
			lines = append(lines, FormatReorganise(r, lang))
		}
		for _, mu := range musters {
			lines = append(lines, FormatMuster(mu, lang))
		}
		lines = append(lines, EndWord(lang))
		if got := strings.Join(lines, "\n"); got != strings.Join(want[lang], "\n") {
			t.Errorf("%s:\n%s\nwant\n%s", lang, got, strings.Join(want[lang], "\n"))
		}
		s := Parse(strings.Join(lines, "\n"), m)
		if len(s.Problems) > 0 || s.Campaign != "riverlands" || s.Player != "empire" || s.Turn != 1 {
			t.Fatalf("%s: problems %v, header %s %s %d", lang, s.Problems, s.Campaign, s.Player, s.Turn)
		}
		var back []string
		for _, o := range s.Set.Orders {
			back = append(back, o.String())
		}
		for _, r := range s.Set.Reorganisations {
			back = append(back, r.String())
		}
		for _, mu := range s.Set.Muster {
			back = append(back, mu.String())
		}
		var orig []string
		for _, o := range ords {
			orig = append(orig, o.String())
		}
		for _, r := range reorgs {
			orig = append(orig, r.String())
		}
		for _, mu := range musters {
			orig = append(orig, mu.String())
		}
		if strings.Join(back, "|") != strings.Join(orig, "|") {
			t.Errorf("%s: read back\n%q\nwant\n%q", lang, back, orig)
		}
	}
}
