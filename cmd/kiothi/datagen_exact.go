// The datagen exact command: positions of data files labelled with their
// value proven by the solver (package datagen's LabelExact).

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/kiothi/kiothi/accuracy"
	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

type datagenExactOptions struct {
	data        []string
	exclude     []string
	out         string
	lo, hi      int
	n           int
	seed        uint64
	nodes       int64
	hashMB      int
	concurrency int
}

func newDatagenExactCmd(g *globalOptions) *cobra.Command {
	o := &datagenExactOptions{}
	c := &cobra.Command{
		Use:   "exact --data FILE [--data FILE...] --out FILE [--lo N --hi N] [--n N] [--nodes N]",
		Short: "Label positions of data files with their value proven by the solver",
		Long: `Read the positions of datagen files with --lo to --hi warriors on the
board, drop repeats and those of the --exclude accuracy sets (each set
position and the position after each of its moves), shuffle them by --seed
and take --n; prove each one's value with the solver (margin objective, no
history: the final prison difference under perfect play, side to move's
view), within --nodes solver nodes a position: one not proven is dropped
and counted. Write the proven ones to --out as a datagen file whose header
says it holds exact labels: each record's search score is 100 × the value
and its final margin the value, so kiothi train and tune read it with the
exact value as the target whatever --lambda. The output depends on the
files and flags only, not on --concurrency. The file is written whole at
the end (also after Ctrl-C, with the positions labelled by then); a
progress line goes to standard error.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd, g) },
	}
	f := c.Flags()
	f.StringSliceVar(&o.data, "data", nil, "datagen files to take positions from (repeat or comma-separate)")
	f.StringSliceVar(&o.exclude, "exclude", nil, "accuracy set files whose positions are never labelled")
	f.StringVar(&o.out, "out", "", "the data file to write (required)")
	f.IntVar(&o.lo, "lo", 12, "fewest warriors on the board")
	f.IntVar(&o.hi, "hi", 22, "most warriors on the board")
	f.IntVar(&o.n, "n", 10000, "positions to try (0: all)")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the shuffle that picks the positions")
	f.Int64Var(&o.nodes, "nodes", 2_000_000, "solver nodes a position may take")
	settings.FlagDefault(f, settings.Hash, &o.hashMB, "8", "solver table in MB a position solved at once")
	f.IntVar(&o.concurrency, "concurrency", defaultThreads(), "positions solved at once")
	return c
}

func (o *datagenExactOptions) run(cmd *cobra.Command, g *globalOptions) error {
	checks := []error{
		limits.Nodes.Check("--nodes", o.nodes),
		limits.HashMB.Check("--hash", int64(o.hashMB)),
		limits.Threads.Check("--concurrency", int64(o.concurrency)),
		limits.Range{Min: 0, Max: maxDatagenGames}.Check("--n", int64(o.n)),
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	if len(o.data) == 0 {
		return errors.New("--data: at least one datagen file is required")
	}
	if o.out == "" {
		return errors.New("--out: a file name is required")
	}
	if err := limits.CheckMemory(fmt.Sprintf("--concurrency %d × --hash %d", o.concurrency, o.hashMB), int64(o.concurrency*o.hashMB)); err != nil {
		return err
	}
	if err := wholefile.CheckWritable(o.out); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	eo := datagen.ExactOptions{Lo: o.lo, Hi: o.hi, N: o.n, Seed: o.seed, Nodes: uint64(o.nodes),
		HashMB: o.hashMB, Concurrency: o.concurrency, Rules: g.rules()}
	if err := eo.Check(); err != nil {
		return err
	}
	var err error
	if eo.Exclude, err = excludedKeys(o.exclude, g.rules()); err != nil {
		return fmt.Errorf("--exclude: %w", err)
	}
	var files []io.Reader
	for _, name := range o.data {
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("--data: %w", err)
		}
		defer f.Close()
		files = append(files, f)
	}
	var st datagen.ExactStats
	cands, err := datagen.CollectExact(files, &eo, &st)
	if err != nil {
		return fmt.Errorf("--data: %w", err)
	}
	fmt.Fprintf(g.out, "records %d: %d with %d to %d warriors on the board, %d repeats, %d excluded; %d to label\n",
		st.Read, st.InRange, o.lo, o.hi, st.Duplicate, st.Excluded, st.Candidates)
	ctx, stop := interruptible(cmd.Context())
	defer stop()
	status := newStatusLine(g.errOut)
	last := time.Time{}
	recs, err := datagen.LabelExact(ctx, cands, &eo, &st, func(s datagen.ExactStats) {
		if time.Since(last) < time.Second && s.Tried < len(cands) {
			return
		}
		last = time.Now()
		status.show(fmt.Sprintf("tried %d/%d proven %d unproven %d, %.0f k solver nodes a position, %s",
			s.Tried, len(cands), s.Proven, s.Unproven, float64(s.Nodes)/1000/float64(max(s.Tried, 1)), s.Elapsed.Round(time.Second)))
	})
	status.clear()
	interrupted := ctx.Err() != nil && cmd.Context().Err() == nil
	if err != nil && !interrupted {
		return err
	}
	h := datagen.Header{Exact: &datagen.ExactHeader{Lo: o.lo, Hi: o.hi, N: o.n, Seed: o.seed, Nodes: uint64(o.nodes),
		Excluded: st.Excluded, Tried: st.Tried, Unproven: st.Unproven}}
	for _, name := range o.data {
		h.Exact.Sources = append(h.Exact.Sources, filepath.Base(name))
	}
	if err := wholefile.Write(o.out, func(w io.Writer) error { return datagen.WriteExact(w, &h, recs) }); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	state := "done"
	if interrupted {
		state = "interrupted"
	}
	fmt.Fprintf(g.out, "%s: %d exact records (%d tried, %d not proven within %d nodes) in %v: %s\n",
		o.out, len(recs), st.Tried, st.Unproven, o.nodes, st.Elapsed.Round(time.Second), state)
	return nil
}

// excludedKeys returns the keys of the positions of the accuracy sets
// names (accuracy.Keys).
func excludedKeys(names []string, r movegen.Rules) (map[uint64]bool, error) {
	keys := map[uint64]bool{}
	for _, name := range names {
		items, err := accuracy.ReadFile(name, r)
		if err != nil {
			return nil, err
		}
		if err := accuracy.Keys(items, r, keys); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return keys, nil
}
