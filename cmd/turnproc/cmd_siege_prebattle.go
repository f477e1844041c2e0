package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/siege"
)

func cmdSiegePreBattle(_ context.Context, e *env, args []string) error {
	fs := newFlags("siege prebattle", "BATTLE --attacker MACHINES --defender MACHINES",
		`Roll the pre-battle phase of a siege awaiting its result (siege-rules.md §4): the ES
deployment rolls of mantlets, siege towers and covered rams, then the RU phase — defensive
fire, attacking fire with re-rolled sixes, destroyed machines, breached sections, defenders
shooting twice. Each side's machines are listed as KIND:ID[:FLAG], separated by spaces or
commas. Kinds: cannon, stone-thrower (or catapult), bolt-thrower, other (war machines); tower,
covered-ram (engines; flag "beasts" for draught beasts); mantlet (a mantlet unit). Flag "outside"
marks a defender's machine outside the walls; a wall id flag (W3) names the wall section an
attacking machine aims its breaches at (A-22; default: the first wall). The dice come from the
seed of the current turn (revealed in its report) and the battle, so the same declarations
give the same rolls; the record is kept in turns/NNN/sieges/ and "turnproc verify" rolls it
again once the turn is played. Without
--attacker, the siege towers, covered rams and mantlets the attacker declared by EQUIP are used.
Example:
  turnproc siege prebattle B3-1 --attacker "cannon:a1 tower:t1:beasts mantlet:m1" --defender "bolt-thrower:d1"`)
	dir := fs.String("dir", ".", "the campaign directory")
	attacker := fs.String("attacker", "", "the attacker's machines")
	defender := fs.String("defender", "", "the defender's machines")
	firstRU := fs.Bool("attacker-first", false, "the attacker takes battle turn 1 (RU-PRE-04) instead of the defender (ES-SCN-06, C-01)")
	noRU := fs.Bool("no-ru", false, "skip the RU pre-battle steps 1–3: only the ES deployment rolls")
	replace := fs.Bool("replace", false, "roll again over a pre-battle phase already recorded for this siege")
	pos, err := parseInterleaved(fs, e, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError(fmt.Sprintf("siege prebattle takes the battle, got %d argument(s)", len(pos)), `run "turnproc siege prebattle --help"`)
	}
	setup, err := parseMachines(*attacker, *defender)
	if err != nil {
		return err
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	turn, s, unlock, err := c.begin(e)
	if err != nil {
		return err
	}
	defer unlock()
	b := s.Battle(strings.ToUpper(pos[0]))
	if b == nil || b.Kind != campaign.Siege {
		return usageError(fmt.Sprintf("no siege %s is awaiting a result", strings.ToUpper(pos[0])), pendingSieges(s))
	}
	if *attacker == "" {
		// Without a declaration on the command line, the engines and
		// mantlets the attacker bought by EQUIP order move (§2.4 item 6).
		if bill, ok := c.declaredBill(s, b, campaign.Attacker); ok {
			engines := bill.PreBattleAttacker()
			engines.Artillery = setup.Attacker.Artillery
			setup.Attacker = engines
		}
	}
	for _, el := range c.castle(s, b).Elements {
		if el.Kind == siege.KindWall {
			setup.Walls = append(setup.Walls, el.ID)
		}
	}
	d := siege.PreBattleDice(campaign.TurnSeed(s.Seed, turn), b.ID, turn)
	path := c.dir.TurnPath(b.Turn, "sieges", b.ID+"-prebattle.json")
	if exists(path) && !*replace {
		return usageError(fmt.Sprintf("the pre-battle phase of %s is already rolled (%s)", b.ID, path), "add --replace to roll it again with new declarations")
	}
	pb, err := siege.RollPreBattle(setup, siege.PreBattleOptions{FirstTurnRU: *firstRU, NoRUPhase: *noRU}, d)
	if err != nil {
		return usageError(err.Error(), "")
	}
	data, err := json.MarshalIndent(siege.PreBattleRecord{DiceTurn: turn, Setup: setup, PreBattle: pb}, "", "  ")
	if err != nil {
		return err
	}
	if err := store.WriteFile(path, append(data, '\n')); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "Pre-battle phase of %s (%s):\n", b.ID, b.At)
	for _, l := range pb.Lines() {
		fmt.Fprintf(e.stdout, "  %s\n", l)
	}
	fmt.Fprintf(e.stdout, "Recorded in %s.\n", path)
	return nil
}

// parseMachines reads the two sides' KIND:ID[:FLAG] lists.
func parseMachines(attacker, defender string) (siege.PreBattleSetup, error) {
	var s siege.PreBattleSetup
	for _, side := range []struct {
		name, list string
	}{{"attacker", attacker}, {"defender", defender}} {
		for _, item := range strings.FieldsFunc(side.list, func(r rune) bool { return r == ',' || r == ' ' }) {
			parts := strings.Split(strings.ToLower(item), ":")
			if len(parts) < 2 || parts[1] == "" {
				return s, usageError(fmt.Sprintf("--%s: %q is not KIND:ID", side.name, item), `e.g. "cannon:a1 tower:t1:beasts"`)
			}
			kind, id, flags := parts[0], parts[1], parts[2:]
			has := func(f string) bool { return strings.Contains(strings.Join(flags, ":"), f) }
			if kind == "catapult" {
				kind = "stone-thrower"
			}
			switch kind {
			case "cannon", "stone-thrower", "bolt-thrower", "other":
				piece := siege.ArtilleryPiece{ID: id, Kind: siege.ArtilleryKind(kind), Outside: has("outside")}
				for _, f := range flags {
					if strings.HasPrefix(f, "w") {
						piece.Walls = append(piece.Walls, strings.ToUpper(f))
					}
				}
				if side.name == "attacker" {
					s.Attacker.Artillery = append(s.Attacker.Artillery, piece)
				} else {
					s.Defender.Artillery = append(s.Defender.Artillery, piece)
				}
			case "tower", "covered-ram", "mantlet":
				if side.name != "attacker" {
					return s, usageError(fmt.Sprintf("--defender: %s is the besieger's", kind), "siege towers, covered rams and mantlets belong to the attacker")
				}
				switch kind {
				case "tower":
					s.Attacker.SiegeTowers = append(s.Attacker.SiegeTowers, siege.PreBattleEngine{ID: id, DraughtBeasts: has("beasts")})
				case "covered-ram":
					s.Attacker.CoveredRams = append(s.Attacker.CoveredRams, siege.PreBattleEngine{ID: id, DraughtBeasts: has("beasts")})
				default:
					s.Attacker.Mantlets = append(s.Attacker.Mantlets, id)
				}
			default:
				return s, usageError(fmt.Sprintf("--%s: unknown machine kind %q", side.name, kind),
					"kinds: cannon, stone-thrower (catapult), bolt-thrower, other, tower, covered-ram, mantlet")
			}
		}
	}
	return s, nil
}
