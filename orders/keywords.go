package orders

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// keyword is a word of the order language. Each has an English and a
// Spanish spelling (some have two); players may mix languages freely,
// word by word.
type keyword int

const (
	kwNone keyword = iota
	kwCampaign
	kwPlayer
	kwTurn
	kwPassword
	// Orders written after a unit id: A1 MOVE E10, F1 SAIL C4, A1 CLAIM.
	kwMove
	kwSail
	kwEmbark
	kwDisembark
	kwClaim
	kwPillage
	kwImprove
	kwBuild
	// Orders written first: MERGE A1 A2, RAISE C4 1000, INITIATIVE LAST.
	kwMerge
	kwSplit
	kwReorganize
	kwRaise
	kwReinforce
	kwDisband
	kwReduce
	kwInitiative
	kwEquip
	kwResult
	kwEnd
	// FINAL marks the orders final (orders/final.go); it is no order, so a
	// greeting like "Final orders below" before the header stays chatter.
	kwFinal
	// Mail commands (orders/command.go) and their objects.
	kwSend
	kwShow
	kwHelp
	kwReport
	kwMap
	kwOrders
	// Words inside an order.
	kwInto
	kwFirst
	kwLast
	// keywordCount is how many keywords there are; it stays last.
	keywordCount
)

// spellings lists every accepted spelling of each keyword, folded by
// fold, English first. Accents are folded away, so CAMPAÑA/CAMPANA and
// ÚLTIMO/ULTIMO are one. The order of the list breaks ties when a
// misspelling is equally near two keywords.
var spellings = []struct {
	kw    keyword
	words []string
}{
	{kwCampaign, []string{"CAMPAIGN", "CAMPANA"}},
	{kwPlayer, []string{"PLAYER", "JUGADOR"}},
	{kwTurn, []string{"TURN", "TURNO"}},
	{kwPassword, []string{"PASSWORD", "CLAVE", "CONTRASENA"}},
	{kwMove, []string{"MOVE", "MOVER"}},
	{kwSail, []string{"SAIL", "NAVEGAR"}},
	{kwEmbark, []string{"EMBARK", "EMBARCAR"}},
	{kwDisembark, []string{"DISEMBARK", "DESEMBARCAR"}},
	{kwClaim, []string{"CLAIM", "RECLAMAR", "ANEXAR"}},
	{kwPillage, []string{"PILLAGE", "SAQUEAR"}},
	{kwImprove, []string{"IMPROVE", "MEJORAR"}},
	{kwBuild, []string{"BUILD", "CONSTRUIR"}},
	{kwMerge, []string{"MERGE", "UNIR"}},
	{kwSplit, []string{"SPLIT", "DIVIDIR"}},
	{kwReorganize, []string{"REORGANIZE", "REORGANISE", "REORGANIZAR"}},
	{kwRaise, []string{"RAISE", "RECLUTAR"}},
	{kwReinforce, []string{"REINFORCE", "REFORZAR"}},
	{kwDisband, []string{"DISBAND", "DISOLVER", "LICENCIAR"}},
	{kwReduce, []string{"REDUCE", "REDUCIR"}},
	{kwInitiative, []string{"INITIATIVE", "INICIATIVA"}},
	{kwEquip, []string{"EQUIP", "EQUIPAR", "EQUIPO"}},
	{kwResult, []string{"RESULT", "RESULTADO"}},
	{kwEnd, []string{"END", "FIN"}},
	{kwFinal, []string{"FINAL", "DEFINITIVO"}},
	{kwSend, []string{"SEND", "ENVIAR"}},
	{kwShow, []string{"SHOW", "MOSTRAR"}},
	{kwHelp, []string{"HELP", "AYUDA"}},
	{kwReport, []string{"REPORT", "INFORME"}},
	{kwMap, []string{"MAP", "MAPA"}},
	{kwOrders, []string{"ORDERS", "ORDENES"}},
	{kwInto, []string{"INTO", "EN"}},
	{kwFirst, []string{"FIRST", "PRIMERO"}},
	{kwLast, []string{"LAST", "ULTIMO"}},
}

// keywords maps every spelling to its keyword.
var keywords = func() map[string]keyword {
	m := map[string]keyword{}
	for _, s := range spellings {
		for _, w := range s.words {
			m[w] = s.kw
		}
	}
	return m
}()

// spellingsAt lists the spellings by length and first letter, for
// lookupKeyword: a bucket has a spelling or two, quicker to compare than
// hashing the word for the map.
var spellingsAt = func() (t [maxSpelling + 1]['Z' - 'A' + 1][]spelling) {
	for _, s := range spellings {
		for _, w := range s.words {
			t[len(w)][w[0]-'A'] = append(t[len(w)][w[0]-'A'], spelling{w, s.kw})
		}
	}
	return t
}()

type spelling struct {
	word string
	kw   keyword
}

// maxSpelling is the length of the longest spelling.
const maxSpelling = len("DESEMBARCAR")

// lookupKeyword says which keyword a word is, if any. Words of ASCII and
// Spanish letters, nearly all, are folded into a buffer on the stack: the
// parser looks up most words of every line.
func lookupKeyword(word string) keyword {
	var buf [maxSpelling]byte
	n := 0
	for _, r := range word {
		if n == len(buf) {
			// Longer than any spelling, unless the rest is only marks and
			// format characters that fold drops: rare enough to ask it.
			return keywords[fold(word)]
		}
		switch {
		case 'a' <= r && r <= 'z':
			buf[n] = byte(r) - 'a' + 'A'
		case r < 0x80:
			buf[n] = byte(r)
		default:
			f, accented := latin1Fold(r)
			if !accented {
				return keywords[fold(word)]
			}
			buf[n] = f
		}
		n++
	}
	if n == 0 || buf[0] < 'A' || buf[0] > 'Z' {
		return kwNone
	}
	for _, s := range spellingsAt[n][buf[0]-'A'] {
		if s.word == string(buf[:n]) {
			return s.kw
		}
	}
	return kwNone
}

// unitVerb says whether the keyword is an order written after a unit id.
func (k keyword) unitVerb() bool { return k >= kwMove && k <= kwBuild }

// leadVerb says whether the keyword is an order written first, before
// the armies or square it concerns.
func (k keyword) leadVerb() bool { return k >= kwMerge && k <= kwReduce }

// order says whether the keyword starts or names an order of any kind.
func (k keyword) order() bool { return k >= kwMove && k <= kwEnd }

// fold upper-cases a word and strips its accents. QUIRK: macOS and some
// phones send decomposed accents (U+0301 after the letter); decomposing
// first treats both forms alike.
func fold(word string) string {
	if ascii := isASCII(word); ascii {
		return strings.ToUpper(word) // nearly every word: no decomposition needed
	}
	if f, ok := foldLatin1(word); ok {
		return f // Spanish words: accents folded by table, no normalisation
	}
	var b strings.Builder
	// QUIRK: NFKD also folds full-width letters (ＭＯＶＥ) from East Asian
	// keyboards; format characters (zero-width joiners) are dropped.
	for _, r := range norm.NFKD.String(word) {
		if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Cf, r) {
			continue
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

// latin1Folds maps the accented letters of Spanish (and its neighbours),
// all in U+00C0–U+00FF, to their upper-case base letter; 0 for the other
// letters of that block. A table, not a map: it is read for every such
// letter of every word.
var latin1Folds = func() (t [0x40]byte) {
	for base, accented := range map[byte]string{
		'A': "áàâäãåÁÀÂÄÃÅ", 'E': "éèêëÉÈÊË", 'I': "íìîïÍÌÎÏ", 'O': "óòôöõÓÒÔÖÕ",
		'U': "úùûüÚÙÛÜ", 'N': "ñÑ", 'C': "çÇ", 'Y': "ýÿÝ",
	} {
		for _, r := range accented {
			t[r-0xC0] = base
		}
	}
	return t
}()

// latin1Fold gives an accented letter's base letter; ok is false for any
// other rune.
func latin1Fold(r rune) (base byte, ok bool) {
	if r < 0xC0 || r > 0xFF {
		return 0, false
	}
	base = latin1Folds[r-0xC0]
	return base, base != 0
}

// foldLatin1 folds a word of ASCII and the accented letters above; ok is
// false for anything else (decomposed accents, other scripts), which the
// full normalisation handles.
func foldLatin1(word string) (string, bool) {
	var b strings.Builder
	b.Grow(len(word))
	for _, r := range word {
		switch f, accented := latin1Fold(r); {
		case r < 0x80:
			b.WriteRune(unicode.ToUpper(r))
		case accented:
			b.WriteByte(f)
		default:
			return "", false
		}
	}
	return b.String(), true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// isSeparator splits an order line into words. QUIRK: players write
// "E10, E9", and HTML mail brings non-breaking and zero-width spaces.
func isSeparator(r rune) bool {
	if r < 0x80 {
		return asciiSeparator[r]
	}
	return unicode.IsSpace(r) || r == '\u200b' || r == '\u2060' || r == '\ufeff'
}

// asciiSeparator is isSeparator for ASCII, by table: it runs on every
// letter of every order.
var asciiSeparator = [0x80]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true, ',': true}

// unitKind tells army ids (A1) from fleet ids (F1).
type unitKind int

const (
	notUnit unitKind = iota
	army
	fleet
)

// unitOf says whether a word is an army id (A then digits: A1, a12), a
// fleet id (F then digits), or neither.
func unitOf(word string) unitKind {
	if len(word) < 2 || len(word) > 7 {
		return notUnit
	}
	for i := 1; i < len(word); i++ {
		if word[i] < '0' || word[i] > '9' {
			return notUnit
		}
	}
	switch word[0] {
	case 'A', 'a':
		return army
	case 'F', 'f':
		return fleet
	}
	return notUnit
}
