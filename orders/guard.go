package orders

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
)

// Verdict is the outcome of checking the password of one stored mail. It
// is kept beside the turn's inbox so that no mail costs bcrypt twice (some
// 60 ms a check at the default cost): a later Collect takes it as long as
// the mail, the player it names and his password hash are unchanged.
type Verdict struct {
	Mail   string `json:"mail"`   // the mail's name in the inbox
	Digest string `json:"digest"` // SHA-256 of the raw mail (hex, 16 bytes): an edited file is checked again
	Player string `json:"player"`
	// Hash is the SHA-256 of the player's bcrypt hash (hex, 16 bytes): a
	// new password voids the verdicts of the old one.
	Hash string `json:"hash"`
	OK   bool   `json:"ok"` // the password matched
}

// newVerdict is the verdict on a mail's password, ok or not.
func newVerdict(r Received, player, hash string, ok bool) Verdict {
	return Verdict{Mail: r.Name, Digest: digest(r.Raw), Player: player, Hash: digest([]byte(hash)), OK: ok}
}

// holds says whether a kept verdict still decides the mail.
func (v Verdict) holds(r Received, player, hash string) bool {
	return v.Mail == r.Name && v.Player == player && v.Hash == digest([]byte(hash)) && v.Digest == digest(r.Raw)
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

// Limits bound what a turn's mail gets answered (docs/config.md, [intake]);
// a zero field is no limit (config refuses one; tests use it). A mail over a limit is kept and decided as any
// other, only not answered: Receipt.Unanswered says why.
type Limits struct {
	// WrongPasswords is how many mails with a wrong password for one player
	// are answered in a turn: the later ones are guesses, not typing slips.
	WrongPasswords int
	// AnswersPerTurn and AnswersPerDay bound the answers to the refused
	// mails of one sender address in the turn and in any 24 hours of it:
	// an auto-responder that does not mark its mail is answered a few
	// times, not for ever. A mail that gave its player's password is
	// always answered.
	AnswersPerTurn, AnswersPerDay int
}

// applyLimits marks the receipts over the limits, in arrival order, so a
// mail's fate depends only on the mails before it: a later check that
// fetches more never changes whether an earlier mail was answered.
func (in *Intake) applyLimits(l Limits) {
	in.WrongPasswords = map[string]int{}
	answered := map[string][]time.Time{} // by sender: arrivals of the mails answered
	for i := range in.Receipts {
		rc := &in.Receipts[i]
		if rc.WrongPassword {
			in.WrongPasswords[rc.Player]++
			if n := in.WrongPasswords[rc.Player]; l.WrongPasswords > 0 && n > l.WrongPasswords {
				rc.Unanswered = fmt.Sprintf("wrong password number %d for player %q this turn, over the limit of %d (intake.max_wrong_passwords)",
					n, rc.Player, l.WrongPasswords)
				continue
			}
		}
		if rc.Status == StatusIgnored || rc.From == "" || rc.Status != StatusRejected {
			// Never answered; or the mail of a player or the moderator who gave
			// his password: never held back nor counted, or anyone could
			// silence a player by forging mail in his name.
			continue
		}
		prev := answered[rc.From]
		switch day := since(prev, rc.At.Add(-24*time.Hour)); {
		case l.AnswersPerTurn > 0 && len(prev) >= l.AnswersPerTurn:
			rc.Unanswered = fmt.Sprintf("%s was answered %d times this turn, the limit (intake.max_answers_per_turn)", rc.From, len(prev))
		case l.AnswersPerDay > 0 && day >= l.AnswersPerDay:
			rc.Unanswered = fmt.Sprintf("%s was answered %d times in the 24 hours before this mail, the limit (intake.max_answers_per_day)", rc.From, day)
		default:
			answered[rc.From] = append(prev, rc.At)
		}
	}
}

// since counts the times after t (the times are in order).
func since(times []time.Time, t time.Time) int {
	n := 0
	for i := len(times) - 1; i >= 0 && times[i].After(t); i-- {
		n++
	}
	return n
}

// AnswerMarker starts the last line of every answer turnproc mails
// (reports.ComposeAck writes it, a test checks they agree): a mail that
// quotes it and gives nothing of its own is turnproc's answer come back.
const AnswerMarker = "# turnproc answer"

// ownAnswerBack says why a mail is turnproc's own answer come back, or "":
// its Message-ID is one turnproc gives, or its text holds an answer's
// marker line (quoted or not) and no orders or commands of the sender's.
// QUIRK: auto-responders that do not mark their mail (no Auto-Submitted)
// send back what they got, or quote it; answering them loops.
func (a *authenticator) ownAnswerBack(m *Mail, s *Sheet) string {
	if ourMessageID(m.MessageID, a.w.Ourselves) {
		return "turnproc's own mail come back (Message-ID " + quoteClipped(m.MessageID) + ")"
	}
	if !strings.Contains(m.Text, AnswerMarker) || (s != nil && !s.nothingGiven()) {
		return ""
	}
	for l := range strings.SplitSeq(m.Text, "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, "> \t"), AnswerMarker) {
			return "turnproc's own answer quoted back, with no orders of the sender's"
		}
	}
	return ""
}

// ourMessageID says whether id has the shape of the Message-IDs turnproc
// gives its answers, reports and reminders (reports.AckMessageID and
// others): "<campaign>.t<turn>.ack.<mail>@<domain>" and the like, the
// domain that of its own address.
func ourMessageID(id, ourselves string) bool {
	_, domain, ok := strings.Cut(ourselves, "@")
	local, at, found := strings.Cut(lowerASCII(id), "@")
	if !ok || !found || at != lowerASCII(domain) || !strings.Contains(local, ".t") {
		return false
	}
	return strings.Contains(local, ".ack.") || strings.HasSuffix(local, ".report") || strings.Contains(local, ".remind")
}

// nothingGiven says whether the sheet holds nothing its sender wrote as
// orders: no order, command or FINAL, and no line taken for one (a player
// who quotes the answer under orders he got wrong is answered).
func (s *Sheet) nothingGiven() bool {
	for _, p := range s.Problems {
		if p.Code != CodeNoHeader {
			return false
		}
	}
	return s.Blank()
}
