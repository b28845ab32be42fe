// Zobrist-style key tables, and the lap tables that make a lap O(1).

package position

import (
	"encoding/binary"
	"hash/crc32"
)

// The key is additive rather than XOR-ed: key = Σ count(i)·zPit[i] +
// Σ_{nki i} zNki[i] + [North to move]·zNorth + zPhase[turn] (mod 2^64).
// A lap adds one warrior to a run of pits, so with per-run sums of zPit
// precomputed the key follows a lap in one add, however many pits it
// touches; an XOR key would need one update per pit. Two positions collide
// only if the difference of their count vectors is orthogonal to zPit mod
// 2^64, which for random 64-bit zPit is as unlikely as an XOR collision.
var (
	zPit     [NumPits]uint64
	zNki     [NumPits]uint64
	zNorth   uint64
	zPhase   [2]uint64
	zPrison  [2][64]uint64
	zAllPits uint64

	// zRange[s][r] is the sum of zPit over the r pits from s on (cyclic).
	zRange [NumPits][NumPits]uint64
)

// lapAdd[s][r] adds one warrior to each of the r pits from pit s on
// (cyclic), as two row words. It is defined for s up to 31, pit s%20, so
// callers can index with &31 (no bounds check) and the pit after pit 19 is
// s = 20 with no wrap. A package-level value, so it is ready before any
// init function runs.
var lapAdd = func() (t [32][32][2]uint64) {
	for s := range t {
		for r := 1; r < NumPits; r++ {
			i := (s + r - 1) % NumPits
			t[s][r] = t[s][r-1]
			t[s][r][i/RowPits] += 1 << (fieldBits * uint(i%RowPits))
		}
	}
	return t
}()

// splitmix64 is a fixed, seeded generator so keys are the same in every
// build (opening books store keys).
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

func init() {
	g := splitmix64(0x4B696F746869) // "Kiothi"
	for i := range zPit {
		zPit[i] = g.next()
		zAllPits += zPit[i]
	}
	for i := range zNki {
		zNki[i] = g.next()
	}
	zNorth = g.next()
	zPhase[0], zPhase[1] = g.next(), g.next()
	for s := range zPrison {
		for n := range zPrison[s] {
			zPrison[s][n] = g.next()
		}
	}
	for s := 0; s < NumPits; s++ {
		for r := 1; r < NumPits; r++ {
			i := (s + r - 1) % NumPits
			zRange[s][r] = zRange[s][r-1] + zPit[i]
		}
	}
	initRelayKeys() // relay.go's per-lap key table needs zPit
}

// KeyTableChecksum is a CRC-32 of every key table, so files that store keys
// (opening books) can refuse keys from another build.
func KeyTableChecksum() uint32 {
	var buf []byte
	put := func(v uint64) { buf = binary.LittleEndian.AppendUint64(buf, v) }
	for i := range zPit {
		put(zPit[i])
		put(zNki[i])
	}
	put(zNorth)
	put(zPhase[0])
	put(zPhase[1])
	for s := range zPrison {
		for _, v := range zPrison[s] {
			put(v)
		}
	}
	return crc32.ChecksumIEEE(buf)
}

// MixKey spreads a key's entropy into its high bits, for the hash tables
// (search, solver, perft) that index by the top bits of the result: keys
// are additive (sums of random words), so their low bits are weak, a sowing
// changing them in a structured way.
func MixKey(key uint64) uint64 { return (key ^ key>>29) * 0x9E3779B97F4A7C15 }
