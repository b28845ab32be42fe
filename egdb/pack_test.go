package egdb

import "testing"

// TestPack: every value a layer can hold, and Unknown, read back from a
// packed layer (an odd-sized one: its last byte holds one entry) and from
// a byte layer above PackedMax, and Known counts them.
func TestPack(t *testing.T) {
	for _, n := range []int{0, 1, 4} {
		entries := make([]byte, Size(n))
		for i := range entries {
			// The values -n, -n+2, ..., n and Unknown in turn.
			if k := i % (n + 2); k == n+1 {
				entries[i] = mark(Unknown)
			} else {
				entries[i] = byte(int8(2*k - n))
			}
		}
		d := &DB{layers: make([][]byte, n+1)}
		d.layers[n] = pack(entries, n)
		if len(d.layers[n]) != LayerBytes(n) || LayerBytes(n) != (Size(n)+1)/2 {
			t.Fatalf("layer %d: %d bytes packed, LayerBytes %d, %d entries", n, len(d.layers[n]), LayerBytes(n), Size(n))
		}
		known := 0
		for i, e := range entries {
			if got := d.entry(n, i); got != int8(e) {
				t.Fatalf("layer %d entry %d: read %d, packed %d", n, i, got, int8(e))
			}
			if int8(e) != Unknown {
				known++
			}
		}
		if got := d.Known(n); got != known {
			t.Errorf("layer %d: Known %d, want %d", n, got, known)
		}
	}
	// Above PackedMax a byte an entry, Unknown as itself (a short layer:
	// only its first entries are read).
	n := PackedMax + 1
	d := &DB{layers: make([][]byte, n+1)}
	d.layers[n] = []byte{byte(int8(-n)), byte(int8(n)), mark(Unknown), 1}
	for i, want := range []int8{int8(-n), int8(n), Unknown, 1} {
		if got := d.entry(n, i); got != want {
			t.Errorf("layer %d entry %d: read %d, want %d", n, i, got, want)
		}
	}
	if got := d.Known(n); got != 3 {
		t.Errorf("layer %d: Known %d, want 3", n, got)
	}
	if LayerBytes(n) != Size(n) {
		t.Errorf("layer %d: LayerBytes %d, want one an entry (%d)", n, LayerBytes(n), Size(n))
	}
}
