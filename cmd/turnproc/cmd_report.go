package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/campaign/store"
	"github.com/turnproc/turnproc/orders"
	"github.com/turnproc/turnproc/reports"
	"github.com/turnproc/turnproc/siege"
)

func cmdReport(_ context.Context, e *env, args []string) error {
	fs := newFlags("report", "--turn N --player P|moderator|sheets",
		`Render again the PDF report of a played turn from the campaign's archive (the states
before and after the turn, its event log and its mail). The file is written to --out; it is
byte-identical to the one the run wrote, unless the config's texts or title changed since, or a
siege's pre-battle phase was rolled since (turnproc siege prebattle): its rolls are then printed
on the siege sheet. "--player sheets" writes the battle and siege sheets alone, to print for
the table.`)
	dir := fs.String("dir", ".", "the campaign directory")
	turn := fs.Int("turn", 0, "the turn played")
	player := fs.String("player", "", `the player id, "moderator", or "sheets" (the battle sheets)`)
	out := fs.String("out", "", "where to write the PDF (default: <player>-turn-NNN.pdf in the current folder)")
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	p := c.cfg.Player(*player)
	if p == nil && *player != "moderator" && *player != "sheets" {
		return usageError(fmt.Sprintf("there is no player %q", *player), "name a player id of the config, moderator, or sheets")
	}
	t, err := c.archivedTurn(*turn)
	if err != nil {
		return err
	}
	var pdf []byte
	switch {
	case *player == "sheets":
		pdf, err = reports.RenderBattleSheets(t, c.cfg.Campaign.Language)
	case p == nil:
		pdf, err = reports.RenderModerator(t, c.cfg.Campaign.Language)
	default:
		pdf, err = reports.RenderPlayer(t, p.ID, p.Language)
	}
	if err != nil {
		return err
	}
	if *out == "" {
		*out = fmt.Sprintf("%s-turn-%03d.pdf", *player, *turn)
	}
	// A report is for its reader alone, unlike the map export.
	if err := os.WriteFile(*out, pdf, store.FileMode); err != nil {
		return &cliError{code: exitFailure, err: err, hint: "--out must name a file in a folder that exists and can be written"}
	}
	fmt.Fprintf(e.stdout, "Report of turn %d for %s written to %s.\n", *turn, *player, *out)
	return nil
}

// archivedTurn rebuilds what the reports of a played turn showed.
func (c *campaignFiles) archivedTurn(turn int) (reports.Turn, error) {
	current, _, err := c.current()
	if err != nil {
		return reports.Turn{}, err
	}
	if turn < 1 || turn >= current {
		return reports.Turn{}, usageError(fmt.Sprintf("turn %d has not been played", turn),
			fmt.Sprintf("the turns played are 1 to %d", current-1))
	}
	before, err := c.dir.LoadState(turn)
	if err != nil {
		return reports.Turn{}, badInput(err, "")
	}
	after, err := c.dir.LoadState(turn + 1)
	if err != nil {
		return reports.Turn{}, badInput(err, "")
	}
	log, _, err := c.dir.LoadEventLog(turn)
	if err != nil {
		return reports.Turn{}, badInput(err, "the turn's record in turns/ is incomplete or damaged: restore it from your backup")
	}
	out := &campaign.Outcome{Turn: turn, State: after, Events: log.Events, Battles: after.Battles}
	for _, ev := range log.Events {
		if ev.Kind == campaign.EventTurnOrder {
			out.TurnOrder = ev.Ranking
		}
	}
	mails, err := archivedMail(c.dir.TurnPath(turn, "mail"))
	if err != nil {
		return reports.Turn{}, err
	}
	t := c.reportTurn(before, out, orders.Collect(mails, c.window(turn)), c.cfg.Deadline.DeadlineOf(turn))
	t.PreBattles = c.rolledPreBattles(after.Battles)
	return t, nil
}

// rolledPreBattles reads the pre-battle phases rolled for the turn's sieges.
func (c *campaignFiles) rolledPreBattles(battles []campaign.Battle) map[string][]string {
	out := map[string][]string{}
	for _, b := range battles {
		data, err := os.ReadFile(c.dir.TurnPath(b.Turn, "sieges", b.ID+"-prebattle.json"))
		if err != nil {
			continue
		}
		var rec siege.PreBattleRecord
		if json.Unmarshal(data, &rec) == nil {
			out[b.ID] = rec.PreBattle.Lines()
		}
	}
	return out
}

// archivedMail reads a turn record's copies of its mail (named as in the inbox).
func archivedMail(dir string) ([]orders.Received, error) {
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	var out []orders.Received
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		stamp, _, _ := strings.Cut(e.Name(), "-")
		at, _ := time.Parse(arrivalLayout, stamp)
		out = append(out, orders.Received{Name: e.Name(), Raw: raw, At: at})
	}
	return out, nil
}
