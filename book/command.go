// kiothi book build, probe and merge: build's flags checked in the flags' words and turned
// into a Config, and the lines it prints at the end.

package book

import (
	"context"
	"fmt"
	"github.com/kiothi/kiothi/internal/interrupt"
	"io"
	"time"

	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// BuildFlags are kiothi book build's settings as its flags give them:
// Config's counts, and what the flags spell another way.
type BuildFlags struct {
	Config
	From          string // root position: startpos, startpos25 or a position string
	Shard         string // i/n, or empty
	Depth         int
	MoveTime      time.Duration
	DepthGiven    bool // --depth given (it is checked only then)
	MoveTimeGiven bool
	Workers       int // local workers, each with an engine of HashMB
}

// Check refuses a flag out of range, or engines beyond the memory this
// process may use, and sets Config's Root, Limits and Shard.
func (f *BuildFlags) Check() error {
	if f.Out == "" {
		return fmt.Errorf("--out: required: the book file to write")
	}
	root, err := position.ParseStart(f.From)
	if err != nil {
		return fmt.Errorf("--from: %v", err)
	}
	f.Root = root
	for _, err := range []error{
		limits.Range{Min: 1, Max: 255}.Check("--plies", int64(f.Plies)),
		limits.Range{Min: 1, Max: 1 << 30}.Check("--positions", int64(f.Positions)),
		limits.MultiPV.Check("--candidates", int64(f.Candidates)),
		limits.Range{Min: 0, Max: 1 << 20}.Check("--dropout", int64(f.Dropout)),
		limits.Threads.Check("--threads", int64(f.Threads)),
		limits.HashMB.Check("--hash", int64(f.HashMB)),
		f.checkGiven(f.DepthGiven, func() error { return limits.Depth.Check("--depth", int64(f.Depth)) }),
		f.checkGiven(f.MoveTimeGiven, func() error { return limits.MoveTimeMS.CheckDuration("--movetime", f.MoveTime) }),
		f.memory(),
	} {
		if err != nil {
			return err
		}
	}
	if f.Checkpoint < 0 {
		return fmt.Errorf("--checkpoint %v: must not be negative", f.Checkpoint)
	}
	f.Limits = search.Limits{Depth: f.Depth, MoveTime: f.MoveTime}
	if f.Shard != "" {
		if f.Config.Shard, err = ParseShard(f.Shard); err != nil {
			return fmt.Errorf("--shard: %v", err)
		}
	}
	return nil
}

func (*BuildFlags) checkGiven(given bool, check func() error) error {
	if !given {
		return nil
	}
	return check()
}

// memory checks the build's engines: one a thread, and one a local
// worker, each with its own table.
func (f *BuildFlags) memory() error {
	if f.Workers > 0 {
		return limits.CheckMemory(fmt.Sprintf("(--threads %d + --workers %d) × --hash %d", f.Threads, f.Workers, f.HashMB),
			int64(f.Threads+f.Workers)*limits.EngineMB(1, f.HashMB))
	}
	return limits.CheckMemory(fmt.Sprintf("--threads %d × --hash %d", f.Threads, f.HashMB), int64(f.Threads)*limits.EngineMB(1, f.HashMB))
}

// ProgressLine is a build's progress bar label, "positions, 12
// searches": the bar it labels writes the counts and the times.
func (p Progress) ProgressLine() string {
	return "positions, " + plural.Count(p.Searches, "search")
}

// Report writes a build's last lines.
func (f *BuildFlags) Report(w io.Writer, sum Summary) {
	fmt.Fprintf(w, "book %s: %s, %s, %s this run\n", f.Out, plural.Count(sum.Positions, "position"), plural.Count(sum.Records, "move"), plural.Count(sum.Searches, "search"))
	if sum.Exhausted {
		fmt.Fprintf(w, "every position within %s is expanded\n", plural.Count(f.Plies, "ply"))
	}
}

// Execute runs the checked build (Check) with run (Build, or the
// cluster's), calls done once it returns, and writes its report to w;
// a build stopped early returns an *interrupt.Stopped: the book at Out
// is valid and --resume continues it.
func (f *BuildFlags) Execute(ctx context.Context, run func(context.Context, Config) (Summary, error), w io.Writer, done func()) error {
	sum, err := run(ctx, f.Config)
	done()
	if err != nil {
		return err
	}
	f.Report(w, sum)
	if sum.Interrupted {
		return &interrupt.Stopped{Msg: fmt.Sprintf("interrupted: %s is a valid book; continue it with --resume", f.Out)}
	}
	return nil
}

// WriteProbe is kiothi book probe: the book moves at path of the
// position after moves from start, best first, a line each (none when
// the position is not in the book). A book of another setup or rules
// than start's and r is an error.
func WriteProbe(w io.Writer, path string, start position.Position, moves []string, r movegen.Rules) error {
	game, err := movegen.PlayMoves(start, r, moves)
	if err != nil {
		return err
	}
	b, err := OpenFor(path, Variant{Setup: SetupOf(&start), Rules: r})
	if err != nil {
		return err
	}
	for _, e := range b.Probe(game.Current()) {
		if _, err := fmt.Fprintf(w, "%s weight %d value %d depth %d count %d\n", e.Move, e.Weight, e.Value, e.Depth, e.Count); err != nil {
			return err
		}
	}
	return nil
}

// WriteMerge is kiothi book merge: the books at paths merged into out
// (MergeFiles), and a line saying what it holds.
func WriteMerge(w io.Writer, out string, paths []string) error {
	if out == "" {
		return fmt.Errorf("--out: required: the merged book to write")
	}
	b, err := MergeFiles(out, paths...)
	if err != nil {
		return err
	}
	s := b.Stats()
	fmt.Fprintf(w, "book %s: %s, %s from %s\n", out, plural.Count(s.Positions, "position"), plural.Count(s.Moves, "move"), plural.Count(len(paths), "book"))
	return nil
}
