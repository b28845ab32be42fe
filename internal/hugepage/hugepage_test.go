package hugepage

import "testing"

// TestAligned checks the whole huge pages found within a range.
func TestAligned(t *testing.T) {
	for _, c := range []struct{ start, end, lo, hi uintptr }{
		{0, 2 * size, 0, 2 * size},               // two whole pages
		{1, 2 * size, size, 2 * size},            // the first cut: one
		{size - 1, 3*size + 5, size, 3 * size},   // both ends cut: two
		{size + 1, 2*size - 1, 2 * size, size},   // inside one page: none
		{5 * size, 5 * size, 5 * size, 5 * size}, // empty
	} {
		lo, hi := aligned(c.start, c.end)
		if lo != c.lo || hi != c.hi {
			t.Errorf("aligned(%#x, %#x) = %#x, %#x; want %#x, %#x", c.start, c.end, lo, hi, c.lo, c.hi)
		}
	}
}

// TestAdvise calls Advise on memory of several sizes and alignments,
// which must neither fail nor change the bytes.
func TestAdvise(t *testing.T) {
	b := make([]byte, 3*size+123)
	for i := range b {
		b[i] = byte(i)
	}
	Advise(nil)
	Advise(b[:10])
	Advise(b[7:])
	Advise(b)
	for i := range b {
		if b[i] != byte(i) {
			t.Fatalf("byte %d changed", i)
		}
	}
}
