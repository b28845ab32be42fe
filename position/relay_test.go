// Tests of the relay tables and lanes against the plain relay loop.

package position

import (
	"math/rand"
	"testing"
)

// randomRows returns two rows holding total warriors spread at random.
func randomRows(rng *rand.Rand, total int) (uint64, uint64) {
	var c [NumPits]int
	for k := 0; k < total; k++ {
		c[rng.Intn(NumPits)]++
	}
	var w [2]uint64
	for i, n := range c {
		w[i/RowPits] += uint64(n) << (fieldBits * uint(i%RowPits))
	}
	return w[0], w[1]
}

// TestRelayLanes checks relayLanes (assembly on amd64) against
// relayLanesGo, and both against SowEnds move by move, on random boards and
// random moves whose first laps end in occupied pits, chains past
// chunkLaps laps included.
func TestRelayLanes(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	longSeen := 0
	for trial := 0; trial < 3000; trial++ {
		w0, w1 := randomRows(rng, 20+rng.Intn(MaxTotal-19))
		p := Position{rows: [2]uint64{w0, w1}}
		var laps [relayBatch]uint16
		var pits, counts []int8
		n := 0
		for pit := 0; pit < NumPits && n < relayBatch; pit++ {
			for h := 1; h <= p.Count(pit) && h < NumPits && n < relayBatch; h++ {
				if p.Count((pit+h)%NumPits) > 0 && rng.Intn(3) == 0 {
					laps[n] = uint16(NewMove(pit, h))
					pits, counts = append(pits, int8(pit)), append(counts, int8(h))
					n++
				}
			}
		}
		if n == 0 {
			continue
		}
		e, long := relayLanes(w0, w1, &laps[0], n)
		eGo, longGo := relayLanesGo(w0, w1, &laps[0], n)
		if e != eGo || long != longGo {
			t.Fatalf("rows %x %x moves %v: relayLanes = %d, %b; relayLanesGo = %d, %b", w0, w1, laps[:n], e, long, eGo, longGo)
		}
		if long != 0 {
			longSeen++
		}
		for _, limit := range []int{10000, chunkLaps, 3} {
			want := 0
			for k := range pits {
				if p.SowEnds(int(pits[k]), int(counts[k]), limit) {
					want++
				}
			}
			if got := p.SowEndsMany(pits, counts, limit); got != want {
				t.Fatalf("rows %x %x moves %v limit %d: SowEndsMany = %d, SowEnds says %d", w0, w1, laps[:n], limit, got, want)
			}
		}
	}
	if longSeen == 0 {
		t.Errorf("no chain went past %d laps: the long path is untested", chunkLaps)
	}
}

// TestOccupiedRow checks the multiply gather of occupiedRow against
// Count on random rows, every single-pit row and every count.
func TestOccupiedRow(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	check := func(w0, w1 uint64) {
		p := Position{rows: [2]uint64{w0, w1}}
		var want uint32
		for i := 0; i < NumPits; i++ {
			if p.Count(i) > 0 {
				want |= 1 << uint(i)
			}
		}
		if got := p.Occupied(); got != want {
			t.Fatalf("rows %x %x: Occupied = %b, want %b", w0, w1, got, want)
		}
	}
	for i := 0; i < NumPits; i++ {
		for c := uint64(1); c <= MaxTotal; c++ {
			var w [2]uint64
			w[i/RowPits] = c << (fieldBits * uint(i%RowPits))
			check(w[0], w[1])
		}
	}
	for k := 0; k < 10000; k++ {
		check(randomRows(rng, rng.Intn(MaxTotal+1)))
		// Any six-bit fields at all, not only boards of at most 63.
		check(rng.Uint64()&(1<<60-1), rng.Uint64()&(1<<60-1))
	}
}

// TestSowFirstLap checks SowFirstLap against Lift and Lap (rows, key, nki
// marks, landing pit) for every pit and hand on random boards with marks.
func TestSowFirstLap(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for trial := 0; trial < 300; trial++ {
		w0, w1 := randomRows(rng, rng.Intn(MaxTotal+1))
		p := Position{rows: [2]uint64{w0, w1}, turn: 3}
		p.setNki(p.Occupied() & uint32(rng.Int63()))
		p.key = p.ComputeKey()
		for pit := 0; pit < NumPits; pit++ {
			for n := 1; n <= p.Count(pit); n++ {
				want := p
				want.Lift(pit, n)
				wantLast := want.Lap((pit+1)%NumPits, n)
				got := p
				last, occ := got.SowFirstLap(pit, n)
				if got != want || last != wantLast || occ != (want.Count(wantLast) >= 2) {
					t.Fatalf("%v: SowFirstLap(%d, %d) = %v, %d, %v; Lift and Lap give %v, %d", p, pit, n, got, last, occ, want, wantLast)
				}
				if got.Key() != got.ComputeKey() {
					t.Fatalf("%v: SowFirstLap(%d, %d): key %x, from scratch %x", p, pit, n, got.Key(), got.ComputeKey())
				}
			}
		}
	}
}

// TestSowEndsMovesOutOfRange checks that moves with a pit or hand out of
// range never fault (the lanes index a table) and that the assembly and Go
// lanes agree on them too.
func TestSowEndsMovesOutOfRange(t *testing.T) {
	w0, w1 := randomRows(rand.New(rand.NewSource(5)), 40)
	p := Position{rows: [2]uint64{w0, w1}}
	for _, m := range []Move{20, 31, 20 | 3<<5, 5 | 64<<5, 0xFFFF, 2048, 0} {
		p.SowEndsMoves([]Move{m, m, m}, 10000)
		laps := [3]uint16{uint16(m), uint16(m), uint16(m)}
		e, long := relayLanes(w0, w1, &laps[0], 3)
		eGo, longGo := relayLanesGo(w0, w1, &laps[0], 3)
		if e != eGo || long != longGo {
			t.Errorf("move %#x: relayLanes = %d, %b; relayLanesGo = %d, %b", uint16(m), e, long, eGo, longGo)
		}
	}
}
