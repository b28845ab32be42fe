// The perft command: exact move-path counts of one position, or a whole
// suite file checked against its expected counts.

package main

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

type perftOptions struct {
	depth    int
	divide   bool
	threads  int
	hashMB   int
	suite    string
	maxNodes uint64
	cluster  clusterOptions
}

func newPerftCmd(g *globalOptions) *cobra.Command {
	o := &perftOptions{}
	cmd := &cobra.Command{
		Use:   "perft POSITION --depth N | perft --suite FILE",
		Short: "Count move paths to a depth, or check a perft suite",
		Long: `Perft counts the move paths of a position to a depth (RULES.md §8).
POSITION is the quoted four-field string, startpos or startpos25.
The last line of output is "Nodes searched: <N>"; the machine (as kiothi
bench names it), time and speed go to stderr. --depth runs from 1.

With --suite, every line of a suite file ("<position> ;D1 n ;D2 n ...")
is checked at each listed depth up to the deepest whose expected count is
at most --max-nodes; the command exits with status 1 on any mismatch.`,
		Example: `  kiothi perft startpos --depth 2
  kiothi perft '0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36' --depth 5 --divide
  kiothi perft --suite testdata/kiothi.perft --max-nodes 10000000`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.validate(cmd, args); err != nil {
				return err
			}
			opts := movegen.PerftOptions{
				Rules:   g.rules(),
				Threads: o.threads,
				Hash:    movegen.NewPerftHash(o.hashMB),
			}
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			if o.suite != "" {
				return o.runSuite(ctx, g, opts, cmd.Flags().Changed("depth"))
			}
			p, err := parsePosition(args[0])
			if err != nil {
				return err
			}
			return o.runOne(ctx, g, p, opts)
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.depth, "depth", 0, "depth to count to (with --suite: the deepest depth to check)")
	f.BoolVar(&o.divide, "divide", false, "print the count below each root move (each source pair at the opening)")
	settings.FlagDefault(f, settings.Threads, &o.threads, strconv.Itoa(defaultThreads()), "goroutines over the root moves; the default is the CPUs this process may use")
	f.IntVar(&o.hashMB, settings.Hash.Key, 0, "perft hash table size in MB (0: none)")
	f.StringVar(&o.suite, "suite", "", "perft suite file to check")
	f.Uint64Var(&o.maxNodes, "max-nodes", 0, "with --suite: skip depths whose expected count exceeds this (default: run all)")
	o.cluster.addFlags(f) // one job for each root move's subtree
	return cmd
}

func (o *perftOptions) validate(cmd *cobra.Command, args []string) error {
	f := cmd.Flags()
	if f.Changed("depth") {
		if err := limits.Depth.Check("--depth", int64(o.depth)); err != nil {
			return err
		}
	}
	if err := limits.Threads.Check("--threads", int64(o.threads)); err != nil {
		return err
	}
	if o.hashMB != 0 {
		if err := limits.HashMB.Check("--hash", int64(o.hashMB)); err != nil {
			return fmt.Errorf("%v (or 0: none)", err)
		}
		if err := limits.CheckMemory(fmt.Sprintf("--hash %d", o.hashMB), int64(o.hashMB)); err != nil {
			return err
		}
	}
	if f.Changed("max-nodes") && o.maxNodes == 0 {
		return errors.New("--max-nodes 0: must be at least 1")
	}
	if o.suite != "" {
		if len(args) > 0 {
			return fmt.Errorf("--suite %s: takes no POSITION argument (got %s)", o.suite, excerpt.Quote(args[0]))
		}
		if o.divide {
			return errors.New("--divide: not available with --suite")
		}
		if o.cluster.enabled() {
			return errors.New("--nats, --workers: not available with --suite")
		}
		return nil
	}
	if f.Changed("max-nodes") {
		return errors.New("--max-nodes: only with --suite")
	}
	if len(args) == 0 {
		return errors.New("missing POSITION (a position string, startpos or startpos25) or --suite FILE")
	}
	if !f.Changed("depth") {
		return errors.New("missing --depth N")
	}
	return nil
}

func (o *perftOptions) runOne(ctx context.Context, g *globalOptions, p position.Position, opts movegen.PerftOptions) error {
	start := time.Now()
	var total uint64
	if o.divide || o.cluster.enabled() {
		var lines []movegen.DivideLine
		var err error
		if o.cluster.enabled() {
			lines, err = o.cluster.divide(ctx, g, p, o.depth, opts.Rules)
		} else {
			lines, err = movegen.Divide(ctx, p, o.depth, opts)
		}
		if err != nil {
			return err
		}
		for _, l := range lines {
			if o.divide {
				fmt.Fprintf(g.out, "%s: %d\n", l.Move, l.Count)
			}
			var carry uint64
			if total, carry = bits.Add64(total, l.Count, 0); carry != 0 {
				return movegen.ErrOverflow
			}
		}
	} else {
		var err error
		if total, err = movegen.Perft(ctx, p, o.depth, opts); err != nil {
			return err
		}
	}
	elapsed := time.Since(start)
	fmt.Fprintf(g.out, "Nodes searched: %d\n", total)
	fmt.Fprintln(g.errOut, machine.Current())
	if p.Phase() != position.Play {
		fmt.Fprintf(g.errOut, "time %s (opening: counted by formula)\n", formatSeconds(elapsed))
	} else {
		fmt.Fprintf(g.errOut, "time %s, %s\n", formatSeconds(elapsed), formatRate(total, elapsed))
	}
	return nil
}

func (o *perftOptions) runSuite(ctx context.Context, g *globalOptions, opts movegen.PerftOptions, depthCap bool) error {
	f, err := os.Open(o.suite)
	if err != nil {
		return fmt.Errorf("--suite: %v", err)
	}
	entries, err := movegen.ParseSuite(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("--suite %s: %v", o.suite, err)
	}
	bar := newProgressBar(g.errOut, len(entries))
	var passed, failed, skipped int
	var playNodes uint64
	var playTime time.Duration
	start := time.Now()
	err = movegen.CheckSuite(ctx, entries, opts, func(e movegen.SuiteEntry) int { return o.deepest(e, depthCap) },
		func(k, d int) { bar.update(k, fmt.Sprintf("line %d D%d", entries[k].Line, d)) },
		func(c movegen.SuiteCheck) {
			bar.clear()
			e := c.Entry
			playNodes += c.PlayNodes
			playTime += c.PlayTime
			switch {
			case c.Depth == 0:
				skipped++
				fmt.Fprintf(g.out, "skip  line %d  D1 %d over --max-nodes %d  %s\n", e.Line, e.Expected[0], o.maxNodes, e.Position)
			case c.Err != nil:
				failed++
				fmt.Fprintf(g.out, "FAIL  line %d  D%d  error: %v  %s\n", e.Line, c.Depth, c.Err, e.Position)
			case c.Failed:
				failed++
				fmt.Fprintf(g.out, "FAIL  line %d  D%d  got %d, want %d  %s\n", e.Line, c.Depth, c.Got, e.Expected[c.Depth-1], e.Position)
			default:
				passed++
				fmt.Fprintf(g.out, "ok    line %d  D%d %d  %s\n", e.Line, c.Depth, e.Expected[c.Depth-1], e.Position)
			}
		})
	bar.clear()
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	fmt.Fprintf(g.out, "suite %s: %d positions, %d passed, %d failed, %d skipped\n",
		o.suite, len(entries), passed, failed, skipped)
	fmt.Fprintln(g.errOut, machine.Current())
	fmt.Fprintf(g.errOut, "time %s; play-phase positions: %d leaves in %s, %s\n",
		formatSeconds(elapsed), playNodes, formatSeconds(playTime), formatRate(playNodes, playTime))
	if failed > 0 {
		hint := ""
		if !opts.Rules.FreeFirstLap && strings.Contains(o.suite, "free-first-lap") {
			hint = " (a free-first-lap suite needs --free-first-lap)"
		}
		return &exitError{code: 1, err: fmt.Errorf("suite %s: %d of %d positions failed%s", o.suite, failed, len(entries), hint)}
	}
	return nil
}

// deepest returns the deepest listed depth to check, 0 if none fits.
func (o *perftOptions) deepest(e movegen.SuiteEntry, depthCap bool) int {
	d := 0
	for k, want := range e.Expected {
		if depthCap && k+1 > o.depth {
			break
		}
		if o.maxNodes != 0 && want > o.maxNodes {
			break
		}
		d = k + 1
	}
	return d
}

// formatSeconds prints a duration in seconds with millisecond precision.
func formatSeconds(d time.Duration) string { return fmt.Sprintf("%.3f s", d.Seconds()) }

// formatRate prints nodes per second with an SI prefix.
func formatRate(nodes uint64, d time.Duration) string {
	if d <= 0 {
		return "- nodes/s"
	}
	r := float64(nodes) / d.Seconds()
	switch {
	case r >= 1e9:
		return fmt.Sprintf("%.2f Gnodes/s", r/1e9)
	case r >= 1e6:
		return fmt.Sprintf("%.2f Mnodes/s", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.2f knodes/s", r/1e3)
	}
	return fmt.Sprintf("%.0f nodes/s", r)
}
