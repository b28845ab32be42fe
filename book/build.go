// Building a book: best-first growth of the tree by drop-out expansion,
// leaves scored by parallel searches, values propagated by negamax.

package book

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/kiothi/kiothi/internal/filelock"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"golang.org/x/sync/errgroup"
)

// Config is a build's settings. Zero fields take the defaults below.
type Config struct {
	Out       string            // book file to write
	Root      position.Position // the position the tree grows from
	Rules     movegen.Rules
	Plies     int           // expand positions fewer than Plies moves from the root (default DefaultPlies)
	Positions int           // stop when the book has this many expanded positions (default DefaultPositions)
	Limits    search.Limits // for each leaf search (default depth DefaultDepth)
	Threads   int           // searches run at once (default 1)
	Resume    bool          // continue the book at Out (a missing file starts afresh)
	Shard     Shard
	// Candidates is how many redistributions to ask the engine for at
	// turns 1 and 2 (its MultiPV; default DefaultCandidates).
	Candidates int
	// Dropout is the drop-out expansion's cost of one ply, in
	// centi-warriors (default DefaultDropout): larger grows the book wider, smaller
	// deeper along the best lines.
	Dropout    int
	HashMB     int                                            // per engine (default limits.DefaultHashMB)
	NewEngine  func(multiPV int) (search.GameSearcher, error) // default: search.NewEngine
	Checkpoint time.Duration                                  // write the book this often (0: only at the end)
	Progress   func(Progress)                                 // called after every batch
}

// The defaults of Config's zero fields (and of kiothi book build's flags).
const (
	DefaultPlies      = 16
	DefaultPositions  = 200
	DefaultDepth      = 4
	DefaultCandidates = 6
	DefaultDropout    = 100
)

// Progress reports a build's advance.
type Progress struct {
	Done, Target int // expanded positions: now and wanted
	Start        int // expanded positions when this run began
	Searches     int // leaf searches so far in this run
}

// Summary is the result of a build.
type Summary struct {
	Positions   int // expanded positions in the book
	Records     int
	Searches    int
	Interrupted bool // the context was cancelled; the book is valid, --resume continues it
	Exhausted   bool // no position left to expand within Plies (and the shard)
}

func (c *Config) defaults() error {
	if c.Out == "" {
		return errors.New("no output file")
	}
	if c.Plies == 0 {
		c.Plies = DefaultPlies
	}
	if c.Positions == 0 {
		c.Positions = DefaultPositions
	}
	if c.Threads == 0 {
		c.Threads = 1
	}
	if c.Candidates == 0 {
		c.Candidates = DefaultCandidates
	}
	if c.Dropout == 0 {
		c.Dropout = DefaultDropout
	}
	if c.HashMB == 0 {
		c.HashMB = limits.DefaultHashMB
	}
	switch {
	case c.Plies < 1 || c.Plies > 255:
		return fmt.Errorf("plies %d: want 1..255", c.Plies)
	case c.Positions < 1:
		return fmt.Errorf("positions %d: want at least 1", c.Positions)
	case !limits.Threads.Contains(int64(c.Threads)):
		return limits.Threads.Check("threads", int64(c.Threads))
	case !limits.MultiPV.Contains(int64(c.Candidates)):
		return limits.MultiPV.Check("candidates", int64(c.Candidates))
	case c.Dropout < 0:
		return fmt.Errorf("dropout %d: want at least 0", c.Dropout)
	case c.Shard.N > 1 && (c.Shard.I < 1 || c.Shard.I > c.Shard.N):
		return fmt.Errorf("shard %d/%d: want i in 1..n", c.Shard.I, c.Shard.N)
	}
	if c.Limits == (search.Limits{}) {
		c.Limits.Depth = DefaultDepth
	}
	if c.NewEngine == nil {
		c.NewEngine = c.LocalEngine
	}
	return nil
}

// LocalEngine is the default NewEngine: a one-thread search.Engine with
// HashMB under Rules, maximising the margin, with multiPV lines.
func (c *Config) LocalEngine(multiPV int) (search.GameSearcher, error) {
	return search.NewEngine(search.Options{Threads: 1, HashMB: c.HashMB, MultiPV: multiPV,
		Rules: c.Rules, Objective: movegen.Margin, Multiplier: movegen.DefaultMultiplier})
}

// builder is one run of Build.
type builder struct {
	cfg   Config
	t     *tree
	root  *node
	pool  chan search.GameSearcher
	count int // expanded positions
	jobs  int // leaf searches
}

// Build grows a book and writes it to cfg.Out (atomically, also at every
// checkpoint). When ctx is cancelled it stops, drops the unfinished batch
// and writes what it has: a valid book that Resume continues.
//
// The growth is drop-out expansion (Lincke, 2000): a leaf's priority is
// the sum, along its line from the root, of how much worse each move is
// than the best move of its position (in centi-warriors) plus Dropout per
// ply; the leaves of lowest priority are expanded first. The best line
// costs only its length, so it is deepened until a side line is close
// enough in value to compete: the lines most likely to be played and most
// able to change the root's value get the work, and the rest "drop out".
// Each expansion lists every legal move of a play position (at turns 1
// and 2, the engine's own candidate redistributions) and scores each new
// child with a search; values go back up by negamax.
func Build(ctx context.Context, cfg Config) (Summary, error) {
	if err := cfg.defaults(); err != nil {
		return Summary{}, err
	}
	if err := wholefile.CheckWritable(cfg.Out); err != nil {
		return Summary{}, err
	}
	// The book is replaced whole at each checkpoint: a second build on
	// the same file is refused while this one runs (FILE.lock).
	held, err := filelock.Beside(cfg.Out)
	if err != nil {
		return Summary{}, fmt.Errorf("--out: %v", err)
	}
	defer held.Unlock()
	b := &builder{cfg: cfg}
	rules := Variant{Setup: SetupOf(&cfg.Root), Rules: movegen.Rules{FreeFirstLap: cfg.Rules.FreeFirstLap}}
	if err := b.load(rules); err != nil {
		return Summary{}, err
	}
	if b.root.terminal {
		return Summary{}, fmt.Errorf("the root %s has no legal move", cfg.Root)
	}
	b.pool = make(chan search.GameSearcher, cfg.Threads)
	for range cfg.Threads {
		if ctx.Err() != nil {
			break // the loop below writes the book and reports the interruption
		}
		e, err := cfg.NewEngine(1)
		if err != nil {
			return Summary{}, fmt.Errorf("engine: %v", err)
		}
		b.pool <- e
	}
	b.count = b.t.expandedCount()
	start, lastSave := b.count, time.Now()
	var sum Summary
	for b.count < cfg.Positions {
		if ctx.Err() != nil {
			sum.Interrupted = true
			break
		}
		// Batches grow with the tree so that selection and propagation,
		// which walk the tree, stay a small share of the work; the size
		// depends only on the tree, so a build does not depend on Threads.
		k := min(max(8, b.count/64), cfg.Positions-b.count)
		leaves := b.selectLeaves(k)
		if len(leaves) == 0 {
			sum.Exhausted = true
			break
		}
		done, err := b.expand(ctx, leaves)
		if err != nil {
			return sum, err
		}
		if !done {
			sum.Interrupted = true
			break
		}
		if cfg.Progress != nil {
			cfg.Progress(Progress{Done: b.count, Target: cfg.Positions, Start: start, Searches: b.jobs})
		}
		if cfg.Checkpoint > 0 && time.Since(lastSave) >= cfg.Checkpoint {
			if err := wholefile.WriteBytes(cfg.Out, b.t.encode()); err != nil {
				return sum, err
			}
			lastSave = time.Now()
		}
	}
	data := b.t.encode()
	if err := wholefile.WriteBytes(cfg.Out, data); err != nil {
		return sum, err
	}
	sum.Positions, sum.Records, sum.Searches = b.count, (len(data)-headerSize-rootSize*len(b.t.roots))/recordSize, b.jobs
	return sum, nil
}

// load starts the tree: from the book at Out when resuming, else afresh.
func (b *builder) load(rules Variant) error {
	if b.cfg.Resume {
		old, err := Open(b.cfg.Out)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return fmt.Errorf("--resume: %v", err)
		default:
			if err := old.Compatible(rules); err != nil {
				return fmt.Errorf("--resume: book %s: %v", b.cfg.Out, err)
			}
			b.t = treeFromBook(old)
			b.root = b.t.nodes[b.cfg.Root.KeyWithPrisons()]
			if b.root == nil || !slices.Contains(b.t.roots, b.root) {
				return fmt.Errorf("--resume: book %s grows from %s, not from %s", b.cfg.Out, old.roots[0], b.cfg.Root)
			}
			return nil
		}
	}
	b.t = newTree(rules)
	b.root = b.t.addRoot(b.cfg.Root)
	return nil
}

// leaf is a selected position with the line that leads to it.
type leaf struct {
	n    *node
	path []*edge  // from the root
	hist []uint64 // KeyWithPrisons along the line, the leaf last
	ply  int
}

type qitem struct {
	prio, seq, ply int
	n              *node
	parent         *qitem
	via            *edge
}

type pq []*qitem

func (q pq) Len() int { return len(q) }
func (q pq) Less(i, j int) bool {
	if q[i].prio != q[j].prio {
		return q[i].prio < q[j].prio
	}
	return q[i].seq < q[j].seq
}
func (q pq) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x any)   { *q = append(*q, x.(*qitem)) }
func (q *pq) Pop() any     { o := *q; x := o[len(o)-1]; *q = o[:len(o)-1]; return x }

// selectLeaves returns up to k expandable leaves of lowest drop-out
// priority (Dijkstra over the tree from the root: the costs are >= 0).
func (b *builder) selectLeaves(k int) []leaf {
	settled := map[*node]bool{}
	q := &pq{{n: b.root}}
	seq := 1
	var out []leaf
	for q.Len() > 0 && len(out) < k {
		it := heap.Pop(q).(*qitem)
		n := it.n
		if settled[n] {
			continue
		}
		settled[n] = true
		if !n.expanded {
			if !n.terminal && it.ply < b.cfg.Plies {
				out = append(out, makeLeaf(it))
			}
			continue
		}
		inShard := b.rootShard(n)
		for i := range n.edges {
			e := &n.edges[i]
			if settled[e.child] || (inShard != nil && !inShard[i]) {
				continue
			}
			cost := n.value + e.child.value + b.cfg.Dropout // best - value of this move
			heap.Push(q, &qitem{prio: it.prio + cost, seq: seq, ply: it.ply + 1, n: e.child, parent: it, via: e})
			seq++
		}
	}
	return out
}

// rootShard returns, for the root under a proper shard, which of its
// edges the shard owns (by index in the order of the move bytes, which
// every shard computes alike); nil means all.
func (b *builder) rootShard(n *node) []bool {
	if n != b.root || b.cfg.Shard.whole() {
		return nil
	}
	idx := make([]int, len(n.edges))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(x, y int) bool {
		a, c := encodeMove(n.edges[idx[x]].move), encodeMove(n.edges[idx[y]].move)
		return string(a[:]) < string(c[:])
	})
	own := make([]bool, len(n.edges))
	for rank, i := range idx {
		own[i] = b.cfg.Shard.has(rank)
	}
	return own
}

func makeLeaf(it *qitem) leaf {
	l := leaf{n: it.n, ply: it.ply}
	for x := it; x != nil; x = x.parent {
		l.hist = append(l.hist, x.n.key)
		if x.via != nil {
			l.path = append(l.path, x.via)
		}
	}
	slices.Reverse(l.hist)
	slices.Reverse(l.path)
	return l
}

// job is one new child to score.
type job struct {
	n    *node
	hist []uint64
	res  search.Result
}

// expand expands the leaves: it lists their moves, scores their new
// children in parallel, and commits the batch to the tree only if the
// context was not cancelled meanwhile (done false: nothing changed).
func (b *builder) expand(ctx context.Context, leaves []leaf) (done bool, err error) {
	moves := make([][]position.GameMove, len(leaves))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(b.cfg.Threads)
	for i, l := range leaves {
		if l.n.pos.Phase() == position.Play {
			var list movegen.MoveList
			n := movegen.Generate(&l.n.pos, b.t.rules.Rules, &list)
			for _, m := range list[:n] {
				moves[i] = append(moves[i], position.PlayMove(m))
			}
			continue
		}
		g.Go(func() error {
			ms, err := b.candidates(gctx, l)
			moves[i] = ms
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return false, err
	}
	if ctx.Err() != nil {
		return false, nil
	}

	// Children: existing nodes are linked (transpositions), new ones are
	// made here but enter the tree only at commit.
	fresh := map[uint64]*node{}
	var jobs []*job
	edges := make([][]edge, len(leaves))
	for i, l := range leaves {
		for _, m := range moves[i] {
			q, err := movegen.Apply(l.n.pos, m, b.t.rules.Rules)
			if err != nil {
				return false, fmt.Errorf("move %s in %s: %v", m, l.n.pos, err)
			}
			k := q.KeyWithPrisons()
			c := b.t.nodes[k]
			if c == nil {
				c = fresh[k]
			}
			if c == nil {
				c = &node{pos: q, key: k}
				if !movegen.HasMove(&q, b.t.rules.Rules) {
					c.terminal, c.leafProven, c.leafValue = true, true, terminalValue(&q)
				} else {
					jobs = append(jobs, &job{n: c, hist: append(slices.Clone(l.hist), k)})
				}
				fresh[k] = c
			}
			edges[i] = append(edges[i], edge{move: m, child: c, count: 1})
		}
	}

	g, gctx = errgroup.WithContext(ctx)
	g.SetLimit(b.cfg.Threads)
	for _, j := range jobs {
		g.Go(func() error {
			e := <-b.pool
			defer func() { b.pool <- e }()
			e.NewGame() // each search from a clear table: the book does not depend on job order
			j.res = e.Search(gctx, j.n.pos, j.hist, b.cfg.Limits, nil)
			return nil
		})
	}
	g.Wait()
	if ctx.Err() != nil {
		return false, nil
	}

	for _, j := range jobs {
		if !j.res.HasMove {
			j.n.terminal, j.n.leafProven, j.n.leafValue = true, true, terminalValue(&j.n.pos)
			continue
		}
		j.n.leafValue, j.n.leafDepth, j.n.leafProven = clampValue(j.res.Score), min(max(j.res.Depth, 0), 254), j.res.Proven
	}
	for k, c := range fresh {
		b.t.nodes[k] = c
	}
	for i, l := range leaves {
		l.n.edges, l.n.expanded = edges[i], true
		for _, e := range l.path {
			e.count++
		}
	}
	b.count += len(leaves)
	b.jobs += len(jobs)
	b.t.propagate()
	return true, nil
}

// candidates asks the engine for redistributions at a turn-1 or turn-2
// leaf: its best move, then the first move of every line it reported
// (all MultiPV lines, deepest iteration first: each was the engine's
// choice at some depth), then again at shallower limits while fewer than
// Candidates were found and the last try found a new one (an engine
// without MultiPV still gives one per iteration and limit). Should the engine give none, emptying the first two pits and
// dropping their warriors back keeps the tree going.
func (b *builder) candidates(ctx context.Context, l leaf) ([]position.GameMove, error) {
	eng, err := b.cfg.NewEngine(b.cfg.Candidates)
	if err != nil {
		return nil, fmt.Errorf("engine: %v", err)
	}
	p := l.n.pos
	var out []position.GameMove
	seen := map[[moveSize]byte]bool{}
	add := func(m position.GameMove) {
		if !m.Redistribution || len(out) >= b.cfg.Candidates || movegen.CheckOpening(&p, &m.Opening) != nil {
			return
		}
		if k := encodeMove(m); !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	lim := b.cfg.Limits
tries:
	for try := 0; try < 4 && len(out) < b.cfg.Candidates; try++ {
		var mu sync.Mutex
		type line struct{ depth, pv int }
		lines := map[line]position.GameMove{}
		res := eng.Search(ctx, p, l.hist, lim, func(in search.Info) {
			mu.Lock()
			defer mu.Unlock()
			if len(in.PV) > 0 {
				lines[line{in.Depth, in.MultiPV}] = in.PV[0] // the last report of an iteration wins
			}
		})
		if ctx.Err() != nil {
			return nil, nil
		}
		before := len(out)
		if res.HasMove {
			add(res.Best)
		}
		mu.Lock()
		keys := slices.SortedFunc(maps.Keys(lines), func(a, b line) int {
			if a.depth != b.depth {
				return b.depth - a.depth
			}
			return a.pv - b.pv
		})
		for _, k := range keys {
			add(lines[k])
		}
		mu.Unlock()
		if len(out) == before {
			break // a deterministic engine repeats itself at shallower limits
		}
		switch {
		case lim.Depth > 1:
			lim.Depth--
		case lim.MoveTime > 2*time.Millisecond:
			lim.MoveTime /= 2
		case lim.Nodes > 1:
			lim.Nodes /= 2
		default:
			break tries
		}
		eng.NewGame()
	}
	if len(out) == 0 {
		movegen.ForEachPair(&p, func(i, j, _ int) {
			if len(out) > 0 {
				return
			}
			var d [position.NumPits]int
			d[i], d[j] = p.Count(i), p.Count(j)
			if m, err := movegen.NewOpening(&p, i, j, d); err == nil {
				out = append(out, position.Redistribute(m))
			}
		})
	}
	return out, nil
}
