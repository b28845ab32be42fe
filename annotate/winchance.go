// The win-chance curve, the classes by expected score lost, and the
// move accuracy: the one home of the review's scale (docs/review.md).

package annotate

import "math"

// WinK is the constant of the win-chance curve W(cp) = 1/(1+e^(−WinK·cp)):
// the expected score (win 1, draw ½, loss 0) of the side to move at a
// search score of cp centi-warriors. Fitted by maximum likelihood to the
// engine's own self-play records (docs/review.md: 56,976 positions of
// 1,500 datagen games, k = 0.003681 ± 0.000032).
const WinK = 0.00368

// Win returns the expected score, 0..1, for the side whose score is cp
// centi-warriors; a proven score is the game's value: 1 won, 0 lost, ½
// drawn.
func Win(cp int, proven bool) float64 {
	if proven {
		switch {
		case cp > 0:
			return 1
		case cp < 0:
			return 0
		}
		return 0.5
	}
	return 1 / (1 + math.Exp(-WinK*float64(cp)))
}

// Drops of expected score (on the 0..1 scale of Win) that make a move an
// inaccuracy, a mistake or a blunder: lichess's 0.1, 0.2 and 0.3 on its
// −1..1 scale of winning chances, halved onto 0..1.
const (
	InaccuracyLoss = 0.05
	MistakeLoss    = 0.10
	BlunderLoss    = 0.15
	// OnlyMoveGap: the played move is the only move when it is the best
	// and the second best loses at least this much expected score.
	OnlyMoveGap = BlunderLoss
)

// Classify returns the class of a move that lost loss expected score.
func Classify(loss float64) Class {
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

// MoveAccuracy is lichess's move accuracy, 0..100, of a move that lost
// loss expected score (0..1): 103.1668·e^(−0.04354·100·loss) − 3.1669,
// clamped; a move that loses nothing scores 100.
func MoveAccuracy(loss float64) float64 {
	a := 103.1668*math.Exp(-0.04354*100*max(loss, 0)) - 3.1669
	return min(max(a, 0), 100)
}

// FitWinK fits WinK to scores (centi-warriors, side to move's view) and
// the results that followed them (1, ½ or 0 for the side to move) by
// maximum likelihood (Newton's method on the logistic log-likelihood),
// and returns k with its standard error.
func FitWinK(scores, results []float64) (k, stderr float64) {
	k = 0.004
	for range 100 {
		g, h := 0.0, 0.0
		for i, x := range scores {
			p := 1 / (1 + math.Exp(-k*x))
			g += (results[i] - p) * x
			h += p * (1 - p) * x * x
		}
		if h == 0 {
			return k, math.Inf(1)
		}
		step := g / h
		k += step
		if math.Abs(step) < 1e-12 {
			break
		}
	}
	h := 0.0
	for _, x := range scores {
		p := 1 / (1 + math.Exp(-k*x))
		h += p * (1 - p) * x * x
	}
	return k, 1 / math.Sqrt(h)
}
