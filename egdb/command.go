// kiothi egdb: building a database file, checking one against the
// solver, and what one holds.

package egdb

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/kiothi/kiothi/internal/named"
	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/internal/progress"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// DefaultMax is kiothi egdb build's default last layer, and make egdb's
// (the Makefile reads it). Sizes, build times and solve times:
// docs/solve.md; each layer against the one before in games:
// docs/strength.md.
const DefaultMax = 14

// barAfter is how long a layer runs before egdb build shows its
// progress: the small layers take less, and their summary line is
// enough.
var barAfter = time.Second

// BuildFlags are kiothi egdb build's settings.
type BuildFlags struct {
	Max   int
	Out   string
	From  string // a database whose layers are kept ("": none)
	Rules movegen.Rules
}

// Check refuses what cannot be built, before any work: layers outside
// the index, more memory than the process may use, an output that cannot
// be written. Its errors, and Run's about f, name f's fields
// (internal/named), which the command words as its flags.
func (f *BuildFlags) Check() error {
	if f.Max < 0 || f.Max > MaxWarriors {
		return named.Errorf("%s %d: must be from 0 to %d (warriors on the board)", named.N("Max"), f.Max, MaxWarriors)
	}
	if f.Out == "" {
		return named.Errorf("%s: the file to write is needed", named.N("Out"))
	}
	// The layers, and the top one unpacked while it is built.
	if err := limits.CheckMemory(fmt.Sprintf("%s %d", named.N("Max"), f.Max), (Bytes(f.Max)+int64(Size(f.Max)))>>20+1); err != nil {
		return named.Wrap(err)
	}
	return wholefile.CheckWritable(f.Out)
}

// Run builds the layers and writes the file. On log it shows each
// layer's progress with an ETA (a bar on a terminal, plain lines in a
// log: internal/progress) and a line for each layer built.
func (f *BuildFlags) Run(ctx context.Context, log io.Writer) error {
	begin := time.Now()
	base := &DB{rules: f.Rules}
	if f.From != "" {
		var err error
		if base, err = ReadFile(f.From); err != nil {
			return named.Errorf("%s: %v", named.N("From"), err)
		}
		if err := base.CheckRules(named.N("From")+" "+f.From, f.Rules); err != nil {
			return named.Wrap(err)
		}
		if err := base.CheckValues(ctx); err != nil {
			return named.Errorf("%s %s: %v", named.N("From"), f.From, err)
		}
		fmt.Fprintf(log, "layers 0 to %d from %s\n", base.Max(), f.From)
	}
	if base.Max() < f.Max {
		fmt.Fprintf(log, "building layers %d to %d into %s (%d MB)\n", base.Max()+1, f.Max, f.Out, (Bytes(f.Max)+headerSize+4+500_000)/1_000_000)
	}
	// Each layer that runs longer than barAfter has its bar: its boards
	// done, with an ETA from the layer's own rate (the layers differ too
	// much in size for one).
	var bar *progress.Bar
	var layer int
	var started, drawn time.Time
	tick := func(n, done, total int) {
		now := time.Now()
		switch {
		case done == 0:
			bar, layer, started = nil, n, now
			return
		case n != layer || now.Sub(started) < barAfter:
			return
		case bar == nil:
			bar = progress.New(log, total)
			bar.Start = started
		case bar.Redraw && now.Sub(drawn) < 200*time.Millisecond:
			return
		}
		drawn = now
		bar.Update(done, fmt.Sprintf("layer %d", n))
	}
	reached := base.Max()
	d, err := extend(ctx, base, f.Max, func(s LayerStats) {
		reached = s.Warriors
		bar.Clear()
		bar = nil
		fmt.Fprintf(log, "layer %2d: %d entries, %d known (%.4f%%), %v\n", s.Warriors, s.Entries, s.Known,
			100*float64(s.Known)/float64(s.Entries), s.Time.Round(time.Millisecond))
	}, tick)
	bar.Clear()
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("build stopped in layer %d, nothing written (%s is as it was): %w", reached+1, f.Out, interrupted(ctx))
	}
	if err != nil {
		return err
	}
	if err := d.WriteFile(f.Out); err != nil {
		return err
	}
	fmt.Fprintf(log, "wrote %s: layers 0 to %d, %d bytes, %v\n", f.Out, f.Max, Bytes(f.Max)+headerSize+4, time.Since(begin).Round(time.Millisecond))
	return nil
}

// Info writes what d holds: each layer's entries and known ones.
func Info(out io.Writer, d *DB) {
	rules := "standard"
	if d.rules.FreeFirstLap {
		rules = "free-first-lap"
	}
	fmt.Fprintf(out, "rules %s, layers 0 to %d, %d entries, %d bytes\n", rules, d.Max(), Entries(d.Max()), Bytes(d.Max()))
	for n := 0; n <= d.Max(); n++ {
		k := d.Known(n)
		fmt.Fprintf(out, "layer %2d: %d entries, %d known (%.4f%%)\n", n, Size(n), k, 100*float64(k)/float64(Size(n)))
	}
}

// VerifyFlags are kiothi egdb verify's settings.
type VerifyFlags struct {
	File      string
	Positions int
	Seed      uint64
	Sample    int // entries a layer checked (CheckSample); 0: every entry (CheckValues)
}

// interrupted is why ctx ended: its cause (a signal: "interrupted by
// SIGINT"), or "interrupted" for a plain cancel.
func interrupted(ctx context.Context) error {
	if err := context.Cause(ctx); err != nil && err != context.Canceled {
		return err
	}
	return errors.New("interrupted")
}

// MaxVerifyPositions bounds VerifyFlags.Positions.
const MaxVerifyPositions = 1000000

// Run checks every entry of the file (CheckValues), then Verify's
// positions against solver, and writes the summary to out (a line a
// disagreement to log).
func (f *VerifyFlags) Run(ctx context.Context, solver Solver, out, log io.Writer) error {
	if f.Positions < 1 || f.Positions > MaxVerifyPositions {
		return named.Errorf("%s %d: must be from 1 to %d", named.N("Positions"), f.Positions, MaxVerifyPositions)
	}
	if f.Sample < 0 {
		return named.Errorf("%s %d: must not be negative (0: every entry)", named.N("Sample"), f.Sample)
	}
	d, err := ReadFile(f.File)
	if err != nil {
		return err
	}
	what := "every entry"
	if f.Sample > 0 {
		what = fmt.Sprintf("%d entries a layer", f.Sample)
		err = d.CheckSample(ctx, f.Sample, f.Seed)
	} else {
		err = d.CheckValues(ctx)
	}
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("verify stopped while checking the values: %w", interrupted(ctx))
	}
	if err != nil {
		return fmt.Errorf("%s: %v", f.File, err)
	}
	n, err := Verify(ctx, d, f.Positions, f.Seed, solver, log)
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("verify stopped after %d of %d positions: %w", n, f.Positions, interrupted(ctx))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "values: %s checked, each one its layer can have\n", what)
	fmt.Fprintf(out, "verified %s: every value agrees with kiothi solve\n", plural.Count(n, "position"))
	return nil
}

// Solver proves a position's value under the margin objective; kiothi
// egdb verify passes package solve's (which imports this package).
type Solver func(ctx context.Context, p position.Position, r movegen.Rules) (int, error)

// Verify checks count seeded random positions of d's top layers (a third
// each from the last three, or fewer when it has fewer), without nki
// marks, random prisons and either side to move, against solver. It
// writes a line a mismatch and returns an error naming the first one;
// known counts the positions d held.
func Verify(ctx context.Context, d *DB, count int, seed uint64, solver Solver, log io.Writer) (known int, err error) {
	rng := rand.New(rand.NewPCG(seed, 0x65676462))
	bad := 0
	var first error
	for k := 0; k < count; k++ {
		if err := ctx.Err(); err != nil {
			return known, err
		}
		n := max(0, d.Max()-k%3)
		var counts [position.NumPits]int
		for w := 0; w < n; w++ {
			counts[rng.IntN(position.NumPits)]++
		}
		left := position.MaxTotal - n
		a := rng.IntN(min(left, 25) + 1)
		b := rng.IntN(min(left-a, 25) + 1)
		p, err := position.New(counts, 0, [2]int{a, b}, position.Side(rng.IntN(2)), 3+rng.IntN(60))
		if err != nil {
			return known, err
		}
		got, ok := d.Outcome(&p, d.rules)
		if !ok {
			continue
		}
		known++
		want, err := solver(ctx, p, d.rules)
		if err != nil {
			return known, err
		}
		if got != want {
			bad++
			fmt.Fprintf(log, "%s: database %d, solve %d\n", p, got, want)
			if first == nil {
				first = fmt.Errorf("%s: the database says %d, the solver %d", p, got, want)
			}
		}
	}
	if first != nil {
		return known, fmt.Errorf("%d of %d positions disagree; the first: %w", bad, known, first)
	}
	return known, nil
}
