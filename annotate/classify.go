// Move classes, their PGN symbols, and the comment a reviewed move gets.

package annotate

import (
	"fmt"
	"strings"
)

// Class is a move's classification by the expected score it lost
// (Classify).
type Class uint8

const (
	Good       Class = iota // lost less than InaccuracyLoss
	Inaccuracy              // lost at least InaccuracyLoss
	Mistake                 // lost at least MistakeLoss
	Blunder                 // lost at least BlunderLoss
)

var (
	classText   = [...]string{"", "inaccuracy", "mistake", "blunder"}
	classSymbol = [...]string{"", "?!", "?", "??"}
)

func (c Class) String() string { return classText[c] }

// Symbol is the class's PGN annotation mark: "?!", "?", "??" ("" for a
// good move).
func (c Class) Symbol() string { return classSymbol[c] }

// MarshalText writes the class's name ("" for a good move).
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// score writes a score for the side that moved in warriors, "+1.25", a
// proven one with " proven" after it.
func score(v int, proven bool) string {
	s := fmt.Sprintf("%+.2f", float64(v)/100)
	if proven {
		s += " proven"
	}
	return s
}

// Describe returns the move's PGN comment:
//
//	+0.20 -> -4.45, blunder ?? (expected score 0.52 -> 0.17), best c3 (+0.20)
//	+1.10 -> +1.10, only move
//	+12.00 proven -> +12.00 proven
//	+2.00 proven -> -4.00 proven, loses 6 warriors against best play, blunder ?? ...
//
// the scores before and after the move for the side that moved, what
// the move loses in warriors when both values are proven (exact: the
// final prison difference under best play), the class with its mark and
// the expected score after the best and the played move, "only move",
// and the engine's best move with the value after it when the played one
// is worse.
func (m *Move) Describe() string {
	parts := []string{score(m.Before, m.BeforeProven) + " -> " + score(m.After, m.AfterProven)}
	if m.AfterProven && m.BestAfterProven && m.BestAfter > m.After {
		n := (m.BestAfter - m.After) / 100
		parts = append(parts, fmt.Sprintf("loses %d warrior%s against best play", n, map[bool]string{true: "", false: "s"}[n == 1]))
	}
	if m.Class != Good {
		parts = append(parts, fmt.Sprintf("%s %s (expected score %.2f -> %.2f)", m.Class, m.Class.Symbol(), m.BestWin, m.Win))
	}
	if m.Only {
		parts = append(parts, "only move")
	}
	if m.Best != "" && m.Best != m.Move {
		parts = append(parts, "best "+m.Best+" ("+score(m.BestAfter, m.BestAfterProven)+")")
	}
	return strings.Join(parts, ", ")
}
