package orders

// suggest gives the order keyword spelling nearest to a misspelt word
// ("MOVVE" → "MOVE"), or "" when none is near enough to be a likely
// slip: one edit for words up to five letters, two for longer ones, and
// nothing for words under three letters. Swapping two neighbouring
// letters is one edit.
func suggest(word string) string {
	w := []rune(fold(word))
	if len(w) < 3 {
		return ""
	}
	limit := 1
	if len(w) > 5 {
		limit = 2
	}
	best, bestDist := "", limit+1
	for _, s := range spellings {
		if !s.kw.order() {
			continue
		}
		for _, cand := range s.words {
			if abs(len(cand)-len(w)) > limit {
				continue // too long or short to be near
			}
			if d := editDistance(w, []rune(cand)); d < bestDist {
				best, bestDist = cand, d
			}
		}
	}
	return best
}

// editDistance is the optimal string alignment distance: insertions,
// deletions, substitutions and swaps of adjacent letters each cost one.
func editDistance(a, b []rune) int {
	// d[i][j] is the distance between a[:i] and b[:j]; three rows suffice.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
