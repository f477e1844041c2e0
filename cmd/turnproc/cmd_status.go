package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"path/filepath"
	"strconv"
	"time"

	"github.com/turnproc/turnproc/campaign"
	"github.com/turnproc/turnproc/config"
	"github.com/turnproc/turnproc/orders"
)

// campaignStatus is what status shows; its JSON form (--json) is
// documented field by field in docs/status.md, so its names are stable.
type campaignStatus struct {
	Campaign    string             `json:"campaign"`
	Title       string             `json:"title"`
	Turn        int                `json:"turn"`
	Calendar    statusCalendar     `json:"calendar"`
	Deadline    time.Time          `json:"deadline"`
	SecondsLeft int64              `json:"seconds_left"` // negative once the deadline has passed
	Mails       statusMails        `json:"mails"`
	Players     []statusPlayer     `json:"players"`
	Battles     []statusBattle     `json:"battles"`
	ReportMails *statusReportMails `json:"report_mails"` // null before turn 1 is played
	SMTP        *statusSMTP        `json:"smtp"`         // null unless delivery.kind = "smtp"
	Exposed     []statusExposed    `json:"exposed"`      // secrets other users can read
	now         time.Time          // for the text's "in 3h0m0s"
	battleTurn  int                // the turn that scheduled the battles
	dir         string             // the campaign directory, for the text's hint
	maxWrong    int                // intake.max_wrong_passwords, for the text
	inbox       string             // the turn's inbox, for the text
}

type statusCalendar struct {
	Year         int    `json:"year"`
	Season       string `json:"season"`
	TurnOfSeason int    `json:"turn_of_season"`
}

type statusMails struct {
	Received int          `json:"received"` // stored in the turn's inbox
	Waiting  int          `json:"waiting"`  // still in the maildir
	NotRead  []statusFile `json:"not_read"`
	// Unanswered counts the mails over the limits on answers ([intake]):
	// kept and decided, not answered.
	Unanswered int `json:"unanswered"`
	// Oversize counts this turn's mails over orders.MaxMailSize: answered
	// from their header, kept in the inbox; the mails themselves are
	// kept aside, unread, where OversizeIn says.
	Oversize   int    `json:"oversize"`
	OversizeIn string `json:"oversize_in"`
}

type statusFile struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
}

type statusPlayer struct {
	ID       string     `json:"id"`
	Email    string     `json:"email"`
	Orders   bool       `json:"orders"`            // accepted orders have arrived
	Arrived  *time.Time `json:"arrived,omitempty"` // when the mail that counts arrived
	Count    int        `json:"order_count"`
	Problems int        `json:"problems"`
	Final    bool       `json:"final"`    // the orders say FINAL
	Reminded bool       `json:"reminded"` // turnproc remind wrote him a reminder this turn
	// WrongPasswords counts the mails naming him with a wrong password;
	// past intake.max_wrong_passwords they are not answered and he is
	// warned once (Warned).
	WrongPasswords int  `json:"wrong_passwords"`
	Warned         bool `json:"warned"`
}

type statusBattle struct {
	ID       string        `json:"id"`
	Kind     string        `json:"kind"`
	At       string        `json:"at"`
	Attacker string        `json:"attacker"`
	Defender string        `json:"defender"` // "" when only a garrison defends
	Result   *statusResult `json:"result"`   // null until entered
}

type statusResult struct {
	Winner     string `json:"winner"`
	AttackerVP int    `json:"attacker_vp"`
	DefenderVP int    `json:"defender_vp"`
}

type statusReportMails struct {
	Turn     int    `json:"turn"`
	Count    int    `json:"count"`
	Folder   string `json:"folder"`
	Delivery string `json:"delivery"`
}

type statusSMTP struct {
	Sent   int `json:"sent"`
	Queued int `json:"queued"`
	// Interrupted are queued mails whose sending stopped once their content
	// was going: the server may have them, and the next drain sends them
	// again (delivery is at least once, with the same Message-ID).
	Interrupted []string `json:"interrupted"`
	// SetAside are mails the server refused for good maxRefusals times,
	// moved out of the queue into refused/ for the moderator.
	SetAside []string `json:"set_aside"`
}

// orEmpty makes a nil list an empty one, for JSON's [].
func orEmpty(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

func cmdStatus(ctx context.Context, e *env, args []string) error {
	fs := newFlags("status", "", `Show the campaign at a glance: the turn, its deadline, who has sent orders, and the mail written.
With --json, the same as one JSON object (docs/status.md).`)
	dir := fs.String("dir", ".", "the campaign directory")
	asJSON := fs.Bool("json", false, "print one JSON object, for scripts")
	if err := parse(fs, e, args, 0); err != nil {
		return err
	}
	c, err := openCampaign(*dir)
	if err != nil {
		return err
	}
	st, err := c.status(ctx, e.now())
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(st)
	}
	st.printText(e)
	return nil
}

// status gathers the campaign's status; it takes nothing from the mailbox.
func (c *campaignFiles) status(ctx context.Context, now time.Time) (*campaignStatus, error) {
	turn, s, err := c.current()
	if err != nil {
		return nil, err
	}
	cal := s.Calendar()
	deadline := c.cfg.Deadline.DeadlineOf(turn)
	st := &campaignStatus{Campaign: c.cfg.Campaign.ID, Title: c.cfg.Campaign.Title, Turn: turn,
		Calendar: statusCalendar{Year: cal.Year, Season: cal.Season.String(), TurnOfSeason: cal.TurnOfSeason},
		Deadline: deadline, SecondsLeft: int64(deadline.Sub(now) / time.Second), now: now,
		Mails: statusMails{NotRead: []statusFile{}}, Players: []statusPlayer{}, Battles: []statusBattle{},
		dir: c.dir.Root}
	stored, err := c.inbox(turn)
	if err != nil {
		return nil, err
	}
	// Mail still in the mailbox is counted, not read: checking its
	// passwords here would cost bcrypt at every status, for mail that
	// check and run read (and keep the verdicts of) anyway.
	var waiting []string
	if c.cfg.Intake.Kind == config.IntakeMaildir {
		md, err := c.maildir()
		if err != nil {
			return nil, err
		}
		var skipped []orders.Skipped
		if waiting, skipped, err = md.List(); err != nil { // a look only: nothing is taken
			return nil, err
		}
		for _, s := range skipped {
			st.Mails.NotRead = append(st.Mails.NotRead, statusFile{File: filepath.Join(md.Dir(), s.File), Reason: s.Reason})
		}
	}
	st.Mails.Received, st.Mails.Waiting = len(stored), len(waiting)
	for _, m := range stored {
		if m.Oversize > 0 {
			st.Mails.Oversize++
		}
	}
	st.Mails.OversizeIn = c.oversizeIn()
	st.inbox = c.inboxDir(turn)
	in := orders.Collect(stored, c.window(turn))
	st.Players = c.playerStatus(turn, in)
	for _, rc := range in.Receipts {
		if rc.Unanswered != "" {
			st.Mails.Unanswered++
		}
	}
	st.maxWrong = c.cfg.Intake.MaxWrongPasswords
	if err := c.battleStatus(st, s); err != nil {
		return nil, err
	}
	if turn > 1 {
		folder := c.dir.TurnPath(turn-1, "outbox")
		st.ReportMails = &statusReportMails{Turn: turn - 1, Count: len(emlFiles(folder)), Folder: folder,
			Delivery: string(c.cfg.Delivery.Kind)}
	}
	if c.cfg.Delivery.Kind == config.DeliverySMTP {
		l, err := c.outbox()
		if err != nil {
			return nil, err
		}
		st.SMTP = &statusSMTP{Sent: len(l.sent), Queued: len(l.queued),
			Interrupted: orEmpty(l.interrupted), SetAside: orEmpty(l.aside)}
	}
	st.Exposed = c.exposed(turn)
	return st, nil
}

// oversizeIn says where the mailbox keeps the mails over the size limit:
// the maildir's OversizeDir, or the IMAP folder's subfolder of that name
// (its separator is the server's: status does not log in to ask).
func (c *campaignFiles) oversizeIn() string {
	if c.cfg.Intake.Kind == config.IntakeIMAP {
		cfg := c.cfg.Intake.IMAP
		folder := cfg.Folder
		if folder == "" {
			folder = "INBOX"
		}
		return fmt.Sprintf("the %q subfolder of IMAP folder %q on %s", orders.OversizeDir, folder,
			net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port)))
	}
	return filepath.Join(c.cfg.Path(c.cfg.Intake.Maildir), orders.OversizeDir)
}

// playerStatus says, player by player, what his orders are and when the
// mail that counts arrived.
func (c *campaignFiles) playerStatus(turn int, in *orders.Intake) []statusPlayer {
	arrived := map[string]time.Time{}
	for _, rc := range in.Receipts {
		if rc.Status == orders.StatusAccepted {
			arrived[rc.Player] = rc.At.UTC()
		}
	}
	out := []statusPlayer{}
	for _, p := range c.cfg.Players {
		ps := statusPlayer{ID: p.ID, Email: p.Email, Reminded: exists(c.reminderPath(turn, p.ID)),
			WrongPasswords: in.WrongPasswords[p.ID], Warned: exists(c.passwordWarningPath(turn, p.ID))}
		if sheet := in.Accepted[p.ID]; sheet != nil {
			at := arrived[p.ID]
			ps.Orders, ps.Arrived, ps.Count, ps.Problems, ps.Final = true, &at, len(sheet.Set.Orders), len(sheet.Problems), sheet.Final
		}
		out = append(out, ps)
	}
	return out
}

// battleStatus lists the battles awaiting results (D16) and whether each
// result has been entered.
func (c *campaignFiles) battleStatus(st *campaignStatus, s *campaign.State) error {
	if len(s.Battles) == 0 {
		return nil
	}
	results, err := c.dir.LoadResults(s.Battles)
	if err != nil {
		return badInput(err, "")
	}
	entered := map[string]campaign.BattleResult{}
	for _, r := range results {
		entered[r.Battle] = r
	}
	st.battleTurn = s.Turn - 1
	for _, b := range s.Battles {
		sb := statusBattle{ID: b.ID, Kind: string(b.Kind), At: b.At.String(), Attacker: b.Attacker, Defender: b.Defender}
		if r, ok := entered[b.ID]; ok {
			sb.Result = &statusResult{Winner: string(r.Winner), AttackerVP: r.AttackerVP, DefenderVP: r.DefenderVP}
		}
		st.Battles = append(st.Battles, sb)
	}
	return nil
}

func (st *campaignStatus) printText(e *env) {
	w := e.stdout
	fmt.Fprintf(w, "%s (%s)\n", st.Title, st.Campaign)
	fmt.Fprintf(w, "Turn %d: year %d, %s, turn %d of the season\n", st.Turn, st.Calendar.Year, st.Calendar.Season, st.Calendar.TurnOfSeason)
	fmt.Fprintf(w, "Deadline: %s (%s)\n", st.Deadline.Format(timeLayout), untilText(st.Deadline, st.now))
	for _, f := range st.Mails.NotRead {
		fmt.Fprintf(w, "  not read: %s (%s)\n", inert(f.File), inert(f.Reason))
	}
	if n := st.Mails.Oversize; n > 0 {
		fmt.Fprintf(w, "Kept aside: %d mails over the %d MiB limit, answered unread; whole in %s, their headers in %s (*%s*.eml)\n",
			n, orders.MaxMailSize>>20, inert(st.Mails.OversizeIn), inert(st.inbox), oversizeMark)
	}
	unanswered := ""
	if n := st.Mails.Unanswered; n > 0 {
		unanswered = fmt.Sprintf(", %d not answered: over the limits of [intake], see check's log (and the turn's intake.txt once it has run)", n)
	}
	fmt.Fprintf(w, "Orders (%d mails received, %d waiting in the mailbox%s):\n", st.Mails.Received, st.Mails.Waiting, unanswered)
	for _, p := range st.Players {
		state := "no orders yet"
		if p.Orders {
			state = fmt.Sprintf("%d orders, %d problems, arrived %s", p.Count, p.Problems, p.Arrived.Format(timeLayout))
		}
		if p.Final {
			state += ", final"
		}
		if p.Reminded {
			state += ", reminded"
		}
		if n := p.WrongPasswords; n > st.maxWrong {
			state += fmt.Sprintf(", %s with a wrong password (over the limit of %d: someone may be guessing it)", mailCount(n), st.maxWrong)
		} else if n > 0 {
			state += fmt.Sprintf(", %s with a wrong password", mailCount(n))
		}
		if p.Warned {
			state += ", warned"
		}
		fmt.Fprintf(w, "  %-10s %-24s %s\n", p.ID, p.Email, state)
	}
	if len(st.Battles) > 0 {
		fmt.Fprintf(w, "Battles of turn %d (%d):\n", st.battleTurn, len(st.Battles))
	}
	for _, b := range st.Battles {
		state := "no result yet: turnproc result " + b.ID + " attacker|defender|draw ATTACKER-VP DEFENDER-VP"
		if r := b.Result; r != nil {
			state = fmt.Sprintf("result entered: %s, %d/%d VP", r.Winner, r.AttackerVP, r.DefenderVP)
		}
		defender := b.Defender
		if defender == "" {
			defender = "its garrison"
		}
		fmt.Fprintf(w, "  %-6s %-8s %-4s %s vs %s: %s\n", b.ID, b.Kind, b.At, b.Attacker, defender, state)
	}
	if r := st.ReportMails; r != nil {
		fmt.Fprintf(w, "Mail of turn %d: %d report mails in %s (delivery: %s)\n", r.Turn, r.Count, r.Folder, r.Delivery)
	}
	if st.SMTP != nil {
		fmt.Fprintf(w, "Mail by SMTP: %d sent, %d queued (turnproc deliver sends the queued ones)\n", st.SMTP.Sent, st.SMTP.Queued)
		for _, m := range st.SMTP.Interrupted {
			fmt.Fprintf(w, "  may have gone: %s (its sending was interrupted; it is sent again, so the player may get it twice)\n", m)
		}
		for _, m := range st.SMTP.SetAside {
			fmt.Fprintf(w, "  set aside: %s (refused by the server %d times; the reasons are in the .log beside it)\n", m, maxRefusals)
		}
	}
	for _, x := range st.Exposed {
		fmt.Fprintf(w, "Warning: %s (%s) can be read by other users of this machine (mode %s)\n", x.File, x.What, x.Mode)
	}
	if len(st.Exposed) > 0 {
		fmt.Fprintf(w, "hint: chmod -R go-rwx %s (turnproc writes new files for its user alone)\n", st.dir)
	}
}

func untilText(deadline, now time.Time) string {
	d := deadline.Sub(now).Round(time.Minute)
	if d < 0 {
		return fmt.Sprintf("passed %s ago", -d)
	}
	return "in " + d.String()
}

// mailCount is "1 mail" or "n mails".
func mailCount(n int) string {
	if n == 1 {
		return "1 mail"
	}
	return fmt.Sprintf("%d mails", n)
}
