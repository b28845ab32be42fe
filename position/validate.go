// The position invariant check: what every position built by New, Parse or
// the rules' moves keeps.

package position

import "fmt"

// Validate reports the first invariant p breaks, or nil: the unused bits of
// the rows and flags are clear, the warriors on the board and in the
// prisons number at most MaxTotal, the turn is at least 1 and turns 1 and 2
// belong to South and North, nki marks sit only on occupied pits and never
// during the opening, and the incremental key equals ComputeKey. It is the
// check tests and fuzzers run after every move (Stockfish's pos_is_ok); it
// is not for hot paths.
func (p *Position) Validate() error {
	const rowBits = 1<<(fieldBits*RowPits) - 1
	for s := South; s <= North; s++ {
		if extra := p.rows[s] &^ rowBits; extra != 0 {
			return fmt.Errorf("%s row: bits %#x set beyond the ten pits", s, extra)
		}
	}
	if extra := p.flags &^ (nkiBits | northFlag); extra != 0 {
		return fmt.Errorf("flags: bits %#x set beyond the nki marks and the side", extra)
	}
	for s := South; s <= North; s++ {
		if c := p.Prison(s); c > MaxTotal {
			return fmt.Errorf("%s prison: %d warriors, at most %d", s, c, MaxTotal)
		}
	}
	if t := p.Total(); t > MaxTotal {
		return fmt.Errorf("%d warriors on the board and in the prisons, at most %d", t, MaxTotal)
	}
	switch {
	case p.turn < 1:
		return fmt.Errorf("turn %d: turns count from 1", p.turn)
	case p.turn == 1 && p.Side() != South:
		return fmt.Errorf("turn 1 with %s to move: turn 1 belongs to South", p.Side())
	case p.turn == 2 && p.Side() != North:
		return fmt.Errorf("turn 2 with %s to move: turn 2 belongs to North", p.Side())
	}
	if p.Phase() != Play && p.NkiMask() != 0 {
		return fmt.Errorf("turn %d: nki marks %#x during the opening", p.turn, p.NkiMask())
	}
	if stray := p.NkiMask() &^ p.Occupied(); stray != 0 {
		for i := 0; i < NumPits; i++ {
			if stray>>uint(i)&1 != 0 {
				return fmt.Errorf("nki mark on empty pit %s", PitName(i))
			}
		}
	}
	if k, want := p.key, p.ComputeKey(); k != want {
		return fmt.Errorf("key %#x, computed from scratch %#x", k, want)
	}
	return nil
}
