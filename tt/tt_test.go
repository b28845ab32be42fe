// Tests of the transposition table: round trips, replacement, sizes,
// hashfull, and concurrent use (run with -race).

package tt

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/position"
)

func TestRoundTrip(t *testing.T) {
	tb, err := New(1)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		key := rng.Uint64()
		m := position.NewMove(rng.IntN(20), 1+rng.IntN(63))
		score, ev := int16(rng.IntN(60000)-30000), int16(rng.IntN(12000)-6000)
		depth := int8(rng.IntN(100))
		b := Bound(1 + rng.IntN(3))
		tb.Store(key, m, score, ev, depth, b)
		e, ok := tb.Probe(key)
		if !ok || e != (Entry{Move: m, Score: score, Eval: ev, Depth: depth, Bound: b}) {
			t.Fatalf("stored %v %d %d %d %d, probed %+v %v", m, score, ev, depth, b, e, ok)
		}
		if _, ok := tb.Probe(key ^ 1); ok {
			t.Fatal("hit on a key never stored")
		}
	}
}

// keysInBucket returns n distinct keys that share key's bucket.
func keysInBucket(tb *Table, key uint64, n int) []uint64 {
	out := []uint64{key}
	want := tb.index(key)
	for k := key + 1; len(out) < n; k++ {
		if tb.index(k) == want {
			out = append(out, k)
		}
	}
	return out
}

func TestReplacement(t *testing.T) {
	tb, _ := New(1)
	keys := keysInBucket(tb, 12345, entriesPerBucket+1)
	for i, k := range keys[:entriesPerBucket] {
		tb.Store(k, position.NoMove, 0, 0, int8(10+i), Exact)
	}
	// A new key replaces the shallowest entry (depth 10, the first key).
	tb.Store(keys[entriesPerBucket], position.NoMove, 0, 0, 1, Exact)
	if _, ok := tb.Probe(keys[0]); ok {
		t.Fatal("the shallowest entry survived")
	}
	for _, k := range keys[1:] {
		if _, ok := tb.Probe(k); !ok {
			t.Fatal("a deeper entry was replaced")
		}
	}
	// After a few searches, old deep entries give way to new shallow ones:
	// four new depth-1 entries all fit, replacing the old ones.
	for i := 0; i < 3; i++ {
		tb.NewSearch()
	}
	fresh := keysInBucket(tb, 12345, 2*entriesPerBucket+1)[entriesPerBucket+1:]
	for _, k := range fresh {
		tb.Store(k, position.NoMove, 0, 0, 1, Exact)
	}
	for _, k := range fresh {
		if _, ok := tb.Probe(k); !ok {
			t.Fatal("a new-generation entry lost to an old one")
		}
	}
}

func TestSameKeyKeepsMove(t *testing.T) {
	tb, _ := New(1)
	m := position.NewMove(3, 4)
	tb.Store(99, m, 5, 0, 4, Lower)
	tb.Store(99, position.NoMove, 7, 0, 5, Upper)
	e, ok := tb.Probe(99)
	if !ok || e.Move != m || e.Score != 7 || e.Depth != 5 {
		t.Fatalf("%+v", e)
	}
}

func TestSizes(t *testing.T) {
	for _, mb := range []int{0, -1, limits.MaxHashMB + 1, 1 << 40} {
		if _, err := New(mb); err == nil {
			t.Errorf("size %d MB accepted", mb)
		}
	}
	for _, mb := range []int{1, 3, 16} {
		tb, err := New(mb)
		if err != nil {
			t.Fatal(err)
		}
		n := len(tb.buckets)
		if n&(n-1) != 0 || tb.SizeMB() > mb || 2*tb.SizeMB() <= mb && mb > 1 {
			t.Errorf("%d MB: %d buckets, %d MB", mb, n, tb.SizeMB())
		}
	}
}

func TestHashfullAndClear(t *testing.T) {
	tb, _ := New(3) // several of Clear's 1 MiB slices (a power of two: 2 MiB)
	if tb.Hashfull() != 0 {
		t.Fatal("new table not empty")
	}
	rng := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < 4*len(tb.buckets)*entriesPerBucket; i++ {
		tb.Store(rng.Uint64(), position.NoMove, 0, 0, 1, Exact)
	}
	if h := tb.Hashfull(); h < 900 {
		t.Fatalf("hashfull %d after filling", h)
	}
	tb.NewSearch()
	if h := tb.Hashfull(); h != 0 {
		t.Fatalf("hashfull %d counts old generations", h)
	}
	tb.Clear()
	for i := range tb.buckets {
		if tb.buckets[i] != (bucket{}) {
			t.Fatal("Clear left data")
		}
	}
}

// TestConcurrent: many goroutines store and probe overlapping keys; every
// hit must carry the data stored for that key (data derived from key).
func TestConcurrent(t *testing.T) {
	tb, _ := New(1)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, 5))
			for i := 0; i < 20000; i++ {
				key := rng.Uint64() % 5000 * 0x9E3779B97F4A7C15
				score := int16(key >> 20)
				if rng.IntN(2) == 0 {
					tb.Store(key, position.Move(key&0x7ff), score, score, int8(key&63), Exact)
				} else if e, ok := tb.Probe(key); ok {
					if e.Score != score || e.Move != position.Move(key&0x7ff) || e.Eval != score {
						t.Errorf("key %x: wrong data %+v", key, e)
						return
					}
				}
			}
		}(uint64(g))
	}
	wg.Wait()
}

func BenchmarkProbeStore(b *testing.B) {
	tb, _ := New(16)
	rng := rand.New(rand.NewPCG(9, 9))
	keys := make([]uint64, 4096)
	for i := range keys {
		keys[i] = rng.Uint64()
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := keys[i&4095]
		if _, ok := tb.Probe(k); !ok {
			tb.Store(k, 1, 2, 3, 4, Exact)
		}
		i++
	}
}
