// The game history before the root, as a small hash multiset, so the
// repetition rule costs one probe per node.

package search

// histSet counts keys in an open-addressed table (built once a search).
type histSet struct {
	keys   []uint64
	counts []uint8
	mask   uint64
}

func (h *histSet) build(history []uint64) {
	size := 16
	for size < 2*len(history) {
		size *= 2
	}
	h.keys = make([]uint64, size)
	h.counts = make([]uint8, size)
	h.mask = uint64(size - 1)
	for _, k := range history {
		i := h.slot(k)
		h.keys[i] = k
		if h.counts[i] < 255 {
			h.counts[i]++
		}
	}
}

// slot returns where k is or would go (linear probing; the table is at
// most half full, so an empty slot ends every probe).
func (h *histSet) slot(k uint64) uint64 {
	i := (k * 0x9E3779B97F4A7C15) >> 40 & h.mask
	for h.counts[i] != 0 && h.keys[i] != k {
		i = (i + 1) & h.mask
	}
	return i
}

// count returns how often k occurs.
func (h *histSet) count(k uint64) int {
	if len(h.counts) == 0 {
		return 0
	}
	return int(h.counts[h.slot(k)])
}
