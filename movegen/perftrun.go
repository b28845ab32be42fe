// kiothi perft: its settings checked (errors name PerftRun's fields, internal/named), one position counted (with Divide, each root move) or a suite file checked, and the lines it prints.

package movegen

import (
	"context"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/internal/named"
	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/position"
)

// PerftRun is a perft as kiothi perft's flags set it. Its errors name
// its fields (named.N), which the command words as its flags.
type PerftRun struct {
	Depth         int
	DepthGiven    bool // Depth given (with a suite: the deepest depth to check)
	Divide        bool
	Threads       int
	HashMB        int // 0: no table
	Suite         string
	MaxNodes      uint64
	MaxNodesGiven bool
	Rules         Rules
	// DivideBy, if set, counts the root moves' subtrees in place of
	// Divide (kiothi perft --nats: a job each).
	DivideBy func(ctx context.Context, p position.Position, depth int, r Rules) ([]DivideLine, error)
	// Out gets the counts, Log the machine, time and speed.
	Out, Log io.Writer
}

// Check refuses a setting out of range or settings that do not go
// together, naming the fields; args are the command's arguments (the
// position).
func (r *PerftRun) Check(args []string) error { return named.Wrap(r.check(args)) }

func (r *PerftRun) check(args []string) error {
	if r.DepthGiven {
		if err := limits.Depth.Check(named.N("Depth"), int64(r.Depth)); err != nil {
			return err
		}
	}
	if err := limits.Threads.Check(named.N("Threads"), int64(r.Threads)); err != nil {
		return err
	}
	if r.HashMB != 0 {
		if err := limits.HashMB.Check(named.N("HashMB"), int64(r.HashMB)); err != nil {
			return fmt.Errorf("%v (or 0: none)", err)
		}
		if err := limits.CheckMemory(fmt.Sprintf("%s %d", named.N("HashMB"), r.HashMB), int64(r.HashMB)); err != nil {
			return err
		}
	}
	if r.MaxNodesGiven && r.MaxNodes == 0 {
		return fmt.Errorf("%s 0: must be at least 1", named.N("MaxNodes"))
	}
	if r.Suite != "" {
		if len(args) > 0 {
			return fmt.Errorf("%s %s: takes no POSITION argument (got %s)", named.N("Suite"), r.Suite, excerpt.Quote(args[0]))
		}
		if r.Divide {
			return fmt.Errorf("%s: not available with %s", named.N("Divide"), named.N("Suite"))
		}
		if r.DivideBy != nil {
			return fmt.Errorf("%s: not available with %s", named.N("DivideBy"), named.N("Suite"))
		}
		return nil
	}
	if r.MaxNodesGiven {
		return fmt.Errorf("%s: only with %s", named.N("MaxNodes"), named.N("Suite"))
	}
	if len(args) == 0 {
		return fmt.Errorf("missing POSITION (a position string, startpos or startpos25) or %s FILE", named.N("Suite"))
	}
	if !r.DepthGiven {
		return fmt.Errorf("missing %s N", named.N("Depth"))
	}
	return nil
}

func (r *PerftRun) options() PerftOptions {
	return PerftOptions{Rules: r.Rules, Threads: r.Threads, Hash: NewPerftHash(r.HashMB)}
}

// One counts p's move paths to r.Depth: the last line is "Nodes
// searched: N", each root move's count before it with Divide.
func (r *PerftRun) One(ctx context.Context, p position.Position) error {
	opts := r.options()
	start := time.Now()
	var total uint64
	if r.Divide || r.DivideBy != nil {
		var lines []DivideLine
		var err error
		if r.DivideBy != nil {
			lines, err = r.DivideBy(ctx, p, r.Depth, opts.Rules)
		} else {
			lines, err = Divide(ctx, p, r.Depth, opts)
		}
		if err != nil {
			return err
		}
		for _, l := range lines {
			if r.Divide {
				fmt.Fprintf(r.Out, "%s: %d\n", l.Move, l.Count)
			}
			var carry uint64
			if total, carry = bits.Add64(total, l.Count, 0); carry != 0 {
				return ErrOverflow
			}
		}
	} else {
		var err error
		if total, err = Perft(ctx, p, r.Depth, opts); err != nil {
			return err
		}
	}
	elapsed := time.Since(start)
	fmt.Fprintf(r.Out, "Nodes searched: %d\n", total)
	fmt.Fprintln(r.Log, machine.Current())
	if p.Phase() != position.Play {
		fmt.Fprintf(r.Log, "time %s (opening: counted by formula)\n", formatSeconds(elapsed))
	} else {
		fmt.Fprintf(r.Log, "time %s, %s\n", formatSeconds(elapsed), formatRate(total, elapsed))
	}
	return nil
}

// ReadSuite reads r.Suite's entries.
func (r *PerftRun) ReadSuite() ([]SuiteEntry, error) {
	f, err := wholefile.Open(r.Suite)
	if err != nil {
		return nil, named.Errorf("%s: %v", named.N("Suite"), err)
	}
	entries, err := ParseSuite(f)
	f.Close()
	if err != nil {
		return nil, named.Errorf("%s %s: %v", named.N("Suite"), r.Suite, err)
	}
	return entries, nil
}

// RunSuite checks entries (ReadSuite) at each listed depth up to the
// deepest whose count is at most MaxNodes (and Depth, when given), a
// line each, and fails if any count is wrong; progress, if set, is
// called as each depth starts (entry index and depth) and with k -1
// before each line it prints and at the end.
func (r *PerftRun) RunSuite(ctx context.Context, entries []SuiteEntry, progress func(k, depth int)) error {
	opts := r.options()
	if progress == nil {
		progress = func(int, int) {}
	}
	var passed, failed, skipped int
	var playNodes uint64
	var playTime time.Duration
	start := time.Now()
	err := CheckSuite(ctx, entries, opts, r.deepest, progress,
		func(c SuiteCheck) {
			progress(-1, 0)
			e := c.Entry
			playNodes += c.PlayNodes
			playTime += c.PlayTime
			switch {
			case c.Depth == 0:
				skipped++
				fmt.Fprintf(r.Out, "skip  line %d  D1 %d over --max-nodes %d  %s\n", e.Line, e.Expected[0], r.MaxNodes, e.Position)
			case c.Err != nil:
				failed++
				fmt.Fprintf(r.Out, "FAIL  line %d  D%d  error: %v  %s\n", e.Line, c.Depth, c.Err, e.Position)
			case c.Failed:
				failed++
				fmt.Fprintf(r.Out, "FAIL  line %d  D%d  got %d, want %d  %s\n", e.Line, c.Depth, c.Got, e.Expected[c.Depth-1], e.Position)
			default:
				passed++
				fmt.Fprintf(r.Out, "ok    line %d  D%d %d  %s\n", e.Line, c.Depth, e.Expected[c.Depth-1], e.Position)
			}
		})
	progress(-1, 0)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	fmt.Fprintf(r.Out, "suite %s: %s, %d passed, %d failed, %d skipped\n",
		r.Suite, plural.Count(len(entries), "position"), passed, failed, skipped)
	fmt.Fprintln(r.Log, machine.Current())
	fmt.Fprintf(r.Log, "time %s; play-phase positions: %d leaves in %s, %s\n",
		formatSeconds(elapsed), playNodes, formatSeconds(playTime), formatRate(playNodes, playTime))
	if failed > 0 {
		hint := ""
		if !opts.Rules.FreeFirstLap && strings.Contains(r.Suite, "free-first-lap") {
			hint = " (a free-first-lap suite needs --free-first-lap)"
		}
		return fmt.Errorf("suite %s: %d of %d positions failed%s", r.Suite, failed, len(entries), hint)
	}
	return nil
}

// deepest returns the deepest listed depth to check, 0 if none fits.
func (r *PerftRun) deepest(e SuiteEntry) int {
	d := 0
	for k, want := range e.Expected {
		if r.DepthGiven && k+1 > r.Depth {
			break
		}
		if r.MaxNodes != 0 && want > r.MaxNodes {
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

// Run runs the checked run (Check): One on the position args[0] names
// (position.ParseStart), or the suite (ReadSuite, RunSuite), with the
// progress bar newBar makes for its line count: update(k, "line L Dd")
// as line k reaches a depth, and finish at the end.
func (r *PerftRun) Run(ctx context.Context, args []string, newBar func(total int) (update func(k int, label string), finish func())) error {
	if r.Suite == "" {
		p, err := position.ParseStart(args[0])
		if err != nil {
			return err
		}
		return r.One(ctx, p)
	}
	entries, err := r.ReadSuite()
	if err != nil {
		return err
	}
	update, finish := newBar(len(entries))
	return r.RunSuite(ctx, entries, func(k, d int) {
		if k < 0 {
			finish()
			return
		}
		update(k, fmt.Sprintf("line %d D%d", entries[k].Line, d))
	})
}
