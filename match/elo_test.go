// Tests of the Elo and SPRT arithmetic against hand-derived values and an
// independent per-game computation.

package match

import (
	"math"
	"testing"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

func TestEloFromScore(t *testing.T) {
	// s = 3/4: -400·log10(1/3) = 400·0.4771212547 = 190.848502.
	if e := EloFromScore(0.75); !near(e, 190.848502, 1e-5) {
		t.Errorf("elo(0.75) = %v", e)
	}
	if e := EloFromScore(0.5); e != 0 {
		t.Errorf("elo(0.5) = %v", e)
	}
	// s = 10/11: 1/s - 1 = 0.1, so exactly +400.
	if e := EloFromScore(10.0 / 11); !near(e, 400, 1e-9) {
		t.Errorf("elo(10/11) = %v", e)
	}
	for _, e := range []float64{-300, -12.5, 0, 7, 250} {
		if got := EloFromScore(ScoreFromElo(e)); !near(got, e, 1e-9) {
			t.Errorf("round trip %v -> %v", e, got)
		}
	}
	if !math.IsInf(EloFromScore(1), 1) || !math.IsInf(EloFromScore(0), -1) {
		t.Error("extreme scores should give infinite Elo")
	}
}

func TestEloInterval(t *testing.T) {
	// 60 wins, 40 losses: s = 0.6, σ² = 0.6·0.16 + 0.4·0.36 = 0.24,
	// σ/√100 = 0.0489898, half-width 1.96·0.0489898 = 0.0960192.
	c := Counts{Wins: 60, Losses: 40}
	elo, lo, hi := c.Elo()
	if !near(elo, EloFromScore(0.6), 1e-12) || !near(elo, 70.437, 1e-3) {
		t.Errorf("elo = %v", elo)
	}
	if !near(lo, EloFromScore(0.6-0.0960192), 1e-3) || !near(hi, EloFromScore(0.6+0.0960192), 1e-3) {
		t.Errorf("interval [%v, %v]", lo, hi)
	}
	if lo >= elo || hi <= elo {
		t.Errorf("interval [%v, %v] does not contain %v", lo, hi, elo)
	}
	// One win out of one: the lower end is the score 0.025, Elo
	// -400·log10(39) = -400·1.5910646 = -636.4258; one loss mirrors it.
	if e, l, h := (Counts{Wins: 1}).Elo(); !math.IsInf(e, 1) || !near(l, -636.4258, 1e-3) || !math.IsInf(h, 1) {
		t.Errorf("1-0-0: %v [%v, %v]", e, l, h)
	}
	if e, l, h := (Counts{Losses: 1}).Elo(); !math.IsInf(e, -1) || !math.IsInf(l, -1) || !near(h, 636.4258, 1e-3) {
		t.Errorf("0-0-1: %v [%v, %v]", e, l, h)
	}
	// All draws: zero variance, a point interval at 0.
	if e, l, h := (Counts{Draws: 10}).Elo(); e != 0 || l != 0 || h != 0 {
		t.Errorf("all draws: %v [%v, %v]", e, l, h)
	}
}

// llrPerGame sums, game by game, the log ratio of two normal densities with
// the results' variance centred on s1 and on s0: the model behind the
// closed form, computed independently.
func llrPerGame(t SPRT, c Counts) float64 {
	var scores []float64
	for i := 0; i < c.Wins; i++ {
		scores = append(scores, 1)
	}
	for i := 0; i < c.Draws; i++ {
		scores = append(scores, 0.5)
	}
	for i := 0; i < c.Losses; i++ {
		scores = append(scores, 0)
	}
	mean := 0.0
	for _, x := range scores {
		mean += x
	}
	mean /= float64(len(scores))
	v := 0.0
	for _, x := range scores {
		v += (x - mean) * (x - mean)
	}
	v /= float64(len(scores))
	s0 := 1 / (1 + math.Pow(10, -t.Elo0/400))
	s1 := 1 / (1 + math.Pow(10, -t.Elo1/400))
	llr := 0.0
	for _, x := range scores {
		llr += ((x-s0)*(x-s0) - (x-s1)*(x-s1)) / (2 * v)
	}
	return llr
}

func TestLLR(t *testing.T) {
	sp := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	// By hand: s0 = 0.5, s1 = 1/(1+10^(-1/40)) = 0.5143871841,
	// 60-0-40: s = 0.6, σ² = 0.24,
	// LLR = 100·0.0143871841·(1.2 - 1.0143871841)/0.48 = 0.556345.
	c := Counts{Wins: 60, Losses: 40}
	if l := sp.LLR(c); !near(l, 0.556345, 1e-5) {
		t.Errorf("LLR = %v", l)
	}
	for _, c := range []Counts{{60, 0, 40}, {10, 30, 12}, {3, 100, 1}, {200, 150, 180}, {5, 0, 5}} {
		for _, s := range []SPRT{sp, {-5, 5, 0.05, 0.1}, {0, 50, 0.01, 0.2}} {
			if a, b := s.LLR(c), llrPerGame(s, c); !near(a, b, 1e-9*math.Max(1, math.Abs(b))) {
				t.Errorf("%+v %+v: LLR %v, per game %v", s, c, a, b)
			}
		}
	}
	// Bounds by hand: ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = 2.944439.
	lo, hi := sp.Bounds()
	if !near(lo, -2.944439, 1e-6) || !near(hi, 2.944439, 1e-6) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	if d := sp.Decide(Counts{Wins: 600, Losses: 400}); d != AcceptH1 {
		t.Errorf("600-400: %v", d)
	}
	if d := sp.Decide(Counts{Wins: 400, Losses: 600}); d != AcceptH0 {
		t.Errorf("400-600: %v", d)
	}
	if d := sp.Decide(c); d != Continue {
		t.Errorf("60-40: %v", d)
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("0, 10,0.05,0.1")
	if err != nil || s != (SPRT{0, 10, 0.05, 0.1}) {
		t.Fatalf("got %+v %v", s, err)
	}
	for _, bad := range []string{"", "0,10,0.05", "0,10,x,0.05", "10,0,0.05,0.05", "0,10,0.6,0.05", "0,10,0.05,0", "NaN,1,0.1,0.1"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,10,0.05,0.05", "-5,5,0.1,0.1", "a,b,c,d", ",,,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSPRT(s)
		if err != nil {
			return
		}
		lo, hi := sp.Bounds()
		if !(lo < 0 && hi > 0) {
			t.Fatalf("%q: bounds %v %v", s, lo, hi)
		}
	})
}
