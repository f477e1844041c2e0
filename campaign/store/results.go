package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/turnproc/turnproc/campaign"
)

// ResultPath is where the result of a battle is kept: with the turn that
// scheduled it, turns/NNN/results/<id>.json.
func (d *Dir) ResultPath(b campaign.Battle) string {
	return d.TurnPath(b.Turn, "results", b.ID+".json")
}

// SaveResult records a battle's result. A second result for the same
// battle is refused unless replace is set.
func (d *Dir) SaveResult(b campaign.Battle, res campaign.BattleResult, replace bool) error {
	p := d.ResultPath(b)
	if _, err := os.Stat(p); err == nil && !replace {
		return fmt.Errorf("store: battle %s already has a result in %s", b.ID, p)
	}
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return WriteFile(p, append(data, '\n'))
}

// LoadResults reads the results entered for the given battles; battles
// without one are simply left out (the rules say what is missing, D16).
func (d *Dir) LoadResults(battles []campaign.Battle) ([]campaign.BattleResult, error) {
	var out []campaign.BattleResult
	for _, b := range battles {
		p := d.ResultPath(b)
		data, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		var res campaign.BattleResult
		if err := json.Unmarshal(data, &res); err != nil {
			return nil, fmt.Errorf("store: %s: %v", filepath.ToSlash(p), err)
		}
		if res.Battle != b.ID {
			return nil, fmt.Errorf("store: %s holds the result of battle %q, not %s", p, res.Battle, b.ID)
		}
		out = append(out, res)
	}
	return out, nil
}
