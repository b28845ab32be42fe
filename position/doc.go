// Package position holds the Kiothi board as a 32-byte value: pit counts
// bit-packed six bits a pit, nki marks, prisons, side to move and turn, with
// an incrementally kept Zobrist-style key, and the notation of RULES.md §7.
//
// The bit layout, one uint64 a row, ten 6-bit fields (a count is at most 63):
//
//	rows[0], South:  bits 63..60 unused
//	  59   54 53   48 47   42 41   36 35   30 29   24 23   18 17   12 11    6 5     0
//	 [   j   |   i   |   h   |   g   |   f   |   e   |   d   |   c   |   b   |   a   ]
//
//	rows[1], North:  same, A in bits 5..0 up to J in bits 59..54
//
//	 North (far row, read right to left from South's seat)
//	     J  I  H  G  F  E  D  C  B  A       pit i faces pit 19-i
//	     a  b  c  d  e  f  g  h  i  j       sowing runs a→j→A→J→a
//	 South (near row)
//
// Pit index i is 0..9 for a..j and 10..19 for A..J, so pit i lives in
// rows[i/10] at bit 6*(i%10). A lap that drops n warriors from pit s on is
// therefore a masked add per row (n/20 to every field, one more to the next
// n%20 fields), and a lifted pit is a single masked clear.
//
// Low-level mutators (Lift, LiftAll, Lap, Take, ...) keep the key in step
// but do not enforce the rules: package movegen composes them into moves.
package position
