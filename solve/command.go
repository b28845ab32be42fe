// kiothi solve: its settings checked (errors name their fields) and turned into
// Options, a decided position's line, and the lines it prints at the end.

package solve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/named"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Flags are kiothi solve's settings as its flags give them.
type Flags struct {
	Threads    int
	HashMB     int
	Objective  movegen.Objective
	Multiplier int
	TimeLimit  time.Duration // 0: none
	Table      string        // search or simple
	Rules      movegen.Rules
	EGDB       string // endgame database file ("": none)
	WorseBound bool   // --moves: moves worse than the best only bounded (movescmd.go)
}

// Options checks f for solving p and returns its Options. When p has no
// legal move its value is known already: Options returns the line that
// says so, and no Options. Its errors name f's fields (internal/named),
// which the command words as its flags.
func (f *Flags) Options(p *position.Position) (Options, string, error) {
	opts, decided, err := f.options(p)
	return opts, decided, named.Wrap(err)
}

func (f *Flags) options(p *position.Position) (Options, string, error) {
	if p.Phase() != position.Play {
		return Options{}, "", fmt.Errorf("solve: %v", ErrOpening)
	}
	opts := Options{Rules: f.Rules, Threads: f.Threads, HashMB: f.HashMB, Multiplier: f.Multiplier}
	opts.Objective = f.Objective
	if f.Objective == movegen.Match {
		if err := movegen.CheckMultiplier(f.Multiplier); err != nil {
			return Options{}, "", fmt.Errorf("%s: %v", named.N("Multiplier"), err)
		}
	}
	for _, err := range []error{
		limits.Threads.Check(named.N("Threads"), int64(f.Threads)),
		limits.HashMB.Check(named.N("HashMB"), int64(f.HashMB)),
		limits.CheckMemory(fmt.Sprintf("%s %d with %s %d", named.N("HashMB"), f.HashMB, named.N("Threads"), f.Threads), limits.EngineMB(f.Threads, f.HashMB)),
	} {
		if err != nil {
			return Options{}, "", err
		}
	}
	if !movegen.HasMove(p, f.Rules) {
		// Decided already: the sweep's tally is the value.
		out := movegen.NoMoveOutcome(p)
		v := out.South - out.North
		if p.Side() == position.North {
			v = -v
		}
		if opts.Objective == movegen.Match {
			v = movegen.MatchPoints(v, f.Multiplier)
		}
		who := out.Winner() + " wins"
		if out.Winner() == "draw" {
			who = "a draw"
		}
		return Options{}, fmt.Sprintf("value %d (the game is over: %d-%d, %s)", v, out.South, out.North, who), nil
	}
	switch f.Table {
	case "search":
		st, err := NewSearchTable(f.HashMB)
		if err != nil {
			return Options{}, "", fmt.Errorf("%s: %v", named.N("HashMB"), err)
		}
		opts.Table = st
	case "simple":
		opts.Table = NewMemTable(f.HashMB)
	default:
		return Options{}, "", fmt.Errorf("%s %s: want search or simple", named.N("Table"), excerpt.Quote(f.Table))
	}
	// The tests start at the evaluation's guess (the engine's root solve
	// does the same): the value does not depend on it, the work does.
	ev, err := nn.Evaluator()
	if err != nil {
		return Options{}, "", err
	}
	guess := EvalGuess(ev, opts.Objective, opts.Multiplier, p)
	opts.Order, opts.Guess = ev, &guess
	if f.TimeLimit < 0 {
		return Options{}, "", fmt.Errorf("%s %v: must not be negative", named.N("TimeLimit"), f.TimeLimit)
	}
	// The database: one named is refused where it cannot serve; the
	// default (auto) serves where it can.
	chosen := !strings.EqualFold(f.EGDB, egdb.Auto)
	d, err := egdb.OpenSetting(f.EGDB)
	switch {
	case err != nil:
		return Options{}, "", fmt.Errorf("%s: %v", named.N("EGDB"), err)
	case d == nil:
	case f.Objective != movegen.Margin:
		if chosen {
			return Options{}, "", fmt.Errorf("%s: the database holds margin values, which %s match cannot use", named.N("EGDB"), named.N("Objective"))
		}
	default:
		if err := d.CheckRules(named.N("EGDB")+" "+f.EGDB, f.Rules); err == nil {
			opts.DB = d
		} else if chosen {
			return Options{}, "", err
		}
	}
	return opts, "", nil
}

// Solve solves p with opts (from Options) within f.TimeLimit, if set.
func (f *Flags) Solve(ctx context.Context, p position.Position, opts Options) (Result, error) {
	if f.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.TimeLimit)
		defer cancel()
	}
	res, err := Solve(ctx, p, opts)
	if errors.Is(err, ErrOpening) {
		return res, fmt.Errorf("solve: %v", err)
	}
	return res, err
}

// ProgressLine is the status line of a solve in progress.
func (pr Progress) ProgressLine() string {
	return fmt.Sprintf("bounds [%d, %d] nodes %d time %v", pr.Lo, pr.Hi, pr.Nodes, pr.Time.Round(time.Millisecond))
}

// ErrUnsolved is Report's error for a solve stopped before its value.
var ErrUnsolved = errors.New("not solved")

// Report writes a solve's nodes, time and speed to log and its value and
// line to out, or, when it was stopped first, the bounds and an error
// (wrapping ErrUnsolved) that says how to allow more.
func Report(out, log io.Writer, res Result) error {
	nps := uint64(0)
	if s := res.Time.Seconds(); s > 0 {
		nps = uint64(float64(res.Nodes) / s)
	}
	fmt.Fprintf(log, "nodes %d time %v nps %d\n", res.Nodes, res.Time.Round(time.Millisecond), nps)
	if !res.Exact {
		fmt.Fprintf(out, "unsolved: value in [%d, %d]\n", res.Lo, res.Hi)
		return fmt.Errorf("%w after %v: allow more with --time-limit (0: no limit), or a larger --hash", ErrUnsolved, res.Time.Round(time.Millisecond))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "value %d pv", res.Value)
	for _, m := range res.PV {
		b.WriteString(" " + m.String())
	}
	fmt.Fprintln(out, b.String())
	return nil
}

// Status is where Run shows its progress: Show gets a progress line
// (Progress.ProgressLine) as the bounds narrow and every Every while they
// do not (0: only then), and Done is called once the search returns.
type Status struct {
	Show  func(line string)
	Every time.Duration
	Done  func()
}

// Run solves p under f (Options) and writes its value (Report): a
// position with no legal move prints the result Options says instead.
// An unsolved position's error wraps ErrUnsolved.
func (f *Flags) Run(ctx context.Context, p position.Position, out, log io.Writer, status Status) error {
	opts, decided, err := f.Options(&p)
	if err != nil || decided != "" {
		if err == nil {
			fmt.Fprintln(out, decided)
		}
		return err
	}
	opts.Progress = func(pr Progress) { status.Show(pr.ProgressLine()) }
	opts.ProgressEvery = status.Every
	res, err := f.Solve(ctx, p, opts)
	status.Done()
	if err != nil {
		return err
	}
	err = Report(out, log, res)
	if err != nil && ctx.Err() != nil {
		// Stopped by the caller (a signal), not out of time: more time
		// would not have helped.
		cause := context.Cause(ctx)
		if cause == context.Canceled {
			cause = errors.New("interrupted")
		}
		return fmt.Errorf("%w after %v: %w", ErrUnsolved, res.Time.Round(time.Millisecond), cause)
	}
	return err
}
