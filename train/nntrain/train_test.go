// Tests of the trainer: it recovers a known function from noisy samples,
// it is reproducible, and it refuses bad settings.

package nntrain

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/eval/nn"
)

// randomInputs draws one active input of each group: a pit's 2 ×
// NumBuckets, then the threats' and the board's NumBuckets (nn's layout).
func randomInputs(rng *rand.Rand) (in [nn.NumActive]uint16) {
	const pits = 20
	for g := 0; g < nn.NumActive; g++ {
		if g < pits {
			in[g] = uint16(g*2*nn.NumBuckets + rng.IntN(2*nn.NumBuckets))
		} else {
			in[g] = uint16(pits*2*nn.NumBuckets + (g-pits)*nn.NumBuckets + rng.IntN(nn.NumBuckets))
		}
	}
	return in
}

// TestTrainRecoversLinearFunction trains on y = sum of c_i over the active
// inputs plus noise of deviation sigma. The network can hold that function
// exactly (one hidden unit in its linear range: W1 = c/10, W2 = 10, the
// sums staying inside 0..1), so the best held-out mean squared error is
// sigma² and one that learned nothing has sigma² + Var(sum): the trained
// network must get within 5% of Var(sum) of the best.
func TestTrainRecoversLinearFunction(t *testing.T) {
	if testing.Short() {
		t.Skip("trains a network (seconds)")
	}
	rng := rand.New(rand.NewPCG(31, 32))
	var c [nn.NumInputs]float64
	for i := range c {
		c[i] = 0.2 * rng.NormFloat64()
	}
	const sigma = 0.1
	draw := func(n int) ([]Sample, float64) {
		s := make([]Sample, n)
		var sum, sum2 float64
		for k := range s {
			s[k].In = randomInputs(rng)
			y := 0.0
			for _, i := range s[k].In {
				y += c[i]
			}
			sum += y
			sum2 += y * y
			s[k].Target = float32(y + sigma*rng.NormFloat64())
		}
		mean := sum / float64(n)
		return s, sum2/float64(n) - mean*mean
	}
	train, _ := draw(40000)
	held, variance := draw(5000)
	f, err := Train(train, held, TrainOptions{Epochs: 15, Batch: 64, Rate: 0.003, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	mse := math.Pow(RMSE(f, held)/100, 2)
	bound := sigma*sigma + 0.05*variance
	t.Logf("held-out MSE %.4f, bound %.4f (noise %.4f, variance %.4f)", mse, bound, sigma*sigma, variance)
	if mse > bound {
		t.Fatalf("held-out MSE %.4f above %.4f", mse, bound)
	}
}

func TestTrainIsReproducible(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	s := make([]Sample, 500)
	for k := range s {
		s[k] = Sample{In: randomInputs(rng), Target: float32(rng.NormFloat64())}
	}
	o := TrainOptions{Epochs: 2, Batch: 32, Rate: 0.01, Seed: 7}
	a, err := Train(s, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Train(s, nil, o)
	if *a != *b {
		t.Fatal("two trainings with one seed differ")
	}
	o.Seed = 8
	if c, _ := Train(s, nil, o); *c == *a {
		t.Fatal("two seeds gave one network")
	}
}

func TestTrainRefusesBadSettings(t *testing.T) {
	s := []Sample{{}}
	for _, c := range []struct {
		o    TrainOptions
		want string
	}{
		{TrainOptions{Epochs: 0, Batch: 1, Rate: 0.1}, "epochs 0"},
		{TrainOptions{Epochs: 1, Batch: 0, Rate: 0.1}, "batch 0"},
		{TrainOptions{Epochs: 1, Batch: 1, Rate: math.NaN()}, "rate NaN"},
		{TrainOptions{Epochs: 1, Batch: 1, Rate: 2}, "rate 2"},
	} {
		if _, err := Train(s, nil, c.o); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.o, err, c.want)
		}
	}
	if _, err := Train(nil, nil, TrainOptions{Epochs: 1, Batch: 1, Rate: 0.1}); err == nil {
		t.Error("trained on no sample")
	}
}
