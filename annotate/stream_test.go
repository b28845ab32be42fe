// Tests of the review as a stream: bounded input, games held one at a
// time, empty games costing no search.

package annotate

import (
	"context"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/search"
)

// repeat is an io.Reader of s repeated n times, made as it is read.
type repeat struct {
	s      string
	n, off int
}

func (r *repeat) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:], r.s[r.off:])
		k += c
		if r.off += c; r.off == len(r.s) {
			r.off, r.n = 0, r.n-1
		}
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

// peakHeap runs f while sampling the heap, and returns the highest
// sample.
func peakHeap(f func()) uint64 {
	done := make(chan struct{})
	var peak uint64
	go func() {
		defer close(done)
		f()
	}()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc)
		select {
		case <-done:
			return peak
		case <-tick.C:
		}
	}
}

// The input: '* ' × 10,000,000 (20 MB of ten million empty
// games), which ran c7c08f6's annotate out of memory at 4.1 GB. Read and
// reviewed a game at a time, it is refused by the review's game-count
// bound, named in the error, the games before it written, in bounded
// memory, an empty game costing no search.
func TestTenMillionEmptyGamesRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("100,000 reviews (pgn's TestTenMillionEmptyGames holds the reader's bound)")
	}
	var err error
	var out countWriter
	var ps []PlayerSummary
	peak := peakHeap(func() {
		cfg := Config{Limits: search.Limits{Depth: 1}, Options: search.Options{Threads: 1, HashMB: 1}, Concurrency: 2}
		ps, err = Report(context.Background(), NewReader(&repeat{s: "* ", n: 10_000_000}, 0), cfg, &out, false)
	})
	if err == nil || !strings.Contains(err.Error(), "more than 100000 games (the game-count bound)") {
		t.Fatalf("%v", err)
	}
	// The games before the bound are written, but for those in flight
	// when the reader stops (at most Concurrency).
	if ps != nil || out.games > MaxGames || out.games < MaxGames-2 {
		t.Errorf("%d games written before the bound, want %d less those in flight", out.games, MaxGames)
	}
	if peak > 256<<20 {
		t.Errorf("heap peaked at %d MB", peak>>20)
	}
	t.Logf("heap peak %d MB", peak>>20)
}

// countWriter counts the games written (their Annotator tags).
type countWriter struct{ games int }

func (w *countWriter) Write(p []byte) (int, error) {
	w.games += strings.Count(string(p), "[Annotator ")
	return len(p), nil
}

// Ten thousand games reviewed and written one at a time hold no more
// than a few games at once: the heap stays within the engines' tables
// and a bounded rest, whatever the number of games.
func TestTenThousandGamesInBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("ten thousand reviews")
	}
	game := "[South \"a\"]\n[North \"b\"]\n[FEN \"0.0.0.8*.4.1.0.10*.0.0/0.1.1.0.1.1.6.1.2.2 16-6 s 15\"]\n\n8. e4 I2 *\n\n"
	var err error
	var out countWriter
	start := time.Now()
	peak := peakHeap(func() {
		cfg := Config{Limits: search.Limits{Depth: 1}, Options: search.Options{Threads: 1, HashMB: 1}, Concurrency: 2}
		_, err = Report(context.Background(), NewReader(&repeat{s: game, n: 10_000}, 0), cfg, &out, false)
	})
	if err != nil || out.games != 10_000 {
		t.Fatalf("%d games written, %v", out.games, err)
	}
	if peak > 128<<20 {
		t.Errorf("heap peaked at %d MB over 10,000 games", peak>>20)
	}
	t.Logf("10,000 games in %v, heap peak %d MB", time.Since(start), peak>>20)
}
