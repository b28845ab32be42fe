// The train command: fit the network evaluation (package eval/nn) to
// self-play data and write its weights file.

package main

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
	"github.com/kiothi/kiothi/train/nntrain"
	"github.com/kiothi/kiothi/train/tune"
	"github.com/spf13/cobra"
)

type trainOptions struct {
	dataOptions
	epochs int
	batch  int
	rate   float64
	seed   uint64
	out    string
	note   string
}

func newTrainCmd(g *globalOptions) *cobra.Command {
	o := &trainOptions{}
	c := &cobra.Command{
		Use:   "train --data FILE|DIR [--data FILE|DIR...] --out FILE.knn",
		Short: "Train the network evaluation on self-play data from datagen",
		Long: `Train the network evaluation (package eval/nn, docs/tuning.md) on the
unproven positions of datagen files, with kiothi tune's target
  --lambda * 100 * final margin + (1 - --lambda) * search score
by minibatch Adam on the squared error, from seeded random weights, for
--epochs passes. Every --holdout-th game is held out; a line each epoch
gives the root mean squared errors (centi-warriors) on the training and
the held-out positions, beside the linear evaluation's on the held-out
ones. The network is then quantised to integers and written to --out (the
repository's eval/nn/default.knn, or a file for an engine spec's
eval=FILE.knn), its provenance included; the file is replaced whole, and
a place that cannot be written is refused before the training.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runTrain(g, o) },
	}
	f := c.Flags()
	o.addFlags(f, 0.5)
	f.IntVar(&o.epochs, "epochs", 10, "passes over the training positions")
	f.IntVar(&o.batch, "batch", 256, "positions a step")
	f.Float64Var(&o.rate, "rate", 0.002, "Adam's step size at the start (it falls linearly to a tenth)")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the initial weights and the order of the positions")
	f.StringVar(&o.out, "out", "", "the network file to write (required)")
	f.StringVar(&o.note, "note", "", "text added to the network's provenance (e.g. the datagen command)")
	return c
}

func runTrain(g *globalOptions, o *trainOptions) error {
	to := nntrain.TrainOptions{Epochs: o.epochs, Batch: o.batch, Rate: o.rate, Seed: o.seed}
	if err := o.check(); err != nil {
		return err
	}
	if err := o.loadExclude(g); err != nil {
		return err
	}
	if o.out == "" {
		return errors.New("--out: the network file to write is required")
	}
	if err := to.Check(); err != nil {
		return fmt.Errorf("--%s", err)
	}
	if err := wholefile.CheckWritable(o.out); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	var st tune.Stats
	train, held, err := nntrain.LoadFiles(o.data, o.options(g), o.holdout, &st)
	if err != nil {
		return fmt.Errorf("--data: %w", err)
	}
	fmt.Fprintf(g.out, "positions %d: kept %d (%d train, %d held-out), dropped %d proven, %d over --max-score, %d with a capture to play, %d of --exclude\n",
		st.Read, st.Kept, len(train), len(held), st.Proven, st.Large, st.Loud, st.Excluded)
	if len(train) == 0 {
		return errors.New("no position left to train on")
	}
	linear := "no held-out position"
	if len(held) > 0 {
		linear = fmt.Sprintf("%.1f", linearRMSE(o, g))
	}
	began := time.Now()
	var lastTrain, lastHeld float64
	to.Progress = func(epoch int, tr, he float64) {
		lastTrain, lastHeld = tr, he
		fmt.Fprintf(g.out, "epoch %d/%d: RMSE train %.1f, held-out %.1f (linear evaluation %s) centi-warriors, %v\n",
			epoch, o.epochs, tr, he, linear, time.Since(began).Round(time.Second))
	}
	f, err := nntrain.Train(train, held, to)
	if err != nil {
		return err
	}
	prov := fmt.Sprintf("kiothi train --lambda %g --max-score %d --holdout %d --quiet=%v --epochs %d --batch %d --rate %g --seed %d on %v (%d positions kept of %d): RMSE train %.1f, held-out %.1f (linear evaluation %s); %s",
		o.lambda, o.maxScore, o.holdout, o.quiet, o.epochs, o.batch, o.rate, o.seed, o.data, st.Kept, st.Read, lastTrain, lastHeld, linear, time.Now().UTC().Format("2006-01-02"))
	if len(o.exclude) > 0 {
		prov += fmt.Sprintf("; --exclude %v (%d dropped)", o.exclude, st.Excluded)
	}
	if o.note != "" {
		prov += "; " + o.note
	}
	if len(prov) > nn.MaxProvenance {
		return fmt.Errorf("--note: the provenance would be %d bytes, at most %d", len(prov), nn.MaxProvenance)
	}
	q, err := f.Quantise(prov)
	if err != nil {
		return err
	}
	fmt.Fprintf(g.out, "quantised: scales 2^%d and 2^%d, at most %.1f centi-warriors from the float network\n",
		q.ShiftA, q.ShiftB, f.QuantisationBound(q))
	if err := wholefile.Write(o.out, func(w io.Writer) error { return nn.Write(w, q) }); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	return nil
}

// linearRMSE is the linear evaluation's (eval.Evaluate's) root mean
// squared error on the held-out positions of the data, read again (the
// network's samples do not hold what the linear model reads).
func linearRMSE(o *trainOptions, g *globalOptions) float64 {
	var st tune.Stats
	var sum float64
	n := 0
	_ = tune.VisitFiles(o.data, o.options(g), &st, func(rec *record.Record, target float64) {
		if !tune.HeldOut(rec.Game, o.holdout) {
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
