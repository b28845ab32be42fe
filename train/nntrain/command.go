// kiothi train: its flags checked in their words, the training run, its
// lines, the network's provenance and its output file.

package nntrain

import (
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/train/tune"
)

// Flags are kiothi train's settings as its flags give them.
type Flags struct {
	tune.DataFlags
	TrainOptions
	Out  string // the network file
	Note string // added to the provenance
}

// Check refuses a flag out of range, naming it, or an Out that cannot be
// written (before the training, which may take long).
func (f *Flags) Check() error {
	if err := f.DataFlags.Check(); err != nil {
		return err
	}
	if f.Out == "" {
		return errors.New("--out: the network file to write is required")
	}
	if err := f.TrainOptions.Check(); err != nil {
		return fmt.Errorf("--%s", err)
	}
	if err := wholefile.CheckWritable(f.Out); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	return nil
}

// Run trains the network on the data (after Check), writing what it kept
// and a line an epoch to out, then quantises it and writes it, its
// provenance included, to Out (replaced whole).
func (f *Flags) Run(out io.Writer) error {
	to := f.TrainOptions
	var st tune.Stats
	train, held, err := LoadFiles(f.Data, f.Options(), f.Holdout, &st)
	if err != nil {
		return fmt.Errorf("--data: %w", err)
	}
	fmt.Fprintf(out, "positions %d: kept %d (%d train, %d held-out), dropped %d proven, %d over --max-score, %d with a capture to play, %d of --exclude\n",
		st.Read, st.Kept, len(train), len(held), st.Proven, st.Large, st.Loud, st.Excluded)
	if w := st.Warning(); w != "" {
		fmt.Fprintln(out, w)
	}
	if len(train) == 0 {
		return errors.New("no position left to train on")
	}
	linear := "no held-out position"
	if len(held) > 0 {
		linear = fmt.Sprintf("%.1f", f.linearRMSE())
	}
	began := time.Now()
	var lastTrain, lastHeld float64
	to.Progress = func(epoch int, tr, he float64) {
		lastTrain, lastHeld = tr, he
		fmt.Fprintf(out, "epoch %d/%d: RMSE train %.1f, held-out %.1f (linear evaluation %s) centi-warriors, %v\n",
			epoch, f.Epochs, tr, he, linear, time.Since(began).Round(time.Second))
	}
	net, err := Train(train, held, to)
	if err != nil {
		return err
	}
	prov := fmt.Sprintf("kiothi train --lambda %g --max-score %d --holdout %d --quiet=%v --epochs %d --batch %d --rate %g --seed %d on %v (%d positions kept of %d): RMSE train %.1f, held-out %.1f (linear evaluation %s); %s",
		f.Lambda, f.MaxScore, f.Holdout, f.Quiet, f.Epochs, f.Batch, f.Rate, f.Seed, f.Data, st.Kept, st.Read, lastTrain, lastHeld, linear, time.Now().UTC().Format("2006-01-02"))
	if len(f.Exclude) > 0 {
		prov += fmt.Sprintf("; --exclude %v (%d dropped)", f.Exclude, st.Excluded)
	}
	if f.Note != "" {
		prov += "; " + f.Note
	}
	if len(prov) > nn.MaxProvenance {
		return fmt.Errorf("--note: the provenance would be %d bytes, at most %d", len(prov), nn.MaxProvenance)
	}
	q, err := net.Quantise(prov)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "quantised: scales 2^%d and 2^%d, at most %.1f centi-warriors from the float network\n",
		q.ShiftA, q.ShiftB, net.QuantisationBound(q))
	if err := wholefile.Write(f.Out, func(w io.Writer) error { return nn.Write(w, q) }); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	return nil
}

// linearRMSE is the linear evaluation's (eval.Evaluate's) root mean
// squared error on the held-out positions of the data, read again (the
// network's samples do not hold what the linear model reads).
func (f *Flags) linearRMSE() float64 {
	var st tune.Stats
	var sum float64
	n := 0
	_ = tune.VisitFiles(f.Data, f.Options(), &st, func(rec *record.Record, target float64) {
		if !tune.HeldOut(rec.Game, f.Holdout) {
			return
		}
		p := &rec.Pos
		board := eval.Evaluate(p) - 100*(p.Prison(p.Side())-p.Prison(p.Side().Other()))
		e := float64(board) - target
		sum += e * e
		n++
	})
	return math.Sqrt(sum / float64(max(n, 1)))
}
