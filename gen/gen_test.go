package gen

import (
	"bytes"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/config"
	"github.com/turnproc/turnproc/orders"
)

// TestGeneratedCampaignsPlay checks each size end to end through the
// packages a run uses: the config and map load, every final mail is
// accepted with no problem on any line, the drafts are replaced, and the
// turn resolves with moves, §5.1 actions and battles (§6) in it.
func TestGeneratedCampaignsPlay(t *testing.T) {
	for name, size := range Sizes {
		t.Run(name, func(t *testing.T) {
			c, err := Generate(size, Options{PasswordCost: bcrypt.MinCost})
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := config.Parse("campaign.toml", c.Config)
			if err != nil {
				t.Fatal(err)
			}
			m, err := campaign.ParseMap("map.txt", c.Map)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(c.State.Armies); got != size.Armies {
				t.Errorf("%d armies, want %d", got, size.Armies)
			}
			if want := OrdersPerArmy*size.Armies + len(c.State.Fleets); c.Orders != want {
				t.Errorf("%d order lines, want %d", c.Orders, want)
			}
			in := orders.Collect(received(c.Mails), window(cfg, m))
			accepted := 0
			for _, rc := range in.Receipts {
				switch rc.Status {
				case orders.StatusAccepted:
					accepted++
					for _, p := range rc.Sheet.Problems {
						t.Errorf("%s line %d: %s", rc.Name, p.Line, p.Text)
					}
				case orders.StatusReplaced:
				default:
					t.Errorf("%s: %s (%s)", rc.Name, rc.Status, rc.Reason)
				}
			}
			if accepted != size.Players {
				t.Errorf("%d mails accepted, want one per player (%d)", accepted, size.Players)
			}
			out, err := campaign.Resolve(m, cfg.Rules(), c.State, campaign.Input{Orders: in.OrderSets()}, campaign.NewDice("seed", 1))
			if err != nil {
				t.Fatal(err)
			}
			kinds := map[campaign.EventKind]int{}
			for _, e := range out.Events {
				kinds[e.Kind]++
			}
			for _, k := range []campaign.EventKind{campaign.EventMoved, campaign.EventSailed, campaign.EventImproved, campaign.EventClaimed, campaign.EventBattle} {
				// Four empires meet by the dice's leave: most armies halt
				// before they reach a neighbour (§4.1).
				if kinds[k] == 0 && !(k == campaign.EventBattle && size == Small) {
					t.Errorf("no %s event: %v", k, kinds)
				}
			}
			if kinds[campaign.EventRejected] > c.Orders/20 {
				t.Errorf("%d of %d orders rejected: the generator should write playable orders", kinds[campaign.EventRejected], c.Orders)
			}
			t.Logf("%s: %d mails, %d orders, %d battles, events %v", name, len(c.Mails), c.Orders, len(out.Battles), kinds)
		})
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, err := Generate(Medium, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(Medium, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Map, b.Map) || !bytes.Equal(a.Config, b.Config) || len(a.Mails) != len(b.Mails) {
		t.Fatal("two generations differ")
	}
	for i := range a.Mails {
		if !bytes.Equal(a.Mails[i].Raw, b.Mails[i].Raw) {
			t.Fatalf("mail %s differs", a.Mails[i].Name)
		}
	}
}

func TestGenerateRefusesImpossibleSizes(t *testing.T) {
	for _, tc := range []struct {
		size Size
		want string
	}{
		{Size{Players: 0, Width: 20, Height: 20}, "gen: 0 players: make 1 to 999"},
		{Size{Players: 4, Width: 8, Height: 20}, "gen: a 8×20 map: make it 12×12 to 702×999"},
		{Size{Players: 4, Width: 20, Height: 20, Armies: -1}, "gen: -1 armies: make 0 or more"},
		{Size{Players: 64, Width: 20, Height: 20}, "gen: 64 players do not fit on a 20×20 map: each needs a 4×4 block of land"},
	} {
		_, err := Generate(tc.size, Options{})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v, want %q", tc.size, err, tc.want)
		}
	}
}

func received(mails []Mail) []orders.Received {
	out := make([]orders.Received, len(mails))
	for i, m := range mails {
		out[i] = orders.Received{Name: m.Name, Raw: m.Raw, At: m.At}
	}
	return out
}

func window(cfg *config.Config, m *campaign.Map) orders.Window {
	return orders.Window{Campaign: cfg.Campaign.ID, Turn: 1, Map: m, Deadline: DefaultDeadline,
		Player: func(id string) (orders.Credentials, bool) {
			p := cfg.Player(id)
			if p == nil {
				return orders.Credentials{}, false
			}
			return orders.Credentials{Email: p.Email, PasswordHash: p.PasswordHash}, true
		}}
}
