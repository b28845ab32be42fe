// Solve-time benchmarks on fixed positions with about 10, 15, 20, 25 and
// 30 warriors on the board (taken from seeded greedy self-play games).

package solve

import (
	"context"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// BenchPositions are the table's positions, by warriors on the board.
var BenchPositions = []struct {
	Board int
	FEN   string
}{
	{10, "2.0.2.1.1.0.0.0.0.0/0.0.1.0.0.0.0.2.0.1 24-26 n 18"},
	{15, "0.1.0.0.3.1.3.0.0.0/0.0.2.0.1.1.0.1.2.0 20-25 n 20"},
	{19, "0.2.1.0.0.0.1.1.0.3/3.0.1.0.1.2.0.0.4.0 24-17 n 14"},
	{25, "0.4.2.0.0.0.1.1.0.3/3.0.1.4.0.1.1.0.4.0 21-14 n 12"},
	{30, "0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15"},
}

func TestBenchPositionsValid(t *testing.T) {
	for _, b := range BenchPositions {
		p, err := position.Parse(b.FEN)
		if err != nil || p.BoardTotal() != b.Board {
			t.Errorf("%s: %v, board %d", b.FEN, err, p.BoardTotal())
		}
	}
}

func benchSolve(b *testing.B, board int, obj movegen.Objective) {
	for _, bp := range BenchPositions {
		if bp.Board != board {
			continue
		}
		p, _ := position.Parse(bp.FEN)
		var nodes uint64
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			res, err := Solve(context.Background(), p, Options{Objective: obj, HashMB: 64})
			if err != nil || !res.Exact {
				b.Fatal(err, res)
			}
			nodes = res.Nodes
		}
		b.ReportMetric(float64(nodes), "nodes")
	}
}

func BenchmarkSolve10(b *testing.B)      { benchSolve(b, 10, movegen.Margin) }
func BenchmarkSolve15(b *testing.B)      { benchSolve(b, 15, movegen.Margin) }
func BenchmarkSolve19(b *testing.B)      { benchSolve(b, 19, movegen.Margin) }
func BenchmarkSolve25(b *testing.B)      { benchSolve(b, 25, movegen.Margin) }
func BenchmarkSolve15Match(b *testing.B) { benchSolve(b, 15, movegen.Match) }
func BenchmarkSolve25Match(b *testing.B) { benchSolve(b, 25, movegen.Match) }
