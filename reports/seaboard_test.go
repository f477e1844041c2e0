package reports

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/turnproc/turnproc/campaign"
)

func coord(s string) campaign.Coord {
	c, err := campaign.ParseCoord(s)
	if err != nil {
		panic(err)
	}
	return c
}

// seaboardTurns resolves turns 2 and 3 of testdata/seaboard.txt with
// scripted dice: every new kind of order in turn 2, the result of its
// battle in turn 3.
//
// Turn 2 (empire 5, orcs 2: the empire first):
//
//	orcs    REORGANIZE A7 INTO 500 500 → A7, A9; RAISE F4 500 refused (no balance)
//	empire  A2 EMBARK F1 in B3: own port, automatic (order 1 of A2 and F1)
//	        F1 MOVE A3 A4 B4: D=8 3+2, D=7 2+2, B4 orcish D=5 1+3
//	        A2 DISEMBARK at B4: D=8 4+3
//	        A1 IMPROVE C3 (2): D=4 1+2 → 3
//	        A3 BUILD at B2 (4, 1000 points): D=5 2+2 → F2
//	        A4 CLAIM C4 (free; C3, D4 own, B4 orcish): D=8 3+3; A4 IMPROVE refused
//	        A5 MOVE D3 (orcish, 1000 points): D=8 4+2; PILLAGE: D=4 1+2 → 1, D2 +1 → 2
//	orcs    A8 MOVE D5 D4: D=10 2+3, explores 3+1 → 3; forest D=7 3+3
//	        A9 MOVE E4 D4: D=10 4+4; D=7 2+4
//	end     F2 launched; B2-1 field battle in D4: empire A6 and a 300 garrison
//	        against A8 (anchor) and A9, whose combine check (D=8) fails 5+6
//
// Turn 3 (orcs 4, empire 3): the orcs win B2-1 with 150 VP against 420:
// the orcs lose 100 from reserves; the empire 500: 300 garrison, 200 of
// A6, trimmed 300 more to 500; A6 falls back to C4; D4 is conquered (3 → 1).
func seaboardTurns(t testing.TB) (Turn, Turn) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "seaboard.txt"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := campaign.ParseMap("seaboard.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	owned := func(owner string, v int) campaign.SquareState {
		return campaign.SquareState{Owner: owner, Value: v, Explored: true}
	}
	before := &campaign.State{Campaign: "seaboard", Turn: 2, Seed: "5eed",
		Players: []campaign.Player{
			{ID: "empire", Name: "Karl Franz", Race: "Empire", Capital: coord("B3"), Initiative: campaign.InitiativeFirst},
			{ID: "orcs", Name: "Grimgor", Race: "Orcs", Capital: coord("F4"), Reserves: 200, Initiative: campaign.InitiativeFirst},
		},
		Squares: map[campaign.Coord]campaign.SquareState{
			coord("B3"): owned("empire", 10), coord("C3"): owned("empire", 2), coord("B2"): owned("empire", 4),
			coord("D2"): owned("empire", 1), coord("D4"): owned("empire", 3), coord("C4"): owned("", 2),
			coord("E4"): owned("", 1), coord("B4"): owned("orcs", 2), coord("D3"): owned("orcs", 3),
			coord("F4"): owned("orcs", 10), coord("E5"): owned("orcs", 1),
		},
		Armies: []campaign.Army{
			{ID: "A1", Owner: "empire", At: coord("C3"), Points: 500},
			{ID: "A2", Owner: "empire", At: coord("B3"), Points: 500},
			{ID: "A3", Owner: "empire", At: coord("B2"), Points: 1000},
			{ID: "A4", Owner: "empire", At: coord("C4"), Points: 500},
			{ID: "A5", Owner: "empire", At: coord("C3"), Points: 1000},
			{ID: "A6", Owner: "empire", At: coord("D4"), Points: 1000},
			{ID: "A7", Owner: "orcs", At: coord("F4"), Points: 1000},
			{ID: "A8", Owner: "orcs", At: coord("E5"), Points: 500},
		},
		Fleets:   []campaign.Fleet{{ID: "F1", Owner: "empire", At: coord("B3")}},
		NextArmy: 8, NextFleet: 1,
	}
	sail := campaign.Sail{Fleet: "F1", Path: []campaign.Coord{coord("A3"), coord("A4"), coord("B4")}, SourceLine: 3}
	sets := []campaign.OrderSet{
		{Player: "empire", Orders: []campaign.Order{
			campaign.Embark{Army: "A2", Fleet: "F1", SourceLine: 2}, sail, campaign.Disembark{Army: "A2", SourceLine: 4},
			campaign.Improve{Army: "A1", SourceLine: 5}, campaign.Build{Army: "A3", SourceLine: 6},
			campaign.Claim{Army: "A4", SourceLine: 7}, campaign.Improve{Army: "A4", SourceLine: 8},
			mv("A5", 9, "D3"), campaign.Pillage{Army: "A5", SourceLine: 10},
		}},
		{Player: "orcs",
			Reorganisations: []campaign.Reorganise{{Armies: []string{"A7"}, Sizes: []int{500, 500}, SourceLine: 2}},
			Muster:          []campaign.Muster{{Kind: campaign.Raise, At: coord("F4"), Points: 500, SourceLine: 3}},
			Orders:          []campaign.Order{mv("A8", 4, "D5", "D4"), mv("A9", 5, "E4", "D4")},
		},
	}
	dice := campaign.ScriptedDice(5, 2, 3, 2, 2, 2, 1, 3, 4, 3, 1, 2, 2, 2, 3, 3, 4, 2, 1, 2,
		2, 3, 3, 1, 3, 3, 4, 4, 2, 4, 5, 6)
	out, err := campaign.Resolve(m, campaign.Rules{}, before, campaign.Input{Orders: sets}, dice)
	if err != nil {
		t.Fatal(err)
	}
	if n := dice.Remaining(); n != 0 {
		t.Fatalf("turn 2: %d scripted dice unused", n)
	}
	turn2 := Turn{Title: "The Seaboard Campaign", Map: m, Before: before, After: out.State, Outcome: out,
		Deadline: deadline, Generated: generated}

	result := campaign.BattleResult{Battle: "B2-1", Winner: campaign.Attacker, AttackerVP: 150, DefenderVP: 420}
	dice = campaign.ScriptedDice(3, 4)
	out3, err := campaign.Resolve(m, campaign.Rules{}, out.State, campaign.Input{Results: []campaign.BattleResult{result}}, dice)
	if err != nil {
		t.Fatal(err)
	}
	if n := dice.Remaining(); n != 0 {
		t.Fatalf("turn 3: %d scripted dice unused", n)
	}
	turn3 := Turn{Title: "The Seaboard Campaign", Map: m, Before: out.State, After: out3.State, Outcome: out3,
		Deadline: deadline, Generated: generated}
	return turn2, turn3
}

func TestSeaboardText(t *testing.T) {
	turn2, turn3 := seaboardTurns(t)
	tests := []struct {
		name   string
		render func() ([]byte, error)
		want   []string
		absent []string
	}{
		{"empire in English", func() ([]byte, error) { return RenderPlayer(turn2, "empire", "en") }, []string{
			"Your fleets", "Fleet Square F1 B4 F2 B2", // pdftotext reads the empty Aboard column last
			"Line 2: A2 EMBARK F1", "A2 embarks in B3: command check.",
			"Automatic: B3 is your own port of value 5+, nothing is rolled [A29]; it still counts as order 1 of A2 (D2)",
			"A2 goes aboard fleet F1 in B3.",
			"Line 3: F1 MOVE A3 A4 B4", "Fleet F1 sails from B3 to A3: command check.",
			"order 2 of F1 this turn (D2): −1", "Fleet F1 sails from B3 to A3.",
			"B4 belongs to an enemy (§4.2 #1): −1", "Target D = 5: chance 28%",
			"Line 4: A2 DISEMBARK", "A2 lands in B4: command check.",
			"A2 (500 points) lands in B4 from fleet F1; neither moves again this turn [A28].",
			"Line 5: A1 IMPROVE", "raising C3 to value 3 (§5.1c #1): −3", "A1 improves C3: it is now worth 3.",
			"Line 6: A3 BUILD", "B2 is worth 4 (§5.2 #1): +4", "2 full blocks of 500 points (§5.2 #3 [A45]): +2",
			"A3 builds fleet F2 in B2; the fleet appears at the end of the turn [A47]",
			"Line 7: A4 CLAIM", "1 enemy square next to C4 (§5.1a #2 [A38]): −1",
			"2 of your squares next to C4 (§5.1a #3 [A38]): +2",
			"A4 claims the free square C4 for Karl Franz; it is worth 2.",
			"Line 8: A4 IMPROVE Order refused: A4 already attempted a special action this turn: one per turn (§5).",
			"Line 10: A5 PILLAGE", "D3 is an enemy square of value 3 (§5.1b #1): −3",
			"army of 1000 points: +1 per 500 above the first (§5.1 size [A37]): +1",
			"A5 pillages D3: it is now worth 1 (§5.1).",
			"The pillage of D3 enriches D2 by 1: it is now worth 2 [A40].",
			"Fleet F2 is launched in B2: it can sail next turn (D10).",
			"Field battle B2-1 in D4 Grimgor attacks Karl Franz: the battle will be fought on the table (D12).",
			"A9 joins the main force in D4 (B2-1): combine check (D13).",
			"1 square crossed before entering: −1 per 2, rounded up (§6.3 [A55]): −1",
			"Roll 2D6: 5 + 6 = 11 > 8: failed",
			"A9 fights as a reinforcement: it arrives by the 1D6 roll from battle turn 2, at +1 (§6.3, D13).",
			"Battles to fight", "B2-1 — Field battle in D4", "Attacker: Grimgor. Defender: Karl Franz.",
			"The garrison of D4 fights for the defender with 300 points (§6.2).",
			"Battlefield: D4, inland: a forest.",
			"Suggested table, for the players to agree (§4.1, Annex A): woods; elsewhere open ground",
			"A6 Karl Franz defender", "main force 1000 began there — —",
			"main force 500 D5 (south) — —",
			"reinforcement 500 E4 (east) +1 11 > 8: reinforcement",
			"At stake: • If the attacker wins: Grimgor conquers D4 at −2, which will be worth 1 (§6.4); the defender's armies fall back (D15).",
			"The moderator enters the result: the winner (attacker, defender or draw) and the victory points each side suffered (D14).",
			"Grimgor: The armies in F4 are reorganised", // news: only the public outcome
		}, []string{"Enter the result", "RAISE F4 500"}},
		{"orcs in Spanish", func() ([]byte, error) { return RenderPlayer(turn2, "orcs", "es") }, []string{
			"Línea 2: REORGANIZE A7 INTO 500 500",
			"Los ejércitos de F4 se reorganizan, sin chequeo y sin contar como orden (D8): ahora A7 (500 puntos) y A9 (500 puntos).",
			"Línea 3: RAISE F4 500",
			"Orden rechazada: las órdenes de leva solo se cumplen en el balance de la estación: envíalas con las órdenes del turno 4 (D7).",
			"A8 explora D5: tabla 1, 2D6 = 3 + 1 = 4, valor 3.", "D4 es terreno moderadamente difícil (§4.1 #5–7): −1",
			"Batalla campal B2-1 en D4 Grimgor ataca a Karl Franz: la batalla se jugará en la mesa (D12).",
			"A9 se reúne con la fuerza principal en D4 (B2-1): chequeo de reunión (D13).",
			"1 casilla recorrida antes de entrar: −1 por cada 2, redondeando hacia arriba (§6.3 [A55]): −1",
			"A9 combate como refuerzo: llega según la tirada de 1D6 a partir del segundo turno de batalla, con +1 (§6.3, D13).",
			"Batallas por jugar", "B2-1 — Batalla campal en D4", "Atacante: Grimgor. Defensor: Karl Franz.",
			"La guarnición de D4 combate con el defensor con 300 puntos (§6.2).",
			"A9 Grimgor atacante refuerzo 500 E4 (este) +1 11 > 8: refuerzo",
			"Campo de batalla: D4, tierra adentro: un bosque.",
			"Mesa propuesta, a acordar entre los jugadores (§4.1, anexo A): bosques; el resto, terreno abierto",
			"Qué está en juego: • Si gana el atacante: Grimgor conquista D4 con −2, que pasará a valer 1 (§6.4); los ejércitos del defensor se retiran (D15).",
			"Karl Franz: A2 sube a bordo de la flota F1 en B3.",
			"Karl Franz: La flota F1 navega de B3 a A3.",
			"Karl Franz: A2 (500 puntos) desembarca en B4 desde la flota F1; ninguno de los dos se mueve más este turno [A28].",
			"Karl Franz: A4 reclama la casilla libre C4 para Karl Franz; vale 2.",
			"Karl Franz: A5 saquea D3: ahora vale 1 (§5.1).",
			"Karl Franz: El saqueo de D3 enriquece D2 en 1: ahora vale 2 [A40].",
			"Karl Franz: A1 mejora C3: ahora vale 3.",
			"Karl Franz: A3 construye la flota F2 en B2",
			"Karl Franz: La flota F2 se bota en B2: podrá navegar el turno que viene (D10).",
			"flota (ejército a bordo)", "batalla o asedio por jugar",
		}, []string{"Automático"}}, // the empire's checks are not news
		{"moderator in English", func() ([]byte, error) { return RenderModerator(turn2, "en") }, []string{
			"Battles to fight",
			"Enter the result of each battle before the next turn: the winner (attacker, defender or draw) and the victory points suffered by each side (D14), e.g. turnproc result B1-1 attacker 230 450.",
			"The attacker fields 500 points, under 1000: it picks its army under the §6.6 restrictions",
			"B2-1 — Field battle in D4",
			"Grimgor Line 3: RAISE F4 500",
			"Line 2: REORGANIZE A7 INTO 500 500 The armies in F4 are reorganised",
			"Line 3: RAISE F4 500 Order refused: muster orders are carried out only at a season balance: send them with the orders of turn 4 (D7).",
		}, nil},
		{"results in Spanish", func() ([]byte, error) { return RenderPlayer(turn3, "empire", "es") }, []string{
			"Batalla campal B2-1 en D4 Gana el atacante, Grimgor (D14).",
			"Grimgor pierde 100 puntos de sus reservas (D14).",
			"La guarnición de D4 absorbe 300 puntos de bajas (D14).",
			"A6 (Karl Franz) pierde 200 puntos (D14).",
			"A6 queda reducido a un bloque entero de 500: pierde 300 puntos más [A70].",
			"A6 (Karl Franz) se retira de D4 a C4 (D15).",
			"Grimgor conquista D4; ahora vale 1 (D15).",
		}, []string{"Grimgor: Grimgor conquista"}}, // his own battle is not news
		{"results for the moderator", func() ([]byte, error) { return RenderModerator(turn3, "en") }, []string{
			"Field battle B2-1 in D4 The attacker, Grimgor, won (D14).",
			"Grimgor loses 100 points from the reserves (D14).",
			"The garrison of D4 absorbs 300 points of losses (D14).",
			"A6 is cut back to a whole block of 500: 300 more points lost [A70].",
			"A6 (Karl Franz) falls back from D4 to C4 (D15). Grimgor conquers D4; it is now worth 1 (D15). Turn order:",
		}, []string{"in C4"}}, // the retreat stays under its battle's header
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pdf, err := tc.render()
			if err != nil {
				t.Fatal(err)
			}
			keep(t, strings.ReplaceAll(tc.name, " ", "-")+".pdf", pdf)
			text := pdfText(t, pdf)
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("missing %q", w)
				}
			}
			for _, a := range tc.absent {
				if strings.Contains(text, a) {
					t.Errorf("unexpected %q", a)
				}
			}
			if t.Failed() {
				t.Logf("text: %s", text)
			}
		})
	}
}
