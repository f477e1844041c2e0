package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/siege"
)

const siegeUsage = `Usage: turnproc siege <subcommand> [flags] [arguments]

Table-side helpers for a siege awaiting its result.

Subcommands:
  damage     roll an attack against a wall, tower or the gate, keeping the castle's damage
  prebattle  roll the pre-battle phase from the machines each side declares
`

func cmdSiege(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		return usageError("siege needs a subcommand", `run "turnproc siege --help": damage or prebattle`)
	}
	switch args[0] {
	case "damage":
		return cmdSiegeDamage(ctx, e, args[1:])
	case "prebattle":
		return cmdSiegePreBattle(ctx, e, args[1:])
	case "-h", "--help", "help":
		fmt.Fprint(e.stdout, siegeUsage)
		return errHelp
	}
	return usageError(fmt.Sprintf("unknown siege subcommand %q", args[0]), "the siege subcommands are: damage, prebattle")
}

// damageFlags are the flags of "siege damage".
type damageFlags struct {
	dir, weapon, wounds, model, markers *string
	strength, turn, models, attacks     *int
	propsRanks, propsStrength           *int
	fire, monstrous, show               *bool
}

func cmdSiegeDamage(_ context.Context, e *env, args []string) error {
	fs := newFlags("siege damage", "BATTLE PART | BATTLE --show",
		`Roll an attack against a wall section, tower or the gate of a siege awaiting its result
(siege-rules.md §7). The damage model is the config's siege.damage_model (D17): "profiles"
(ES: to-wound rolls against the part's Toughness, wounds off its Wounds) or "tables" (IT:
2D6 + Strength + wounds against the wall, tower or gate table, with cumulative modifiers,
fire markers and props). Each part's damage is kept in turns/NNN/sieges/BATTLE.json across
calls, with every attack rolled; the dice come from the seed of the current turn (revealed
in its report), the battle and the number of the attack, so the same calls give the same
rolls and "turnproc verify" rolls them again once the turn is played. Every die is shown.
Parts: W1…, T1…, G (list them with --show).
Weapons: `+weaponNames()+`.
Examples:
  turnproc siege damage B3-1 W2 --weapon cannon --strength 10 --wounds D6
  turnproc siege damage B3-1 G --weapon ram --models 5 --monstrous --strength 5
  turnproc siege damage B3-1 --show`)
	f := damageFlags{
		dir:           fs.String("dir", ".", "the campaign directory"),
		weapon:        fs.String("weapon", string(siege.WeaponCannon), "what attacks: "+weaponNames()),
		strength:      fs.Int("strength", 0, "Strength of the hit; a ram unit's or flyer's base Strength"),
		wounds:        fs.String("wounds", "", "wounds per hit: a number or dice such as D3, D6 (default 1; a monster: its multiple wounds)"),
		models:        fs.Int("models", 0, "a ram's models (pushing it, IT; in the unit, ES)"),
		monstrous:     fs.Bool("monstrous", false, "the ram's unit is monstrous infantry"),
		attacks:       fs.Int("attacks", 0, "a monster's Attacks, with modifiers"),
		fire:          fs.Bool("fire", false, "a flaming or fire-based attack"),
		turn:          fs.Int("turn", 0, "battle turn, 1-7 (default: the siege's latest turn, 1 at first)"),
		propsRanks:    fs.Int("props-ranks", 0, "ranks of a unit with props in contact with the gate (tables model)"),
		propsStrength: fs.Int("props-strength", 0, "that unit's Strength"),
		model:         fs.String("model", "", "damage model, profiles or tables, for a siege's first roll (default: the config's siege.damage_model)"),
		markers:       fs.String("fire-markers", string(siege.MarkersPerTurn), "how fire markers build up, per_turn or per_ignition (A-45), for a siege's first roll"),
		show:          fs.Bool("show", false, "print every part's state and roll nothing"),
	}
	pos, err := parseInterleaved(fs, e, args)
	if err != nil {
		return err
	}
	if want := map[bool]int{true: 1, false: 2}[*f.show]; len(pos) != want {
		return usageError(fmt.Sprintf("siege damage takes a battle and a part (or a battle and --show), got %d argument(s)", len(pos)),
			`write: turnproc siege damage B3-1 W2 --strength 10 --wounds D6, or turnproc siege damage B3-1 --show`)
	}
	c, err := openCampaign(*f.dir)
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
		return usageError(fmt.Sprintf("no siege %s is awaiting its result", pos[0]), pendingSieges(s))
	}
	path := c.dir.TurnPath(b.Turn, "sieges", b.ID+".json")
	st, err := c.siegeDamage(s, b, path, fs, f)
	if err != nil {
		return err
	}
	if *f.show {
		printSiege(e.stdout, st, b)
		return nil
	}
	a, err := damageAttack(f)
	if err != nil {
		return err
	}
	// The dice of the turn being played: its seed is revealed in its
	// report, and verify then rolls the logged attacks again.
	st.DiceTurn = turn
	d := siege.DamageDice(campaign.TurnSeed(s.Seed, turn), b.ID, st.Attacks+1, turn)
	eff, next, err := st.Attack(pos[1], a, d)
	if err != nil {
		return usageError(err.Error(), fmt.Sprintf(`see the castle with: turnproc siege damage %s --show; and "turnproc siege damage --help"`, b.ID))
	}
	if err := store.WriteFile(path, next.Encode()); err != nil {
		return err
	}
	printEffect(e.stdout, next, b, a, eff, c.cfg.Campaign.Language)
	return nil
}

// parseInterleaved parses flags written before, between or after the
// positional arguments, as the examples write them.
func parseInterleaved(fs *flag.FlagSet, e *env, args []string) ([]string, error) {
	var pos []string
	for len(args) > 0 {
		// A negative number is an argument (to be refused as such), not a flag.
		cut := slices.IndexFunc(args, isNegativeNumber)
		if cut == 0 {
			pos, args = append(pos, args[0]), args[1:]
			continue
		}
		head, tail := args, []string(nil)
		if cut > 0 {
			head, tail = args[:cut], args[cut:]
		}
		if err := parse(fs, e, head, -1); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if n := len(head) - len(rest); len(rest) > 0 && n > 0 && head[n-1] == "--" {
			return append(append(pos, rest...), tail...), nil
		}
		if len(rest) > 0 {
			pos, args = append(pos, rest[0]), append(rest[1:], tail...)
			continue
		}
		args = tail
	}
	return pos, nil
}

func isNegativeNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil && strings.HasPrefix(s, "-")
}

func weaponNames() string {
	names := make([]string, len(siege.Weapons))
	for i, w := range siege.Weapons {
		names[i] = string(w)
	}
	return strings.Join(names, ", ")
}

// pendingSieges lists the sieges that await results.
func pendingSieges(s *campaign.State) string {
	var ids []string
	for _, b := range s.Battles {
		if b.Kind == campaign.Siege {
			ids = append(ids, b.ID)
		}
	}
	if len(ids) == 0 {
		return "no siege is awaiting a result"
	}
	return "sieges awaiting results: " + strings.Join(ids, ", ")
}

// siegeDamage loads the siege's damage state, or starts it from the castle
// layout (ES-ANA-00, D18, D20) and the damage model (D17).
func (c *campaignFiles) siegeDamage(s *campaign.State, b *campaign.Battle, path string, flags *flag.FlagSet, f damageFlags) (siege.SiegeDamage, error) {
	set := map[string]bool{}
	flags.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	model := siege.DamageModel(c.cfg.Siege.DamageModel)
	if set["model"] {
		model = siege.DamageModel(*f.model)
	}
	if model != siege.ModelProfiles && model != siege.ModelTables {
		return siege.SiegeDamage{}, usageError(fmt.Sprintf("damage model %q is not profiles or tables", *f.model), "D17: profiles (ES, the default) or tables (IT)")
	}
	mode := siege.FireMarkerMode(*f.markers)
	if mode != siege.MarkersPerTurn && mode != siege.MarkersPerIgnition {
		return siege.SiegeDamage{}, usageError(fmt.Sprintf("fire markers %q are not per_turn or per_ignition", *f.markers), "A-45: per_turn (the default) or per_ignition")
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c.newSiegeDamage(s, b, model, mode), nil
	}
	if err != nil {
		return siege.SiegeDamage{}, err
	}
	st, err := siege.DecodeSiegeDamage(path, data)
	if err == nil && st.Battle != b.ID {
		err = fmt.Errorf("siege: %s holds the damage of battle %q, not %s", path, st.Battle, b.ID)
	}
	if err != nil {
		return st, badInput(err, "restore the file from your backup, or remove it to start the castle's damage again")
	}
	switch {
	case set["model"] && model != st.Model:
		return st, usageError(fmt.Sprintf("siege %s is rolled with the %s model since its first roll", b.ID, st.Model),
			"leave out --model, or remove "+path+" to start the castle's damage again")
	case set["fire-markers"] && mode != st.FireMarkers:
		return st, usageError(fmt.Sprintf("siege %s counts fire markers %s since its first roll", b.ID, st.FireMarkers),
			"leave out --fire-markers, or remove "+path+" to start the castle's damage again")
	}
	return st, nil
}

// newSiegeDamage is the undamaged castle of a siege.
func (c *campaignFiles) newSiegeDamage(s *campaign.State, b *campaign.Battle, model siege.DamageModel, mode siege.FireMarkerMode) siege.SiegeDamage {
	castle := c.castle(s, b)
	if bill, ok := c.declaredBill(s, b, campaign.Defender); ok && bill.GateReinforced() {
		castle = castle.WithReinforcedGate() // ES-EQD: the defender bought a reinforced gate
	}
	return siege.NewSiegeDamage(b.ID, model, mode, siege.CastleParts(castle))
}

// castle is a siege's castle (siege.CastleFor).
func (c *campaignFiles) castle(s *campaign.State, b *campaign.Battle) siege.Castle {
	return siege.CastleFor(c.m, s, *b)
}

// damageAttack reads the attack from the flags.
func damageAttack(f damageFlags) (siege.Attack, error) {
	const hint = `see "turnproc siege damage --help"`
	w, err := siege.ParseWeapon(*f.weapon)
	if err != nil {
		return siege.Attack{}, usageError(err.Error(), hint)
	}
	a := siege.Attack{Weapon: w, Strength: *f.strength, Models: *f.models, Monstrous: *f.monstrous, Attacks: *f.attacks,
		Fire: *f.fire, Turn: *f.turn, Props: siege.Props{Ranks: *f.propsRanks, Strength: *f.propsStrength}}
	if *f.wounds != "" {
		if a.Wounds, err = siege.ParseWoundDice(*f.wounds); err != nil {
			return a, usageError(err.Error(), hint)
		}
	}
	if a = a.WithDefaults(); a.Strength == 0 {
		return siege.Attack{}, usageError("siege damage needs --strength N, the Strength of the hit (a ram's or flyer's base Strength)", hint)
	}
	return a, nil
}

func printEffect(w io.Writer, st siege.SiegeDamage, b *campaign.Battle, a siege.Attack, eff siege.Effect, lang string) {
	fmt.Fprintf(w, "Siege %s at %s, %s model, turn %d, attack %d: %s\n", b.ID, b.At, st.Model, eff.Turn, st.Attacks, describeAttack(a))
	for _, r := range eff.Rolls {
		fmt.Fprintf(w, "  roll  %s: %s\n", r.Purpose, faces(r))
	}
	if len(eff.Terms) > 0 {
		var sum strings.Builder
		for i, t := range eff.Terms {
			switch {
			case t.Value < 0:
				sum.WriteString(" − ")
			case i > 0:
				sum.WriteString(" + ")
			}
			fmt.Fprintf(&sum, "%d (%s)", max(t.Value, -t.Value), t.Label)
		}
		fmt.Fprintf(w, "  total %d = %s\n", eff.Total, sum.String())
	}
	switch {
	case eff.Row != "" && st.Model == siege.ModelTables:
		fmt.Fprintf(w, "  %s %s, row %s: %s\n", eff.Part, eff.Kind, eff.Row, eff.Text.In(lang))
	case eff.Row != "":
		fmt.Fprintf(w, "  %s %s, %s: %d hit(s), %s, %d wounding: %s\n", eff.Part, eff.Kind, eff.Row, eff.Hits, need(eff.ToWound), eff.Wounded, eff.Text.In(lang))
	default:
		fmt.Fprintf(w, "  %s %s: %s\n", eff.Part, eff.Kind, eff.Text.In(lang))
	}
	for _, n := range eff.Notes {
		fmt.Fprintf(w, "  note  %s\n", n.In(lang))
	}
	p, _ := st.Part(eff.Part)
	fmt.Fprintf(w, "%s now: %s\n", p.ID, partState(st, p))
}

func need(n int) string {
	if n == 0 {
		return "cannot wound"
	}
	return fmt.Sprintf("needs %d+", n)
}

func describeAttack(a siege.Attack) string {
	s := fmt.Sprintf("%s, Strength %d", a.Weapon, a.Strength)
	if a.Models > 0 {
		s += fmt.Sprintf(", %d models", a.Models)
		if a.Monstrous {
			s += " (monstrous infantry)"
		}
	}
	if a.Attacks > 0 {
		s += fmt.Sprintf(", %d attacks", a.Attacks)
	}
	if a.Wounds != (siege.WoundDice{}) {
		s += ", wounds " + a.Wounds.String()
	}
	if a.Fire {
		s += ", fire"
	}
	if a.Props.Ranks > 0 {
		s += fmt.Sprintf(", props %d ranks at Strength %d", a.Props.Ranks, a.Props.Strength)
	}
	return s
}

func faces(r campaign.Roll) string {
	f := make([]string, len(r.Dice))
	for i, d := range r.Dice {
		f[i] = fmt.Sprint(d)
	}
	return strings.Join(f, " ")
}

func printSiege(w io.Writer, st siege.SiegeDamage, b *campaign.Battle) {
	fmt.Fprintf(w, "Siege %s at %s, %s model, fire markers %s; turn %d, %d attack(s) rolled\n", b.ID, b.At, st.Model, st.FireMarkers, st.Turn, st.Attacks)
	for _, p := range st.Parts {
		fmt.Fprintf(w, "  %-3s %s\n", p.ID, partState(st, p))
	}
}

// partState is one line on a part: its profile and what has been done to it.
func partState(st siege.SiegeDamage, p siege.PartState) string {
	s := []string{fmt.Sprintf("%s T%d W%d", p.Kind, p.Toughness, p.Wounds)}
	if p.Flammable {
		s[0] += " Flammable"
	}
	if p.Gate != "" {
		s = append(s, "holds the gate "+p.Gate)
	}
	if st.Model == siege.ModelProfiles {
		s = append(s, fmt.Sprintf("%d of %d wounds left", p.WoundsLeft(), p.Wounds))
		if p.Kind == siege.PartGate && p.RamTurn > 0 {
			s = append(s, fmt.Sprintf("last rammed in turn %d", p.RamTurn))
		}
	} else {
		s = append(s, fmt.Sprintf("%+d to later rolls", p.Modifier))
		for _, x := range []struct {
			on   bool
			text string
		}{
			{p.Battlements, "battlements destroyed"},
			{p.Breaches > 0, fmt.Sprintf("%d breach(es)", p.Breaches)},
			{p.PartialCollapses > 0, fmt.Sprintf("%d partial collapse(s)", p.PartialCollapses)},
			{p.TornDown, "torn down"},
			{p.IgnitedTurn > 0, fmt.Sprintf("on fire since turn %d, %d marker(s)", p.IgnitedTurn, st.Markers(p))},
			{p.PropsLost > 0, fmt.Sprintf("props broken in %d rank(s)", p.PropsLost)},
			{p.PropsResisted > 0, fmt.Sprintf("props used by %d rank(s) this turn", p.PropsResisted)},
		} {
			if x.on {
				s = append(s, x.text)
			}
		}
	}
	if p.Destroyed {
		s = append(s, "DESTROYED")
	}
	return strings.Join(s, "; ")
}
