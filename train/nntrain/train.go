// Package nntrain fits the network evaluation (package eval/nn, its Float
// form) to training records (package record) by minibatch Adam on the
// squared error. It sits with package tune under train/, outside eval, so
// that the evaluators the search uses depend on no trainer and no data
// package.
package nntrain

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/train/tune"
)

// Sample is one position's active inputs and its target in warriors (the
// prison term taken out).
type Sample struct {
	In     [nn.NumActive]uint16
	Target float32
	Game   uint32
}

// LoadFiles reads the records of data files (tune.Files) that o keeps,
// with tune's target, into samples: every holdout-th game's (tune.HeldOut)
// in held, the others in train.
func LoadFiles(names []string, o tune.Options, holdout int, st *tune.Stats) (train, held []Sample, err error) {
	err = tune.VisitFiles(names, o, st, func(rec *record.Record, target float64) {
		s := Sample{Target: float32(target / 100), Game: rec.Game}
		nn.Inputs(&rec.Pos, rec.Pos.Occupied(), &s.In)
		if tune.HeldOut(rec.Game, holdout) {
			held = append(held, s)
		} else {
			train = append(train, s)
		}
	})
	return train, held, err
}

// TrainOptions are the trainer's settings.
type TrainOptions struct {
	Epochs int
	Batch  int     // samples a step
	Rate   float64 // Adam's step size at the start; it falls linearly to a tenth
	Seed   uint64  // the initial weights and the order of the samples
	// Progress, if set, is called after each epoch with the root mean
	// squared errors in centi-warriors (held is 0 without held-out samples).
	Progress func(epoch int, train, held float64)
}

// Check reports a setting out of range.
func (o *TrainOptions) Check() error {
	switch {
	case o.Epochs < 1 || o.Epochs > 10000:
		return fmt.Errorf("epochs %d: want 1..10000", o.Epochs)
	case o.Batch < 1 || o.Batch > 1<<20:
		return fmt.Errorf("batch %d: want 1..%d", o.Batch, 1<<20)
	case !(o.Rate > 0 && o.Rate <= 1):
		return fmt.Errorf("rate %v: want above 0 and at most 1", o.Rate)
	}
	return nil
}

// Adam's constants.
const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// Train fits a Float to train by minibatch Adam on the mean squared error
// (the samples shuffled each epoch), starting from seeded random weights.
// The result depends only on the samples and o.
func Train(train, held []Sample, o TrainOptions) (*nn.Float, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	if len(train) == 0 {
		return nil, errors.New("no training sample")
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x6b696f74686e6e))
	f := &nn.Float{}
	for i := range f.W1 {
		for j := range f.W1[i] {
			f.W1[i][j] = 0.1 * rng.NormFloat64()
		}
	}
	for j := range f.B1 {
		f.B1[j] = 0.5
		f.W2[j] = rng.NormFloat64() / math.Sqrt(nn.Hidden)
	}
	var g, m, v nn.Float
	order := make([]int32, len(train))
	for i := range order {
		order[i] = int32(i)
	}
	steps := 0
	total := o.Epochs * ((len(train) + o.Batch - 1) / o.Batch)
	var h [nn.Hidden]float64
	for epoch := 1; epoch <= o.Epochs; epoch++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for lo := 0; lo < len(order); lo += o.Batch {
			batch := order[lo:min(lo+o.Batch, len(order))]
			g = nn.Float{}
			scale := 2 / float64(len(batch))
			for _, k := range batch {
				s := &train[k]
				d := scale * (f.Forward(&s.In, &h) - float64(s.Target))
				g.B2 += d
				var dh [nn.Hidden]float64
				for j := range h {
					g.W2[j] += d * h[j]
					if h[j] > 0 && h[j] < 1 {
						dh[j] = d * f.W2[j]
					}
				}
				for j := range dh {
					g.B1[j] += dh[j]
				}
				for _, i := range s.In {
					row := &g.W1[i]
					for j := range dh {
						row[j] += dh[j]
					}
				}
			}
			steps++
			rate := o.Rate * (1 - 0.9*float64(steps-1)/float64(total))
			adam(f, &g, &m, &v, rate, steps)
		}
		if o.Progress != nil {
			o.Progress(epoch, RMSE(f, train), RMSE(f, held))
		}
	}
	return f, nil
}

// adam takes one Adam step of f along g with moments m and v.
func adam(f, g, m, v *nn.Float, rate float64, t int) {
	c1 := 1 - math.Pow(beta1, float64(t))
	c2 := 1 - math.Pow(beta2, float64(t))
	step := func(w, g, m, v *float64) {
		*m = beta1**m + (1-beta1)**g
		*v = beta2**v + (1-beta2)**g**g
		*w -= rate * (*m / c1) / (math.Sqrt(*v/c2) + epsilon)
	}
	for i := range f.W1 {
		for j := range f.W1[i] {
			step(&f.W1[i][j], &g.W1[i][j], &m.W1[i][j], &v.W1[i][j])
		}
	}
	for j := 0; j < nn.Hidden; j++ {
		step(&f.B1[j], &g.B1[j], &m.B1[j], &v.B1[j])
		step(&f.W2[j], &g.W2[j], &m.W2[j], &v.W2[j])
	}
	step(&f.B2, &g.B2, &m.B2, &v.B2)
}

// RMSE is f's root mean squared error on samples in centi-warriors (0
// for none).
func RMSE(f *nn.Float, samples []Sample) float64 {
	if len(samples) == 0 {
		return 0
	}
	var h [nn.Hidden]float64
	var sum float64
	for i := range samples {
		e := f.Forward(&samples[i].In, &h) - float64(samples[i].Target)
		sum += e * e
	}
	return 100 * math.Sqrt(sum/float64(len(samples)))
}
