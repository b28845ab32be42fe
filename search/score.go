// The score encoding: heuristic estimates and the proven band.

package search

import (
	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Score bounds (see the package doc).
const (
	Infinite     = 30000
	ProvenBase   = 20000
	MaxHeuristic = ProvenBase - 1
	maxProven    = ProvenBase + 100*position.MaxTotal
)

func init() {
	if eval.Max > MaxHeuristic || maxProven >= Infinite {
		panic("search: score bands overlap")
	}
}

// Proven encodes a proven game value v (centi-warriors or centi-points).
func Proven(v int) int {
	switch {
	case v > 0:
		return ProvenBase + v
	case v < 0:
		return -ProvenBase + v
	}
	return 0
}

// IsProven reports whether s lies in the proven band (a proven draw, 0,
// does not).
func IsProven(s int) bool { return s >= ProvenBase || s <= -ProvenBase }

// Warriors returns the value a score stands for (Decode), proven or not,
// in whole warriors: centi-warriors rounded to the nearest, halves up.
func Warriors(s int) int {
	v, _ := Decode(s)
	return eval.RoundWarriors(v)
}

// Decode returns the value a score stands for and whether it is proven.
func Decode(s int) (v int, proven bool) {
	switch {
	case s >= ProvenBase:
		return s - ProvenBase, true
	case s <= -ProvenBase:
		return s + ProvenBase, true
	}
	return s, false
}

// decode is Decode of a root line's score. When the endgame database
// holds the root, each line's child is held too (or ends the game), so
// its value is exact: it is reported proven, though the search ranks held
// positions on the evaluation's scale (worker.begin). A draw, 0, is not
// proven, as in the band.
func (s *shared) decode(score int) (int, bool) {
	v, proven := Decode(score)
	return v, proven || s.rootHeld && v != 0
}

// gameValue scores a finished game for the side to move of p.
func (s *shared) gameValue(p *position.Position, o movegen.Outcome) int {
	m := o.Margin()
	if p.Side() == position.North {
		m = -m
	}
	if s.objective == movegen.Match {
		return Proven(100 * movegen.MatchPoints(m, s.multiplier))
	}
	return Proven(100 * m)
}
