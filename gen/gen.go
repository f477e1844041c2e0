// Package gen makes synthetic campaigns of any size, valid for every
// turnproc command: a map, a config, the state before turn 1 and the
// players' order mails for that turn. It exists to measure the cost of a
// turn (docs/BENCHMARKS.md) and is used by `turnproc gen` and the
// benchmarks; nothing in a real campaign depends on it. It is a harness:
// it writes its order mails with the orders package's formatter, so it
// lives outside campaign/, which imports nothing above it.
//
// A generated campaign is a continent ringed by coast and sea, its players'
// capitals on a lattice, each empire a block of owned land around its
// capital (§1, D4), its armies spread over that block, and for an empire by
// the sea a fleet on the nearest coast (§3.1, §3.2). Each army gets five order lines (§4.1 moves,
// then a §5.1 action chosen by where it ends), so neighbours meet in the
// free land between empires and fight (§6). Everything follows from the
// Size and the Options: the same input gives the same bytes.
package gen

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/turnproc/turnproc/campaign"
)

// Size is how big a campaign to make.
type Size struct {
	Players       int
	Width, Height int
	Armies        int // in all, shared out round robin
}

// The three sizes of docs/BENCHMARKS.md. Armies grow with the players (≈ 15.6 each),
// so each size is 4× (then 16×) the work of the one before.
var (
	Small  = Size{Players: 4, Width: 20, Height: 15, Armies: 62}
	Medium = Size{Players: 16, Width: 50, Height: 50, Armies: 250}
	Large  = Size{Players: 64, Width: 100, Height: 100, Armies: 1000}
)

// Sizes names the sizes for flags and benchmark names.
var Sizes = map[string]Size{"small": Small, "medium": Medium, "large": Large}

// Options are the knobs besides the size.
type Options struct {
	// PasswordCost is the bcrypt cost of the even players' passwords;
	// 0 gives no player a password (the From address decides).
	PasswordCost int
	// Deadline is turn 1's deadline; the mails arrive in the three days
	// before it. Zero means DefaultDeadline.
	Deadline time.Time
}

// OrdersPerArmy is how many order lines each army gets.
const OrdersPerArmy = 5

// ID is the generated campaign's id.
const ID = "gen"

// DefaultDeadline is turn 1's deadline unless Options say otherwise.
var DefaultDeadline = time.Date(2026, 12, 6, 20, 0, 0, 0, time.UTC)

// Campaign is a generated campaign: the files `turnproc init` would write
// and the mails of turn 1.
type Campaign struct {
	Size   Size
	Config []byte // campaign.toml
	Map    []byte // map.txt
	State  *campaign.State
	Mails  []Mail // in arrival order
	Orders int    // order lines in the mails that count (drafts excluded)
}

// Mail is one order mail as it arrives.
type Mail struct {
	Name string
	Raw  []byte
	At   time.Time
}

// Generate makes a campaign of the given size.
func Generate(size Size, opt Options) (*Campaign, error) {
	if err := size.check(); err != nil {
		return nil, err
	}
	if opt.Deadline.IsZero() {
		opt.Deadline = DefaultDeadline
	}
	g := &generator{size: size, opt: opt, acted: map[campaign.Coord]bool{}}
	g.mapText = g.drawMap()
	m, err := campaign.ParseMap("map.txt", g.mapText)
	if err != nil {
		return nil, fmt.Errorf("gen: the generated map: %w", err)
	}
	g.m = m
	if err := g.placeEmpires(); err != nil {
		return nil, err
	}
	if err := g.state.CheckAgainst(m); err != nil {
		return nil, fmt.Errorf("gen: the generated state: %w", err)
	}
	cfg, err := g.config()
	if err != nil {
		return nil, err
	}
	c := &Campaign{Size: size, Config: cfg, Map: g.mapText, State: g.state}
	c.Mails, c.Orders = g.mails()
	return c, nil
}

func (s Size) check() error {
	switch {
	case s.Players < 1 || s.Players > 999:
		return fmt.Errorf("gen: %d players: make 1 to 999", s.Players)
	case s.Width < 12 || s.Height < 12 || s.Width > 702 || s.Height > 999:
		return fmt.Errorf("gen: a %d×%d map: make it 12×12 to 702×999", s.Width, s.Height)
	case s.Armies < 0:
		return fmt.Errorf("gen: %d armies: make 0 or more", s.Armies)
	}
	cols, rows := lattice(s)
	if (s.Width-6)/cols < 4 || (s.Height-6)/rows < 4 {
		return fmt.Errorf("gen: %d players do not fit on a %d×%d map: each needs a 4×4 block of land", s.Players, s.Width, s.Height)
	}
	return nil
}

type generator struct {
	size    Size
	opt     Options
	mapText []byte
	m       *campaign.Map
	state   *campaign.State
	blocks  [][]campaign.Coord      // each player's owned squares, capital first
	acted   map[campaign.Coord]bool // squares an order already claims or improves
}

// lattice is how many capitals across and down.
func lattice(s Size) (cols, rows int) {
	cols = 1
	for cols*cols < s.Players {
		cols++
	}
	rows = (s.Players + cols - 1) / cols
	return cols, rows
}

// terrain is the land mix, picked by a fixed hash of the square.
const terrain = "......hhffrs.m"

// drawMap writes the map file: two squares of sea, a ring of coast, land
// with every terrain inside, a navigable river down the middle column, and
// a few impassable squares and edges.
func (g *generator) drawMap() []byte {
	w, h := g.size.Width, g.size.Height
	var b strings.Builder
	fmt.Fprintf(&b, "# Generated by turnproc gen: %d players, %d×%d.\nname = \"Generated %d×%d\"\n\n[grid]\n", g.size.Players, w, h, w, h)
	for r := range h {
		fmt.Fprintf(&b, "%4d ", r+1)
		for c := range w {
			edge := min(c, r, w-1-c, h-1-r)
			switch {
			case edge < 2:
				b.WriteByte('~')
			case edge == 2:
				b.WriteByte('c')
			case c == w/2:
				b.WriteByte('R')
			case (c*7+r*13)%97 == 0:
				b.WriteByte('X')
			default:
				b.WriteByte(terrain[(c*c+r*3+c*r)%len(terrain)])
			}
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "\n[edges]\n%s-%s impassable\n", coord(4, 4), coord(5, 4))
	return []byte(b.String())
}

func coord(col, row int) campaign.Coord { return campaign.Coord{Col: col, Row: row} }

// placeEmpires builds the state: each player's block of owned land around
// his capital, his armies spread over it and a fleet on his nearest coast.
func (g *generator) placeEmpires() error {
	cols, rows := lattice(g.size)
	cellW, cellH := (g.size.Width-6)/cols, (g.size.Height-6)/rows
	// Empires touch their neighbours above and below (pillage, battles)
	// and leave free land beside them (claims).
	across, down := max(cellW/2-2, 1), max(cellH/2, 1)
	var setups []campaign.PlayerSetup
	for i := range g.size.Players {
		capital := g.landNear(coord(3+(i%cols)*cellW+cellW/2, 3+(i/cols)*cellH+cellH/2))
		setups = append(setups, campaign.PlayerSetup{ID: playerID(i), Name: fmt.Sprintf("Player %d", i+1),
			Race: races[i%len(races)], Capital: capital})
	}
	s, err := campaign.NewState(g.m, ID, "5eed0000gen", setups)
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	g.state = s
	for i, p := range setups {
		block := []campaign.Coord{p.Capital}
		for dr := -down; dr <= down; dr++ {
			for dc := -across; dc <= across; dc++ {
				at := coord(p.Capital.Col+dc, p.Capital.Row+dr)
				if at == p.Capital || !g.enterable(at) || s.Squares[at].Owner != "" {
					continue
				}
				s.Squares[at] = campaign.SquareState{Owner: p.ID, Value: 1 + (dc*dc+dr*dr+i)%5, Explored: true}
				block = append(block, at)
			}
		}
		g.blocks = append(g.blocks, block)
	}
	for k := range g.size.Armies {
		p := k % g.size.Players
		block := g.blocks[p]
		at := block[(k/g.size.Players)%len(block)]
		s.NextArmy++
		s.Armies = append(s.Armies, campaign.Army{ID: fmt.Sprintf("A%d", s.NextArmy), Owner: playerID(p), At: at,
			Points: campaign.ArmyBlock * (1 + k%3)})
	}
	for i := range g.size.Players {
		if at, ok := g.nearestWater(setups[i].Capital); ok {
			s.NextFleet++
			s.Fleets = append(s.Fleets, campaign.Fleet{ID: fmt.Sprintf("F%d", s.NextFleet), Owner: playerID(i), At: at})
		}
	}
	// Each player's 1000 points of §3.1 are fielded by the generator's
	// armies: no reserves, as in a campaign some turns in.
	for i := range s.Players {
		s.Players[i].Reserves = 0
	}
	return nil
}

var races = []string{"Empire", "Dwarfs", "Orcs & Goblins", "Chaos", "High Elves", "Undead", "Bretonnia", "Skaven"}

func playerID(i int) string { return fmt.Sprintf("p%02d", i+1) }

// enterable says whether an army may stand on the square.
func (g *generator) enterable(at campaign.Coord) bool {
	sq := g.m.Square(at)
	return sq != nil && sq.Kind.HasLand() && sq.Terrain != campaign.Impassable
}

// landNear is the first enterable square at or right of at.
func (g *generator) landNear(at campaign.Coord) campaign.Coord {
	for !g.enterable(at) {
		at.Col++
	}
	return at
}

// nearestWater is the coast square nearest to from, if it lies within ten
// squares and no fleet is there yet: where the player's fleet starts.
func (g *generator) nearestWater(from campaign.Coord) (campaign.Coord, bool) {
	best, found := campaign.Coord{}, false
	for _, sq := range g.m.Squares() {
		if sq.Kind != campaign.Coast {
			continue
		}
		d := dist(from, sq.At)
		if d <= 10 && (!found || d < dist(from, best)) {
			best, found = sq.At, true
		}
	}
	if !found || g.fleetAt(best) { // a neighbour's fleet holds his nearest coast too: none
		return campaign.Coord{}, false
	}
	return best, true
}

func (g *generator) fleetAt(at campaign.Coord) bool {
	return slices.ContainsFunc(g.state.Fleets, func(f campaign.Fleet) bool { return f.At == at })
}

func dist(a, b campaign.Coord) int {
	return max(abs(a.Col-b.Col), abs(a.Row-b.Row))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// password is player i's password, "" for none.
func (g *generator) password(i int) string {
	if g.opt.PasswordCost == 0 || i%2 == 1 {
		return ""
	}
	return fmt.Sprintf("pw-%02d-Sigmar", i+1)
}

// config writes campaign.toml. Hashes are made here, at the asked cost.
func (g *generator) config() ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, `# Generated by turnproc gen. Every key is documented in docs/config.md.

[campaign]
id = %q
title = "Generated campaign, %d players on %d×%d"
moderator = "Moderator <moderator@gen.example>"
language = "en"
seed = "5eed0000gen"

[map]
file = "map.txt"

[deadline]
first = %s
every = "168h"

[intake]
kind = "maildir"
maildir = "mailbox"

[delivery]
kind = "outbox"
from = "turnproc <turns@gen.example>"
`, ID, g.size.Players, g.size.Width, g.size.Height, g.opt.Deadline.UTC().Format(time.RFC3339))
	for i, p := range g.state.Players {
		fmt.Fprintf(&b, "\n[[players]]\nid = %q\nname = %q\nemail = %q\nlanguage = %q\nrace = %q\ncapital = %q\narmies = [500, 500]\n",
			p.ID, p.Name, email(i), language(i), p.Race, p.Capital)
		if pw := g.password(i); pw != "" {
			hash, err := bcrypt.GenerateFromPassword([]byte(pw), g.opt.PasswordCost)
			if err != nil {
				return nil, fmt.Errorf("gen: hashing a password: %w", err)
			}
			fmt.Fprintf(&b, "password_hash = %q\n", hash)
		}
	}
	return []byte(b.String()), nil
}

func email(i int) string { return fmt.Sprintf("p%02d@players.example", i+1) }

// language: the odd players write Spanish.
func language(i int) string {
	if i%2 == 1 {
		return "es"
	}
	return "en"
}
