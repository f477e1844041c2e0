package campaign

import (
	"fmt"
	"strings"
)

// Reorganise merges and splits armies that began the turn in the same
// square and have not acted (§3.1, D8). It needs no check and is not an
// order for the D2 count [A13]. The points of Armies are redistributed into
// armies of Sizes: the results take the ids of Armies in order, and new
// ids when there are more results than armies.
//
// MERGE A1 A2 is Reorganise{[A1 A2], [sum]}; SPLIT A1 500 500 is
// Reorganise{[A1], [500 500]}.
type Reorganise struct {
	Armies     []string
	Sizes      []int
	SourceLine int
}

func (o Reorganise) Line() int { return o.SourceLine }

func (o Reorganise) String() string {
	sizes := make([]string, len(o.Sizes))
	for i, s := range o.Sizes {
		sizes[i] = fmt.Sprint(s)
	}
	return fmt.Sprintf("REORGANIZE %s INTO %s", strings.Join(o.Armies, " "), strings.Join(sizes, " "))
}
