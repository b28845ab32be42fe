// Move classes by warriors lost, and the comment a reviewed move gets.

package annotate

import (
	"fmt"
	"strings"
)

// Class is a move's classification.
type Class uint8

const (
	Good       Class = iota // lost less than InaccuracyLoss
	Inaccuracy              // lost at least InaccuracyLoss
	Mistake                 // lost at least MistakeLoss
	Blunder                 // lost at least BlunderLoss
)

var classText = [...]string{"", "inaccuracy", "mistake", "blunder"}

func (c Class) String() string { return classText[c] }

// MarshalText writes the class's name ("" for a good move).
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Thresholds, in centi-warriors of margin lost by the move against the
// best move (the values after each, searched alike): a loss of 4
// warriors or more is a blunder.
const (
	InaccuracyLoss = 100
	MistakeLoss    = 200
	BlunderLoss    = 400
	// OnlyMoveGap: the played move is the only move when it is the best
	// and the second best scores at least this much less.
	OnlyMoveGap = BlunderLoss
)

// Classify returns the class of a move that lost loss centi-warriors.
func Classify(loss int) Class {
	switch {
	case loss >= BlunderLoss:
		return Blunder
	case loss >= MistakeLoss:
		return Mistake
	case loss >= InaccuracyLoss:
		return Inaccuracy
	}
	return Good
}

// score writes a score for the side that moved in warriors, "+1.25", a
// proven one with " proven" after it.
func score(v int, proven bool) string {
	s := fmt.Sprintf("%+.2f", float64(v)/100)
	if proven {
		s += " proven"
	}
	return s
}

// Comment returns the move's PGN comment:
//
//	+0.20 -> -4.45, blunder (lost 4.65), best c3 (+0.20)
//	+1.10 -> +1.10, only move
//	+12.00 proven -> +12.00 proven
//
// the scores before and after the move for the side that moved, the
// class with the warriors lost, "only move", and the engine's best move
// with the value after it when the played one differs.
func (m *Move) Comment() string {
	parts := []string{score(m.Before, m.BeforeProven) + " -> " + score(m.After, m.AfterProven)}
	if m.Class != Good {
		parts = append(parts, fmt.Sprintf("%s (lost %.2f)", m.Class, float64(m.Loss)/100))
	}
	if m.Only {
		parts = append(parts, "only move")
	}
	if m.Best != "" && m.Best != m.Move {
		parts = append(parts, "best "+m.Best+" ("+score(m.BestAfter, m.BestAfterProven)+")")
	}
	return strings.Join(parts, ", ")
}
