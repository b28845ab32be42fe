// The train command: fit the network evaluation (package eval/nn) to
// self-play data and write its weights file.

package main

import (
	"github.com/kiothi/kiothi/train/nntrain"
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
	d, err := o.flags(g)
	if err != nil {
		return err
	}
	f := nntrain.Flags{DataFlags: d, Out: o.out, Note: o.note,
		TrainOptions: nntrain.TrainOptions{Epochs: o.epochs, Batch: o.batch, Rate: o.rate, Seed: o.seed}}
	if err := f.Check(); err != nil {
		return err
	}
	return f.Run(g.out)
}
