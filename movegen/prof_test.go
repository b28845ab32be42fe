package movegen

import (
	"context"
	"os"
	"testing"
)

func BenchmarkSuitePlay(b *testing.B) {
	fh, _ := os.Open("../testdata/kiothi.perft")
	es, _ := ParseSuite(fh)
	var total uint64
	for i := 0; i < b.N; i++ {
		total = 0
		for _, e := range es {
			if e.Position.Phase() != 2 {
				continue
			}
			d := len(e.Expected)
			for d > 1 && e.Expected[d-1] > 2000000 {
				d--
			}
			n, _ := Perft(context.Background(), e.Position, d, PerftOptions{})
			total += n
		}
	}
	b.ReportMetric(float64(total)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
	b.ReportMetric(float64(total), "nodes")
}
