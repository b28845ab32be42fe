// Random redistributions: uniform over all the legal ones, and the
// styles self-play data and generated openings draw from.

package movegen

import (
	"errors"
	"math/bits"
	"math/rand/v2"

	"github.com/kiothi/kiothi/position"
)

// errNoOpening is returned for a position with no redistribution (fewer
// than two occupied pits of the mover's).
var errNoOpening = errors.New("no legal move")

// Opening styles of StyledOpening.
const (
	StyleUniform     = iota // uniform over all redistributions (RandomOpening)
	StyleHome               // every warrior into a uniformly random pit of the mover's row
	StyleMixed              // each warrior home with probability 3/4, else to the enemy row
	NumOpeningStyles        // the number of styles
)

// RandomOpening draws a redistribution uniformly from all the legal ones
// of p (RULES.md §3 counts each pair and drop vector as its own move): a
// pair with probability proportional to CountPair(L), L the warriors it
// holds, then a drop vector uniform over the compositions of L into 20
// parts (stars and bars: 19 bars placed uniformly among L+19 slots).
func RandomOpening(p *position.Position, rng *rand.Rand) (position.GameMove, error) {
	type pair struct {
		i, j, l int
		w       uint64
	}
	var pairs []pair
	var total uint64
	overflow := false
	ForEachPair(p, func(i, j, l int) {
		w := CountPair(l)
		var c uint64
		total, c = bits.Add64(total, w, 0)
		overflow = overflow || c != 0
		pairs = append(pairs, pair{i, j, l, w})
	})
	if len(pairs) == 0 {
		return position.GameMove{}, errNoOpening
	}
	k := 0
	if !overflow {
		x := rng.Uint64N(total)
		for x >= pairs[k].w {
			x -= pairs[k].w
			k++
		}
	} else {
		// Past 2^64 ways in all (only with far more warriors in the two
		// pits than a real opening has): float weights, nearly uniform.
		sum := 0.0
		for _, pr := range pairs {
			sum += float64(pr.w)
		}
		x := rng.Float64() * sum
		for k < len(pairs)-1 && x >= float64(pairs[k].w) {
			x -= float64(pairs[k].w)
			k++
		}
	}
	pr := pairs[k]
	d := RandomComposition(pr.l, position.NumPits, rng)
	m, err := NewOpening(p, pr.i, pr.j, d)
	if err != nil {
		return position.GameMove{}, err
	}
	return position.Redistribute(m), nil
}

// RandomComposition returns l split into n >= 1 non-negative parts,
// uniformly over the C(l+n-1, n-1) ways: n-1 bars are chosen among l+n-1
// slots (Floyd's sampling), the parts being the stars between bars.
func RandomComposition(l, n int, rng *rand.Rand) [position.NumPits]int {
	var parts [position.NumPits]int
	slots := l + n - 1
	bar := make([]bool, slots)
	for j := slots - (n - 1); j < slots; j++ {
		t := rng.IntN(j + 1)
		if bar[t] {
			t = j
		}
		bar[t] = true
	}
	k := 0
	for _, b := range bar {
		if b {
			k++
		} else {
			parts[k]++
		}
	}
	return parts
}

// StyledOpening draws a redistribution of p in a style: a uniformly
// random pair, then the drops, for StyleUniform, StyleHome or
// StyleMixed (the engine style is the caller's).
func StyledOpening(p *position.Position, style int, rng *rand.Rand) (position.GameMove, error) {
	if style == StyleUniform {
		return RandomOpening(p, rng)
	}
	var pairs [][2]int
	ForEachPair(p, func(i, j, _ int) { pairs = append(pairs, [2]int{i, j}) })
	if len(pairs) == 0 {
		return position.GameMove{}, errNoOpening
	}
	pr := pairs[rng.IntN(len(pairs))]
	home := position.Leftmost(p.Side())
	away := position.Leftmost(p.Side().Other())
	var d [position.NumPits]int
	for k := p.Count(pr[0]) + p.Count(pr[1]); k > 0; k-- {
		base := home
		if style == StyleMixed && rng.IntN(4) == 0 {
			base = away
		}
		d[base+rng.IntN(position.RowPits)]++
	}
	m, err := NewOpening(p, pr[0], pr[1], d)
	return position.Redistribute(m), err
}
