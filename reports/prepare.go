package reports

import (
	"runtime"
	"sync"

	"github.com/jung-kurt/gofpdf"
	"github.com/turnproc/turnproc/campaign"
)

// Prepared is a turn made ready for its reports: what they all share is
// worked out once instead of once per report: the map's drawing above all
// (by the first report that needs it), and the order its events are told
// in. Its methods are safe for concurrent use and give the same bytes as
// the package's functions. The Turn must not change while it is in use.
type Prepared struct {
	t        Turn
	told     []campaign.Event
	presence *presence // who is where, for each player's news horizon

	mu   sync.Mutex
	maps map[[4]float64]*mapArt // by the box the grid fills, in mm
}

// Prepare checks a turn and readies it for its reports.
func Prepare(t Turn) (*Prepared, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	return &Prepared{t: t, told: toldOrder(t.Outcome.Events), presence: presenceOf(&t), maps: map[[4]float64]*mapArt{}}, nil
}

func (pr *Prepared) narrator(w *words) *narrator {
	return &narrator{t: &pr.t, w: w, told: pr.told, checked: map[string]string{}, presence: pr.presence}
}

// mapArt draws the grid in the box at x, y of w by h mm, once: every
// report's map page asks for the same box (a heading of another height
// would ask for another).
func (pr *Prepared) mapArt(x, y, w, h float64) *mapArt {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	box := [4]float64{x, y, w, h}
	if a, ok := pr.maps[box]; ok {
		return a
	}
	a := drawMap(&pr.t, gofpdf.SizeType{Wd: pageW, Ht: pageH}, x, y, w, h)
	pr.maps[box] = a
	return a
}

// Recipient is whose report to render, in which language: a player's,
// or the moderator's.
type Recipient struct {
	Player    string // the player's id; ignored for the moderator
	Lang      string
	Moderator bool
}

// RenderAll renders the reports of a turn, each player's as RenderPlayer
// does and the moderator's as RenderModerator does, on up to workers
// goroutines (below 1: GOMAXPROCS): the PDFs in who's order, the same
// bytes whatever the number of workers. On failure it returns the error of
// the first failing recipient in who's order.
func RenderAll(t Turn, who []Recipient, workers int) ([][]byte, error) {
	pr, err := Prepare(t)
	if err != nil {
		return nil, err
	}
	return pr.RenderAll(who, workers)
}

// RenderAll is the package's RenderAll for the prepared turn.
func (pr *Prepared) RenderAll(who []Recipient, workers int) ([][]byte, error) {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	pdfs := make([][]byte, len(who))
	errs := make([]error, len(who))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(who)) {
		wg.Go(func() {
			for i := range next {
				if who[i].Moderator {
					pdfs[i], errs[i] = pr.RenderModerator(who[i].Lang)
				} else {
					pdfs[i], errs[i] = pr.RenderPlayer(who[i].Player, who[i].Lang)
				}
			}
		})
	}
	for i := range who {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return pdfs, nil
}
