//go:build harness && smpstats

// The Lazy SMP instruments over a set of positions: where the second
// thread's work goes. Not a test; it prints measurements:
//
//	go test -tags 'harness smpstats' ./search -run TestSMPInstruments -v -timeout 0
//
// Each search gets nodes per thread (KIOTHI_SMP_NODES, default 200000:
// about 50 ms of one thread), so the counts do not depend on the
// machine's load: with T threads the limit is T times that, what T
// threads of equal speed search in the same time. KIOTHI_SMP_OPENINGS
// names the start positions (default testdata/openings.txt); each is
// searched as it stands and again after KIOTHI_SMP_PLIES (default 12)
// plies of depth-4 self-play. KIOTHI_SMP_MARKS=1 turns the busy marks on
// (params.smpMarks, marks.go).

package search

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// smpPositions reads the openings file and adds each start played on.
func smpPositions(t *testing.T) []position.Position {
	name := os.Getenv("KIOTHI_SMP_OPENINGS")
	if name == "" {
		name = "../testdata/openings.txt"
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var starts []position.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		p, err := position.ParseStart(line)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p.Phase() == position.Play {
			starts = append(starts, p)
		}
	}
	plies := envInt("KIOTHI_SMP_PLIES", 12)
	out := append([]position.Position(nil), starts...)
	e, _ := NewEngine(Options{})
	for _, p := range starts {
		g := movegen.NewGame(p, movegen.Rules{})
		for i := 0; i < plies; i++ {
			if _, over := g.Over(); over {
				break
			}
			r := e.Search(context.Background(), g.Current(), g.History(), Limits{Depth: 4}, nil)
			if !r.HasMove || g.Play(r.Best) != nil {
				break
			}
		}
		if _, over := g.Over(); !over {
			out = append(out, g.Current())
		}
	}
	return out
}

// smpTotals sums one thread's counters over the positions.
type smpTotals struct {
	threadStats
	searches, depthSum, picked       int
	nodes                            uint64
	aborts, abortMoves, abortRoot    int
	abortNodes, abortPrev            uint64
	nearlyDone, changed              int
	sameDepthPairs, sameDepthDiffers int
}

func (a *smpTotals) add(w *worker) {
	st := &w.stats
	a.searches++
	a.depthSum += w.done
	a.nodes += w.nodes
	a.probes += st.probes
	a.hits += st.hits
	a.deep += st.deep
	a.badMoves += st.badMoves
	a.hitsOther += st.hitsOther
	a.stores += st.stores
	a.storesNew += st.storesNew
	a.storesShallower += st.storesShallower
	a.visits += st.visits
	a.dups += st.dups
	if st.abortDepth > 0 {
		a.aborts++
		a.abortMoves += st.abortMoves
		a.abortRoot += len(w.root)
		a.abortNodes += st.abortNodes
		a.abortPrev += st.abortPrevNodes
		// An iteration costs about 1.55 times the one before it (the
		// effective branching factor measured by this harness: twice
		// the nodes give one thread 1.6 more plies), so one stopped
		// after more than the previous one's nodes was about two thirds
		// done.
		if st.abortNodes > st.abortPrevNodes {
			a.nearlyDone++
		}
		if st.abortChanged {
			a.changed++
		}
	}
}

func pct(a, b uint64) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func TestSMPInstruments(t *testing.T) {
	ps := smpPositions(t)
	perThread := uint64(envInt("KIOTHI_SMP_NODES", 200000))
	t.Logf("%d positions, %d nodes per thread, busy marks %v", len(ps), perThread, os.Getenv("KIOTHI_SMP_MARKS") == "1")
	// One thread, two threads, and one thread at twice the nodes: the
	// yardstick of what a second core's worth of nodes buys one thread.
	for _, cf := range []struct{ threads, mult int }{{1, 1}, {2, 2}, {1, 2}} {
		th := cf.threads
		tot := make([]smpTotals, th)
		var resultDiffers, helperDeeper, hashfull, voteDiffers int
		for _, p := range ps {
			e, _ := NewEngine(Options{Threads: th, HashMB: 16})
			e.params.smpMarks = os.Getenv("KIOTHI_SMP_MARKS") == "1"
			r := e.Search(context.Background(), p, nil, Limits{Nodes: perThread * uint64(cf.mult)}, nil)
			for i, w := range e.workers {
				tot[i].add(w)
			}
			tot[e.picked].picked++
			hashfull += e.Hashfull()
			main := e.workers[0]
			if position.PlayMove(main.root[0].move) != r.Best {
				resultDiffers++
			}
			if position.PlayMove(main.s.vote().root[0].move) != r.Best {
				voteDiffers++
			}
			for _, h := range e.workers[1:] {
				if h.done > main.done {
					helperDeeper++
				}
				for d := 1; d <= min(h.done, main.done); d++ {
					if h.stats.best[d] != position.NoMove {
						tot[h.id].sameDepthPairs++
						if h.stats.best[d] != main.stats.best[d] {
							tot[h.id].sameDepthDiffers++
						}
					}
				}
			}
		}
		n := float64(len(ps))
		t.Logf("== %d thread(s), %d nodes in all: %d searches", th, perThread*uint64(cf.mult), len(ps))
		var probes, hits uint64
		for i := range tot {
			a := &tot[i]
			probes, hits = probes+a.probes, hits+a.hits
			t.Logf("thread %d: completed depth %.2f, nodes %.0f, result played %d/%d", i, float64(a.depthSum)/n, float64(a.nodes)/n, a.picked, len(ps))
			t.Logf("  table: probes %d, hit %.1f%%, deep enough to cut %.1f%% of hits, stored last by the other thread %.1f%% of hits, move not playable %d",
				a.probes, pct(a.hits, a.probes), pct(a.deep, a.hits), pct(a.hitsOther, a.hits), a.badMoves)
			t.Logf("  stores %d: new key %.1f%%, over a deeper entry of the same key %.1f%%", a.stores, pct(a.storesNew, a.stores), pct(a.storesShallower, a.stores))
			t.Logf("  nodes at depth > 0 that another thread searched first at the same depth: %.1f%% of %d", pct(a.dups, a.visits), a.visits)
			if a.aborts > 0 {
				t.Logf("  stopped iteration: %d of %d searches; root moves done in its last pass %.1f of %.1f; its nodes %.2f of the previous iteration's; more than the previous one's in %d; partial result changed the move in %d",
					a.aborts, a.searches, float64(a.abortMoves)/float64(a.aborts), float64(a.abortRoot)/float64(a.aborts),
					float64(a.abortNodes)/float64(max(a.abortPrev, 1)), a.nearlyDone, a.changed)
			}
			if a.sameDepthPairs > 0 {
				t.Logf("  best move differs from the main thread's at the same depth: %d of %d depths (%.1f%%)", a.sameDepthDiffers, a.sameDepthPairs, pct(uint64(a.sameDepthDiffers), uint64(a.sameDepthPairs)))
			}
		}
		t.Logf("all threads: hit %.1f%%; table fill at the end %.1f per mille (16 MB)", pct(hits, probes), float64(hashfull)/n)
		if th > 1 {
			t.Logf("helper completed a deeper iteration than the main thread: %d/%d; the move played differs from the main thread's: %d/%d; a vote over the threads (shared.vote) would play another move: %d/%d",
				helperDeeper, len(ps), resultDiffers, len(ps), voteDiffers, len(ps))
		}
	}
}
