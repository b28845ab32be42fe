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
	// lapAdd[s][r] adds one warrior to each of the r pits from s on.
	lapAdd [NumPits][NumPits][2]uint64
)

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
			lapAdd[s][r] = lapAdd[s][r-1]
			lapAdd[s][r][i/RowPits] += 1 << (fieldBits * uint(i%RowPits))
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
