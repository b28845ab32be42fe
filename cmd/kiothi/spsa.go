// The spsa command: the search's knobs tuned by SPSA over short matches,
// resumable from a state file.

package main

import (
	"context"
	"time"

	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/spsa"
	"github.com/spf13/cobra"
)

type spsaOptions struct {
	spsa.Flags
	state   string
	resume  bool
	cluster clusterOptions
}

func newSPSACmd(g *globalOptions) *cobra.Command {
	o := &spsaOptions{}
	c := &cobra.Command{
		Use:   "spsa --openings FILE [--params NAME,...] [--iterations N] [--pairs P] [--state FILE [--resume]]",
		Short: "Tune the search's knobs by SPSA over short matches",
		Long: `Tune search knobs by SPSA. The knobs (search.Tunables; the switch
qsRelays and the root solve's solveBase, solveBaseDB and solveMinMS are
not tuned):
  ` + search.ParamNames() + `

Each iteration plays the knobs
at theta+c·delta against theta−c·delta (delta ±1 per knob, drawn from
--seed) as a short match of --pairs game pairs, each start of --openings
with both colours, both sides at --player-limits, and moves theta by the
score (fishtest's schedule: alpha 0.602, gamma 0.101, A a tenth of the
run; each knob's C and R from its table, --rate sets every R). Values stay in each knob's range.

The matches are kiothi match's: --workers or --nats run their games as
jobs. With --state FILE the run's state (iteration, theta, seed, history)
replaces the file whole after each iteration; --resume continues it, and
refuses a state made with other knobs or settings. The last line is the
tuned values as an engine spec; adopt them only after an SPRT at equal
time against the build before (docs/spsa.md).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd.Context(), g) },
	}
	f := c.Flags()
	f.StringVar(&o.Params, "params", "", "knobs to tune, comma separated (default: every tunable knob)")
	f.IntVar(&o.Iterations, "iterations", 200, "SPSA iterations")
	f.IntVar(&o.Pairs, "pairs", 4, "game pairs an iteration (each start with both colours)")
	f.Float64Var(&o.Rate, "rate", 0, "learning rate R at the last iteration, for every knob (0: each knob's own, 0.002; a run of few games needs a bigger one to move)")
	f.StringVar(&o.PlayerLimits, "player-limits", "nodes=4000", "engine settings both sides play at (a match spec's settings: nodes=N, movetime=T, hash=MB, ...)")
	f.StringVar(&o.Openings, "openings", "", "openings file, one position a line, taken in turn (required: the games of an iteration must differ)")
	f.StringVar(&o.state, "state", "", "write the run's state to this file after each iteration (replaced whole)")
	f.BoolVar(&o.resume, "resume", false, "continue the run in --state")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the perturbations and the games")
	f.IntVar(&o.Concurrency, "concurrency", 1, "games played at a time")
	f.IntVar(&o.MaxPlies, "max-plies", 1000, "adjudicate a game by the own-row sweep after this many moves (0: no cap)")
	durationVar(f, &o.MoveTimeout, "move-timeout", time.Minute, "a player that takes longer for one move forfeits")
	o.cluster.addFlags(f)
	return c
}

func (o *spsaOptions) run(ctx context.Context, g *globalOptions) error {
	o.Rules = g.rules()
	plan, err := o.Plan()
	if err != nil {
		return err
	}
	if err := o.cluster.checkIterations(o.Iterations, "two engines a game", 2*plan.PlayerMB); err != nil {
		return err
	}
	bar := newProgressBar(g.errOut, plan.Config.Iterations) // silent unless stderr is a terminal
	ctx, stop := interruptible(ctx)
	defer stop()
	return plan.ExecuteFile(ctx, o.state, o.resume, o.cluster.PairRunners(g.errOut), g.out, barFunc(bar))
}
