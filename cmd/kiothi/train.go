// The train command: fit the network evaluation (package eval/nn) to
// self-play data and write its weights file.

package main

import (
	"github.com/kiothi/kiothi/train/nntrain"
	"github.com/spf13/cobra"
)

func newTrainCmd(g *globalOptions) *cobra.Command {
	o := &nntrain.Flags{}
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
		RunE: func(cmd *cobra.Command, _ []string) error { return runData(g, &o.DataFlags, o) },
	}
	f := c.Flags()
	addDataFlags(f, &o.DataFlags, 0.5)
	f.IntVar(&o.Epochs, "epochs", 10, "passes over the training positions")
	f.IntVar(&o.Batch, "batch", 256, "positions a step")
	f.Float64Var(&o.Rate, "rate", 0.002, "Adam's step size at the start (it falls linearly to a tenth)")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the initial weights and the order of the positions")
	f.StringVar(&o.Out, "out", "", "the network file to write (required)")
	f.StringVar(&o.Note, "note", "", "text added to the network's provenance (e.g. the datagen command)")
	return c
}
