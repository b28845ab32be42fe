// Package spsa tunes numeric parameters by simultaneous perturbation
// stochastic approximation driven by games: each iteration plays the
// values theta+c·delta against theta−c·delta (delta a random ±1 per
// knob) and moves theta along delta by the score. The games are a
// function the caller gives (MatchGames: kiothi match's own code path);
// the state after each iteration can be saved and resumed (state.go).
package spsa

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/kiothi/kiothi/limits"
)

// Knob is one parameter tuned: its range, where it starts, and its
// schedule ends as in fishtest: C is the perturbation and R the learning
// rate at the last iteration.
type Knob struct {
	Name  string  `json:"name"`
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	Start float64 `json:"start"`
	C     float64 `json:"c"`
	R     float64 `json:"r"`
}

// Score is one iteration's games counted for the plus side.
type Score struct {
	Wins   int `json:"w"`
	Draws  int `json:"d"`
	Losses int `json:"l"`
}

// Games plays iteration k's games between the knobs at plus and at minus
// (values in Config.Knobs' order) and returns the plus side's score.
type Games func(ctx context.Context, k int, plus, minus []float64) (Score, error)

// The schedule's exponents (Spall's recommended values).
const (
	Alpha = 0.602
	Gamma = 0.101
)

// Config is a run.
type Config struct {
	Knobs      []Knob `json:"knobs"`
	Iterations int    `json:"iterations"`
	// Settings names everything else that shapes the games (limits, game
	// pairs, openings); a state file made with other settings is refused.
	Settings string `json:"settings"`
	// Seed draws each iteration's delta (and is given to the games'
	// seeds by the caller).
	Seed uint64 `json:"seed"`
}

// Check returns an error naming what is wrong with c.
func (c *Config) Check() error {
	if len(c.Knobs) == 0 {
		return errors.New("no knobs to tune")
	}
	if err := limits.SPSAIterations.Check("iterations", int64(c.Iterations)); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, k := range c.Knobs {
		switch {
		case k.Name == "":
			return errors.New("a knob has no name")
		case seen[k.Name]:
			return fmt.Errorf("knob %s given twice", k.Name)
		case !(k.Min < k.Max) || math.IsInf(k.Min, 0) || math.IsInf(k.Max, 0):
			return fmt.Errorf("knob %s: range %v..%v is not a finite interval", k.Name, k.Min, k.Max)
		case !(k.Start >= k.Min && k.Start <= k.Max):
			return fmt.Errorf("knob %s: start %v outside its range %v..%v", k.Name, k.Start, k.Min, k.Max)
		case !(k.C > 0) || !(k.R > 0) || math.IsInf(k.C, 0) || math.IsInf(k.R, 0):
			return fmt.Errorf("knob %s: C %v and R %v must be positive (a switch is not tuned)", k.Name, k.C, k.R)
		}
		seen[k.Name] = true
	}
	return nil
}

// stability is A of the gain schedule: a tenth of the run, as fishtest.
func (c *Config) stability() float64 { return 0.1 * float64(c.Iterations) }

// step is iteration k's perturbation c_k and gain a_k of knob i: c_k =
// C·N^γ/(k+1)^γ and a_k = R·C²·(A+N)^α/(A+k+1)^α, so that at the last
// iteration they are C and R·C².
func (c *Config) step(i, k int) (ck, ak float64) {
	n, A, kn := float64(c.Iterations), c.stability(), c.Knobs[i]
	ck = kn.C * math.Pow(n/float64(k+1), Gamma)
	ak = kn.R * kn.C * kn.C * math.Pow((A+n)/(A+float64(k)+1), Alpha)
	return ck, ak
}

// delta is iteration k's ±1 per knob, drawn from the seed and k alone, so
// that a resumed run draws what an uninterrupted one would.
func (c *Config) delta(k int) []float64 {
	rng := rand.New(rand.NewPCG(c.Seed, uint64(k)))
	d := make([]float64, len(c.Knobs))
	for i := range d {
		d[i] = 1
		if rng.IntN(2) == 0 {
			d[i] = -1
		}
	}
	return d
}

// clamp puts v into knob i's range.
func (c *Config) clamp(i int, v float64) float64 {
	return min(max(v, c.Knobs[i].Min), c.Knobs[i].Max)
}

// Step is one iteration done: its score and theta after it.
type Step struct {
	Score Score     `json:"score"`
	Theta []float64 `json:"theta"`
}

// Run plays s's iterations from s.Iteration to the end of the run: after
// each it updates s and calls done (which saves it; its error stops the
// run). A cancelled ctx stops the run between or inside an iteration; the
// iteration stopped is not counted.
func Run(ctx context.Context, s *State, games Games, done func(*State) error) error {
	c := &s.Config
	for s.Iteration < c.Iterations {
		k := s.Iteration
		d := c.delta(k)
		plus, minus := make([]float64, len(d)), make([]float64, len(d))
		ck := make([]float64, len(d))
		for i := range d {
			ck[i], _ = c.step(i, k)
			plus[i] = c.clamp(i, s.Theta[i]+ck[i]*d[i])
			minus[i] = c.clamp(i, s.Theta[i]-ck[i]*d[i])
		}
		sc, err := games(ctx, k, plus, minus)
		if err != nil {
			return fmt.Errorf("iteration %d: %v", k+1, err)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		r := float64(sc.Wins - sc.Losses)
		theta := make([]float64, len(d))
		for i := range d {
			_, ak := c.step(i, k)
			theta[i] = c.clamp(i, s.Theta[i]+ak/ck[i]*r*d[i])
		}
		s.Theta = theta
		s.History = append(s.History, Step{Score: sc, Theta: slices.Clone(theta)})
		s.Iteration++
		if done != nil {
			if err := done(s); err != nil {
				return err
			}
		}
	}
	return nil
}
