// The layers' packing: four bits an entry where a layer's values fit in
// them, a signed byte above, and Ref, where one entry is.

package egdb

// PackedMax is the largest layer stored four bits an entry. Layer n holds
// the values -n, -n+2, ..., n (what is still to be won has the parity of
// the warriors on the board) and Unknown: n+2 codes, 16 at n = 14. A
// value v is stored as its code (v+n)/2, Unknown as unknownCode; entry i
// is the low half of byte i/2 when i is even, the high half when odd (an
// odd layer's last byte has a high half of 0 that is no entry):
//
//	byte i/2:   | 7 6 5 4     | 3 2 1 0   |
//	            | entry i|1   | entry i&^1 |
//
// Layers above PackedMax are one signed byte an entry (Unknown as
// itself).
const PackedMax = 14

// unknownCode is a packed layer's code for Unknown.
const unknownCode = 15

// LayerBytes returns the bytes layer n takes.
func LayerBytes(n int) int {
	if n <= PackedMax {
		return (Size(n) + 1) / 2
	}
	return Size(n)
}

// Bytes returns the memory the layers 0..max take, in bytes.
func Bytes(max int) int64 {
	var b int64
	for n := 0; n <= max; n++ {
		b += int64(LayerBytes(n))
	}
	return b
}

// Entries returns the entries of the layers 0..max.
func Entries(max int) int64 {
	var e int64
	for n := 0; n <= max; n++ {
		e += int64(Size(n))
	}
	return e
}

// pack returns layer n, one int8 entry a byte as the build makes it, as
// it is stored (a new slice for a packed layer, the same one above).
func pack(entries []byte, n int) []byte {
	if n > PackedMax {
		return entries
	}
	out := make([]byte, LayerBytes(n))
	for i, b := range entries {
		c := byte(unknownCode)
		if v := int8(b); v != Unknown {
			c = byte((int(v) + n) / 2)
		}
		out[i>>1] |= c << (4 * (i & 1))
	}
	return out
}

// Ref is where one entry of a layer is (DB.Entry locates it; Value reads
// it). The zero Ref is no entry.
type Ref struct {
	b     *byte
	n     int8  // the layer
	shift uint8 // the entry's bits in *b, from bit shift (packed layers)
}

// ref returns where entry idx of layer n is.
func (d *DB) ref(n, idx int) Ref {
	if n > PackedMax {
		return Ref{b: &d.layers[n][idx], n: int8(n)}
	}
	return Ref{b: &d.layers[n][idx>>1], n: int8(n), shift: uint8(4 * (idx & 1))}
}

// entry returns entry idx of layer n: a value or Unknown.
func (d *DB) entry(n, idx int) int8 {
	v, ok := d.ref(n, idx).Value()
	if !ok {
		return Unknown
	}
	return int8(v)
}

// Value returns the value at r, and false for a value a repetition can
// change (Unknown).
func (r Ref) Value() (int, bool) {
	if int(r.n) > PackedMax {
		v := int8(*r.b)
		return int(v), v != Unknown
	}
	c := *r.b >> r.shift & 15
	return 2*int(c) - int(r.n), c != unknownCode
}
