// The thread measurement behind kiothi bench --threads LIST: per-thread
// speed in wall and CPU time, the fixed cost of a search, and time to
// depth, for each thread count over the bench positions.

package bench

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/search"
)

// ThreadsOptions configure a thread measurement: each thread count searches
// every bench position once per move time (or, without move times, to
// Depth), each from a cleared table.
type ThreadsOptions struct {
	Threads   []int
	MoveTimes []time.Duration
	Depth     int // without MoveTimes; 0: DefaultDepth
	HashMB    int
	Rules     movegen.Rules
}

// ThreadsRow is one thread count's totals at one limit, over the searches
// whose threads ran (Skipped counts the others: roots solved exactly).
type ThreadsRow struct {
	Threads  int
	MoveTime time.Duration // 0: to Depth
	Depth    int           // the depth limit (rows without a move time)
	Searches int
	Skipped  int

	Nodes, MainNodes uint64        // all threads; the main thread
	ThreadTime       time.Duration // sum over threads of the time each searched
	Wall, CPU        time.Duration // Search calls; process CPU time over them
	DepthSum         int           // depths of the results

	SetupSum, SetupMax time.Duration // from Search's start to starting the threads (an exact solve tried)
	StartSum, StartMax time.Duration // from starting the threads to the last one's first iteration
	StopSum, StopMax   time.Duration // from the stop to the result
	GCs                uint32        // garbage collections during searches
	Allocs, Bytes      uint64        // heap allocations and bytes during searches, but for Big
	Big                int           // searches that allocated 1 MB or more (the solved-value table, made on first use)
}

// ThreadNPS is the nodes a second of one thread while it searched.
func (r ThreadsRow) ThreadNPS() float64 { return float64(r.Nodes) / max(r.ThreadTime.Seconds(), 1e-9) }

// CPUNPS is the nodes per second of process CPU time.
func (r ThreadsRow) CPUNPS() float64 { return float64(r.Nodes) / max(r.CPU.Seconds(), 1e-9) }

// Threads runs the measurement, writing a line per thread count and limit
// and, for each thread count after the first, its ratios to the first.
func Threads(ctx context.Context, o ThreadsOptions, w io.Writer) ([]ThreadsRow, error) {
	if o.Depth == 0 {
		o.Depth = DefaultDepth
	}
	if len(o.Threads) == 0 {
		return nil, fmt.Errorf("threads: none given")
	}
	ps, err := Positions()
	if err != nil {
		return nil, err
	}
	limits := slices.Clone(o.MoveTimes)
	if len(limits) == 0 {
		limits = []time.Duration{0}
	}
	var rows []ThreadsRow
	for _, mt := range limits {
		var first *ThreadsRow
		for _, th := range o.Threads {
			eng, err := search.NewEngine(search.Options{Threads: th, HashMB: o.HashMB, Rules: o.Rules})
			if err != nil {
				return rows, err
			}
			r := ThreadsRow{Threads: th, MoveTime: mt, Depth: o.Depth}
			l := search.Limits{MoveTime: mt}
			if mt == 0 {
				l = search.Limits{Depth: o.Depth}
			}
			runtime.GC()
			var m0, m1 runtime.MemStats
			for _, p := range ps {
				eng.NewGame()
				runtime.ReadMemStats(&m0)
				cpu0, st := cpuTime(), time.Now()
				res := eng.Search(ctx, p, nil, l, nil)
				el, cpu := time.Since(st), cpuTime()-cpu0
				runtime.ReadMemStats(&m1)
				if ctx.Err() != nil {
					return rows, ctx.Err()
				}
				t, ok := eng.LastTiming()
				if !ok {
					r.Skipped++
					continue
				}
				r.add(t, res, el, cpu)
				r.GCs += m1.NumGC - m0.NumGC
				if b := m1.TotalAlloc - m0.TotalAlloc; b < 1<<20 {
					r.Allocs, r.Bytes = r.Allocs+m1.Mallocs-m0.Mallocs, r.Bytes+b
				} else {
					r.Big++
				}
			}
			rows = append(rows, r)
			r.write(w)
			if first == nil {
				first = &rows[len(rows)-1]
			} else {
				r.compare(w, first)
			}
		}
	}
	return rows, nil
}

func (r *ThreadsRow) add(t search.Timing, res search.Result, el, cpu time.Duration) {
	r.Searches++
	r.Wall += el
	r.CPU += cpu
	r.DepthSum += res.Depth
	var begun time.Duration
	for i, n := range t.Nodes {
		r.Nodes += n
		r.ThreadTime += t.Ended[i] - t.Begun[i]
		begun = max(begun, t.Begun[i])
	}
	r.MainNodes += t.Nodes[0]
	r.SetupSum += t.Setup
	r.SetupMax = max(r.SetupMax, t.Setup)
	r.StartSum += begun - t.Setup
	r.StartMax = max(r.StartMax, begun-t.Setup)
	stop := t.Done - t.Stopped
	r.StopSum += stop
	r.StopMax = max(r.StopMax, stop)
}

func (r *ThreadsRow) write(w io.Writer) {
	n := float64(max(r.Searches, 1))
	limit := fmt.Sprintf("movetime %d ms", r.MoveTime.Milliseconds())
	if r.MoveTime == 0 {
		limit = fmt.Sprintf("depth %d", r.Depth)
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	fmt.Fprintf(w, "%s, %s, %s (%d more solved at the root): depth %.2f, nodes %.0f (main thread %.0f), wall %.1f ms, CPU %.1f ms (%.2f cores)\n",
		limit, plural.Count(r.Threads, "thread"), plural.Count(r.Searches, "search"), r.Skipped, float64(r.DepthSum)/n, float64(r.Nodes)/n, float64(r.MainNodes)/n,
		ms(r.Wall)/n, ms(r.CPU)/n, r.CPU.Seconds()/max(r.Wall.Seconds(), 1e-9))
	fmt.Fprintf(w, "  speed: %.0f nodes/s a thread while searching, %.0f nodes per CPU second\n", r.ThreadNPS(), r.CPUNPS())
	fmt.Fprintf(w, "  fixed cost (mean, max): set-up %.3f, %.3f ms; threads searching after %.3f, %.3f ms more; result after the stop %.3f, %.3f ms\n",
		ms(r.SetupSum)/n, ms(r.SetupMax), ms(r.StartSum)/n, ms(r.StartMax), ms(r.StopSum)/n, ms(r.StopMax))
	fmt.Fprintf(w, "  memory: %d garbage collections; %.1f allocations, %.0f bytes a search (%d searches of 1 MB or more left out)\n",
		r.GCs, float64(r.Allocs)/float64(max(r.Searches-r.Big, 1)), float64(r.Bytes)/float64(max(r.Searches-r.Big, 1)), r.Big)
}

// compare writes r's ratios to the first thread count's row.
func (r *ThreadsRow) compare(w io.Writer, f *ThreadsRow) {
	ratio := func(a, b float64) float64 { return a / max(b, 1e-9) }
	fmt.Fprintf(w, "  against %s: nodes/s a thread x%.3f, nodes per CPU second x%.3f, nodes x%.3f, main-thread nodes x%.3f, wall x%.3f\n",
		plural.Count(f.Threads, "thread"), ratio(r.ThreadNPS(), f.ThreadNPS()), ratio(r.CPUNPS(), f.CPUNPS()),
		ratio(float64(r.Nodes), float64(f.Nodes)), ratio(float64(r.MainNodes), float64(f.MainNodes)),
		ratio(r.Wall.Seconds(), f.Wall.Seconds()))
}
