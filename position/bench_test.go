// Benchmarks of the position primitives: a lap, the from-scratch key,
// parsing and printing. Run with
//
//	go test -run '^$' -bench . -benchmem ./position/

package position_test

import (
	"testing"

	"github.com/kiothi/kiothi/position"
)

var (
	sinkPos position.Position
	sinkU64 uint64
	sinkStr string
	sinkInt int
)

const benchPos = "0.0.24*.1.1*.0.1.1*.2.0/1.0.0.1*.2*.1.0.2.0.0 11-3 s 42"

func BenchmarkLap(b *testing.B) {
	p, _ := position.Parse(benchPos)
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		q := p
		sinkInt = q.Lap(k%position.NumPits, 1+k%23)
		sinkPos = q
		k++
	}
}

func BenchmarkLiftAll(b *testing.B) {
	p, _ := position.Parse(benchPos)
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		q := p
		sinkInt = q.LiftAll(k % position.NumPits)
		sinkPos = q
		k++
	}
}

func BenchmarkComputeKey(b *testing.B) {
	p, _ := position.Parse(benchPos)
	b.ReportAllocs()
	for b.Loop() {
		sinkU64 = p.ComputeKey()
	}
}

func BenchmarkOccupied(b *testing.B) {
	p, _ := position.Parse(benchPos)
	b.ReportAllocs()
	for b.Loop() {
		sinkInt = int(p.Occupied()) + p.BoardTotal()
	}
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkPos, _ = position.Parse(benchPos)
	}
}

func BenchmarkString(b *testing.B) {
	p, _ := position.Parse(benchPos)
	b.ReportAllocs()
	for b.Loop() {
		sinkStr = p.String()
	}
}
