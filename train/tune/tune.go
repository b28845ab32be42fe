// Package tune fits the evaluation's weights to self-play data (records of
// package record, made by package datagen): a ridge least-squares fit of
// the expected final margin.
//
// Each sample is a play position whose search score is not proven, and by
// default quiet (the side to move has no capture: the search resolves
// captures before it evaluates). Its target, in centi-warriors from the
// side to move's view, blends what the game ended with and what the search
// said:
//
//	target = Lambda * 100 * final margin + (1 - Lambda) * search score
//
// and the model is eval's: 100 * prison difference + weights . features.
// The fit minimises the squared error plus Ridge * |w - prior|^2, the
// prior being the weights tuning starts from, so a feature the data rarely
// sees keeps its prior value instead of falling to zero. The normal
// equations are solved by Cholesky; the data are a few hundred thousand
// positions and under a thousand features, so this takes seconds.
package tune

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/record"
)

// Sample is one position's features and target (the prison term taken
// out).
type Sample struct {
	Features []eval.Feature
	Target   float64
	Game     uint32
}

// Options select and label the samples.
type Options struct {
	Lambda   float64 // weight of the game's result in the target, 0..1
	MaxScore int     // samples whose |search score| is larger are dropped
	Rules    movegen.Rules
	Loud     bool // keep positions where the side to move can capture
	// Exclude holds KeyWithPrisons of positions to drop (an accuracy
	// set's, which must not be trained on).
	Exclude map[uint64]bool
}

// Stats counts what Load kept and dropped.
type Stats struct {
	Read, Excluded, Proven, Loud, Large, Kept int
	// Unchecked counts the files read that carry no checksum (formats 1
	// and 2, record.Reader.Checksummed): a damaged record in them may
	// read as another valid one.
	Unchecked int
}

// Warning says what the reading could not check (files without a
// checksum), or "" when it checked everything: the commands print it
// after the counts.
func (st *Stats) Warning() string {
	if st.Unchecked == 0 {
		return ""
	}
	files := "file carries"
	if st.Unchecked > 1 {
		files = "files carry"
	}
	return fmt.Sprintf("warning: %d data %s no checksum (format 1 or 2, written before format %d): a damaged record there reads as another valid one", st.Unchecked, files, record.Version)
}

// Load reads a data file's records into samples.
func Load(r io.Reader, o Options, dst []Sample, st *Stats) ([]Sample, error) {
	err := Visit(r, o, st, func(rec *record.Record, target float64) {
		dst = append(dst, sampleOf(rec, target))
	})
	return dst, err
}

// sampleOf is the linear model's sample of a record.
func sampleOf(rec *record.Record, target float64) Sample {
	return Sample{Features: eval.AppendFeatures(nil, &rec.Pos), Target: target, Game: rec.Game}
}

// Visit reads a data file's records and calls fn with each one o keeps
// and its target with the prison term taken out (a model of the board
// adds to the prison difference), counting in st.
func Visit(r io.Reader, o Options, st *Stats, fn func(rec *record.Record, target float64)) error {
	rd, err := record.NewReader(r)
	if err != nil {
		return err
	}
	if !rd.Checksummed() {
		st.Unchecked++
	}
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		st.Read++
		switch {
		case o.Exclude[rec.Pos.KeyWithPrisons()]:
			st.Excluded++
			continue
		case rec.Proven:
			st.Proven++
			continue
		case rec.Score > o.MaxScore || rec.Score < -o.MaxScore:
			st.Large++
			continue
		case !o.Loud && HasCapture(&rec.Pos, o.Rules):
			st.Loud++
			continue
		}
		st.Kept++
		p := &rec.Pos
		prison := 100 * float64(p.Prison(p.Side())-p.Prison(p.Side().Other()))
		y := o.Lambda*100*float64(rec.Margin) + (1-o.Lambda)*float64(rec.Score)
		fn(&rec, y-prison)
	}
}

// HasCapture reports whether the side to move has a legal move that
// captures (movegen's capture stage, relaying captures included).
func HasCapture(p *position.Position, r movegen.Rules) bool {
	var s movegen.Staged
	n, _ := s.GenerateCaptures(p, r, p.Occupied(), true)
	return n > 0
}

// Fit returns the weights minimising the squared error of samples plus
// ridge * |w - prior|^2.
func Fit(samples []Sample, prior []float64, ridge float64) ([]float64, error) {
	n := len(prior)
	if ridge <= 0 {
		return nil, errors.New("ridge must be positive (it keeps the system solvable)")
	}
	a := make([]float64, n*n) // lower triangle used
	b := make([]float64, n)
	for _, s := range samples {
		for i, fi := range s.Features {
			b[fi.Index] += fi.Value * s.Target
			row := a[fi.Index*n:]
			for _, fj := range s.Features[:i+1] {
				if fj.Index <= fi.Index {
					row[fj.Index] += fi.Value * fj.Value
				} else {
					a[fj.Index*n+fi.Index] += fi.Value * fj.Value
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		a[i*n+i] += ridge
		b[i] += ridge * prior[i]
	}
	return cholesky(a, b, n)
}

// cholesky solves a x = b for a symmetric positive definite a given by
// its lower triangle (overwritten).
func cholesky(a, b []float64, n int) ([]float64, error) {
	for j := 0; j < n; j++ {
		d := a[j*n+j]
		for k := 0; k < j; k++ {
			d -= a[j*n+k] * a[j*n+k]
		}
		if d <= 0 {
			return nil, fmt.Errorf("normal equations not positive definite at weight %d: the data do not determine the weights; raise the ridge", j)
		}
		d = math.Sqrt(d)
		a[j*n+j] = d
		for i := j + 1; i < n; i++ {
			s := a[i*n+j]
			for k := 0; k < j; k++ {
				s -= a[i*n+k] * a[j*n+k]
			}
			a[i*n+j] = s / d
		}
	}
	x := make([]float64, n)
	for i := 0; i < n; i++ { // L y = b
		s := b[i]
		for k := 0; k < i; k++ {
			s -= a[i*n+k] * x[k]
		}
		x[i] = s / a[i*n+i]
	}
	for i := n - 1; i >= 0; i-- { // L^T x = y
		s := x[i]
		for k := i + 1; k < n; k++ {
			s -= a[k*n+i] * x[k]
		}
		x[i] = s / a[i*n+i]
	}
	return x, nil
}

// MSE is the mean squared error of w on samples, in centi-warriors².
func MSE(samples []Sample, w []float64) float64 {
	if len(samples) == 0 {
		return 0
	}
	var sum float64
	for _, s := range samples {
		e := -s.Target
		for _, f := range s.Features {
			e += f.Value * w[f.Index]
		}
		sum += e * e
	}
	return sum / float64(len(samples))
}

// Split puts every k-th game's samples (by game number) in the held-out
// set.
func Split(samples []Sample, k int) (train, held []Sample) {
	for _, s := range samples {
		if HeldOut(s.Game, k) {
			held = append(held, s)
		} else {
			train = append(train, s)
		}
	}
	return train, held
}

// HeldOut reports whether game is in the held-out set of every k-th game
// (none for k = 0).
func HeldOut(game uint32, k int) bool { return k > 0 && game%uint32(k) == 0 }
