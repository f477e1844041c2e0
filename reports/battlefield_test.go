package reports

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

// seaboardWith reads testdata/seaboard.txt with extra [squares] lines.
func seaboardWith(t testing.TB, squares string) *campaign.Map {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "seaboard.txt"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := campaign.ParseMap("seaboard.txt", append(data, []byte("\n[squares]\n"+squares+"\n")...))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// freeBattleTurn resolves turn 2 of testdata/seaboard.txt, with a small
// river and a name given to the coast square C5, into a field battle in a
// free square:
//
//	turn order: empire 5, orcs 2 → empire first
//	empire  A4 (500) MOVE C5, free and worth 2: 1 + 1 passes
//	end     B2-1 field battle in C5: A4 attacks the orcs' A8 (500), there
//	        since the turn began
func freeBattleTurn(t testing.TB) Turn {
	t.Helper()
	m := seaboardWith(t, `C5 river=small name="Mudflats"`)
	owned := func(owner string, v int) campaign.SquareState {
		return campaign.SquareState{Owner: owner, Value: v, Explored: true}
	}
	before := &campaign.State{Campaign: "seaboard", Turn: 2, Seed: "5eed",
		Players: []campaign.Player{
			{ID: "empire", Name: "Karl Franz", Race: "Empire", Capital: coord("B3"), Initiative: campaign.InitiativeFirst},
			{ID: "orcs", Name: "Grimgor", Race: "Orcs", Capital: coord("F4"), Initiative: campaign.InitiativeFirst},
		},
		Squares: map[campaign.Coord]campaign.SquareState{
			coord("B3"): owned("empire", 10), coord("C4"): owned("empire", 2),
			coord("C5"): owned("", 2), coord("F4"): owned("orcs", 10),
		},
		Armies: []campaign.Army{
			{ID: "A4", Owner: "empire", At: coord("C4"), Points: 500},
			{ID: "A8", Owner: "orcs", At: coord("C5"), Points: 500},
		},
		NextArmy: 9,
	}
	sets := []campaign.OrderSet{{Player: "empire", Orders: []campaign.Order{mv("A4", 2, "C5")}}}
	dice := campaign.ScriptedDice(5, 2, 1, 1)
	out, err := campaign.Resolve(m, campaign.Rules{}, before, campaign.Input{Orders: sets}, dice)
	if err != nil {
		t.Fatal(err)
	}
	if n := dice.Remaining(); n != 0 {
		t.Fatalf("%d scripted dice unused", n)
	}
	return Turn{Title: "The Seaboard Campaign", Map: m, Before: before, After: out.State, Outcome: out,
		Deadline: deadline, Generated: generated}
}

func TestFreeBattleFixture(t *testing.T) {
	tt := freeBattleTurn(t)
	if len(tt.Outcome.Battles) != 1 {
		t.Fatalf("battles = %+v, want one", tt.Outcome.Battles)
	}
	b := tt.Outcome.Battles[0]
	if b.Kind != campaign.FieldBattle || b.At != coord("C5") || b.Attacker != "empire" || b.Defender != "orcs" || b.Cause != "" {
		t.Errorf("battle = %+v, want the empire attacking the orcs in C5", b)
	}
	if st := tt.After.Square(b.At); st.Owner != "" || st.Value != 2 {
		t.Errorf("C5 after the turn = %+v, want free and worth 2", st)
	}
}

// TestBattlefield covers Annex A's mapping of each kind of square, with
// the sea sides a shore runs along, in English.
func TestBattlefield(t *testing.T) {
	tt := freeBattleTurn(t)
	w, err := newWords("en")
	if err != nil {
		t.Fatal(err)
	}
	d := newDoc(&tt, w, "battlefield")
	open := "open ground, with at most crops or ruins (difficult terrain) and hedges, fences or walls (linear obstacles)"
	rest := "elsewhere " + open
	tests := []struct {
		name          string
		sq            campaign.Square
		words, tables string
	}{
		{"open land", campaign.Square{At: coord("C3")}, "open ground", open},
		{"hills", campaign.Square{At: coord("C3"), Terrain: campaign.Moderate}, "moderately difficult ground (−1)", "hills"},
		{"swamp or mountains", campaign.Square{At: coord("C3"), Terrain: campaign.Difficult}, "difficult ground (−2)",
			"marshes and bogs (difficult terrain) if the square is swamp, steep hills and crags with impassable rock if it is mountains"},
		{"wooded high mountains", campaign.Square{At: coord("C3"), Terrain: campaign.VeryDifficult, Forest: true},
			"very difficult ground (−3) and a forest", "steep hills and crags, with impassable rock; woods"},
		{"forest", campaign.Square{At: coord("D4"), Forest: true}, "a forest", "woods; " + rest},
		{"small river", campaign.Square{At: coord("C3"), River: campaign.SmallRiver}, "a small river",
			"a stream or shallow river across the table: difficult terrain, with at least one ford; " + rest},
		{"estuary", campaign.Square{At: coord("B2"), Kind: campaign.Coast, River: campaign.LargeRiver, Navigable: true},
			"a large, navigable river", "a deep river across the table: impassable but for fords and bridges; " + rest +
				"; the shore along the north and west table edges, where the sea is: beaches are difficult terrain"},
		{"rapids in hills", campaign.Square{At: coord("C3"), Terrain: campaign.Moderate, River: campaign.Rapids},
			"moderately difficult ground (−1) and rapids", "hills; rapids across the table: impassable"},
		{"cliffs", campaign.Square{At: coord("F3"), Kind: campaign.Coast, Cliffs: true},
			"open ground and cliffs along the whole coast", open + "; the shore along the north and east table edges, where the sea is: cliffs line it"},
		{"no sea beside", campaign.Square{At: coord("D5"), Kind: campaign.Coast}, "open ground",
			open + "; the shore along the table edge the players agree: beaches are difficult terrain"},
	}
	for _, tc := range tests {
		if got := w.list(d.terrainWords(&tc.sq)); got != tc.words {
			t.Errorf("%s: terrain %q\nwant %q", tc.name, got, tc.words)
		}
		if got := strings.Join(d.tableItems(tt.Map, &tc.sq), "; "); got != tc.tables {
			t.Errorf("%s: table %q\nwant %q", tc.name, got, tc.tables)
		}
	}
	if w.err != nil {
		t.Fatal(w.err)
	}
}

// TestStakes checks each sentence of what is at stake against what
// campaign does when the result is entered: owner and value afterwards.
func TestStakes(t *testing.T) {
	base := freeBattleTurn(t)
	w, err := newWords("en")
	if err != nil {
		t.Fatal(err)
	}
	defenderWins := "If the defender wins: the attacker's armies fall back (D15)."
	draw := "A draw: nothing changes hands; the defender stays and the attacker's armies fall back [A65]."
	tests := []struct {
		name     string
		owner    string
		value    int
		cause    string
		alone    bool // only the garrison defends
		winner   campaign.Side
		want     []string
		ownerNow string
		valueNow int
	}{
		{"free square", "", 2, "", false, campaign.Attacker, []string{
			"If the attacker wins: Karl Franz takes the free square C5 at −1, which will be worth 1 [A71]; the defender's armies fall back (D15).",
			defenderWins, draw}, "empire", 1},
		{"enemy square", "orcs", 4, "", false, campaign.Attacker, []string{
			"If the attacker wins: Karl Franz conquers C5 at −2, which will be worth 2 (§6.4); the defender's armies fall back (D15).",
			defenderWins, draw}, "empire", 2},
		{"failed claim", "orcs", 3, "claim", true, campaign.Attacker, []string{
			"If the attacker wins: Karl Franz conquers C5 at −2, which will be worth 1 (§5.1, S06).",
			defenderWins, draw}, "empire", 1},
		{"failed pillage", "orcs", 4, "pillage", true, campaign.Attacker, []string{
			"If the attacker wins: C5 is pillaged (−3), not conquered, and will be worth 1 [A41].",
			defenderWins, draw}, "orcs", 1},
		{"failed pillage of a value 1", "orcs", 1, "pillage", false, campaign.Attacker, []string{
			"If the attacker wins: C5 is pillaged (−3), not conquered, and will be worth 0 [A41]; worth 1 before, it becomes a free square [A39]; the defender's armies fall back (D15).",
			defenderWins, draw}, "", 0},
		{"own pillage", "empire", 4, "own-pillage", true, campaign.Defender, []string{
			"If the attacker wins: C5 is pillaged (−3), not conquered, and will be worth 1 [A41].",
			"If the defender wins: the attacker's armies fall back (D15), and C5 goes over to another player of the same race as Karl Franz, or becomes a free square if there is none [A44].",
			draw}, "", 0},
		{"an ally's square", "dwarfs", 4, "", false, campaign.Attacker, []string{
			"If the attacker wins: nothing changes hands: C5 stays with Belegar; the defender's armies fall back (D15).",
			defenderWins, draw}, "dwarfs", 4},
		{"a draw in an enemy square", "orcs", 4, "", false, campaign.Draw, []string{
			"If the attacker wins: Karl Franz conquers C5 at −2, which will be worth 2 (§6.4); the defender's armies fall back (D15).",
			defenderWins, draw}, "orcs", 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tt := base
			tt.After = base.After.Clone()
			tt.After.Players = append(tt.After.Players, campaign.Player{ID: "dwarfs", Name: "Belegar", Race: "Dwarfs",
				Capital: coord("E2"), Allies: []string{"empire"}, Initiative: campaign.InitiativeFirst})
			tt.After.Player("empire").Allies = []string{"dwarfs"}
			b := tt.Outcome.Battles[0]
			b.Cause = tc.cause
			if tc.alone {
				b.Forces = slices.DeleteFunc(slices.Clone(b.Forces), func(f campaign.Force) bool { return f.Side == campaign.Defender })
			}
			if tc.cause == "own-pillage" {
				b.Defender = ""
			}
			tt.After.Squares[b.At] = campaign.SquareState{Owner: tc.owner, Value: tc.value, Explored: true}
			got := tt.stakeTexts(w, b)
			if w.err != nil {
				t.Fatal(w.err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("stakes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			st := tt.After.Clone()
			st.Battles = []campaign.Battle{b}
			res := campaign.BattleResult{Battle: b.ID, Winner: tc.winner}
			out, err := campaign.Resolve(tt.Map, campaign.Rules{}, st, campaign.Input{Results: []campaign.BattleResult{res}},
				campaign.NewDice("5eed", 3)) // no roll changes C5
			if err != nil {
				t.Fatal(err)
			}
			if sq := out.State.Square(b.At); sq.Owner != tc.ownerNow || sq.Value != tc.valueNow {
				t.Errorf("after the result C5 is %q worth %d; want %q worth %d", sq.Owner, sq.Value, tc.ownerNow, tc.valueNow)
			}
		})
	}
}

func TestFreeBattleText(t *testing.T) {
	tt := freeBattleTurn(t)
	tests := []struct {
		name   string
		render func() ([]byte, error)
		want   []string
		absent []string
	}{
		{"free-battle-orcs-en", func() ([]byte, error) { return RenderPlayer(tt, "orcs", "en") }, []string{
			"B2-1 — Field battle in C5",
			"Battlefield: C5 (Mudflats), on the coast: a small river.",
			"Suggested table, for the players to agree (§4.1, Annex A): a stream or shallow river across the table: difficult terrain, with at least one ford; elsewhere open ground, with at most crops or ruins (difficult terrain) and hedges, fences or walls (linear obstacles); the shore along the west table edge, where the sea is: beaches are difficult terrain.",
			"At stake:",
			"• If the attacker wins: Karl Franz takes the free square C5 at −1, which will be worth 1 [A71]; the defender's armies fall back (D15).",
			"• If the defender wins: the attacker's armies fall back (D15).",
			"• A draw: nothing changes hands; the defender stays and the attacker's armies fall back [A65].",
			"The moderator enters the result: the winner (attacker, defender or draw) and the victory points each side suffered (D14).",
		}, nil},
		{"free-battle-empire-es", func() ([]byte, error) { return RenderPlayer(tt, "empire", "es") }, []string{
			"B2-1 — Batalla campal en C5",
			"Campo de batalla: C5 (Mudflats), en la costa: un río pequeño.",
			"Mesa propuesta, a acordar entre los jugadores (§4.1, anexo A): un arroyo o río poco profundo que cruza la mesa: terreno difícil, con al menos un vado; el resto, terreno abierto, como mucho con cultivos o ruinas (terreno difícil) y setos, vallas o muros (obstáculos lineales); la orilla a lo largo del borde oeste de la mesa, del lado del mar: las playas son terreno difícil.",
			"Qué está en juego:",
			"• Si gana el atacante: Karl Franz toma la casilla libre C5 con −1, que pasará a valer 1 [A71]; los ejércitos del defensor se retiran (D15).",
			"• Si gana el defensor: los ejércitos del atacante se retiran (D15).",
			"• Empate: nada cambia de manos; el defensor se queda y los ejércitos del atacante se retiran [A65].",
			"El moderador introduce el resultado: el ganador (atacante, defensor o empate) y los puntos de victoria que ha sufrido cada bando (D14).",
		}, nil},
		{"free-battle-moderator-en", func() ([]byte, error) { return RenderModerator(tt, "en") }, []string{
			"Enter the result of each battle before the next turn",
			"Battlefield: C5 (Mudflats), on the coast: a small river.",
			"• If the attacker wins: Karl Franz takes the free square C5 at −1",
		}, []string{"The moderator enters the result"}}, // the moderator has his own instructions
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := tc.render()
			if err != nil {
				t.Fatal(err)
			}
			b, err := tc.render()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) {
				t.Errorf("two renders differ (%d and %d bytes)", len(a), len(b))
			}
			keep(t, tc.name+".pdf", a)
			text := pdfText(t, a)
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("missing %q", w)
				}
			}
			for _, s := range tc.absent {
				if strings.Contains(text, s) {
					t.Errorf("unexpected %q", s)
				}
			}
			if t.Failed() {
				t.Logf("text: %s", text)
			}
		})
	}
}
