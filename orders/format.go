package orders

import (
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// accented gives back the accents that spellings folds away, for writing
// a keyword as a Spanish player reads it.
var accented = map[string]string{"CAMPANA": "CAMPAÑA", "ULTIMO": "ÚLTIMO", "ORDENES": "ÓRDENES"}

// Word is how a player of lang ("en", "es") writes a keyword: its first
// spelling in that language, as the parser reads it.
func (k keyword) word(lang string) string {
	for _, s := range spellings {
		if s.kw != k {
			continue
		}
		if lang == "es" && len(s.words) > 1 {
			w := s.words[1]
			if k == kwReorganize { // REORGANISE is English too
				w = s.words[2]
			}
			if a, ok := accented[w]; ok {
				return a
			}
			return w
		}
		return s.words[0]
	}
	return ""
}

// FormatOrder writes an order in the player's language, as the player
// would send it and as the parser reads it back: the one order formatter
// of each language, which the order form and the generated order mails
// use. Echo keeps campaign's English String, which acknowledgements quote.
func FormatOrder(o campaign.Order, lang string) string {
	w := func(k keyword) string { return k.word(lang) }
	switch o := o.(type) {
	case campaign.Move:
		return o.Army + " " + w(kwMove) + " " + FormatPath(o.Path)
	case campaign.Sail:
		return o.Fleet + " " + w(kwSail) + " " + FormatPath(o.Path)
	case campaign.Embark:
		return o.Army + " " + w(kwEmbark) + " " + o.Fleet
	case campaign.Disembark:
		return o.Army + " " + w(kwDisembark)
	case campaign.Claim:
		return o.Army + " " + w(kwClaim)
	case campaign.Pillage:
		if o.Bonus != nil {
			return o.Army + " " + w(kwPillage) + " " + o.Bonus.String()
		}
		return o.Army + " " + w(kwPillage)
	case campaign.Improve:
		return o.Army + " " + w(kwImprove)
	case campaign.Build:
		return o.Army + " " + w(kwBuild)
	}
	return o.String()
}

// FormatMuster writes a muster order in the player's language.
func FormatMuster(o campaign.Muster, lang string) string {
	switch o.Kind {
	case campaign.Raise:
		return kwRaise.word(lang) + " " + o.At.String() + " " + strconv.Itoa(o.Points)
	case campaign.Disband:
		return kwDisband.word(lang) + " " + o.Army
	case campaign.Reinforce:
		return kwReinforce.word(lang) + " " + o.Army + " " + strconv.Itoa(o.Points)
	case campaign.Reduce:
		return kwReduce.word(lang) + " " + o.Army + " " + strconv.Itoa(o.Points)
	}
	return o.String()
}

// FormatReorganise writes a merge or reorganisation in the player's language.
func FormatReorganise(r campaign.Reorganise, lang string) string {
	if len(r.Sizes) == 0 {
		return kwMerge.word(lang) + " " + strings.Join(r.Armies, " ")
	}
	sizes := make([]string, len(r.Sizes))
	for i, s := range r.Sizes {
		sizes[i] = strconv.Itoa(s)
	}
	return kwReorganize.word(lang) + " " + strings.Join(r.Armies, " ") + " " + kwInto.word(lang) + " " + strings.Join(sizes, " ")
}

// FormatPath writes the squares of a path, as orders list them.
func FormatPath(path []campaign.Coord) string {
	s := make([]string, len(path))
	for i, c := range path {
		s[i] = c.String()
	}
	return strings.Join(s, " ")
}

// FormatHeader writes an order mail's header line in the player's
// language; the password only where one is given.
func FormatHeader(camp, player string, turn int, password, lang string) string {
	s := kwCampaign.word(lang) + " " + camp + " " + kwPlayer.word(lang) + " " + player + " " + kwTurn.word(lang) + " " + strconv.Itoa(turn)
	if password != "" {
		s += " " + kwPassword.word(lang) + " " + password
	}
	return s
}

// EndWord is the END that closes orders, in the player's language.
func EndWord(lang string) string { return kwEnd.word(lang) }
