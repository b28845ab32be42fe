// Package bench is the fixed search benchmark behind kiothi bench: the
// positions of positions.txt (a copy is testdata/bench.txt) searched to a
// fixed depth, each from a cleared table.
package bench

import (
	"bufio"
	"context"
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

//go:embed positions.txt
var positionsText string

// DefaultDepth is the depth of kiothi bench without --depth: about six
// seconds on one core, long enough that thread start-up and the shallow
// iterations do not dominate a comparison of thread counts.
const DefaultDepth = 16

// Options configure a run.
type Options struct {
	Depth   int
	Threads int
	HashMB  int
	Rules   movegen.Rules
	Eval    *eval.Evaluator // nil: the default evaluation (the one the signature is of)
}

// Summary is a run's totals.
type Summary struct {
	Nodes   uint64
	Elapsed time.Duration
	CPU     time.Duration // process CPU time over the run (0 if unknown)
}

// NPS returns the nodes a second.
func (s Summary) NPS() uint64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return uint64(float64(s.Nodes) / s.Elapsed.Seconds())
}

// Positions returns the bench positions.
func Positions() ([]position.Position, error) {
	return parse(positionsText)
}

func parse(text string) ([]position.Position, error) {
	var out []position.Position
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, ';'); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line == "" || line[0] == '#' {
			continue
		}
		p, err := position.Parse(line)
		if err != nil {
			return nil, fmt.Errorf("bench positions line %d: %v", n, err)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// Run searches every bench position to o.Depth, writing one line each,
// then the two total lines. It stops early, with an error, when ctx ends.
func Run(ctx context.Context, o Options, w io.Writer) (Summary, error) {
	var sum Summary
	if o.Depth == 0 {
		o.Depth = DefaultDepth
	}
	if o.Depth < 1 || o.Depth > search.MaxDepth {
		return sum, fmt.Errorf("depth %d: must be from 1 to %d", o.Depth, search.MaxDepth)
	}
	ps, err := Positions()
	if err != nil {
		return sum, err
	}
	eng, err := search.NewEngine(search.Options{Threads: o.Threads, HashMB: o.HashMB, Rules: o.Rules, Eval: o.Eval})
	if err != nil {
		return sum, err
	}
	// Columns as wide as their widest entry, so every line lines up.
	posW := 0
	for _, p := range ps {
		posW = max(posW, len(p.String()))
	}
	numW := len(strconv.Itoa(len(ps)))
	cpu0 := cpuTime()
	for i, p := range ps {
		eng.NewGame()
		st := time.Now()
		res := eng.Search(ctx, p, nil, search.Limits{Depth: o.Depth}, nil)
		el := time.Since(st)
		if ctx.Err() != nil {
			return sum, ctx.Err()
		}
		sum.Nodes += res.Nodes
		sum.Elapsed += el
		score := fmt.Sprintf("cp %d", res.Score)
		if res.Proven {
			score = fmt.Sprintf("proven %d", res.Score/100)
		}
		fmt.Fprintf(w, "%*d/%d %-*s bestmove %-4s score %-10s nodes %9d time %6d ms\n",
			numW, i+1, len(ps), posW, p.String(), res.Best, score, res.Nodes, el.Milliseconds())
	}
	if c := cpuTime(); c > 0 {
		sum.CPU = c - cpu0
		// Wall time is what Nodes/second counts; on a loaded machine the
		// CPU time tells the search's own speed.
		fmt.Fprintf(w, "CPU time: %d ms (%d nodes per CPU second)\n", sum.CPU.Milliseconds(),
			uint64(float64(sum.Nodes)/max(sum.CPU.Seconds(), 1e-9)))
	}
	fmt.Fprintf(w, "Nodes searched: %d\n", sum.Nodes)
	_, err = fmt.Fprintf(w, "Nodes/second: %d\n", sum.NPS())
	return sum, err
}
