// A Go program solving a position: the engine as a library.

package solve_test

import (
	"context"
	"fmt"
	"log"

	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
)

// Prove a position's exact value (the final prison difference under
// perfect play, side to move's view) and a line that keeps it.
func Example() {
	p, err := position.Parse("0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36")
	if err != nil {
		log.Fatal(err)
	}
	res, err := solve.Solve(context.Background(), p, solve.Options{Threads: 1, HashMB: 16})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("exact:", res.Exact)
	fmt.Println("value:", res.Value)
	fmt.Println("first moves:", res.PV[:4])
	// Output:
	// exact: true
	// value: 6
	// first moves: [I1 i2 G2 d1]
}
