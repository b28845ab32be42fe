// The in-memory book tree: nodes and edges, rebuilt from records, values
// propagated by negamax, and written back as records.

package book

import (
	"math"
	"slices"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// node is a position of the tree. An expanded node has edges (its book
// moves); a leaf carries the value its search gave.
type node struct {
	pos      position.Position
	key      uint64
	edges    []edge
	expanded bool
	terminal bool // no legal move: the value is the game's result

	leafValue, leafDepth int // mover's view, from the search
	leafProven           bool

	value, depth int // propagated, mover's view
	proven       bool
	state        uint8 // propagation: 0 new, 1 on the stack, 2 done
}

type edge struct {
	move  position.GameMove
	child *node
	count uint32
}

// tree is the book being built.
type tree struct {
	rules Variant
	roots []*node
	nodes map[uint64]*node
}

func newTree(r Variant) *tree { return &tree{rules: r, nodes: map[uint64]*node{}} }

// get returns the node of p, creating a leaf (and scoring it if terminal).
func (t *tree) get(p position.Position) (*node, bool) {
	k := p.KeyWithPrisons()
	if n := t.nodes[k]; n != nil {
		return n, false
	}
	n := &node{pos: p, key: k}
	if !movegen.HasMove(&p, t.rules.Rules) {
		n.terminal, n.leafProven = true, true
		n.leafValue = terminalValue(&p)
	}
	t.nodes[k] = n
	return n, true
}

// terminalValue is the final prison difference, in centi-warriors from
// the mover's view, of a position whose mover has no legal move. Search
// scores use the same scale (movegen.Margin: final prison difference).
func terminalValue(p *position.Position) int {
	o := movegen.NoMoveOutcome(p)
	v := 100 * o.Margin()
	if p.Side() == position.North {
		v = -v
	}
	return v
}

func (t *tree) addRoot(p position.Position) *node {
	n, _ := t.get(p)
	if !slices.Contains(t.roots, n) {
		t.roots = append(t.roots, n)
	}
	return n
}

// treeFromBook rebuilds the tree a book was written from.
func treeFromBook(b *Book) *tree {
	t := newTree(b.rules)
	mr := b.rules.Rules
	var queue []*node
	for _, p := range b.roots {
		queue = append(queue, t.addRoot(p))
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if n.expanded {
			continue
		}
		lo, hi := b.span(n.key)
		if lo == hi {
			continue
		}
		n.expanded = true
		for i := lo; i < hi; i++ {
			e := &b.entries[i]
			q, err := movegen.Apply(n.pos, e.Move, mr)
			if err != nil {
				continue // Decode has already refused such books
			}
			c, fresh := t.get(q)
			if fresh && !c.terminal {
				c.leafValue, c.leafDepth, c.leafProven = -e.Value, max(e.Depth-1, 0), e.Proven
			}
			n.edges = append(n.edges, edge{move: e.Move, child: c, count: e.Count})
			queue = append(queue, c)
		}
	}
	t.propagate()
	return t
}

// propagate recomputes every value by negamax from the leaves. A move back
// into a position still on the stack (a cycle) uses that position's last
// value.
func (t *tree) propagate() {
	for _, n := range t.nodes {
		n.state = 0
	}
	for _, r := range t.roots {
		t.visit(r)
	}
}

func (t *tree) visit(n *node) {
	if n.state != 0 {
		return
	}
	if !n.expanded || len(n.edges) == 0 {
		n.value, n.depth, n.proven, n.state = n.leafValue, n.leafDepth, n.leafProven, 2
		return
	}
	n.state = 1
	for _, e := range n.edges {
		t.visit(e.child)
	}
	best, bestDepth, all := math.MinInt, 0, true
	for _, e := range n.edges {
		v := -e.child.value
		if v > best || (v == best && e.child.depth+1 > bestDepth) {
			best, bestDepth = v, e.child.depth+1
		}
		all = all && e.child.proven
	}
	n.value, n.depth = best, min(bestDepth, 255)
	// Only a play position lists every legal move; a redistribution node
	// holds the engine's candidates, so its maximum is not exact.
	n.proven = all && n.pos.Phase() == position.Play
	n.state = 2
}

// weight is the pick weight of a move worth v where the best is worth
// best: 1000, halved for every warrior (100) it is worse.
func weight(v, best int) int {
	return int(math.Round(1000 * math.Exp2(-float64(best-v)/100)))
}

// records returns the tree as sorted records (propagate first).
func (t *tree) records() []record {
	var recs []record
	for _, n := range t.nodes {
		if !n.expanded {
			continue
		}
		for _, e := range n.edges {
			v := clampValue(-e.child.value)
			recs = append(recs, record{key: n.key, e: Entry{
				Move:   e.move,
				Value:  v,
				Weight: weight(v, clampValue(n.value)),
				Depth:  min(e.child.depth+1, 255),
				Count:  e.count,
				Proven: e.child.proven,
			}})
		}
	}
	slices.SortFunc(recs, compareRecords)
	return recs
}

func clampValue(v int) int { return max(-maxValue, min(maxValue, v)) }

// rootPositions returns the roots' positions.
func (t *tree) rootPositions() []position.Position {
	ps := make([]position.Position, len(t.roots))
	for i, r := range t.roots {
		ps[i] = r.pos
	}
	return ps
}

// encode returns the tree as a book file.
func (t *tree) encode() []byte {
	t.propagate()
	return encode(t.rules, t.rootPositions(), t.records())
}

// expandedCount returns the number of expanded positions.
func (t *tree) expandedCount() int {
	n := 0
	for _, x := range t.nodes {
		if x.expanded {
			n++
		}
	}
	return n
}
