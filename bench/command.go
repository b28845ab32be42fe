// kiothi bench: its flags checked in their words, the header lines, and
// the fixed benchmark or the thread measurement they select.

package bench

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
)

// Flags are kiothi bench's settings as its flags give them.
type Flags struct {
	Depth, HashMB int
	Threads       []int
	MoveTimes     []int  // ms; any, or several Threads, measure the threads
	Eval          string // another evaluation's name (an engine spec's eval=)
	Rules         movegen.Rules
	Version       string // the build's, for the first line
}

// measure reports whether f asks for the thread measurement.
func (f *Flags) measure() bool { return len(f.Threads) > 1 || len(f.MoveTimes) > 0 }

// list prints v as the flags take it: 1,2,4.
func list(v []int) string {
	return strings.Trim(strings.Join(strings.Fields(fmt.Sprint(v)), ","), "[]")
}

// Check refuses a flag out of range, or engines beyond the memory this
// process may use, naming the flag.
func (f *Flags) Check() error {
	checks := []error{
		limits.Depth.Check("--depth", int64(f.Depth)),
		limits.HashMB.Check("--hash", int64(f.HashMB)),
	}
	if len(f.Threads) == 0 {
		checks = append(checks, fmt.Errorf("--threads: give at least one thread count"))
	}
	for _, th := range f.Threads {
		checks = append(checks, limits.Threads.Check("--threads", int64(th)),
			limits.CheckMemory(fmt.Sprintf("--hash %d with --threads %d", f.HashMB, th), limits.EngineMB(th, f.HashMB)))
	}
	for _, mt := range f.MoveTimes {
		checks = append(checks, limits.MoveTimeMS.Check("--movetime", int64(mt)))
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	if f.Eval != "" && f.measure() {
		return fmt.Errorf("--eval measures the depth bench with one thread count, not --threads %s or --movetime", list(f.Threads))
	}
	return nil
}

// Run writes the build and machine lines, then runs the fixed benchmark
// with ev (nil: the engine's evaluation) or the thread measurement.
func (f *Flags) Run(ctx context.Context, w io.Writer, ev *eval.Evaluator) error {
	var mts []time.Duration
	for _, mt := range f.MoveTimes {
		mts = append(mts, time.Duration(mt)*time.Millisecond)
	}
	limit := fmt.Sprintf("depth %d", f.Depth)
	if len(mts) > 0 {
		limit = fmt.Sprintf("movetime %s ms", list(f.MoveTimes))
	}
	fmt.Fprintf(w, "kiothi %s bench: %s, %s thread(s), hash %d MB\n", f.Version, limit, list(f.Threads), f.HashMB)
	fmt.Fprintln(w, machine.Current())
	if f.measure() {
		_, err := Threads(ctx, ThreadsOptions{Threads: f.Threads, MoveTimes: mts, Depth: f.Depth, HashMB: f.HashMB, Rules: f.Rules}, w)
		return err
	}
	_, err := Run(ctx, Options{Depth: f.Depth, Threads: f.Threads[0], HashMB: f.HashMB, Rules: f.Rules, Eval: ev}, w)
	return err
}
