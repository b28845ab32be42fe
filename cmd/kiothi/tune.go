// The tune command: fit the evaluation's weights to self-play data
// (package tune) and write them as eval's default.go.

package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/train/tune"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type tuneOptions struct {
	dataOptions
	ridge float64
	out   string
	note  string
}

// dataOptions are the flags that select and label datagen positions, shared
// by tune and train.
type dataOptions struct {
	data     []string
	lambda   float64
	maxScore int
	holdout  int
	quiet    bool
	exclude  []string
	// excludeKeys are the keys of exclude's positions (loadExclude).
	excludeKeys map[uint64]bool
}

// addFlags defines d's flags on f, --lambda defaulting to lambda.
func (d *dataOptions) addFlags(f *pflag.FlagSet, lambda float64) {
	f.StringSliceVar(&d.data, "data", nil, "datagen files, or folders of them (repeat or comma-separate)")
	f.Float64Var(&d.lambda, "lambda", lambda, "weight of the game's final margin in the target, 0..1")
	f.IntVar(&d.maxScore, "max-score", 3000, "drop positions whose |search score| is larger (centi-warriors)")
	f.IntVar(&d.holdout, "holdout", 10, "hold out every k-th game for the reported error (0: none)")
	f.BoolVar(&d.quiet, "quiet", false, "drop positions where the side to move can capture")
	f.StringSliceVar(&d.exclude, "exclude", nil, "accuracy set files: drop their positions and those after their moves")
}

// loadExclude reads the --exclude sets' keys.
func (d *dataOptions) loadExclude(g *globalOptions) error {
	keys, err := excludedKeys(d.exclude, g.rules())
	if err != nil {
		return fmt.Errorf("--exclude: %w", err)
	}
	d.excludeKeys = keys
	return nil
}

// check reports a flag out of range.
func (d *dataOptions) check() error {
	switch {
	case len(d.data) == 0:
		return errors.New("--data: at least one datagen file is required")
	case !(d.lambda >= 0 && d.lambda <= 1):
		return fmt.Errorf("--lambda %v: must be from 0 to 1", d.lambda)
	case d.maxScore < 1:
		return fmt.Errorf("--max-score %d: must be at least 1", d.maxScore)
	case d.holdout < 0 || d.holdout == 1:
		return fmt.Errorf("--holdout %d: must be 0 or at least 2", d.holdout)
	}
	return nil
}

// options are package tune's reading options of d.
func (d *dataOptions) options(g *globalOptions) tune.Options {
	return tune.Options{Lambda: d.lambda, MaxScore: d.maxScore, Rules: g.rules(), Loud: !d.quiet, Exclude: d.excludeKeys}
}

func newTuneCmd(g *globalOptions) *cobra.Command {
	o := &tuneOptions{}
	c := &cobra.Command{
		Use:   "tune --data FILE|DIR [--data FILE|DIR...] [--out eval/default.go]",
		Short: "Fit the evaluation's weights to self-play data from datagen",
		Long: `Fit the evaluation's weights (package eval) to the unproven positions
of datagen files (with --quiet, only those where the side to move cannot
capture): a ridge least-squares fit of
  --lambda * 100 * final margin + (1 - --lambda) * search score
pulled towards the hand-set prior by --ridge. Every --holdout-th game is
held out and its error reported beside the training error and the current
weights' error (with --holdout 0 nothing is held out). A --data folder
stands for the files in it. With --out the weights are written as Go
source (the repository's eval/default.go), their provenance included, or
as JSON when the name ends in .json (for an engine spec's eval=FILE, no
rebuild); the file is replaced whole (a temporary file renamed over it),
and a place that cannot be written is refused before the fit.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runTune(g, o) },
	}
	f := c.Flags()
	o.addFlags(f, 0.9)
	f.Float64Var(&o.ridge, "ridge", 100, "pull towards the prior (per weight, in squared-feature units)")
	f.StringVar(&o.out, "out", "", "write the weights as Go source to this file")
	f.StringVar(&o.note, "note", "", "text added to the weights' provenance (e.g. the datagen command)")
	return c
}

func runTune(g *globalOptions, o *tuneOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	if err := o.loadExclude(g); err != nil {
		return err
	}
	if !(o.ridge > 0 && o.ridge <= 1e12) {
		return fmt.Errorf("--ridge %v: must be above 0 and at most 1e12", o.ridge)
	}
	if o.out != "" {
		if err := wholefile.CheckWritable(o.out); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
	}
	var st tune.Stats
	samples, err := tune.LoadFiles(o.data, o.options(g), &st)
	if err != nil {
		return fmt.Errorf("--data: %w", err)
	}
	fmt.Fprintf(g.out, "positions %d: kept %d, dropped %d proven, %d over --max-score, %d with a capture to play, %d of --exclude\n",
		st.Read, st.Kept, st.Proven, st.Large, st.Loud, st.Excluded)
	train, held := tune.Split(samples, o.holdout)
	if len(train) == 0 {
		return errors.New("no position left to fit")
	}
	prior := tune.Prior()
	cur := eval.Default
	began := time.Now()
	v, err := tune.Fit(train, prior.Vector(), o.ridge)
	if err != nil {
		return fmt.Errorf("--ridge %g: %w", o.ridge, err)
	}
	trainMSE, heldMSE := tune.MSE(train, v), tune.MSE(held, v)
	heldOut := "no held-out position"
	if len(held) > 0 {
		curHeld, priorHeld := tune.MSE(held, cur.Vector()), tune.MSE(held, prior.Vector())
		heldOut = fmt.Sprintf("held-out %.1f (current weights %.1f, prior %.1f)", math.Sqrt(heldMSE), math.Sqrt(curHeld), math.Sqrt(priorHeld))
	}
	fmt.Fprintf(g.out, "fit in %v: RMSE train %.1f, %s centi-warriors, %d train / %d held-out positions\n",
		time.Since(began).Round(time.Millisecond), math.Sqrt(trainMSE), heldOut, len(train), len(held))
	prov := tune.Provenance(tune.Settings{Lambda: o.lambda, Ridge: o.ridge, MaxScore: o.maxScore, Holdout: o.holdout,
		Quiet: o.quiet, Data: o.data, Note: o.note}, st, math.Sqrt(trainMSE), math.Sqrt(heldMSE), len(held), time.Now())
	w, err := eval.FromVector(v, prov)
	if err != nil {
		return fmt.Errorf("fitted weights: %w (raise --ridge)", err)
	}
	write := tune.WriteGo
	if strings.HasSuffix(o.out, ".json") {
		write = eval.WriteJSON
	}
	if o.out == "" {
		return write(g.out, w)
	}
	if err := wholefile.Write(o.out, func(f io.Writer) error { return write(f, w) }); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	return nil
}
