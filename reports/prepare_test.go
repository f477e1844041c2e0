package reports

import (
	"bytes"
	"strings"
	"testing"
)

// TestRenderPlayersParallel renders every report of a turn on one worker
// and on four: the same bytes, each RenderPlayer's (and the moderator's
// RenderModerator's), in the recipients' order.
func TestRenderPlayersParallel(t *testing.T) {
	tt := bigTurn(t)
	who := []Recipient{{Moderator: true, Lang: "es"}}
	for i, p := range tt.After.Players {
		who = append(who, Recipient{Player: p.ID, Lang: []string{"en", "es"}[i%2]})
	}
	one, err := RenderAll(tt, who, 1)
	if err != nil {
		t.Fatal(err)
	}
	four, err := RenderAll(tt, who, 4)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range who {
		alone, err := RenderPlayer(tt, r.Player, r.Lang)
		if r.Moderator {
			alone, err = RenderModerator(tt, r.Lang)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(one[i], alone) || !bytes.Equal(four[i], alone) {
			t.Errorf("report %d (%+v) differs between rendering it alone and RenderAll with 1 or 4 workers", i, r)
		}
	}
	if bytes.Equal(one[1], one[2]) {
		t.Error("two players got the same report")
	}
}

// TestPreparedModerator checks that a prepared turn's moderator report is
// RenderModerator's, before and after players' reports shared its map.
func TestPreparedModerator(t *testing.T) {
	tt := testTurn(t)
	want, err := RenderModerator(tt, "en")
	if err != nil {
		t.Fatal(err)
	}
	pr, err := Prepare(tt)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		got, err := pr.RenderModerator("en")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatal("the prepared moderator report differs from RenderModerator's")
		}
		if _, err := pr.RenderAll([]Recipient{{Player: "empire", Lang: "es"}, {Player: "chaos", Lang: "en"}}, 2); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRenderPlayersFirstError: RenderAll returns the error of the first
// failing recipient in the given order, whichever worker met it first.
func TestRenderPlayersFirstError(t *testing.T) {
	tt := testTurn(t)
	_, err := RenderAll(tt, []Recipient{{Player: "empire", Lang: "en"}, {Player: "nobody", Lang: "en"}, {Player: "chaos", Lang: "xx"}}, 3)
	if err == nil || !strings.Contains(err.Error(), `no player "nobody"`) {
		t.Fatalf("got %v, want the error about nobody", err)
	}
	if _, err := Prepare(Turn{}); err == nil || !strings.HasPrefix(err.Error(), "reports: ") {
		t.Fatalf("Prepare of an empty turn: got %v", err)
	}
}

// TestWordWidth measures words as gofpdf does.
func TestWordWidth(t *testing.T) {
	f := newFpdf()
	for _, style := range []string{"", "B"} {
		for _, pt := range []float64{4, 6.35, 7.5, 13} {
			for _, s := range []string{"A1 500", "F1 (A2)", "?", "100", "CV", "Ñandú ¿sí?", "+3", "\U0001F600x"} {
				f.SetFont(sans, style, pt)
				if got, want := wordWidth(style, pt, s), f.GetStringWidth(s); got != want {
					t.Errorf("wordWidth(%q, %v, %q) = %v, gofpdf says %v", style, pt, s, got, want)
				}
			}
		}
	}
}
