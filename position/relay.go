// Relay sowing: the lap-after-lap loop of RULES.md §4, kept in registers.
package position

import "math/bits"

// divmod20[n] = n/20, n%20 for a hand of up to 63 warriors.
var divmod20 [MaxTotal + 1][2]uint8

// mod20[i] = i % 20 for the landing pit of a lap (start + n - 1 <= 82).
var mod20 [NumPits + MaxTotal + 1]uint8

func init() {
	for n := range divmod20 {
		divmod20[n] = [2]uint8{uint8(n / NumPits), uint8(n % NumPits)}
	}
	for i := range mod20 {
		mod20[i] = uint8(i % NumPits)
	}
}

// Relay continues a sowing whose lap ended in occupied pit last: it lifts
// that pit (clearing its nki mark) and sows the hand from the next pit, lap
// after lap, until a lap ends in an empty pit, which it returns with true.
// laps is the number of laps already sown; if the sowing has not ended
// after limit laps in all, or provably never ends (a repeated state: the
// rows and the relay pit, caught by Brent's method at one compare a lap),
// it returns false and leaves p unspecified.
//
// The loop keeps the rows, the key and the lifted pits in locals and
// writes them back once, so a lap costs a few adds and two table loads.
func (p *Position) Relay(last, laps, limit int) (int, bool) {
	w0, w1, key := p.rows[0], p.rows[1], p.key
	var lifted uint32
	save0, save1, savePit := w0, w1, last
	power, lam := 1, 0
	ended := false
	for ; laps < limit; laps++ {
		// Lift the landing pit.
		var n int
		if last < RowPits {
			sh := fieldBits * uint(last)
			n = int(w0>>sh) & fieldMask
			w0 &^= fieldMask << sh
		} else {
			sh := fieldBits * uint(last-RowPits)
			n = int(w1>>sh) & fieldMask
			w1 &^= fieldMask << sh
		}
		key -= uint64(n) * zPit[last]
		lifted |= 1 << uint(last)
		// Sow it from the next pit.
		start := int(mod20[last+1])
		qr := divmod20[n]
		q := uint64(qr[0])
		add := &lapAdd[start][qr[1]]
		w0 += q*rowOnes + add[0]
		w1 += q*rowOnes + add[1]
		key += q*zAllPits + zRange[start][qr[1]]
		last = int(mod20[start+n-1])
		var c uint64
		if last < RowPits {
			c = w0 >> (fieldBits * uint(last)) & fieldMask
		} else {
			c = w1 >> (fieldBits * uint(last-RowPits)) & fieldMask
		}
		if c < 2 {
			ended = true
			break
		}
		if w0 == save0 && w1 == save1 && last == savePit {
			break
		}
		if lam++; lam == power {
			save0, save1, savePit = w0, w1, last
			power <<= 1
			lam = 0
		}
	}
	p.rows[0], p.rows[1], p.key = w0, w1, key
	if cleared := p.flags & lifted; cleared != 0 {
		p.flags &^= cleared
		for ; cleared != 0; cleared &= cleared - 1 {
			p.key -= zNki[bits.TrailingZeros32(cleared)]
		}
	}
	return last, ended
}
