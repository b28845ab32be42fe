// The tune command: fit the evaluation's weights to self-play data
// (package tune) and write them as eval's default.go.

package main

import (
	"fmt"

	"github.com/kiothi/kiothi/accuracy"
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

// flags are d's package tune flags, checked, with the --exclude sets' keys.
func (d *dataOptions) flags(g *globalOptions) (tune.DataFlags, error) {
	f := tune.DataFlags{Data: d.data, Lambda: d.lambda, MaxScore: d.maxScore, Holdout: d.holdout, Quiet: d.quiet,
		Exclude: d.exclude, Rules: g.rules()}
	if err := f.Check(); err != nil {
		return f, err
	}
	keys, err := accuracy.FileKeys(d.exclude, g.rules())
	if err != nil {
		return f, fmt.Errorf("--exclude: %w", err)
	}
	f.Keys = keys
	return f, nil
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
	d, err := o.flags(g)
	if err != nil {
		return err
	}
	f := tune.FitFlags{DataFlags: d, Ridge: o.ridge, Out: o.out, Note: o.note}
	if err := f.Check(); err != nil {
		return err
	}
	return f.Run(g.out)
}
