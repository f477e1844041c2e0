package reports

import (
	"strings"
	"testing"
)

// TestBattleSheets: the sheets PDF holds every battle of the turn, with
// the same entries the moderator's report gives them, in his language.
func TestBattleSheets(t *testing.T) {
	tt := freeBattleTurn(t)
	if len(tt.Outcome.Battles) == 0 {
		t.Fatal("the fixture turn has no battles to print")
	}
	for lang, title := range map[string]string{"en": "Battle sheets", "es": "Hojas de batalla"} {
		pdf, err := RenderBattleSheets(tt, lang)
		if err != nil {
			t.Fatal(err)
		}
		text := pdfText(t, pdf)
		if !strings.Contains(text, title) {
			t.Errorf("%s: no title %q in %q", lang, title, text)
		}
		for _, b := range tt.Outcome.Battles {
			if !strings.Contains(text, b.ID) {
				t.Errorf("%s: battle %s missing", lang, b.ID)
			}
		}
	}
	if _, err := RenderBattleSheets(tt, "fr"); err == nil {
		t.Error("a language without texts was accepted")
	}
}
