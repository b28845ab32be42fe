// The repetition rule's counting (RULES.md §6): the occurrence that ends
// the game, and a game's history before a search's root as a small hash
// multiset, so the rule costs one probe per node.

package movegen

// RepetitionCount is the occurrence of a position (board, nki marks,
// prisons and side to move) that ends the game (RULES.md §6).
const RepetitionCount = 3

// Repeats reports whether a position that occurred earlier times before
// (on the line and in the history) ends the game now: reaching it is its
// RepetitionCount-th occurrence.
func Repeats(earlier int) bool { return earlier >= RepetitionCount-1 }

// Occurrences counts keys (KeyWithPrisons) in an open-addressed table:
// built once a search, probed without allocating. The zero value holds
// none.
type Occurrences struct {
	keys   []uint64
	counts []uint8 // capped at 255, far past RepetitionCount
	mask   uint64
	n      int // the distinct keys held
}

// NewOccurrences returns the keys of history counted.
func NewOccurrences(history []uint64) Occurrences {
	var h Occurrences
	h.resize(len(history))
	for _, k := range history {
		h.Add(k)
	}
	return h
}

// resize makes the table at most half full with n distinct keys, keeping
// those it holds.
func (h *Occurrences) resize(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	keys, counts := h.keys, h.counts
	h.keys, h.counts, h.mask = make([]uint64, size), make([]uint8, size), uint64(size-1)
	for i, c := range counts {
		if c != 0 {
			j := h.slot(keys[i])
			h.keys[j], h.counts[j] = keys[i], c
		}
	}
}

// Add counts one more occurrence of k.
func (h *Occurrences) Add(k uint64) {
	if 2*(h.n+1) > len(h.counts) {
		h.resize(h.n + 1)
	}
	i := h.slot(k)
	if h.counts[i] == 0 {
		h.keys[i] = k
		h.n++
	}
	if h.counts[i] < 255 {
		h.counts[i]++
	}
}

// slot returns where k is or would go (linear probing; the table is at
// most half full, so an empty slot ends every probe).
func (h *Occurrences) slot(k uint64) uint64 {
	i := (k * 0x9E3779B97F4A7C15) >> 40 & h.mask
	for h.counts[i] != 0 && h.keys[i] != k {
		i = (i + 1) & h.mask
	}
	return i
}

// Count returns how often k occurs.
func (h *Occurrences) Count(k uint64) int {
	if len(h.counts) == 0 {
		return 0
	}
	return int(h.counts[h.slot(k)])
}
