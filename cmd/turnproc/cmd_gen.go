package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/turnproc/turnproc/config"
	"github.com/turnproc/turnproc/gen"
)

func cmdGen(ctx context.Context, e *env, args []string) error {
	flags := newFlags("gen", "DIR", `Generate a synthetic campaign of any size in the new directory DIR, for measuring
and load testing (docs/BENCHMARKS.md): a map, a config, the state before turn 1 with every
player's empire, armies and fleet, and every player's order mail for turn 1 delivered
into the campaign's maildir. Turn 1's deadline is the current hour, so "turnproc run"
plays it at once.`)
	size := flags.String("size", "large", "small (4 players, 20×15, 62 armies), medium (16, 50×50, 250) or large (64, 100×100, 1,000); the flags below override it")
	players := flags.Int("players", 0, "number of players")
	mapSize := flags.String("map", "", "map size as WIDTHxHEIGHT, e.g. 100x100")
	armies := flags.Int("armies", -1, "number of armies in all (five order lines each)")
	cost := flags.Int("password-cost", bcrypt.DefaultCost, "bcrypt cost of the even players' passwords (0: no passwords, the From address decides)")
	if err := parse(flags, e, args, 1); err != nil {
		return err
	}
	dir := flags.Arg(0)
	sz, err := genSize(*size, *players, *mapSize, *armies)
	if err != nil {
		return err
	}
	if *cost != 0 && (*cost < bcrypt.MinCost || *cost > bcrypt.MaxCost) {
		return usageError(fmt.Sprintf("--password-cost %d is not a bcrypt cost", *cost), fmt.Sprintf("give 0 (no passwords) or %d to %d", bcrypt.MinCost, bcrypt.MaxCost))
	}
	if err := checkEmptyTarget(dir); err != nil {
		return err
	}
	g, err := gen.Generate(sz, gen.Options{PasswordCost: *cost, Deadline: e.now().UTC().Truncate(time.Hour)})
	if err != nil {
		return usageError(err.Error(), "give more map for the players, or fewer players")
	}
	if err := writeGenerated(dir, g); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "Generated campaign %q in %s: %d players on a %d×%d map, %d armies, %d fleets,\n%d order mails (%d order lines) in its maildir. Play turn 1 with: turnproc run --dir %s\n",
		gen.ID, dir, sz.Players, sz.Width, sz.Height, len(g.State.Armies), len(g.State.Fleets), len(g.Mails), g.Orders, dir)
	return nil
}

// genSize is the size the flags ask for: a named size, then any override.
func genSize(name string, players int, mapSize string, armies int) (gen.Size, error) {
	sz, ok := gen.Sizes[name]
	if !ok {
		return sz, usageError(fmt.Sprintf("--size %q is not a size", name), "give small, medium or large")
	}
	if players > 0 {
		sz.Players = players
	}
	if armies >= 0 {
		sz.Armies = armies
	}
	if mapSize != "" {
		if _, err := fmt.Sscanf(mapSize, "%dx%d", &sz.Width, &sz.Height); err != nil {
			return sz, usageError(fmt.Sprintf("--map %q is not a map size", mapSize), "write WIDTHxHEIGHT, e.g. --map 100x100")
		}
	}
	return sz, nil
}

// writeGenerated writes the campaign as init would, then delivers the
// mails into its maildir, each file dated when its player sent it.
func writeGenerated(dir string, g *gen.Campaign) error {
	cfg, err := config.Parse("campaign.toml", g.Config)
	if err != nil {
		return fmt.Errorf("the generated config: %w", err)
	}
	if err := writeNewCampaign(dir, cfg, g.Config, g.Map, g.State); err != nil {
		return err
	}
	c, err := openCampaign(dir)
	if err != nil {
		return err
	}
	md, err := c.maildir()
	if err != nil {
		return err
	}
	for _, m := range g.Mails {
		name, err := md.Deliver(m.Raw, m.Name)
		if err != nil {
			return err
		}
		if err := os.Chtimes(filepath.Join(md.Dir(), "new", name), m.At, m.At); err != nil {
			return err
		}
	}
	return nil
}
