package campaign_test

import (
	"reflect"
	"testing"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/gen"
)

// TestOptionsAgreeWithPreview: every option Options offers is an order
// Preview (which plays it for real, dice showing 1) accepts with the same
// first check, every candidate it leaves out Preview refuses, and the
// state is untouched. Run on every unit of a generated campaign (the
// order form rests on it).
func TestOptionsAgreeWithPreview(t *testing.T) {
	g, err := gen.Generate(gen.Medium, gen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := campaign.ParseMap("map.txt", g.Map)
	if err != nil {
		t.Fatal(err)
	}
	boardFleets(g.State)
	before := g.State.Clone()
	offered, checked, kinds := 0, 0, map[string]int{}
	for _, p := range g.State.Players {
		opts := campaign.Options(m, campaign.Rules{}, g.State, p.ID)
		byOrder := map[string]campaign.Option{}
		for _, o := range opts {
			byOrder[o.Order.String()] = o
		}
		offered += len(opts)
		for _, o := range opts {
			if o.Check != nil {
				kinds[o.Check.Action]++
			}
		}
		for _, o := range candidates(m, g.State, p.ID) {
			events := campaign.Preview(m, campaign.Rules{}, g.State, campaign.OrderSet{Player: p.ID, Orders: []campaign.Order{o}})
			rejected, first := false, (*campaign.Check)(nil)
			for _, e := range events {
				if e.Kind == campaign.EventRejected {
					rejected = true
				}
				if e.Kind == campaign.EventCheck && first == nil {
					first = e.Check
				}
			}
			opt, ok := byOrder[o.String()]
			switch {
			case rejected && ok:
				t.Errorf("%s: offered, but Preview refuses it", o)
			case !rejected && !ok:
				t.Errorf("%s: Preview accepts it, but it is not offered", o)
			case ok && (first == nil) != (opt.Check == nil):
				t.Errorf("%s: check %v, Preview's %v", o, opt.Check, first)
			case ok && first != nil && (opt.Check.Target != first.Target || opt.Check.Automatic != first.Automatic):
				t.Errorf("%s: target %d, Preview's %d", o, opt.Check.Target, first.Target)
			case ok && first != nil:
				checked++
			}
		}
	}
	if !reflect.DeepEqual(before, g.State) {
		t.Error("Options changed the state")
	}
	if offered < 1000 || checked < offered/2 || kinds["embark"] == 0 || kinds["disembark"] == 0 {
		t.Errorf("only %d options offered, %d with a check, by kind %v", offered, checked, kinds)
	}
}

// boardFleets brings an army of 500 points to each fleet of the campaign:
// onto the coast beside it for the even fleets, aboard for the odd ones,
// so embarking and landing are weighed too.
func boardFleets(s *campaign.State) {
	for i := range s.Fleets {
		f := &s.Fleets[i]
		for j := range s.Armies {
			a := &s.Armies[j]
			if a.Owner != f.Owner || a.Points != campaign.ArmyBlock || a.Aboard != "" || a.At == f.At {
				continue
			}
			a.At = f.At
			if i%2 == 1 {
				a.Aboard, f.Cargo = f.ID, a.ID
			}
			break
		}
	}
}

// candidates is every order Options weighs, written out independently.
func candidates(m *campaign.Map, s *campaign.State, player string) []campaign.Order {
	var out []campaign.Order
	for _, a := range s.Armies {
		if a.Owner != player {
			continue
		}
		for _, to := range m.Neighbours(a.At) {
			out = append(out, campaign.Move{Army: a.ID, Path: []campaign.Coord{to}})
		}
		for _, f := range s.Fleets {
			out = append(out, campaign.Embark{Army: a.ID, Fleet: f.ID})
		}
		out = append(out, campaign.Disembark{Army: a.ID}, campaign.Claim{Army: a.ID}, campaign.Pillage{Army: a.ID},
			campaign.Improve{Army: a.ID}, campaign.Build{Army: a.ID})
	}
	for _, f := range s.Fleets {
		if f.Owner == player {
			for _, to := range m.Neighbours(f.At) {
				out = append(out, campaign.Sail{Fleet: f.ID, Path: []campaign.Coord{to}})
			}
		}
	}
	return out
}
