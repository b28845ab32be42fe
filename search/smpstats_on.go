// The Lazy SMP instruments (build with -tags smpstats): per-thread depths
// and best moves, the table's hits and stores, nodes that two threads
// search at the same depth, and what the last, stopped iteration did.
//go:build smpstats

package search

import (
	"sync/atomic"

	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/tt"
)

// instrumented is true in a build with -tags smpstats.
const instrumented = true

// threadStats holds one thread's counters for one search.
type threadStats struct {
	probes, hits, deep, badMoves uint64 // table probes at depth > 0; hits deep enough to cut; hits whose move is not playable here
	hitsOther                    uint64 // hits on an entry another thread stored last
	stores, storesNew            uint64 // stores, and those of a key not in the table
	storesShallower              uint64 // stores over a deeper entry of the same key
	visits, dups                 uint64 // nodes at depth > 0, and those another thread searched at the same depth first
	best                         [MaxDepth + 1]position.Move
	score                        [MaxDepth + 1]int
	iterNodes                    uint64 // nodes at the start of the current iteration
	lastIterNodes                uint64 // nodes of the last completed iteration
	rootDone                     int    // root moves completed in the current pass
	abortDepth                   int    // depth of the stopped iteration (0: none)
	abortMoves                   int    // root moves it completed in its last pass
	abortNodes                   uint64 // nodes it spent
	abortPrevNodes               uint64 // nodes of the completed iteration before it
	abortChanged                 bool   // its partial result changed the thread's move
}

// The side tables, shared by the threads of one search and cleared by
// statsBegin: visits keyed by (position, depth) and owners keyed by
// position. Each slot holds the key's high bits and the thread id + 1 in
// its low byte; a slot lost to another key only hides a duplicate, so
// the counts are lower bounds.
const sideBits = 22

var sideVisits, sideOwners [1 << sideBits]atomic.Uint64

func statsBegin() {
	for i := range sideVisits {
		sideVisits[i].Store(0)
		sideOwners[i].Store(0)
	}
}

// mark records that thread id met h and reports whether another thread
// met it first.
func mark(tab *[1 << sideBits]atomic.Uint64, h uint64, id int) (other bool) {
	slot := &tab[h&(1<<sideBits-1)]
	tag := h &^ 0xff
	old := slot.Swap(tag | uint64(id+1))
	return old&^0xff == tag && int(old&0xff) != id+1
}

func (st *threadStats) probe(w *worker, p *position.Position, key uint64, depth int, hit bool, e tt.Entry) {
	st.visits++
	if mark(&sideVisits, key^uint64(depth)*0x9e3779b97f4a7c15, w.id) {
		st.dups++
	}
	st.probes++
	if !hit {
		return
	}
	st.hits++
	if o := sideOwners[key&(1<<sideBits-1)].Load(); o&^0xff == key&^0xff && int(o&0xff) != w.id+1 {
		st.hitsOther++
	}
	if int(e.Depth) >= depth {
		st.deep++
	}
	if m := e.Move; m != position.NoMove {
		pit := m.Pit()
		if pit >= position.NumPits || position.Owner(pit) != p.Side() || m.Count() < 1 || m.Count() > p.Count(pit) {
			st.badMoves++
		}
	}
}

func (st *threadStats) store(w *worker, key uint64, depth int) {
	st.stores++
	e, hit := w.s.tt.Probe(key)
	if !hit {
		st.storesNew++
	} else if int(e.Depth) > depth {
		st.storesShallower++
	}
	mark(&sideOwners, key, w.id)
}

func (st *threadStats) iterStart(nodes uint64) { st.iterNodes, st.rootDone = nodes, 0 }

func (st *threadStats) rootMoveDone(n int) { st.rootDone = n }

func (st *threadStats) completed(w *worker, depth int) {
	st.best[depth], st.score[depth] = w.root[0].move, w.root[0].score
	st.lastIterNodes = w.nodes - st.iterNodes
}

func (st *threadStats) aborted(w *worker, depth int) {
	st.abortDepth, st.abortMoves = depth, st.rootDone
	st.abortNodes, st.abortPrevNodes = w.nodes-st.iterNodes, st.lastIterNodes
	st.abortChanged = w.done > 0 && w.root[0].move != st.best[w.done]
}
