// Tests of MemTable: round trips, merging, misses and concurrent use.

package solve

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestTablesRoundTrip(t *testing.T) {
	st, err := NewSearchTable(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range []Table{NewMemTable(1), st} {
		roundTrip(t, tb)
	}
}

func roundTrip(t *testing.T, tb Table) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		key := rng.Uint64()
		lo := int8(rng.IntN(127) - 63)
		e := Entry{Lo: lo, Hi: lo + int8(rng.IntN(64)), Move: position.NewMove(rng.IntN(20), 1+rng.IntN(63))}
		tb.Store(key, e)
		got, ok := tb.Probe(key)
		if !ok || got != e {
			t.Fatalf("stored %+v, got %+v %v", e, got, ok)
		}
		if _, ok := tb.Probe(key ^ 1<<40 ^ 1); ok {
			t.Fatalf("a different key hit")
		}
	}
	// Bounds for one key merge; a NoMove store keeps the move.
	k := uint64(0xABCDEF0123456789)
	tb.Store(k, Entry{Lo: -5, Hi: 10, Move: position.NewMove(3, 2)})
	tb.Store(k, Entry{Lo: -9, Hi: 4})
	if got, _ := tb.Probe(k); got != (Entry{Lo: -5, Hi: 4, Move: position.NewMove(3, 2)}) {
		t.Errorf("merged %+v", got)
	}
}

func TestMemTableConcurrent(t *testing.T) {
	tb := NewMemTable(1)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 2))
			for i := 0; i < 20000; i++ {
				// Each key's entry is a function of the key, so whatever
				// a probe returns must match it.
				key := rng.Uint64() & 0xFFFF00000000000F
				v := int8(key >> 48 & 63)
				if e, ok := tb.Probe(key); ok && (e.Lo != v || e.Hi != v) {
					t.Errorf("key %x: %+v", key, e)
					return
				}
				tb.Store(key, Entry{Lo: v, Hi: v})
			}
		}()
	}
	wg.Wait()
}

// TestMemTableProbeBatch: a batch probe finds what single probes find,
// hits and misses, for batches shorter and longer than its 64 loads.
func TestMemTableProbeBatch(t *testing.T) {
	tb := NewMemTable(1)
	rng := rand.New(rand.NewPCG(3, 3))
	var keys []uint64
	for i := 0; i < 100; i++ {
		k := rng.Uint64()
		if i%3 != 0 {
			lo := int8(rng.IntN(64) - 32)
			tb.Store(k, Entry{Lo: lo, Hi: lo + 2, Move: position.NewMove(rng.IntN(20), 1+rng.IntN(63))})
		}
		keys = append(keys, k)
	}
	hits := 0
	for _, n := range []int{0, 1, 17, 64, 100} {
		out, found := make([]Entry, n), make([]bool, n)
		tb.ProbeBatch(keys[:n], out, found)
		for i, k := range keys[:n] {
			e, ok := tb.Probe(k)
			if ok != found[i] || ok && e != out[i] {
				t.Fatalf("batch of %d, key %d: %+v %v, single probe %+v %v", n, i, out[i], found[i], e, ok)
			}
			if ok {
				hits++
			}
		}
	}
	if hits == 0 {
		t.Fatal("no key was found: the test compares misses only")
	}
}

// TestMemTablePrefetch: a prefetch of any key, on a table of one slot
// or of many, leaves what a probe finds as it was.
func TestMemTablePrefetch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, mb := range []int{0, 1} {
		tb := NewMemTable(mb)
		for i := 0; i < 200; i++ {
			k := rng.Uint64()
			lo := int8(rng.IntN(64) - 32)
			tb.Store(k, Entry{Lo: lo, Hi: lo + 4})
			before, okBefore := tb.Probe(k)
			tb.Prefetch(k)
			tb.Prefetch(rng.Uint64())
			if e, ok := tb.Probe(k); ok != okBefore || e != before || !ok || e.Lo != lo {
				t.Fatalf("table of %d MB, key %x: %+v %v after the prefetch, %+v %v before", mb, k, e, ok, before, okBefore)
			}
		}
	}
}
