// Opening redistributions (turns 1 and 2): checking, applying, counting
// by formula and visiting by callback.

package movegen

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/kiothi/kiothi/position"
)

// ErrOverflow reports a count beyond 2^64-1.
var ErrOverflow = errors.New("count overflows 64 bits")

// binom[n][k] = C(n, k) for n <= 99, k <= 19. Entries past 2^64 are left
// 0; the formulas never read them, since a lift of at most 63 keeps n <= 82.
var binom [100][20]uint64

func init() {
	var over [100][20]bool
	for n := range binom {
		binom[n][0] = 1
		for k := 1; k < 20 && k <= n; k++ {
			s, carry := bits.Add64(binom[n-1][k-1], binom[n-1][k], 0)
			over[n][k] = carry != 0 || over[n-1][k-1] || over[n-1][k]
			if !over[n][k] {
				binom[n][k] = s
			}
		}
	}
}

// Drops returns the number of ways to drop l warriors into m pits:
// C(l + m - 1, m - 1).
func drops(l, m int) uint64 { return binom[l+m-1][m-1] }

// ForEachPair calls f for each pair of the mover's occupied pits, in board
// order, with the warriors they hold together.
func ForEachPair(p *position.Position, f func(i, j, lifted int)) {
	if p.Phase() == position.Play {
		return
	}
	first := position.Leftmost(p.Side())
	for i := first; i < first+position.RowPits; i++ {
		if p.Count(i) == 0 {
			continue
		}
		for j := i + 1; j < first+position.RowPits; j++ {
			if p.Count(j) > 0 {
				f(i, j, p.Count(i)+p.Count(j))
			}
		}
	}
}

// CountPair returns the number of redistributions that empty a pair
// holding l warriors: every way to drop l into the 20 pits.
func CountPair(l int) uint64 { return drops(l, position.NumPits) }

// CountOpening returns the number of legal redistributions of p (perft at
// depth 1 at turn 1 or 2).
func CountOpening(p *position.Position) (uint64, error) {
	var total uint64
	var err error
	ForEachPair(p, func(i, j, l int) {
		var carry uint64
		total, carry = bits.Add64(total, CountPair(l), 0)
		if carry != 0 {
			err = ErrOverflow
		}
	})
	return total, err
}

// CheckOpening returns nil if m is a legal redistribution in p, or an error
// that says why not.
func CheckOpening(p *position.Position, m *position.OpeningMove) error {
	if p.Phase() == position.Play {
		return fmt.Errorf("turn %d is past the opening: play a sowing move", p.Turn())
	}
	side := p.Side()
	for _, pit := range m.Pits {
		if position.Owner(int(pit)) != side {
			return fmt.Errorf("%s is not your pit", position.PitName(int(pit)))
		}
		if p.Count(int(pit)) == 0 {
			return fmt.Errorf("%s is empty: both emptied pits must hold warriors", position.PitName(int(pit)))
		}
	}
	if m.Pits[0] == m.Pits[1] {
		return errors.New("the two emptied pits must differ")
	}
	lifted := p.Count(int(m.Pits[0])) + p.Count(int(m.Pits[1]))
	if got := m.Lifted(); got != lifted {
		return fmt.Errorf("drops sum to %d, but %s%s lifts %d", got,
			position.PitName(int(m.Pits[0])), position.PitName(int(m.Pits[1])), lifted)
	}
	return nil
}

// ApplyOpening plays redistribution m (already checked) and ends the turn;
// the end of turn 2 marks every occupied pit nki.
func ApplyOpening(p *position.Position, m *position.OpeningMove) {
	p.LiftAll(int(m.Pits[0]))
	p.LiftAll(int(m.Pits[1]))
	for i, d := range m.Drops {
		if d != 0 {
			p.Put(i, int(d))
		}
	}
	p.EndTurn()
}

// MakeOpening returns the position after redistribution m, or why it is
// illegal.
func MakeOpening(p position.Position, m position.OpeningMove) (position.Position, error) {
	if err := CheckOpening(&p, &m); err != nil {
		return p, err
	}
	ApplyOpening(&p, &m)
	return p, nil
}

// NewOpening builds the redistribution that empties pits i and j and drops
// drops[k] warriors into pit k, and checks it against p.
func NewOpening(p *position.Position, i, j int, drops [position.NumPits]int) (position.OpeningMove, error) {
	var m position.OpeningMove
	if i > j {
		i, j = j, i
	}
	if i < 0 || j >= position.NumPits {
		return m, errors.New("pit out of range")
	}
	m.Pits = [2]uint8{uint8(i), uint8(j)}
	for k, d := range drops {
		if d < 0 || d > position.MaxTotal {
			return m, fmt.Errorf("drop into %s: %d out of range", position.PitName(k), d)
		}
		m.Drops[k] = uint8(d)
	}
	return m, CheckOpening(p, &m)
}

// ForEachOpening calls f with every redistribution that empties pits i and
// j, in lexicographic order of the drop vector (pit a first), until f
// returns false. The move passed to f is reused: copy it to keep it.
// There are CountPair(l) of them, which can be billions.
func ForEachOpening(p *position.Position, i, j int, f func(m *position.OpeningMove) bool) {
	var m position.OpeningMove
	m.Pits = [2]uint8{uint8(i), uint8(j)}
	l := p.Count(i) + p.Count(j)
	// Drop vectors in decreasing lexicographic order of (a, b, ...): the
	// first pit takes all, then one less, and so on.
	var rec func(k, left int) bool
	rec = func(k, left int) bool {
		if k == position.NumPits-1 {
			m.Drops[k] = uint8(left)
			return f(&m)
		}
		for d := left; d >= 0; d-- {
			m.Drops[k] = uint8(d)
			if !rec(k+1, left-d) {
				return false
			}
		}
		m.Drops[k] = 0
		return true
	}
	rec(0, l)
}

// PerftTurn1Depth2 counts perft(p, 2) at turn 1 by formula (RULES.md §8):
// for each South pair lifting L and each pair of North pits (k, l), the
// drop vectors that leave both k and l occupied, each weighted by North's
// C(L'+19, 19) replies, grouped by what falls into k and l.
func PerftTurn1Depth2(p *position.Position) (uint64, error) {
	if p.Phase() != position.OpeningSouth {
		return 0, errors.New("the depth-2 opening formula starts at turn 1")
	}
	var total uint64
	var err error
	ForEachPair(p, func(_, _, l int) {
		if err != nil {
			return
		}
		n, e := turn2Replies(p, l)
		if e != nil {
			err = e
			return
		}
		var carry uint64
		total, carry = bits.Add64(total, n, 0)
		if carry != 0 {
			err = ErrOverflow
		}
	})
	return total, err
}

// turn2Replies sums, over the drop vectors of l warriors, North's number of
// redistributions afterwards.
func turn2Replies(p *position.Position, l int) (uint64, error) {
	var total uint64
	for k := position.RowPits; k < position.NumPits; k++ {
		for m := k + 1; m < position.NumPits; m++ {
			ck, cm := p.Count(k), p.Count(m)
			for dk := 0; dk <= l; dk++ {
				if ck+dk == 0 {
					continue
				}
				for dm := 0; dk+dm <= l; dm++ {
					if cm+dm == 0 {
						continue
					}
					rest := drops(l-dk-dm, position.NumPits-2)
					hi, lo := bits.Mul64(rest, CountPair(ck+cm+dk+dm))
					if hi != 0 {
						return 0, ErrOverflow
					}
					var carry uint64
					total, carry = bits.Add64(total, lo, 0)
					if carry != 0 {
						return 0, ErrOverflow
					}
				}
			}
		}
	}
	return total, nil
}

// PutBack is the redistribution that leaves the board as it is: the first
// two occupied pits of the side to move emptied and refilled, a pass in
// effect. False if the side has fewer than two occupied pits.
func PutBack(p *position.Position) (position.OpeningMove, bool) {
	var m position.OpeningMove
	k := 0
	first := position.Leftmost(p.Side())
	for i := first; i < first+position.RowPits && k < 2; i++ {
		if p.Count(i) > 0 {
			m.Pits[k] = uint8(i)
			m.Drops[i] = uint8(p.Count(i))
			k++
		}
	}
	return m, k == 2
}
