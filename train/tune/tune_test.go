// Tests of the tuner: known weights recovered from synthetic data, the
// solver against a direct check, the written source read back.

package tune

import (
	"bytes"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// randomPlay returns a random play position with 10 to 59 warriors on the
// board.
func randomPlay(rng *rand.Rand) position.Position {
	return testgame.RandomPlay(rng, 10+rng.IntN(50), position.MaxTotal)
}

// TestFitRecoversWeights: targets made from known weights (plus noise)
// give those weights back, where the data see them often.
func TestFitRecoversWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	truth := make([]float64, eval.NumFeatures)
	for i := range truth {
		truth[i] = float64(rng.IntN(161) - 80)
	}
	var samples []Sample
	seen := make([]float64, eval.NumFeatures)
	for k := 0; k < 40000; k++ {
		p := randomPlay(rng)
		fs := eval.AppendFeatures(nil, &p)
		y := rng.NormFloat64() * 50
		for _, f := range fs {
			y += f.Value * truth[f.Index]
			seen[f.Index] += f.Value * f.Value
		}
		samples = append(samples, Sample{Features: fs, Target: y, Game: uint32(k)})
	}
	prior := make([]float64, eval.NumFeatures)
	got, err := Fit(samples, prior, 1)
	if err != nil {
		t.Fatal(err)
	}
	// One direction is not identifiable: below PhaseMax warriors the
	// full-board phase of a position is its board count, so adding a to
	// every pit weight and -60a to the full-board tempo changes no value.
	// The ridge picks one point of that line; the tempo is checked through
	// the values below instead.
	fullTempo := eval.NumFeatures/2 - 1
	checked := 0
	for i := range truth {
		if seen[i] < 2000 || i == fullTempo {
			continue // too little data to pin the weight down
		}
		checked++
		if d := math.Abs(got[i] - truth[i]); d > 6 {
			t.Errorf("weight %d: fitted %.1f, true %.0f (sum of squared feature values %.0f)", i, got[i], truth[i], seen[i])
		}
	}
	if checked < 300 {
		t.Fatalf("only %d weights well covered by the synthetic data", checked)
	}
	if mse := MSE(samples, got); mse > 60*60 {
		t.Errorf("RMSE %.1f on data with noise 50", math.Sqrt(mse))
	}
	// On fresh positions the fitted model's values are the true ones.
	var fresh []Sample
	for k := 0; k < 5000; k++ {
		p := randomPlay(rng)
		fs := eval.AppendFeatures(nil, &p)
		y := 0.0
		for _, f := range fs {
			y += f.Value * truth[f.Index]
		}
		fresh = append(fresh, Sample{Features: fs, Target: y})
	}
	if mse := MSE(fresh, got); mse > 15*15 {
		t.Errorf("RMSE %.1f against the true values of fresh positions", math.Sqrt(mse))
	}
}

// TestRidgePullsToPrior: with no data a weight stays at its prior.
func TestRidgePullsToPrior(t *testing.T) {
	pw := Prior()
	prior := pw.Vector()
	got, err := Fit(nil, prior, 10)
	if err != nil {
		t.Fatal(err)
	}
	for i := range prior {
		if math.Abs(got[i]-prior[i]) > 1e-9 {
			t.Fatalf("weight %d: %v, prior %v", i, got[i], prior[i])
		}
	}
	if _, err := Fit(nil, prior, 0); err == nil {
		t.Fatal("ridge 0 accepted")
	}
}

// TestCholesky solves a small system and checks A x = b.
func TestCholesky(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 12
	m := make([]float64, n*n)
	for i := range m {
		m[i] = rng.Float64()*2 - 1
	}
	a := make([]float64, n*n) // A = M M^T + I, symmetric positive definite
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			s := 0.0
			for k := 0; k < n; k++ {
				s += m[i*n+k] * m[j*n+k]
			}
			if i == j {
				s++
			}
			a[i*n+j] = s
		}
	}
	b := make([]float64, n)
	for i := range b {
		b[i] = rng.Float64()
	}
	full := append([]float64(nil), a...)
	x, err := cholesky(a, append([]float64(nil), b...), n)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		s := 0.0
		for j := 0; j < n; j++ {
			s += full[i*n+j] * x[j]
		}
		if math.Abs(s-b[i]) > 1e-9 {
			t.Fatalf("row %d: %v, want %v", i, s, b[i])
		}
	}
}

// TestWriteGo: the written source parses and holds every weight.
func TestWriteGo(t *testing.T) {
	var buf bytes.Buffer
	w := Prior()
	w.Provenance = `a "quoted" note`
	if err := WriteGo(&buf, w); err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "default.go", buf.Bytes(), 0); err != nil {
		t.Fatalf("written source does not parse: %v\n%s", err, buf.String())
	}
	if !strings.Contains(buf.String(), `Provenance: "a \"quoted\" note"`) {
		t.Fatal("provenance missing")
	}
	if n := strings.Count(buf.String(), "{35, 35, 35, 35, 35, 35, 35, 35, 35}"); n != 20 {
		t.Fatalf("%d own plain pit rows of the prior, want 20", n)
	}
}

// TestHasCapture against the positions of RULES.md §9.
func TestHasCapture(t *testing.T) {
	for _, c := range []struct {
		pos  string
		want bool
	}{
		{"0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", true},
		{"0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4*.0.0 0-0 s 3", false},
		{"0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 s 3", false},
	} {
		p, err := position.Parse(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := HasCapture(&p, movegen.Rules{}); got != c.want {
			t.Errorf("%s: %v, want %v", c.pos, got, c.want)
		}
	}
}

// TestFitSingular: data that do not determine the weights, with a ridge
// too small to make up for it, are an error that says what helps.
func TestFitSingular(t *testing.T) {
	// Weights 0 and 1 always seen together with the same large value:
	// only their sum is determined.
	s := Sample{Features: []eval.Feature{{Index: 0, Value: 1e4}, {Index: 1, Value: 1e4}}, Target: 5}
	_, err := Fit([]Sample{s, s}, make([]float64, 3), 1e-12)
	if err == nil || !strings.Contains(err.Error(), "not positive definite") || !strings.Contains(err.Error(), "raise the ridge") {
		t.Fatalf("error %v, want one saying to raise the ridge", err)
	}
	if _, err := Fit([]Sample{s, s}, make([]float64, 3), 1); err != nil {
		t.Fatalf("ridge 1: %v", err)
	}
}

// TestHasCaptureAgrees: on random positions HasCapture says what playing
// every legal move and comparing the mover's prison says.
func TestHasCaptureAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var list movegen.MoveList
	seen := [2]int{}
	for i := 0; i < 20000; i++ {
		p := testgame.RandomPlay(rng, rng.IntN(61), 20)
		for _, r := range []movegen.Rules{{}, {FreeFirstLap: true}} {
			want := false
			n := movegen.Generate(&p, r, &list)
			for j := 0; j < n && !want; j++ {
				q, err := movegen.Apply(p, position.PlayMove(list[j]), r)
				want = err == nil && q.Prison(p.Side()) > p.Prison(p.Side())
			}
			if got := HasCapture(&p, r); got != want {
				t.Fatalf("%s %+v: HasCapture %v, playing the moves says %v", p.String(), r, got, want)
			}
			if want {
				seen[1]++
			} else {
				seen[0]++
			}
		}
	}
	if seen[0] == 0 || seen[1] == 0 {
		t.Fatalf("positions without and with a capture: %v", seen)
	}
}

// TestProvenance: the settings, the data, the counts and the errors, and
// no held-out error when nothing was held out.
func TestProvenance(t *testing.T) {
	s := Settings{Lambda: 0.9, Ridge: 100, MaxScore: 3000, Holdout: 10, Data: []string{"a.bin", "dir"}, Note: "data: x"}
	day := time.Date(2026, 12, 1, 23, 0, 0, 0, time.FixedZone("", -3600))
	got := Provenance(s, Stats{Read: 50, Kept: 40}, 123.45, 130.04, 4, day)
	want := "kiothi tune --lambda 0.9 --ridge 100 --max-score 3000 --holdout 10 --quiet=false on [a.bin dir] (40 positions kept of 50): RMSE train 123.5, held-out 130.0; 2026-12-02; data: x"
	if got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
	s.Holdout, s.Note = 0, ""
	if got := Provenance(s, Stats{}, 1, 0, 0, day); !strings.HasSuffix(got, "RMSE train 1.0, no held-out position; 2026-12-02") {
		t.Fatalf("nothing held out: %q", got)
	}
}
