// The weight fit: least squares of self-play results on the features
// (run with KIOTHI_FIT=1; it prints the fitted weights).
package eval_test

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// exposed is a candidate feature: warriors of the other side in unmarked
// pits facing our empty pits (what a capture could reach some day).
func exposed(p *position.Position, us position.Side) int {
	n := 0
	first := position.Leftmost(us)
	for i := first; i < first+position.RowPits; i++ {
		f := position.Facing(i)
		if p.Count(i) == 0 && !p.Nki(f) {
			n += p.Count(f)
		}
	}
	return n
}

func TestFit(t *testing.T) {
	if os.Getenv("KIOTHI_FIT") == "" {
		t.Skip("set KIOTHI_FIT=1 to fit the evaluation weights")
	}
	const nf = 6 // row, nki, threatUs, threatThem, exposed(us-them), 1
	var xtx [nf][nf]float64
	var xty [nf]float64
	samples := 0
	eng, _ := search.NewEngine(search.Options{HashMB: 4})
	for seed := uint64(1); seed <= 400; seed++ {
		rng := rand.New(rand.NewPCG(seed, 77))
		g := movegen.NewGame(position.Start(30), movegen.Rules{})
		var xs [][nf]float64
		var stm []position.Side
		var pris []int
		for {
			if _, over := g.Over(); over {
				break
			}
			p := g.Current()
			if p.Phase() != position.Play {
				_ = g.Play(position.Redistribute(testgame.ScatterOpening(&p, rng)))
				continue
			}
			f := eval.Compute(&p)
			us := p.Side()
			xs = append(xs, [nf]float64{float64(f.Row), float64(f.Nki), float64(f.ThreatUs), float64(f.ThreatThem),
				float64(exposed(&p, us) - exposed(&p, us.Other())), 1})
			stm = append(stm, us)
			pris = append(pris, f.Prison)
			var mv position.GameMove
			if rng.IntN(10) == 0 {
				var list movegen.MoveList
				n := movegen.Generate(&p, movegen.Rules{}, &list)
				mv = position.PlayMove(list[rng.IntN(n)])
			} else {
				mv = eng.Search(context.Background(), p, g.History(), search.Limits{Depth: 3}, nil).Best
			}
			if err := g.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
		o, _ := g.Over()
		for i, x := range xs {
			m := o.Margin()
			if stm[i] == position.North {
				m = -m
			}
			y := float64(m - pris[i])
			for a := 0; a < nf; a++ {
				xty[a] += x[a] * y
				for b := 0; b < nf; b++ {
					xtx[a][b] += x[a] * x[b]
				}
			}
			samples++
		}
	}
	w := solve(xtx, xty)
	t.Logf("%d samples; weights (centi-warriors): row %.0f nki %.0f threatUs %.0f threatThem %.0f exposed %.0f const %.0f",
		samples, 100*w[0], 100*w[1], 100*w[2], 100*w[3], 100*w[4], 100*w[5])
}

// solve does Gaussian elimination with partial pivoting.
func solve[A ~[6][6]float64, B ~[6]float64](a A, b B) [6]float64 {
	n := len(b)
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	var x [6]float64
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x
}
