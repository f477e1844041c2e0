package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/config"
	"github.com/turnproc/turnproc/orders"
)

func cmdInit(ctx context.Context, e *env, args []string) error {
	flags := newFlags("init", "DIR", `Make a new campaign directory DIR from a config and a map: check both, draw the
dice seed (unless the config sets campaign.seed), and write the state before turn 1.
Nothing is written unless everything checks out.`)
	configPath := flags.String("config", "campaign.toml", "the campaign config (docs/config.md)")
	mapPath := flags.String("map", "", "the map file (docs/map-format.md); default: the config's map.file")
	if err := parse(flags, e, args, 1); err != nil {
		return err
	}
	dir := flags.Arg(0)
	if err := checkEmptyTarget(dir); err != nil {
		return err
	}
	cfg, err := config.Load(*configPath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usageError(err.Error(), "name the campaign config with --config (default campaign.toml in the current folder)")
	case errors.Is(err, fs.ErrPermission):
		return accessError(err)
	case err != nil:
		return badInput(err, "")
	}
	if err := checkLayout(cfg); err != nil {
		return err
	}
	m, mapData, err := readInitMap(cfg, *mapPath)
	if err != nil {
		return err
	}
	seed := cfg.Campaign.Seed
	if seed == "" {
		if seed, err = e.newSeed(); err != nil {
			return fmt.Errorf("drawing the dice seed: %w", err)
		}
	}
	s, err := newCampaignState(cfg, m, seed)
	if err != nil {
		return err
	}
	configData, err := os.ReadFile(*configPath)
	if err != nil {
		return err
	}
	if err := writeNewCampaign(dir, cfg, configData, mapData, s); err != nil {
		return err
	}
	e.log.Info("campaign created", "dir", dir, "campaign", cfg.Campaign.ID, "players", len(cfg.Players), "map", fmt.Sprintf("%dx%d", m.Width, m.Height))
	if cfg.Campaign.Seed != "" {
		fmt.Fprintln(e.stdout, "Note: the config sets campaign.seed, and every die of the campaign follows from it: whoever knows it can predict the rolls. Leave it out and init draws a secret one.")
	}
	fmt.Fprintf(e.stdout, "Campaign %q created in %s: %d players, a %d×%d map, turn 1 due %s.\n",
		cfg.Campaign.ID, dir, len(cfg.Players), m.Width, m.Height, cfg.Deadline.DeadlineOf(1).Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(e.stdout, "The dice of turn 1 are fixed: publish this SHA-256 of their seed to the players: %s\n",
		campaign.SeedCommitment(campaign.TurnSeed(seed, 1)))
	return nil
}

// readInitMap reads the map init copies: --map when given, else the one
// the config's map.file names.
func readInitMap(cfg *config.Config, flagPath string) (*campaign.Map, []byte, error) {
	if flagPath == "" {
		return readMap(cfg, cfg.Path(cfg.Map.File))
	}
	data, err := os.ReadFile(flagPath)
	if err != nil {
		return nil, nil, usageError("--map: "+fileProblem("the map file", flagPath, err), "name an existing map file with --map, or leave it out to use the config's map.file")
	}
	m, err := campaign.ParseMap(flagPath, data)
	if err != nil {
		return nil, nil, badInput(err, "")
	}
	return m, data, nil
}

// newCampaignState builds the state before turn 1 from the config. A
// capital or starting army the map or the rules refuse is reported at the
// config line that sets it.
func newCampaignState(cfg *config.Config, m *campaign.Map, seed string) (*campaign.State, error) {
	s, err := campaign.NewState(m, cfg.Campaign.ID, seed, cfg.PlayerSetups())
	var se *campaign.SetupError
	if errors.As(err, &se) {
		for i, p := range cfg.Players {
			if p.ID == se.Player {
				return nil, badInput(cfg.ErrorAt(fmt.Sprintf("players[%d].%s", i+1, se.Field), se.Msg, se.Hint), "")
			}
		}
	}
	if err != nil {
		return nil, badInput(err, "")
	}
	return s, nil
}

// checkEmptyTarget refuses to init over anything already there.
func checkEmptyTarget(dir string) error {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return usageError(fmt.Sprintf("%s is a file, not a directory", dir), "a new campaign needs a directory of its own: name a new one")
	}
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case len(entries) > 0:
		return usageError(fmt.Sprintf("%s already exists and is not empty", dir), "a new campaign needs a directory of its own: name a new or empty one")
	}
	return nil
}

// writeNewCampaign builds the directory beside its final place and renames
// it into place, so a failed init leaves nothing behind.
func writeNewCampaign(dir string, cfg *config.Config, configData, mapData []byte, s *campaign.State) error {
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	// 0700 less the umask (store.DirMode): the campaign is the moderator's
	// alone, and it replaces an empty target folder without loosening it.
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".init-*")
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(tmp)
		}
	}()
	if err := store.WriteFile(filepath.Join(tmp, store.ConfigFile), configData); err != nil {
		return err
	}
	if err := store.WriteFile(filepath.Join(tmp, cfg.Map.File), mapData); err != nil {
		return err
	}
	if cfg.Intake.Kind == config.IntakeMaildir { // a local path: checkLayout
		if _, err := orders.CreateMaildir(filepath.Join(tmp, cfg.Intake.Maildir)); err != nil {
			return err
		}
	}
	if err := (&store.Dir{Root: tmp}).SaveState(s); err != nil {
		return err
	}
	os.Remove(dir) // an empty target directory; anything else was refused
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("moving the new campaign into place: %w", err)
	}
	done = true
	return nil
}
