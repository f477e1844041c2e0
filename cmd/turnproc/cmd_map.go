package main

import (
	"context"
	"fmt"
	"os"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/reports"
)

func cmdMap(_ context.Context, e *env, args []string) error {
	fs := newFlags("map", "",
		`Write the public map after a played turn on its own, as a one-page PDF and as a PNG that
players can post in a forum or a chat: PREFIX.pdf and PREFIX.png. By default the map after
the last turn played; before any turn (or with --turn 0), the map the campaign starts with.`)
	dir := fs.String("dir", ".", "the campaign directory")
	turn := fs.Int("turn", -1, "the turn played (default: the last one; 0: the map before turn 1)")
	lang := fs.String("lang", "", "the language of the title and legend (default: the campaign's)")
	out := fs.String("out", "", "the files' path without extension (default: <campaign>-map-turn-NNN in the current folder)")
	scale := fs.Int("scale", 1, "the PNG's scale: 1 draws 32-pixel squares, 2 draws 64, up to 4")
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	current, _, err := c.current()
	if err != nil {
		return err
	}
	if *turn < 0 {
		*turn = current - 1
	}
	if *turn >= current {
		return notPlayed(*turn, current)
	}
	t, err := c.mapTurn(*turn)
	if err != nil {
		return err
	}
	if *lang == "" {
		*lang = c.cfg.Campaign.Language
	}
	pdf, err := reports.RenderMapPDF(t, *lang)
	if err != nil {
		return err
	}
	img, err := reports.RenderMapPNG(t, *lang, *scale)
	if err != nil {
		return err
	}
	if *out == "" {
		*out = fmt.Sprintf("%s-map-turn-%03d", c.cfg.Campaign.ID, *turn)
	}
	for _, f := range []struct {
		path string
		data []byte
	}{{*out + ".pdf", pdf}, {*out + ".png", img}} {
		if err := os.WriteFile(f.path, f.data, 0o644); err != nil {
			return &cliError{code: exitFailure, err: err, hint: "--out must name a file prefix in a folder that exists and can be written"}
		}
	}
	which := fmt.Sprintf("after turn %d", *turn)
	if *turn == 0 {
		which = "before turn 1"
	}
	fmt.Fprintf(e.stdout, "Map %s written to %s.pdf and %s.png.\n", which, *out, *out)
	return nil
}

// notPlayed refuses the map of a turn not played yet, saying which are.
func notPlayed(turn, current int) error {
	hint := fmt.Sprintf("the turns played are 1 to %d; --turn 0 draws the map before turn 1", current-1)
	if current == 1 {
		hint = "no turn has been played yet: without --turn (or with --turn 0) the map is the one the campaign starts with"
	}
	return usageError(fmt.Sprintf("turn %d has not been played", turn), hint)
}

// mapTurn is what the map after a played turn shows; turn 0 is the map
// the campaign starts with (state/turn-001.json and nothing played). Its
// PDF is dated by turn 1's deadline, so the files are reproducible.
func (c *campaignFiles) mapTurn(turn int) (reports.Turn, error) {
	if turn != 0 {
		return c.archivedTurn(turn)
	}
	s, err := c.dir.LoadState(1)
	if err != nil {
		return reports.Turn{}, badInput(err, "a campaign directory made by \"turnproc init\" has state/turn-001.json")
	}
	return reports.Turn{Title: c.cfg.Campaign.Title, Map: c.m, Rules: c.cfg.Rules(), Before: s, After: s,
		Outcome: &campaign.Outcome{State: s}, Generated: c.cfg.Deadline.DeadlineOf(1)}, nil
}
