// Elo estimates with confidence intervals and the GSPRT log-likelihood
// ratio for a sequential probability ratio test on match results.

package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
)

// Counts are game results from one player's view.
type Counts struct{ Wins, Draws, Losses int }

// Games returns the number of games counted.
func (c Counts) Games() int { return c.Wins + c.Draws + c.Losses }

// Score returns the mean score per game (win 1, draw 1/2, loss 0).
func (c Counts) Score() float64 {
	n := c.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(c.Wins) + float64(c.Draws)/2) / float64(n)
}

// variance returns the per-game variance of the score.
func (c Counts) variance() float64 {
	n := float64(c.Games())
	if n == 0 {
		return 0
	}
	s := c.Score()
	return (float64(c.Wins)*(1-s)*(1-s) + float64(c.Draws)*(0.5-s)*(0.5-s) + float64(c.Losses)*s*s) / n
}

// EloFromScore converts a score fraction to a logistic Elo difference:
// -400·log10(1/s - 1). It is ±Inf at 0 and 1.
func EloFromScore(s float64) float64 {
	if s <= 0 {
		return math.Inf(-1)
	}
	if s >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreFromElo is the inverse of EloFromScore: 1/(1 + 10^(-elo/400)).
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// z95 is the two-sided 95% quantile of the standard normal.
const z95 = 1.959963984540054

// Elo returns the Elo difference and its 95% interval (normal
// approximation on the mean score, mapped through EloFromScore, as
// cutechess-cli does). Bounds are ±Inf when the score interval reaches 0
// or 1. When every game was won (or lost) the normal approximation has
// no variance to work with, so the finite end is the exact binomial
// (Clopper-Pearson) bound instead.
func (c Counts) Elo() (elo, lo, hi float64) {
	n := c.Games()
	s := c.Score()
	elo = EloFromScore(s)
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	switch n {
	case c.Wins:
		// No variance to scale: the exact (Clopper-Pearson) bound for n
		// wins out of n, whose lower end is 0.025^(1/n).
		return elo, EloFromScore(math.Pow(1-0.975, 1/float64(n))), math.Inf(1)
	case c.Losses:
		return elo, math.Inf(-1), EloFromScore(1 - math.Pow(1-0.975, 1/float64(n)))
	}
	d := z95 * math.Sqrt(c.variance()/float64(n))
	return elo, EloFromScore(s - d), EloFromScore(s + d)
}

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1 (logistic Elo), with error rates Alpha and Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// ParseSPRT reads "elo0,elo1,alpha,beta", e.g. "0,10,0.05,0.05".
func ParseSPRT(s string) (SPRT, error) {
	f := strings.Split(s, ",")
	if len(f) != 4 {
		return SPRT{}, fmt.Errorf("sprt %s: want elo0,elo1,alpha,beta (4 numbers), got %d fields", excerpt.Quote(s), len(f))
	}
	names := [4]string{"elo0", "elo1", "alpha", "beta"}
	var v [4]float64
	for i := range f {
		x, err := strconv.ParseFloat(strings.TrimSpace(f[i]), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return SPRT{}, fmt.Errorf("sprt %s: %s %s is not a number", excerpt.Quote(s), names[i], excerpt.Quote(f[i]))
		}
		v[i] = x
	}
	t := SPRT{v[0], v[1], v[2], v[3]}
	for i, e := range []float64{t.Elo0, t.Elo1} {
		if e < float64(limits.Elo.Min) || e > float64(limits.Elo.Max) {
			return t, fmt.Errorf("sprt %s: %s %g: %s", excerpt.Quote(s), names[i], e, limits.Elo.Want())
		}
	}
	if t.Elo0 >= t.Elo1 {
		return t, fmt.Errorf("sprt %s: elo0 (%g) must be below elo1 (%g)", excerpt.Quote(s), t.Elo0, t.Elo1)
	}
	for i, p := range []float64{t.Alpha, t.Beta} {
		if p <= 0 || p >= 0.5 {
			return t, fmt.Errorf("sprt %s: %s %g must lie strictly between 0 and 0.5", excerpt.Quote(s), names[2+i], p)
		}
	}
	return t, nil
}

// Bounds returns the LLR bounds: below lower H0 is accepted, above upper
// H1 (Wald's approximations ln(β/(1-α)) and ln((1-β)/α)).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the generalized SPRT log-likelihood ratio of the results for
// the trinomial (win/draw/loss) model, in the normal approximation used by
// cutechess-cli and fishtest (Van den Bergh):
//
//	LLR = N·(s1 - s0)·(2s - s0 - s1) / (2σ²)
//
// with s the mean score, σ² its per-game variance and s0, s1 the scores of
// Elo0 and Elo1. It is 0 until both a non-zero variance and a game exist.
func (t SPRT) LLR(c Counts) float64 {
	n := c.Games()
	v := c.variance()
	if n == 0 || v == 0 {
		return 0
	}
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	return float64(n) * (s1 - s0) * (2*c.Score() - s0 - s1) / (2 * v)
}

// Decision is an SPRT verdict.
type Decision int

const (
	Continue Decision = iota
	AcceptH0
	AcceptH1
)

func (d Decision) String() string {
	return [...]string{"continue", "H0 accepted", "H1 accepted"}[d]
}

// Decide returns the verdict for the results so far.
func (t SPRT) Decide(c Counts) Decision {
	lo, hi := t.Bounds()
	switch l := t.LLR(c); {
	case l >= hi:
		return AcceptH1
	case l <= lo:
		return AcceptH0
	}
	return Continue
}
