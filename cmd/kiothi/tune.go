// The tune command: fit the evaluation's weights to self-play data
// (package tune) and write them as eval's default.go.

package main

import (
	"fmt"
	"io"

	"github.com/kiothi/kiothi/accuracy"
	"github.com/kiothi/kiothi/train/tune"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// addDataFlags defines the flags that select and label datagen positions,
// shared by tune and train, into d, --lambda defaulting to lambda.
func addDataFlags(f *pflag.FlagSet, d *tune.DataFlags, lambda float64) {
	f.StringSliceVar(&d.Data, "data", nil, "datagen files, or folders of them (repeat or comma-separate)")
	f.Float64Var(&d.Lambda, "lambda", lambda, "weight of the game's final margin in the target, 0..1")
	f.IntVar(&d.MaxScore, "max-score", 3000, "drop positions whose |search score| is larger (centi-warriors)")
	f.IntVar(&d.Holdout, "holdout", 10, "hold out every k-th game for the reported error (0: none)")
	f.BoolVar(&d.Quiet, "quiet", false, "drop positions where the side to move can capture")
	f.StringSliceVar(&d.Exclude, "exclude", nil, "accuracy set files: drop their positions and those after their moves")
}

// checkData checks d under the global rules and reads the --exclude
// sets' keys into it.
func checkData(g *globalOptions, d *tune.DataFlags) error {
	d.Rules = g.rules()
	if err := d.Check(); err != nil {
		return err
	}
	keys, err := accuracy.FileKeys(d.Exclude, d.Rules)
	if err != nil {
		return fmt.Errorf("--exclude: %w", err)
	}
	d.Keys = keys
	return nil
}

func newTuneCmd(g *globalOptions) *cobra.Command {
	o := &tune.FitFlags{}
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
		RunE: func(cmd *cobra.Command, _ []string) error { return runData(g, &o.DataFlags, o) },
	}
	f := c.Flags()
	addDataFlags(f, &o.DataFlags, 0.9)
	f.Float64Var(&o.Ridge, "ridge", 100, "pull towards the prior (per weight, in squared-feature units)")
	f.StringVar(&o.Out, "out", "", "write the weights as Go source to this file")
	f.StringVar(&o.Note, "note", "", "text added to the weights' provenance (e.g. the datagen command)")
	return c
}

// runData checks d (checkData), then c, whose data flags d are, and
// runs c (tune and train).
func runData(g *globalOptions, d *tune.DataFlags, c interface {
	Check() error
	Run(io.Writer) error
}) error {
	if err := checkData(g, d); err != nil {
		return err
	}
	if err := c.Check(); err != nil {
		return err
	}
	return c.Run(g.out)
}
