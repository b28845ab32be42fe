// The database in memory and its probe.

package egdb

import (
	"fmt"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Unknown is the entry of a position whose value a repetition can change
// (doc.go); the probe reports it as absent.
const Unknown int8 = -128

// DB is a set of layers 0..Max() for one rule set. It is read-only once
// built or read, so any number of goroutines may probe it.
type DB struct {
	rules  movegen.Rules
	layers [][]byte // layers[n] for n = 0..max, as pack.go stores them
	sum    uint32   // the file's checksum (ReadFile; 0 for a database built here)
	live   liveFile // the file it was read from (live.go)
	name   string   // the file's path, embeddedName, or "" for one built here
}

// ID names the database's contents for a build fingerprint: its rules,
// layers and file checksum ("" for none).
func (d *DB) ID() string {
	if d == nil {
		return ""
	}
	rules := ""
	if d.rules.FreeFirstLap {
		rules = " free-first-lap"
	}
	return fmt.Sprintf("layers 0-%d%s crc32c %08x", d.Max(), rules, d.sum)
}

// Max returns the most warriors on the board the database covers (-1
// for none).
func (d *DB) Max() int {
	if d == nil {
		return -1
	}
	return len(d.layers) - 1
}

// Rules returns the rules the values were built under.
func (d *DB) Rules() movegen.Rules { return d.rules }

// CheckRules returns an error, naming the database as name, when its
// values were built under other rules than r.
func (d *DB) CheckRules(name string, r movegen.Rules) error {
	if d.rules != r {
		return fmt.Errorf("%s: built for other rules (free-first-lap %v, wanted %v)", name, d.rules.FreeFirstLap, r.FreeFirstLap)
	}
	return nil
}

// Probe returns what the side to move of p still wins under perfect play
// (the margin objective's value less the current prison difference), and
// false when the database does not hold it: more warriors on the board
// than Max, an nki mark, an opening position, other rules than the
// database's, or a value a repetition can change. It does not allocate.
func (d *DB) Probe(p *position.Position, r movegen.Rules) (int, bool) {
	if e, ok := d.Entry(p, r); ok {
		return e.Value()
	}
	return 0, false
}

// Outcome returns the side to move of p's final margin under perfect
// play (the margin objective's value: the current prison difference plus
// Probe's value), and false where Probe has none.
func (d *DB) Outcome(p *position.Position, r movegen.Rules) (int, bool) {
	v, ok := d.Probe(p, r)
	if !ok {
		return 0, false
	}
	s := p.Side()
	return p.Prison(s) - p.Prison(s.Other()) + v, true
}

// Entry returns where p's entry is, and false when the database does not
// cover p (as Probe says); Ref.Value reads it. Locating a batch of
// entries first and reading them after lets the reads' cache misses
// overlap.
func (d *DB) Entry(p *position.Position, r movegen.Rules) (Ref, bool) {
	if d == nil || r != d.rules || p.NkiMask() != 0 || p.Phase() != position.Play {
		return Ref{}, false
	}
	n := p.BoardTotal()
	if n >= len(d.layers) {
		return Ref{}, false
	}
	var counts [position.NumPits]int
	boardOf(p, &counts)
	return d.ref(n, Rank(&counts, n)), true
}

// Covers reports whether p's board is within the database's layers (its
// value may still be Unknown).
func (d *DB) Covers(p *position.Position) bool {
	return d != nil && p.NkiMask() == 0 && p.BoardTotal() < len(d.layers)
}

// Known returns how many entries of layer n are known (not Unknown).
func (d *DB) Known(n int) int {
	k := 0
	if n > PackedMax {
		for _, b := range d.layers[n] {
			if int8(b) != Unknown {
				k++
			}
		}
		return k
	}
	for _, b := range d.layers[n] {
		if b&15 != unknownCode {
			k++
		}
		if b>>4 != unknownCode {
			k++
		}
	}
	return k - Size(n)%2 // an odd layer's last high half is no entry
}

// Line appends to line the database's best line from p, at most n moves:
// at each position the first move (in generation order) whose child the
// database holds and whose outcome is the position's value, until a
// position without moves, one it does not hold, or n moves. A held
// position's lines cannot come back to a position they passed (doc.go),
// so the line is a game's continuation under perfect play from p.
func (d *DB) Line(p position.Position, r movegen.Rules, n int, line []position.Move) []position.Move {
	var list movegen.MoveList
	for k := 0; k < n; k++ {
		want, ok := d.Outcome(&p, r)
		if !ok {
			break
		}
		nm := movegen.Generate(&p, r, &list)
		next := -1
		var child position.Position
		for i, m := range list[:nm] {
			q, st := movegen.MakeMove(p, m, r)
			if st != movegen.Legal {
				continue
			}
			got, ok := d.Outcome(&q, r)
			if !ok {
				continue
			}
			if q.Side() != p.Side() {
				got = -got
			}
			if got == want {
				next, child = i, q
				break
			}
		}
		if next < 0 {
			break
		}
		line = append(line, list[next])
		p = child
	}
	return line
}
