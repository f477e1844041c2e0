// Package siege owns what a siege needs to be fought on the table (seeds
// 000, 001, 004; shared/rules/siege-rules.md, settled by DECISIONS.md
// D17–D20): the fortifications' capacity and the force deployed outside
// (D18); the ES equipment catalogue, the declarations players write and
// their validation against the 15% budgets (§8, D19); the castle's material
// (D20) and layout — walls, towers, gate, courtyard, profiles, rooms,
// adjacency and a schematic plan (§3); the pre-battle phase, ES deployment
// rolls and the RU steps (§4); and castle damage by the IT tables or the
// ES profiles (§7, D17). Every random procedure takes campaign dice and
// records each roll with its rule id. It knows nothing of mail or PDF.
//
// Which file owns what: fortification.go the capacity and the force outside
// (D18); catalogue.go the ES equipment catalogue (§8.1) and the automatic
// kit; declare.go the EQUIP declaration, its parser and canonical form;
// bill.go its validation against the catalogue and the D19 budget, and the
// priced bill; castle.go the material and layout (§3); prebattle.go the
// pre-battle phase (§4); damage.go castle damage (§7); dice.go the dice
// notation.
package siege
