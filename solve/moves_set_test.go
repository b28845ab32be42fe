// Every move's value (solve.SolveMoves) on the 20-26 warrior accuracy
// set: the values proven when the set was made.

package solve_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kiothi/kiothi/accuracy"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/solve"
)

// TestSolveMovesAccuracySet: the first positions of the 20-26 warrior
// accuracy set, whose every move's value was proven when the set was
// made (no game history), get those values.
func TestSolveMovesAccuracySet(t *testing.T) {
	items := setItems(t)
	db, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	n := 4
	if testing.Short() {
		n = 2
	}
	for _, it := range items[:n] {
		res, err := solve.SolveMoves(context.Background(), it.Pos, solve.Options{DB: db})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Moves) != len(it.Moves) || !res.Exact || res.Value != it.Best() {
			t.Fatalf("%s: %d moves, root %+v; the set: %d moves, best %d", it.Pos, len(res.Moves), res.Result, len(it.Moves), it.Best())
		}
		got := map[string]int{}
		for _, mv := range res.Moves {
			got[mv.Move.String()] = mv.Value
		}
		for i, m := range it.Moves {
			if v, ok := got[m.String()]; !ok || v != it.Values[i] {
				t.Errorf("%s: move %s = %d (listed %v), the set says %d", it.Pos, m, v, ok, it.Values[i])
			}
		}
	}
}

// TestSolveMovesSetTimes times SolveMoves (one thread, the default
// table, the embedded database or KIOTHI_ORACLE_EGDB's file) on every
// position of the set KIOTHI_ORACLE_SET names, in one process: the
// CPU (user + system, getrusage) of each, without the program's start
// and the database's opening, and the median and maximum by warriors on
// the board. Skipped unless KIOTHI_ORACLE_SET is set (docs/solve.md);
// KIOTHI_ORACLE_ROOT=1 times the root solves instead.
func TestSolveMovesSetTimes(t *testing.T) {
	set := os.Getenv("KIOTHI_ORACLE_SET")
	if set == "" {
		t.Skip("KIOTHI_ORACLE_SET not set")
	}
	db, err := egdb.Embedded()
	if f := os.Getenv("KIOTHI_ORACLE_EGDB"); f != "" {
		db, err = egdb.Open(f)
	}
	if err != nil {
		t.Fatal(err)
	}
	items := readSet(t, set)
	// KIOTHI_ORACLE_ROOT=1 times the root solve alone (from the
	// evaluation's guess, as kiothi solve), for comparison.
	root := os.Getenv("KIOTHI_ORACLE_ROOT") == "1"
	ev, err := nn.Evaluator()
	if err != nil {
		t.Fatal(err)
	}
	guess := func(it accuracy.Item) *int {
		g := solve.EvalGuess(ev, movegen.Margin, 2, &it.Pos)
		return &g
	}
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			t.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	by := map[int][]time.Duration{}
	var all []time.Duration
	for i, it := range items {
		c0 := cpu()
		var res solve.MovesResult
		if root {
			res.Result, err = solve.Solve(context.Background(), it.Pos, solve.Options{DB: db, Guess: guess(it)})
		} else {
			res, err = solve.SolveMoves(context.Background(), it.Pos, solve.Options{DB: db})
		}
		d := cpu() - c0
		if err != nil || !res.Exact || res.Value != it.Best() {
			t.Fatalf("%s: %+v %v, the set's value %d", it.Pos, res.Result, err, it.Best())
		}
		n := it.Pos.BoardTotal()
		by[n] = append(by[n], d)
		all = append(all, d)
		t.Logf("%d %d nodes %d cpu %.3f s", i+1, n, res.Nodes, d.Seconds())
	}
	stat := func(ds []time.Duration) string {
		slices.Sort(ds)
		return fmt.Sprintf("%d positions, median %.3f s, max %.3f s", len(ds), ds[(len(ds)-1)/2].Seconds(), ds[len(ds)-1].Seconds())
	}
	for _, n := range slices.Sorted(maps.Keys(by)) {
		t.Logf("%d warriors: %s", n, stat(by[n]))
	}
	t.Logf("all: %s", stat(all))
}

// readSet reads an accuracy set (POSITION ; M=V ...) or a solve set
// (POSITION; value=V, testdata/solve-27-30.txt), the latter as items
// of one value and no moves.
func readSet(t *testing.T, file string) []accuracy.Item {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "value=") {
		items, err := accuracy.ReadFile(file, movegen.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		return items
	}
	var items []accuracy.Item
	for _, line := range strings.Split(string(data), "\n") {
		pos, val, ok := strings.Cut(line, "; value=")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := position.Parse(strings.TrimSpace(pos))
		if err != nil {
			t.Fatal(err)
		}
		v, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, accuracy.Item{Pos: p, Values: []int{v}})
	}
	return items
}
