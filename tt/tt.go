// The table: buckets of atomic two-word entries, probe, store and sizing.

package tt

import (
	"fmt"
	"math/bits"
	"runtime"
	"sync/atomic"
	"unsafe"

	"github.com/kiothi/kiothi/internal/hugepage"
	"github.com/kiothi/kiothi/internal/prefetch"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/position"
)

// Bound says how a stored score relates to the true value.
type Bound uint8

const (
	None  Bound = iota
	Upper       // the score is at least the true value (fail low)
	Lower       // the score is at most the true value (fail high)
	Exact
)

// Entry is what Probe returns.
type Entry struct {
	Move  position.Move
	Score int16
	Eval  int16
	Depth int8
	Bound Bound
}

// entriesPerBucket entries of 16 bytes: one 64-byte cache line.
const entriesPerBucket = 4

type bucket [2 * entriesPerBucket]uint64

// Table is the transposition table. Its zero value is unusable: call New.
type Table struct {
	buckets []bucket
	shift   uint // 64 - log2(len(buckets))
	gen     uint8
}

// data layout (bits): 0..15 move, 16..31 score, 32..47 eval, 48..55 depth,
// 56..57 bound, 58..63 generation. A stored entry always has bound != 0,
// so data != 0 marks a used entry.
func pack(m position.Move, score, eval int16, depth int8, b Bound, gen uint8) uint64 {
	return uint64(m) | uint64(uint16(score))<<16 | uint64(uint16(eval))<<32 |
		uint64(uint8(depth))<<48 | uint64(b&3)<<56 | uint64(gen&63)<<58
}

func unpack(d uint64) Entry {
	return Entry{
		Move:  position.Move(d),
		Score: int16(d >> 16),
		Eval:  int16(d >> 32),
		Depth: int8(d >> 48),
		Bound: Bound(d >> 56 & 3),
	}
}

func genOf(d uint64) uint8 { return uint8(d >> 58) }

// New returns a table of at most mb megabytes (a power of two of buckets).
func New(mb int) (*Table, error) {
	t := &Table{}
	if err := t.Resize(mb); err != nil {
		return nil, err
	}
	return t, nil
}

// Resize reallocates the table to mb megabytes, empty. A size outside
// limits.HashMB or beyond what this process may use (limits.CheckMemory)
// is an error, and so is memory the system refuses: the table is then
// empty and unusable.
func (t *Table) Resize(mb int) error {
	what := fmt.Sprintf("hash %d", mb)
	if err := limits.HashMB.Check("hash", int64(mb)); err != nil {
		return err
	}
	if err := limits.CheckMemory(what, int64(mb)); err != nil {
		return err
	}
	n := uint64(mb) << 20 / uint64(unsafe.Sizeof(bucket{}))
	lg := 63 - bits.LeadingZeros64(n) // round down to a power of two
	t.buckets = nil
	b, err := allocBuckets(1 << lg)
	if err != nil {
		return fmt.Errorf("%s MB: %v", what, err)
	}
	t.buckets = b
	// Probes land at random in a table of megabytes: with 4 KB pages
	// nearly every probe would also miss the TLB. The table is fresh and
	// not yet touched, so its pages are faulted in huge.
	hugepage.Advise(unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b)*int(unsafe.Sizeof(b[0]))))
	t.shift = uint(64 - lg)
	t.gen = 0
	return nil
}

// SizeMB returns the table's size in megabytes.
func (t *Table) SizeMB() int { return len(t.buckets) * int(unsafe.Sizeof(bucket{})) >> 20 }

// Clear empties the table (a new game).
//
// It clears 1 MiB at a time and yields between: one clear of a large
// table is a single runtime memclr that cannot be preempted, and a garbage
// collection that starts meanwhile would stop every other goroutine until
// it ended (for seconds with gigabytes on a loaded machine).
func (t *Table) Clear() {
	const slice = 1 << 20 / int(unsafe.Sizeof(bucket{}))
	for i := 0; i < len(t.buckets); i += slice {
		clear(t.buckets[i:min(i+slice, len(t.buckets))])
		runtime.Gosched()
	}
	t.gen = 0
}

// NewSearch ages the table: entries from earlier searches become the first
// to be replaced.
func (t *Table) NewSearch() { t.gen = (t.gen + 1) & 63 }

// index takes the bucket from the mixed key's high bits.
func (t *Table) index(key uint64) *bucket {
	return &t.buckets[position.MixKey(key)>>t.shift]
}

// Probe looks key up; ok is false on a miss.
func (t *Table) Probe(key uint64) (e Entry, ok bool) {
	b := t.index(key)
	for i := 0; i < 2*entriesPerBucket; i += 2 {
		d := atomic.LoadUint64(&b[i+1])
		if d != 0 && atomic.LoadUint64(&b[i])^d == key {
			return unpack(d), true
		}
	}
	return e, false
}

// Prefetch starts loading key's bucket into the cache, so that a probe a
// little later does not wait for memory.
func (t *Table) Prefetch(key uint64) { prefetch.Line(unsafe.Pointer(t.index(key))) }

// Store records a search result for key. An entry for the same key is
// overwritten (keeping its move when the new result has none); otherwise
// the entry with the least depth, older generations counting as
// shallower, is replaced.
func (t *Table) Store(key uint64, m position.Move, score, eval int16, depth int8, bnd Bound) {
	b := t.index(key)
	gen := t.gen
	victim, worst := 0, 1<<30
	for i := 0; i < 2*entriesPerBucket; i += 2 {
		d := atomic.LoadUint64(&b[i+1])
		if d == 0 {
			victim = i
			break
		}
		if atomic.LoadUint64(&b[i])^d == key {
			old := unpack(d)
			// A much deeper entry of this search stays unless ours is exact.
			if bnd != Exact && genOf(d) == gen && int(old.Depth) > int(depth)+2 {
				return
			}
			if m == position.NoMove {
				m = old.Move
			}
			victim = i
			break
		}
		age := int((gen - genOf(d)) & 63)
		if v := int(unpack(d).Depth) - 8*age; v < worst {
			worst, victim = v, i
		}
	}
	d := pack(m, score, eval, depth, bnd, gen)
	atomic.StoreUint64(&b[victim], key^d)
	atomic.StoreUint64(&b[victim+1], d)
}

// Hashfull returns the per mille of sampled entries used in this search.
func (t *Table) Hashfull() int {
	n := min(len(t.buckets), 1000/entriesPerBucket)
	used := 0
	for i := 0; i < n; i++ {
		b := &t.buckets[i]
		for j := 1; j < 2*entriesPerBucket; j += 2 {
			if d := atomic.LoadUint64(&b[j]); d != 0 && genOf(d) == t.gen {
				used++
			}
		}
	}
	return used * 1000 / (n * entriesPerBucket)
}
