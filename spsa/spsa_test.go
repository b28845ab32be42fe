// Tests of the optimiser on a synthetic objective with a known optimum,
// and of resuming a run from its state file.

package spsa

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"
)

// quadratic is a synthetic tuning problem: a knob set's strength in Elo
// is −k·Σ((θ_i−opt_i)/s)², and each of an iteration's games is won by the
// plus side with the logistic probability of the Elo difference (no
// draws), drawn from a source seeded by the iteration alone.
type quadratic struct {
	opt   []float64
	k, s  float64
	games int
	seed  uint64
}

func (q *quadratic) elo(t []float64) float64 {
	e := 0.0
	for i, v := range t {
		d := (v - q.opt[i]) / q.s
		e -= q.k * d * d
	}
	return e
}

func (q *quadratic) play(_ context.Context, k int, plus, minus []float64) (Score, error) {
	rng := rand.New(rand.NewPCG(q.seed, uint64(k)))
	p := 1 / (1 + math.Pow(10, -(q.elo(plus)-q.elo(minus))/400))
	var sc Score
	for range q.games {
		if rng.Float64() < p {
			sc.Wins++
		} else {
			sc.Losses++
		}
	}
	return sc, nil
}

func testConfig(iterations int) Config {
	return Config{Iterations: iterations, Seed: 11, Settings: "synthetic",
		Knobs: []Knob{
			{Name: "x", Min: 0, Max: 100, Start: 20, C: 4, R: 0.005},
			{Name: "y", Min: 0, Max: 100, Start: 80, C: 4, R: 0.005},
		}}
}

// The run ends near the optimum, within a tolerance derived from the
// schedule. With u_i = θ_i − opt_i, n games an iteration and the Elo
// difference D small, E[wins − losses | δ] ≈ n·D·ln10/800 and
// D = −4k·Σ_j u_j·c_k·δ_j/s², so the update (a_k/c_k)·δ_i·(wins − losses)
// moves u_i by −g_k·u_i in expectation, g_k = a_k·n·ln10·k/(200·s²) (the
// cross terms vanish over δ). The start's distance then shrinks to
// |u_0|·exp(−Σg_k), and the noise (wins − losses has variance at most
// n) leaves a spread whose variance near the end is about
// (a/c)²·n/(2g) with the last iteration's a, c and g. The tolerance is
// the shrunk distance plus four of those standard deviations; a wrong
// sign or schedule ends at a bound of the range, 20 or more away.
func TestConvergesOnQuadratic(t *testing.T) {
	c := testConfig(2000)
	q := &quadratic{opt: []float64{60, 40}, k: 20, s: 10, games: 8, seed: 5}
	s, err := NewState(c)
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), s, q.play, nil); err != nil {
		t.Fatal(err)
	}
	n := float64(q.games)
	g := func(a float64) float64 { return a * n * math.Ln10 * q.k / (200 * q.s * q.s) }
	for i, kn := range c.Knobs {
		sumG := 0.0
		for k := range c.Iterations {
			_, a := c.step(i, k)
			sumG += g(a)
		}
		cN, aN := c.step(i, c.Iterations-1)
		sd := math.Sqrt((aN / cN) * (aN / cN) * n / (2 * g(aN)))
		u0 := math.Abs(kn.Start - q.opt[i])
		tol := u0*math.Exp(-sumG) + 4*sd
		got := s.Theta[i]
		t.Logf("%s: %.2f (optimum %v, start %v): off by %.2f, tolerance %.2f (Σg %.2f, sd %.2f)", kn.Name, got, q.opt[i], kn.Start, math.Abs(got-q.opt[i]), tol, sumG, sd)
		if math.Abs(got-q.opt[i]) > tol {
			t.Errorf("%s ends at %.3f, optimum %v: off by more than %.3f", kn.Name, got, q.opt[i], tol)
		}
		if tol > u0/4 {
			t.Errorf("%s: tolerance %.2f is no test for a start %.0f away", kn.Name, tol, u0)
		}
	}
}

// The schedule's ends are C and R·C², as the knobs say.
func TestScheduleEnds(t *testing.T) {
	c := testConfig(100)
	cN, aN := c.step(0, c.Iterations-1)
	if math.Abs(cN-4) > 1e-12 || math.Abs(aN-0.005*16) > 1e-12 {
		t.Errorf("last iteration: c %v a %v, want 4 and %v", cN, aN, 0.005*16)
	}
	c0, a0 := c.step(0, 0)
	if !(c0 > cN && a0 > aN) {
		t.Errorf("first iteration c %v a %v: want both above the last's", c0, a0)
	}
}

var errStop = errors.New("stopped")

// A run stopped after an iteration and resumed from its state file ends
// where an uninterrupted run does, with the same history.
func TestResumeEqualsUninterrupted(t *testing.T) {
	c := testConfig(30)
	q := &quadratic{opt: []float64{60, 40}, k: 20, s: 10, games: 8, seed: 9}
	whole, _ := NewState(c)
	if err := Run(context.Background(), whole, q.play, nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "spsa.json")
	first, _ := NewState(c)
	err := Run(context.Background(), first, q.play, func(s *State) error {
		if err := s.Save(path); err != nil {
			return err
		}
		if s.Iteration == 12 {
			return errStop
		}
		return nil
	})
	if !errors.Is(err, errStop) {
		t.Fatalf("first part: %v, want the stop", err)
	}
	resumed, err := LoadState(path)
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Iteration != 12 {
		t.Fatalf("state file at iteration %d, want 12", resumed.Iteration)
	}
	if err := resumed.Continues(c); err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), resumed, q.play, func(s *State) error { return s.Save(path) }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(resumed, whole) {
		t.Fatalf("resumed run ends at %v, uninterrupted at %v", resumed.Theta, whole.Theta)
	}
	again, err := LoadState(path)
	if err != nil || !reflect.DeepEqual(again, whole) {
		t.Fatalf("state file after the run: %v, %v", again, err)
	}
}
