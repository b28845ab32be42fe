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

// LLR returns the generalized SPRT log-likelihood ratio of the game pairs
// p for the pentanomial model, computed exactly as fishtest does (not in
// the normal approximation, which has no variance to divide by when one
// side wins every pair): a zero count is raised to PentaPrior, and
//
//	LLR = Σ n_i·ln(p1_i/p0_i)
//
// where p0 and p1 are the maximum-likelihood distributions over the five
// pair scores whose means are the scores of Elo0 and Elo1 (Proposition
// 1.1 of Van den Bergh's "MLE for a multinomial with a given
// expectation": p_i = p̂_i/(1+λ(x_i-s)), λ the root of Σ p̂_i(x_i-s)/(1+λ(x_i-s)) = 0).
// It is 0 until a pair has been played.
func (t SPRT) LLR(p Pentanomial) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	var n [5]float64
	total := 0.0
	for i, c := range p {
		n[i] = max(float64(c), PentaPrior)
		total += n[i]
	}
	var hat [5]float64
	for i := range n {
		hat[i] = n[i] / total
	}
	p0 := mleWithMean(hat, ScoreFromElo(t.Elo0))
	p1 := mleWithMean(hat, ScoreFromElo(t.Elo1))
	llr := 0.0
	for i := range n {
		llr += n[i] * math.Log(p1[i]/p0[i])
	}
	return llr
}

// PentaPrior is the count given to a pair score never seen (fishtest's
// regularisation), so the model keeps some mass on every score.
const PentaPrior = 1e-3

// mleWithMean returns the distribution over the pair scores x_i = i/4
// that maximises Σ hat_i·ln p_i subject to Σ p_i·x_i = s, for hat with
// every entry positive and 0 < s < 1. λ lies where every 1+λ(x_i-s) is
// positive, (-1/(1-s), 1/s), and the sum is decreasing in it: bisection.
func mleWithMean(hat [5]float64, s float64) [5]float64 {
	f := func(l float64) float64 {
		v := 0.0
		for i, h := range hat {
			d := float64(i)/4 - s
			v += h * d / (1 + l*d)
		}
		return v
	}
	lo, hi := -1/(1-s), 1/s
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	l := (lo + hi) / 2
	var p [5]float64
	for i, h := range hat {
		p[i] = h / (1 + l*(float64(i)/4-s))
	}
	return p
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

// Decide returns the verdict for the game pairs so far.
func (t SPRT) Decide(p Pentanomial) Decision {
	lo, hi := t.Bounds()
	switch l := t.LLR(p); {
	case l >= hi:
		return AcceptH1
	case l <= lo:
		return AcceptH0
	}
	return Continue
}
