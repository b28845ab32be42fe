// Book statistics: counts and the depth and value distributions.

package book

import (
	"fmt"
	"io"
	"maps"
	"slices"
)

// Stats summarises a book.
type Stats struct {
	Variant         Variant
	Roots           int
	Positions       int         // positions with book moves
	Moves           int         // records
	Redistributions int         // records that are turn-1 or turn-2 moves
	Proven          int         // records with a proven value
	Depth           map[int]int // record depth -> records
	// Value maps the best value of each position, in buckets of
	// ValueBucket centi-warriors (the bucket's lower bound), to positions.
	Value map[int]int
}

// ValueBucket is the width of Stats.Value's buckets: 5 warriors.
const ValueBucket = 500

// Stats computes the book's statistics.
func (b *Book) Stats() Stats {
	s := Stats{Variant: b.rules, Roots: len(b.roots), Moves: len(b.entries), Depth: map[int]int{}, Value: map[int]int{}}
	for i, e := range b.entries {
		s.Depth[e.Depth]++
		if e.Move.Redistribution {
			s.Redistributions++
		}
		if e.Proven {
			s.Proven++
		}
		if i == 0 || b.keys[i] != b.keys[i-1] {
			s.Positions++ // the first record of a key is its best
			s.Value[floorDiv(e.Value, ValueBucket)*ValueBucket]++
		}
	}
	return s
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// Write prints the statistics as text.
func (s Stats) Write(w io.Writer) error {
	_, err := fmt.Fprintf(w, "rules %s\nroots %d\npositions %d\nmoves %d\nredistributions %d\nproven %d\n",
		s.Variant, s.Roots, s.Positions, s.Moves, s.Redistributions, s.Proven)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "depth (plies of line and search) moves")
	for _, d := range slices.Sorted(maps.Keys(s.Depth)) {
		fmt.Fprintf(w, "  %3d %d\n", d, s.Depth[d])
	}
	fmt.Fprintln(w, "best value (centi-warriors, mover's view) positions")
	for _, v := range slices.Sorted(maps.Keys(s.Value)) {
		fmt.Fprintf(w, "  %6d..%-6d %d\n", v, v+ValueBucket-1, s.Value[v])
	}
	return nil
}
