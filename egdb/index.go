// The index: a board's rank among the boards of its warriors (doc.go).

package egdb

import "github.com/kiothi/kiothi/position"

// MaxWarriors is the largest layer an index is defined for: C(35, 19),
// its size, still fits the int the index uses on 64-bit machines, and a
// layer's counts fit a signed byte.
const MaxWarriors = 16

// ways[k][r] = N(k, r) = C(r+k-1, k-1), the boards of r warriors in k
// pits (ways[0][0] = 1: no pits hold no warriors one way).
var ways [position.NumPits + 1][MaxWarriors + 1]int

// before[i][r][c] is what pit i adds to the rank when it holds c of the r
// warriors left for pits i..19: the boards whose pit i holds fewer.
var before [position.NumPits][MaxWarriors + 1][MaxWarriors + 1]int

func init() {
	ways[0][0] = 1
	for k := 1; k <= position.NumPits; k++ {
		for r := 0; r <= MaxWarriors; r++ {
			// The first of k pits holds 0..r; the other k-1 the rest.
			for c := 0; c <= r; c++ {
				ways[k][r] += ways[k-1][r-c]
			}
		}
	}
	for i := 0; i < position.NumPits; i++ {
		rest := position.NumPits - 1 - i // pits after i
		for r := 0; r <= MaxWarriors; r++ {
			sum := 0
			for c := 0; c <= r; c++ {
				before[i][r][c] = sum
				sum += ways[rest][r-c]
			}
		}
	}
}

// Size returns the entries of layer n: C(n+19, 19).
func Size(n int) int { return ways[position.NumPits][n] }

// Rank returns the index of a board of n warriors (the sum of counts).
func Rank(counts *[position.NumPits]int, n int) int {
	idx, r := 0, n
	for i := 0; i < position.NumPits-1; i++ {
		c := counts[i]
		idx += before[i][r][c]
		r -= c
	}
	return idx // the last pit holds what is left: one way
}

// Unrank fills counts with the board of n warriors whose index is idx
// (0 <= idx < Size(n)).
func Unrank(idx, n int, counts *[position.NumPits]int) {
	r := n
	for i := 0; i < position.NumPits-1; i++ {
		c := 0
		for c < r && before[i][r][c+1] <= idx {
			c++
		}
		idx -= before[i][r][c]
		counts[i] = c
		r -= c
	}
	counts[position.NumPits-1] = r
}

// boardOf returns p's board as the side to move sees it, South's row
// first (North's board turned half round), and the warriors on it.
func boardOf(p *position.Position, counts *[position.NumPits]int) int {
	own, opp := p.Rows()
	if p.Side() == position.North {
		own, opp = opp, own
	}
	n := 0
	for j := 0; j < position.RowPits; j++ {
		a, b := position.Field(own, j), position.Field(opp, j)
		counts[j], counts[position.RowPits+j] = a, b
		n += a + b
	}
	return n
}
