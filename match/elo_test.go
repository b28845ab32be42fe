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

// normalLLR is the normal approximation of the pentanomial LLR
// (N·(s1-s0)·(2s-s0-s1)/(2σ²) over pairs, pair scores halved), which the
// exact LLR approaches when the Elos are close and the counts large.
func normalLLR(t SPRT, p Pentanomial) float64 {
	n, mean, sq := 0.0, 0.0, 0.0
	for i, c := range p {
		x := float64(i) / 4
		n += float64(c)
		mean += float64(c) * x
		sq += float64(c) * x * x
	}
	mean /= n
	v := sq/n - mean*mean
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	return n * (s1 - s0) * (2*mean - s0 - s1) / (2 * v)
}

func TestLLR(t *testing.T) {
	// Expected values from an independent calculation (mpmath, 30 digits,
	// the constrained MLE's λ found by Anderson's root finder rather than
	// bisection; zero counts raised to 0.001 as fishtest does).
	for _, c := range []struct {
		p      Pentanomial
		e0, e1 float64
		want   float64
	}{
		{Pentanomial{1, 2, 3, 2, 2}, 0, 50, 0.103424383965766},
		{Pentanomial{0, 0, 0, 0, 10}, 0, 50, 1.336164862350433},
		{Pentanomial{3, 0, 5, 0, 1}, -10, 10, -0.258838124949506},
	} {
		sp := SPRT{Elo0: c.e0, Elo1: c.e1, Alpha: 0.05, Beta: 0.05}
		if l := sp.LLR(c.p); !near(l, c.want, 1e-9) {
			t.Errorf("%v %v..%v: LLR %.15f, want %.15f", c.p, c.e0, c.e1, l, c.want)
		}
	}
	sp := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if l := sp.LLR(Pentanomial{}); l != 0 {
		t.Errorf("no pairs: LLR %v", l)
	}
	// Mirror: the same pairs seen from the other player, with the
	// hypotheses mirrored, give the opposite ratio.
	for _, p := range []Pentanomial{{1, 2, 3, 2, 2}, {0, 0, 0, 0, 7}, {5, 1, 0, 9, 2}} {
		m := Pentanomial{p[4], p[3], p[2], p[1], p[0]}
		a := SPRT{Elo0: -5, Elo1: 20}.LLR(p)
		b := SPRT{Elo0: -20, Elo1: 5}.LLR(m)
		if !near(a, -b, 1e-9) {
			t.Errorf("%v: LLR %v, mirrored %v", p, a, b)
		}
	}
	// Many pairs, close hypotheses: the normal approximation is close.
	for _, p := range []Pentanomial{{100, 400, 900, 450, 150}, {300, 200, 1000, 250, 250}} {
		if a, b := sp.LLR(p), normalLLR(sp, p); !near(a, b, 0.02*math.Abs(b)) {
			t.Errorf("%v: LLR %v, normal approximation %v", p, a, b)
		}
	}
	// Bounds by hand: ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = 2.944439.
	lo, hi := sp.Bounds()
	if !near(lo, -2.944439, 1e-6) || !near(hi, 2.944439, 1e-6) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	if d := sp.Decide(Pentanomial{100, 200, 400, 300, 200}); d != AcceptH1 {
		t.Errorf("strong player 1: %v", d)
	}
	if d := sp.Decide(Pentanomial{200, 300, 400, 200, 100}); d != AcceptH0 {
		t.Errorf("weak player 1: %v", d)
	}
	if d := sp.Decide(Pentanomial{1, 2, 3, 2, 2}); d != Continue {
		t.Errorf("10 pairs: %v", d)
	}
}

// TestSPRTOneSided: when player 1 wins every game the variance of the
// results is zero; the SPRT still decides, after 23 pairs at 0,50 (the
// independent calculation gives LLR 3.0729 there, above ln 19 = 2.9444,
// and below it at 22 pairs), and H0 when player 1 loses every game.
func TestSPRTOneSided(t *testing.T) {
	sp := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	if d := sp.Decide(Pentanomial{4: 22}); d != Continue {
		t.Errorf("22 pairs won: %v (LLR %v)", d, sp.LLR(Pentanomial{4: 22}))
	}
	if l := sp.LLR(Pentanomial{4: 23}); !near(l, 3.072858945435013, 1e-9) || sp.Decide(Pentanomial{4: 23}) != AcceptH1 {
		t.Errorf("23 pairs won: LLR %v", l)
	}
	if d := sp.Decide(Pentanomial{0: 40}); d != AcceptH0 {
		t.Errorf("40 pairs lost: %v (LLR %v)", d, sp.LLR(Pentanomial{0: 40}))
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
