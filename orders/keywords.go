package orders

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// keyword is a word of the order language. Each has an English and a
// Spanish spelling; players may mix languages freely, word by word.
type keyword int

const (
	kwNone keyword = iota
	kwCampaign
	kwPlayer
	kwTurn
	kwMove
	kwInitiative
	kwFirst
	kwLast
	kwEnd
)

// keywords maps every accepted spelling, folded by fold, to its keyword.
// Accents are folded away, so CAMPAÑA/CAMPANA and ÚLTIMO/ULTIMO are one.
var keywords = map[string]keyword{
	"CAMPAIGN": kwCampaign, "CAMPANA": kwCampaign,
	"PLAYER": kwPlayer, "JUGADOR": kwPlayer,
	"TURN": kwTurn, "TURNO": kwTurn,
	"MOVE": kwMove, "MOVER": kwMove,
	"INITIATIVE": kwInitiative, "INICIATIVA": kwInitiative,
	"FIRST": kwFirst, "PRIMERO": kwFirst,
	"LAST": kwLast, "ULTIMO": kwLast,
	"END": kwEnd, "FIN": kwEnd,
}

// lookupKeyword says which keyword a word is, if any.
func lookupKeyword(word string) keyword { return keywords[fold(word)] }

// fold upper-cases a word and strips its accents. QUIRK: macOS and some
// phones send decomposed accents (U+0301 after the letter); decomposing
// first treats both forms alike.
func fold(word string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(word) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

// isSeparator splits an order line into words. QUIRK: players write
// "E10, E9", and HTML mail brings non-breaking and zero-width spaces.
func isSeparator(r rune) bool {
	return unicode.IsSpace(r) || r == ',' || r == '\u200b' || r == '\ufeff'
}

// isArmyID says whether a word is an army id: A then digits (A1, a12).
func isArmyID(word string) bool {
	if len(word) < 2 || (word[0] != 'A' && word[0] != 'a') || len(word) > 7 {
		return false
	}
	for i := 1; i < len(word); i++ {
		if word[i] < '0' || word[i] > '9' {
			return false
		}
	}
	return true
}
