// A Go program analysing a position with several lines: the engine as a library.

package search_test

import (
	"context"
	"fmt"
	"log"

	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// Analyse a position with three lines (MultiPV) to a fixed depth. With
// one thread and a depth limit the search is deterministic: the same
// lines every run.
func Example_multiPV() {
	p, err := position.Parse("0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36")
	if err != nil {
		log.Fatal(err)
	}
	eng, err := search.NewEngine(search.Options{Threads: 1, HashMB: 1, MultiPV: 3})
	if err != nil {
		log.Fatal(err)
	}
	// Each depth reports its lines best first; keep the last report of
	// each line.
	lines := make([]search.Info, 3)
	res := eng.Search(context.Background(), p, nil, search.Limits{Depth: 6}, func(in search.Info) {
		lines[in.MultiPV-1] = in
	})
	for _, in := range lines {
		fmt.Printf("line %d: depth %d, score %d, pv %v\n", in.MultiPV, in.Depth, in.Score, in.PV)
	}
	fmt.Println("best move:", res.Best)
	// Output:
	// line 1: depth 6, score 360, pv [I1 j1 G2 d1 C4 h2]
	// line 2: depth 6, score -403, pv [C2 d2 C2 e1 I1 b2 B1]
	// line 3: depth 6, score -460, pv [D1 d2 C1 e1 C3 b2]
	// best move: I1
}
