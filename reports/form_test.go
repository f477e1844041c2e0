package reports

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

var update = flag.Bool("update", false, "rewrite the golden order forms in testdata/forms")

// TestOrderFormGolden compares the order forms of the fixture turns with
// their golden files (testdata/forms; -update rewrites them after a
// deliberate change): a siege with its budgets (D19), armies on the coast
// with a fleet to embark on (§4.2), English and Spanish, with and without
// a password.
func TestOrderFormGolden(t *testing.T) {
	sea, _ := seaboardTurns(t)
	for _, tc := range []struct {
		name     string
		turn     Turn
		player   string
		lang     string
		password bool
	}{
		{"siege-empire-en", siegeTurn(t), "empire", "en", true},
		{"siege-orcs-es", siegeTurn(t), "orcs", "es", false},
		{"seaboard-empire-en", sea, "empire", "en", false},
		{"testlands-empire-es", testTurn(t), "empire", "es", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := OrderForm(tc.turn, tc.player, tc.lang, tc.password)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join("testdata", "forms", tc.name+".txt")
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("the form differs from %s:\n%s", file, got)
			}
		})
	}
}

// TestOrderFormOffersEveryOption: each order the rules accept for a unit
// (campaign.Options) is on the form, commented out, with its chance; the
// header line and END are the only lines not commented.
func TestOrderFormOffersEveryOption(t *testing.T) {
	tt := testTurn(t)
	for _, p := range tt.After.Players {
		form, err := OrderForm(tt, p.ID, "en", false)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range campaign.Options(tt.Map, tt.Rules, tt.After, p.ID) {
			if pl, ok := o.Order.(campaign.Pillage); ok && tt.After.Square(tt.After.Army(pl.Army).At).Owner == p.ID {
				continue // pillaging one's own square is legal ([A44]) but not suggested
			}
			if !strings.Contains(form, "# "+o.Order.String()) && !isSail(o.Order) {
				t.Errorf("%s: %s is not on the form", p.ID, o.Order)
			}
		}
		var plain []string
		for _, l := range strings.Split(strings.TrimSpace(form), "\n") {
			if l != "" && !strings.HasPrefix(l, "#") {
				plain = append(plain, l)
			}
		}
		if len(plain) != 2 || !strings.HasPrefix(plain[0], "CAMPAIGN testlands PLAYER "+p.ID+" TURN 2") || plain[1] != "END" {
			t.Errorf("%s: lines not commented: %q", p.ID, plain)
		}
	}
}

func isSail(o campaign.Order) bool { _, ok := o.(campaign.Sail); return ok }

func TestOrderFormMuster(t *testing.T) {
	tt := testTurn(t)
	after := *tt.After
	after.Turn = 4 // turn 3 closed the first season (D6, D7)
	tt.After = &after
	form, err := OrderForm(tt, "empire", "en", false)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(form, "# Season balance before this turn (D6, D7): your squares are worth") {
		t.Errorf("no muster allowance:\n%s", form)
	}
}

func TestOrderFormErrors(t *testing.T) {
	tt := testTurn(t)
	if _, err := OrderForm(tt, "elves", "en", false); err == nil {
		t.Error("a form for an unknown player")
	}
	if _, err := OrderForm(tt, "empire", "fr", false); err == nil {
		t.Error("a form in a language without texts")
	}
}
