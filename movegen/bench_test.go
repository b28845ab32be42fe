// Benchmarks of the rules core on fixed suite positions: make-move, move
// generation, move counting and perft (nodes/s). Run with
//
//	go test -run '^$' -bench . -benchmem ./movegen/

package movegen_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

var (
	sinkPos   position.Position
	sinkInt   int
	sinkCount uint64
)

// benchPositions returns the play-phase positions of the standard suite.
func benchPositions(b *testing.B) []movegen.SuiteEntry {
	var out []movegen.SuiteEntry
	for _, e := range testgame.LoadSuite(b, "kiothi.perft") {
		if e.Position.Phase() == position.Play {
			out = append(out, e)
		}
	}
	return out
}

// benchMoves returns every legal (position, move) pair of the suite's
// play-phase positions.
func benchMoves(b *testing.B) ([]position.Position, []position.Move) {
	var ps []position.Position
	var ms []position.Move
	for _, e := range benchPositions(b) {
		var list movegen.MoveList
		n := movegen.Generate(&e.Position, movegen.Rules{}, &list)
		for _, m := range list[:n] {
			ps, ms = append(ps, e.Position), append(ms, m)
		}
	}
	return ps, ms
}

func BenchmarkMakeMove(b *testing.B) {
	ps, ms := benchMoves(b)
	r := movegen.Rules{}
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		sinkPos, _ = movegen.MakeMove(ps[k], ms[k], r)
		if k++; k == len(ms) {
			k = 0
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	es := benchPositions(b)
	r := movegen.Rules{}
	var list movegen.MoveList
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		sinkInt = movegen.Generate(&es[k].Position, r, &list)
		if k++; k == len(es) {
			k = 0
		}
	}
}

func BenchmarkCountMoves(b *testing.B) {
	es := benchPositions(b)
	r := movegen.Rules{}
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		sinkInt = movegen.CountMoves(&es[k].Position, r)
		if k++; k == len(es) {
			k = 0
		}
	}
}

// BenchmarkPerft counts fixed suite positions at their deepest listed
// depth of at most a million leaves, on one and two threads.
func BenchmarkPerft(b *testing.B) {
	es := benchPositions(b)
	for _, line := range []int{17, 18, 20, 25, 59, 61} {
		var e *movegen.SuiteEntry
		for k := range es {
			if es[k].Line == line {
				e = &es[k]
			}
		}
		if e == nil {
			b.Fatalf("suite line %d is not a play-phase position", line)
		}
		depth := 0
		for d, n := range e.Expected {
			if n <= 1_000_000 {
				depth = d + 1
			}
		}
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("line%d/D%d/threads%d", line, depth, threads), func(b *testing.B) {
				o := movegen.PerftOptions{Threads: threads}
				iters := 0
				for b.Loop() {
					n, err := movegen.Perft(context.Background(), e.Position, depth, o)
					if err != nil || n != e.Expected[depth-1] {
						b.Fatalf("perft = %d, %v; want %d", n, err, e.Expected[depth-1])
					}
					sinkCount = n
					iters++
				}
				b.ReportMetric(float64(e.Expected[depth-1])*float64(iters)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}
