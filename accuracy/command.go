// kiothi accuracy and accuracy generate: their flags checked in the
// flags' words, the run, and the lines they print.

package accuracy

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
)

// defaultSolveMB is GenerateOptions.HashMB when it is 0.
const defaultSolveMB = limits.SolveHashMB

// GenerateEngineMB is the table of the search engine that plays
// Generate's games.
const GenerateEngineMB = limits.DefaultHashMB

// MaxSetPositions bounds kiothi accuracy generate's --n: a set is
// measured position by position, and each one costs seconds to label.
const MaxSetPositions = 10000

// Flags are kiothi accuracy's settings as its flags give them.
type Flags struct {
	Set      string // the set file
	Player   string // a match spec
	MoveTime time.Duration
	Each     bool // a line a position
	Rules    movegen.Rules
}

// Run checks f, measures the player on the set until ctx ends, and
// writes the report (and with Each a line a position) to out.
func (f *Flags) Run(ctx context.Context, out io.Writer) error {
	if f.Set == "" {
		return fmt.Errorf("--set: required (an accuracy set file, e.g. testdata/accuracy-20-26.txt)")
	}
	if err := limits.MoveTimeMS.CheckDuration("--movetime", f.MoveTime); err != nil {
		return err
	}
	pl, err := match.ParseSpec(f.Player)
	if err != nil {
		return fmt.Errorf("--player: %v", err)
	}
	if err := limits.CheckMemory("--player "+f.Player, pl.MemoryMB); err != nil {
		return err
	}
	items, err := ReadFile(f.Set, f.Rules)
	if err != nil {
		return fmt.Errorf("--set: %v", err)
	}
	if len(items) == 0 {
		return fmt.Errorf("%s: no positions", f.Set)
	}
	var each func(Move)
	if f.Each {
		each = func(m Move) { fmt.Fprintf(out, "%d %s loss %d\n", m.Index+1, m.Move, m.Loss) }
	}
	rep, err := Measure(ctx, items, pl, f.MoveTime, f.Rules, each)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, rep)
	return nil
}

// GenerateFlags are kiothi accuracy generate's settings as its flags
// give them.
type GenerateFlags struct {
	Lo, Hi, N int
	Seed      uint64
	Nodes     int64 // 0: no bound
	HashMB    int
	Out       string
	EGDB      string // the endgame database setting (egdb.OpenSetting)
	Rules     movegen.Rules
}

// Run checks f, generates the set until ctx ends, rewriting f.Out whole
// after each kept position, and writes the summary to out; status, if
// set, gets a progress line after each labelled position and "" at the
// end.
func (f *GenerateFlags) Run(ctx context.Context, out io.Writer, status func(string)) error {
	if f.Out == "" {
		return fmt.Errorf("--out: required (the set file to write)")
	}
	if f.N < 1 || f.N > MaxSetPositions {
		return fmt.Errorf("--n %d: want 1 to %d", f.N, MaxSetPositions)
	}
	if f.Nodes != 0 {
		if err := limits.Nodes.Check("--nodes", f.Nodes); err != nil {
			return err
		}
	}
	if err := limits.HashMB.Check("--hash", int64(f.HashMB)); err != nil {
		return err
	}
	if err := limits.CheckMemory("--hash", int64(f.HashMB)+limits.EngineMB(1, GenerateEngineMB)); err != nil {
		return err
	}
	if err := wholefile.CheckWritable(f.Out); err != nil {
		return fmt.Errorf("--out: %v", err)
	}
	if status == nil {
		status = func(string) {}
	}
	db, err := egdb.OpenSetting(f.EGDB)
	if err != nil {
		return fmt.Errorf("--egdb: %v", err)
	}
	if db != nil {
		if err := db.CheckRules("--egdb "+f.EGDB, f.Rules); err != nil {
			return err
		}
	}
	opts := GenerateOptions{Lo: f.Lo, Hi: f.Hi, N: f.N, Seed: f.Seed, Nodes: uint64(f.Nodes), HashMB: f.HashMB, Rules: f.Rules, DB: db}
	written := 0
	res, err := Generate(ctx, opts, func(r *Generated) error {
		status(fmt.Sprintf("games %d tried %d kept %d/%d unproven %d equal %d, %s", r.Games, r.Tried, len(r.Items), f.N, r.Unproven, r.Flat, r.Elapsed.Round(time.Second)))
		if len(r.Items) == written {
			return nil
		}
		written = len(r.Items)
		return wholefile.WriteBytes(f.Out, []byte(r.FileText(opts)))
	})
	status("")
	if res != nil && len(res.Items) > 0 {
		if werr := wholefile.WriteBytes(f.Out, []byte(res.FileText(opts))); err == nil {
			err = werr
		}
	}
	if err != nil {
		return err
	}
	if len(res.Items) < f.N {
		fmt.Fprintf(out, "only %d of %s in %s\n", len(res.Items), plural.Count(f.N, "position"), plural.Count(res.Games, "game"))
	}
	fmt.Fprintf(out, "%s: %s (%d tried, %d unproven, %d equal) in %v\n", f.Out, plural.Count(len(res.Items), "position"), res.Tried, res.Unproven, res.Flat, res.Elapsed.Round(time.Second))
	return nil
}
