// The accuracy command: a player's moves against a set's proven values
// (package accuracy).

package main

import (
	"time"

	"github.com/kiothi/kiothi/accuracy"
	"github.com/spf13/cobra"
)

func newAccuracyCmd(g *globalOptions) *cobra.Command {
	o := &accuracy.Flags{}
	c := &cobra.Command{
		Use:   "accuracy --set FILE",
		Short: "Measure a player's moves against proven move values",
		Long: `Ask a player (a match SPEC: engine[:settings] or ugi:COMMAND LINE; see
kiothi match --help) for its move in each position of an accuracy set, a fresh
player each position and --movetime a move (an engine spec thinks the smaller
of --movetime and its own movetime, 10 ms when it sets none: measure an engine
at T with --player engine:movetime=T --movetime T), and compare the move with the
set's proven values (testdata/accuracy-*.txt, every legal move's exact value
by package solve). The last line is "positions N best B (P%) mean loss L
loss>=4 K (Q%)": B the positions where the move is a best move, L the
warriors a move loses on average, K the moves that lose 4 or more.
kiothi accuracy generate makes a set.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runAccuracy(cmd, g, o) },
	}
	f := c.Flags()
	f.StringVar(&o.Set, "set", "", "accuracy set file (required)")
	f.StringVar(&o.Player, "player", "engine", "the player's SPEC, as for kiothi match")
	durationVar(f, &o.MoveTime, "movetime", 20*time.Millisecond, "time a move")
	f.BoolVar(&o.Each, "each", false, "print one line a position: its number, the move and what it loses")
	c.AddCommand(newAccuracyGenerateCmd(g))
	return c
}

func runAccuracy(cmd *cobra.Command, g *globalOptions, o *accuracy.Flags) error {
	ctx, stop := interruptible(cmd.Context())
	defer stop()
	o.Rules = g.rules()
	return o.Run(ctx, g.out)
}
