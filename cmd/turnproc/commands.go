package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/turnproc/turnproc/orders"
	"github.com/turnproc/turnproc/reports"
)

// answerCommands answers a mail's commands (docs/orders.md) in the player's
// language: what each gets, and the files to attach. FINAL in a mail of
// commands marked the orders he sent before it final (orders.Collect).
func (c *campaignFiles) answerCommands(rc orders.Receipt, turn int, in *orders.Intake, lang string) ([]reports.AckCommand, []reports.Attachment, error) {
	sh := rc.Sheet
	if sh == nil || orders.IsModerator(rc.Player) {
		return nil, nil, nil
	}
	var answers []reports.AckCommand
	var files []reports.Attachment
	for _, cmd := range sh.Commands {
		a := reports.AckCommand{Line: cmd.Line, Kind: string(cmd.Kind), Turn: turn}
		switch cmd.Kind {
		case orders.CommandReport:
			f, err := c.reportFile(rc.Player, cmd.Turn, turn, &a)
			if err != nil {
				return nil, nil, err
			}
			files = append(files, f...)
		case orders.CommandMap:
			f, err := c.mapFiles(turn-1, lang)
			if err != nil {
				return nil, nil, err
			}
			files = append(files, f...)
			for _, x := range f {
				a.Files = append(a.Files, x.Name)
			}
		case orders.CommandOrders:
			a.Orders, a.Missing = storedOrders(in.Accepted[rc.Player])
		}
		answers = append(answers, a)
	}
	switch {
	case sh.Final && rc.Status == orders.StatusCommands:
		answers = append(answers, reports.AckCommand{Line: sh.FinalLine, Kind: "final", Turn: turn})
	case sh.Final && rc.Status == orders.StatusAccepted && sh.CommandsOnly():
		// FINAL with no orders before it: no orders at all, final.
		answers = append(answers, reports.AckCommand{Line: sh.FinalLine, Kind: "final", Turn: turn, Missing: true})
	}
	return answers, files, nil
}

// storedOrders lists the orders that count as they stand: the lines of
// the accepted set but its header and its requests, FINAL last.
func storedOrders(stored *orders.Sheet) (lines []string, none bool) {
	if stored == nil {
		return nil, true
	}
	requests := map[int]bool{stored.HeaderLine: true}
	for _, c := range stored.Commands {
		requests[c.Line] = true
	}
	for _, l := range stored.Echo() {
		if !requests[l.Line] && l.Text != "FINAL" {
			lines = append(lines, l.Text)
		}
	}
	if stored.Final {
		lines = append(lines, "FINAL")
	}
	return lines, false
}

// reportFile is the player's report of a played turn (the last played
// when the command names none), or says in a that there is none.
func (c *campaignFiles) reportFile(player string, asked, current int, a *reports.AckCommand) ([]reports.Attachment, error) {
	a.Turn, a.Played = asked, current-1
	if asked == 0 {
		a.Turn = current - 1
	}
	if a.Turn < 1 || a.Turn > a.Played {
		a.Missing = true
		return nil, nil
	}
	pdf, err := os.ReadFile(c.dir.TurnPath(a.Turn, "reports", player+".pdf"))
	if errors.Is(err, fs.ErrNotExist) { // an archive pruned by hand: say so, answer the rest
		a.Missing = true
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("the report of turn %d for %s: %w", a.Turn, player, err)
	}
	name := reports.AttachmentName(c.cfg.Campaign.ID, a.Turn, player)
	a.Files = []string{name}
	return []reports.Attachment{{Name: name, ContentType: "application/pdf", Data: pdf}}, nil
}

// mapFiles is the public map after a played turn (0: the starting map),
// as PDF and PNG, as "turnproc map" writes them.
func (c *campaignFiles) mapFiles(turn int, lang string) ([]reports.Attachment, error) {
	t, err := c.mapTurn(turn)
	if err != nil {
		return nil, err
	}
	pdf, err := reports.RenderMapPDF(t, lang)
	if err != nil {
		return nil, err
	}
	png, err := reports.RenderMapPNG(t, lang, 1)
	if err != nil {
		return nil, err
	}
	name := c.cfg.Campaign.ID + "-map-turn-" + fmt.Sprintf("%03d", turn)
	return []reports.Attachment{{Name: name + ".pdf", ContentType: "application/pdf", Data: pdf},
		{Name: name + ".png", ContentType: "image/png", Data: png}}, nil
}
