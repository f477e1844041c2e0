package campaign

import (
	"errors"
	"testing"
)

func TestCheckAgainst(t *testing.T) {
	m := exampleMap(t)
	if err := exampleState(t, m).CheckAgainst(m); err != nil {
		t.Fatalf("the example state: %v", err)
	}
	c := func(s string) Coord { return mustCoord(t, s) }
	embarked := func(s *State) {
		s.Fleets = append(s.Fleets, Fleet{ID: "F1", Owner: "empire", At: c("C10"), Cargo: "A1"})
		s.NextFleet = 1
		a := s.Army("A1")
		a.At, a.Aboard = c("C10"), "F1"
	}
	cases := []struct {
		name string
		edit func(s *State)
		want string
	}{
		{"army off the map", func(s *State) { s.Army("A3").At = c("Z99") }, "army A3: square Z99 is off the map (A1–T15)"},
		{"army at sea", func(s *State) { s.Army("A3").At = c("A1") }, "army A3: stands on the sea square A1 without a fleet"},
		{"embarked", embarked, ""},
		{"no such fleet", func(s *State) { s.Army("A1").Aboard = "F7" }, "army A1: is aboard fleet F7, which does not exist"},
		{"apart from its fleet", func(s *State) { embarked(s); s.Army("A1").At = c("E11") }, "army A1: is at E11 but aboard fleet F1, which is at C10"},
		{"not the cargo", func(s *State) { embarked(s); s.Fleet("F1").Cargo = "" }, "army A1: is aboard fleet F1, whose cargo is empty"},
		{"cargo not aboard", func(s *State) { embarked(s); s.Army("A1").Aboard = ""; s.Army("A1").At = c("E11") }, "fleet F1: carries army A1, which is not aboard it"},
		{"cargo missing", func(s *State) {
			s.Fleets = []Fleet{{ID: "F1", Owner: "empire", At: c("C10"), Cargo: "A9"}}
			s.NextFleet = 1
		}, "fleet F1: carries army A9, which does not exist"},
		{"fleet on land", func(s *State) { s.Fleets = []Fleet{{ID: "F1", Owner: "empire", At: c("E11")}}; s.NextFleet = 1 }, "fleet F1: is at E11, where no fleet can sail: fleets keep to sea, coast and navigable rivers"},
		{"fleet on a small river", func(s *State) { s.Fleets = []Fleet{{ID: "F1", Owner: "empire", At: c("J4")}}; s.NextFleet = 1 }, "fleet F1: is at J4, where no fleet can sail: fleets keep to sea, coast and navigable rivers"},
		{"fleet on a navigable river", func(s *State) { s.Fleets = []Fleet{{ID: "F1", Owner: "empire", At: c("F13")}}; s.NextFleet = 1 }, ""},
		{"fleet off the map", func(s *State) { s.Fleets = []Fleet{{ID: "F1", Owner: "empire", At: c("U1")}}; s.NextFleet = 1 }, "fleet F1: square U1 is off the map (A1–T15)"},
		{"square off the map", func(s *State) { s.Squares[c("A16")] = SquareState{Explored: true} }, "square A16: listed, but A16 is off the map (A1–T15)"},
		{"owned sea", func(s *State) { s.Squares[c("A1")] = SquareState{Owner: "orcs"} }, "square A1: a sea square is owned by orcs; sea squares are never owned (§1)"},
		{"capital off the map", func(s *State) { s.Player("orcs").Capital = c("Z1") }, "player orcs: capital Z1 is off the map (A1–T15)"},
		{"capital at sea", func(s *State) { s.Player("orcs").Capital = c("A1") }, "player orcs: capital A1 is a sea square (§1)"},
		{"initiative", func(s *State) { s.Player("orcs").Initiative = "middle" }, `player orcs: initiative "middle" is not "first" or "last" (D5)`},
		{"reserves", func(s *State) { s.Player("orcs").Reserves = -500 }, "player orcs: reserves of -500 points are negative (D6)"},
		{"unknown ally", func(s *State) { s.Player("orcs").Allies = []string{"elves"} }, `player orcs: ally "elves" is not a player`},
		{"one-sided ally", func(s *State) { s.Player("orcs").Allies = []string{"chaos"} }, "player orcs: ally chaos does not list orcs as an ally (D11: alliances are mutual)"},
		{"own ally", func(s *State) { s.Player("orcs").Allies = []string{"orcs"} }, "player orcs: lists himself as an ally"},
		{"next army", func(s *State) { s.NextArmy = 4 }, "next_army: 4 is below A6, an army id in use"},
		{"next fleet", func(s *State) { embarked(s); s.NextFleet = 0 }, "next_fleet: 0 is below F1, a fleet id in use"},
		{"odd army id", func(s *State) { s.Army("A3").ID = "X3" }, "army X3: the id is not A followed by a number"},
		{"battle off the map", func(s *State) { s.Battles = []Battle{{ID: "B1-1", At: c("Z2")}} }, "battle B1-1: square Z2 is off the map (A1–T15)"},
		{"force from off the map", func(s *State) {
			s.Battles = []Battle{{ID: "B1-1", At: c("E10"), Forces: []Force{{Army: "A1", From: c("E16")}}}}
		}, "battle B1-1: army A1 came from square E16 is off the map (A1–T15)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := exampleState(t, m)
			tc.edit(s)
			err := s.CheckAgainst(m)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			var se *StateError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *StateError", err)
			}
			se.File = "s.json"
			if got := se.Error(); got != "campaign: s.json: "+tc.want {
				t.Errorf("got  %s\nwant campaign: s.json: %s", got, tc.want)
			}
		})
	}
}
