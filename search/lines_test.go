// Tests of what a search reports: its lines sorted and complete at every
// depth, and the last lines before the result the result's own.

package search

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// scoreKey is an Info's score in the search's order (proven values above
// every estimate).
func scoreKey(i Info) int {
	if i.Proven {
		return Proven(i.Score)
	}
	return i.Score
}

// legalMoves counts p's legal moves.
func legalMoves(p position.Position) int {
	var list movegen.MoveList
	n, legal := movegen.Generate(&p, movegen.Rules{}, &list), 0
	for i := 0; i < n; i++ {
		if _, st := movegen.MakeMove(p, list[i], movegen.Rules{}); st == movegen.Legal {
			legal++
		}
	}
	return legal
}

// checkLines checks a search's reports against its result: the reports
// come in groups of one depth, lines MultiPV 1..Lines with Lines the
// least of multiPV and the legal moves, scores non-increasing; the last
// group is a completed depth's (the same lines as an earlier report of
// that depth, or the only one) and its first line is the result's move,
// line and depth.
func checkLines(infos []Info, res Result, multiPV, legal int) error {
	want := min(multiPV, legal)
	if len(infos) == 0 {
		return fmt.Errorf("no reports")
	}
	var groups [][]Info
	for k, in := range infos {
		if in.MultiPV == 1 {
			groups = append(groups, nil)
		}
		if len(groups) == 0 {
			return fmt.Errorf("report %d: multipv %d first", k, in.MultiPV)
		}
		g := &groups[len(groups)-1]
		if in.MultiPV != len(*g)+1 || in.Lines != want {
			return fmt.Errorf("report %d (depth %d): multipv %d lines %d after %d lines of this depth, want %d lines", k, in.Depth, in.MultiPV, in.Lines, len(*g), want)
		}
		if len(*g) > 0 {
			prev := (*g)[len(*g)-1]
			if in.Depth != prev.Depth {
				return fmt.Errorf("report %d: depth %d in a group of depth %d", k, in.Depth, prev.Depth)
			}
			if scoreKey(in) > scoreKey(prev) {
				return fmt.Errorf("depth %d: multipv %d score %d (proven %v) above multipv %d's %d", in.Depth, in.MultiPV, in.Score, in.Proven, prev.MultiPV, prev.Score)
			}
		}
		*g = append(*g, in)
	}
	for _, g := range groups {
		if len(g) != want {
			return fmt.Errorf("depth %d: %d lines, want %d", g[0].Depth, len(g), want)
		}
	}
	last := groups[len(groups)-1]
	same := func(a, b []Info) bool {
		return slices.EqualFunc(a, b, func(x, y Info) bool {
			return x.Depth == y.Depth && x.Score == y.Score && x.Proven == y.Proven && slices.Equal(x.PV, y.PV)
		})
	}
	for _, g := range groups[:len(groups)-1] {
		if g[0].Depth == last[0].Depth && !same(g, last) {
			return fmt.Errorf("depth %d reported twice with different lines: %v then %v", g[0].Depth, g, last)
		}
	}
	if l := last[0]; l.Depth != res.Depth || len(l.PV) == 0 || l.PV[0] != res.Best || !slices.Equal(l.PV, res.PV) || l.Score != res.Score {
		return fmt.Errorf("last line depth %d score %d pv %v; result depth %d score %d best %s pv %v", l.Depth, l.Score, l.PV, res.Depth, res.Score, res.Best, res.PV)
	}
	return nil
}

// TestLinesSortedAndFinal: at every depth the lines come sorted and
// complete, and the last lines are the result's, under limits that stop
// an iteration part-way, with one thread and several.
func TestLinesSortedAndFinal(t *testing.T) {
	ps := suitePositions(t)
	// A position whose depth-4 lines came out of order (issue 27).
	p, err := position.Parse("1.2.1.0.4.3.2.4.19.1/4.3.0.3.0.3.2.1.3.6 1-0 s 4")
	if err != nil {
		t.Fatal(err)
	}
	roots := append([]position.Position{p}, ps[6:14]...)
	for _, threads := range []int{1, 2} {
		for _, multi := range []int{1, 3} {
			e, err := NewEngine(Options{Threads: threads, HashMB: 2, MultiPV: multi})
			if err != nil {
				t.Fatal(err)
			}
			for i, root := range roots {
				if root.Phase() != position.Play || legalMoves(root) == 0 {
					continue
				}
				for _, l := range []Limits{{Depth: 6}, {Nodes: 3000 + 7919*uint64(i)}, {MoveTime: 15 * time.Millisecond}} {
					e.NewGame()
					var infos []Info
					res := e.Search(context.Background(), root, nil, l, func(in Info) { infos = append(infos, in) })
					if err := checkLines(infos, res, multi, legalMoves(root)); err != nil {
						t.Errorf("%s, %d threads, multipv %d, %+v: %v", root, threads, multi, l, err)
					}
				}
			}
		}
	}
}

// TestOpeningLines: at turns 1 and 2 MultiPV gives K redistributions at
// every level, in the order of preference (the put-back's score against
// the others' less openingMargin), the choice first, and the last lines
// are the result's.
func TestOpeningLines(t *testing.T) {
	start := position.Start(30)
	north, err := movegen.Apply(start, position.Redistribute(mustPutBack(t, start)), movegen.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	for _, root := range []position.Position{start, north} {
		pb := position.Redistribute(mustPutBack(t, root))
		// Depth 2, then a node limit that stops inside level 3 (the
		// first level stopped before its lines are verified has only
		// those it verified).
		var nodes2 uint64
		for _, l := range []Limits{{Depth: 2}, {Nodes: 1}} {
			if l.Nodes > 0 {
				l.Nodes = nodes2 + nodes2/2
			}
			e, err := NewEngine(Options{HashMB: 2, MultiPV: 3})
			if err != nil {
				t.Fatal(err)
			}
			var infos []Info
			res := e.Search(context.Background(), root, nil, l, func(in Info) { infos = append(infos, in) })
			nodes2 = res.Nodes
			if len(infos) == 0 || len(infos)%3 != 0 {
				t.Fatalf("%s %+v: %d reports, want whole levels of 3", root, l, len(infos))
			}
			key := func(in Info) int {
				if in.PV[0] == pb {
					return in.Score
				}
				return in.Score - openingMargin
			}
			for k, in := range infos {
				if in.MultiPV != k%3+1 || in.Lines != 3 || len(in.PV) < 2 {
					t.Fatalf("%s %+v: report %d: multipv %d lines %d pv %v", root, l, k, in.MultiPV, in.Lines, in.PV)
				}
				if k%3 > 0 && (in.Depth != infos[k-1].Depth || key(in) > key(infos[k-1]) || in.PV[0] == infos[k-1].PV[0]) {
					t.Errorf("%s %+v: level %d line %d %v (%d) after %v (%d)", root, l, in.Depth, in.MultiPV, in.PV[0], in.Score, infos[k-1].PV[0], infos[k-1].Score)
				}
			}
			last := infos[len(infos)-3]
			if last.PV[0] != res.Best || !slices.Equal(last.PV, res.PV) || last.Score != res.Score {
				t.Errorf("%s %+v: last line %v %d, result %v %d", root, l, last.PV, last.Score, res.PV, res.Score)
			}
		}
	}
}

func mustPutBack(t *testing.T, p position.Position) position.OpeningMove {
	t.Helper()
	m, ok := movegen.PutBack(&p)
	if !ok {
		t.Fatalf("%s: no put-back", p)
	}
	return m
}
