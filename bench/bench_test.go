// Tests of the bench runner: the list, its copy in testdata, determinism.

package bench

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func TestPositionsValid(t *testing.T) {
	ps, err := Positions()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 30 {
		t.Fatalf("%d bench positions, want at least 30", len(ps))
	}
	for i, p := range ps {
		if p.Phase() != position.Play {
			t.Errorf("position %d (%s) is not in the play phase", i+1, p)
		}
		if !movegen.HasMove(&p, movegen.Rules{}) {
			t.Errorf("position %d (%s) has no legal move", i+1, p)
		}
	}
}

func TestTestdataCopy(t *testing.T) {
	b, err := os.ReadFile("../testdata/bench.txt")
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != positionsText {
		t.Fatal("testdata/bench.txt differs from bench/positions.txt: copy it over")
	}
}

// The positions bench runs are the lines of bench/positions.txt as the
// file on disk has them, in order: Run's position lines name each one.
func TestRunsThePositionsFile(t *testing.T) {
	b, err := os.ReadFile("positions.txt")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, line := range strings.Split(string(b), "\n") {
		line, _, _ = strings.Cut(line, ";")
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	_, lines := run(t, Options{Depth: 1, Threads: 1, HashMB: 1})
	var got []string
	for _, l := range lines {
		num, rest, _ := strings.Cut(strings.TrimSpace(l), " ")
		if pos, _, ok := strings.Cut(rest, " bestmove "); ok && strings.Contains(num, "/") {
			got = append(got, strings.TrimSpace(pos))
		}
	}
	if len(want) < 30 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("bench ran %d positions:\n%s\nthe file has %d:\n%s", len(got), strings.Join(got, "\n"), len(want), strings.Join(want, "\n"))
	}
}

// run returns the node count of a run and its position lines.
func run(t *testing.T, o Options) (string, []string) {
	var buf bytes.Buffer
	if _, err := Run(context.Background(), o, &buf); err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	n := len(lines)
	if n < 2 || !strings.HasPrefix(lines[n-2], "Nodes searched: ") || !strings.HasPrefix(lines[n-1], "Nodes/second: ") {
		t.Fatalf("last two lines: %q", lines[max(0, n-2):])
	}
	return lines[n-2], lines[:n-2]
}

func TestDeterministic(t *testing.T) {
	o := Options{Depth: 4, Threads: 1, HashMB: 4}
	a, la := run(t, o)
	b, lb := run(t, o)
	if a != b {
		t.Fatalf("two single-thread runs: %q and %q", a, b)
	}
	for i := range la {
		// Same best move and score: the lines differ only in time.
		x, y := la[i][:strings.Index(la[i], " time")], lb[i][:strings.Index(lb[i], " time")]
		if x != y {
			t.Errorf("line %d: %q vs %q", i+1, x, y)
		}
	}
}

func TestBadDepth(t *testing.T) {
	if _, err := Run(context.Background(), Options{Depth: -1}, &bytes.Buffer{}); err == nil {
		t.Fatal("depth -1 accepted")
	}
}

// BenchmarkBench searches the bench positions to the default depth on one
// thread (the kiothi bench figure).
func BenchmarkBench(b *testing.B) {
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		s, err := Run(context.Background(), Options{Depth: DefaultDepth, Threads: 1, HashMB: 16}, &bytes.Buffer{})
		if err != nil {
			b.Fatal(err)
		}
		nodes = s.Nodes
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkTimeToDepth is the Lazy SMP figure: wall time for the bench
// positions to reach the bench depth with 1, 2 and 4 threads.
func BenchmarkTimeToDepth(b *testing.B) {
	for _, th := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("threads=%d", th), func(b *testing.B) {
			for b.Loop() {
				if _, err := Run(context.Background(), Options{Depth: DefaultDepth, Threads: th, HashMB: 16}, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
