// The build: each layer's values from the layers below it (doc.go).

package egdb

import (
	"context"
	"fmt"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// The build's marks in a layer being built (never in a finished one).
const (
	unvisited int8 = -127 // not reached yet
	onLine    int8 = -126 // on the line the pass is following
)

// mark is a mark's byte.
func mark(v int8) byte { return byte(v) }

// LayerStats is what building one layer found.
type LayerStats struct {
	Warriors int
	Entries  int
	Known    int
	Time     time.Duration
}

// Build builds layers 0..max under r, reporting each finished layer to
// progress (if set). It stops with ctx's error between positions.
func Build(ctx context.Context, max int, r movegen.Rules, progress func(LayerStats)) (*DB, error) {
	return Extend(ctx, &DB{rules: r}, max, progress)
}

// Extend returns the layers 0..max: base's as they are (those up to max),
// the others built on from them. base is not changed.
func Extend(ctx context.Context, base *DB, max int, progress func(LayerStats)) (*DB, error) {
	return extend(ctx, base, max, progress, nil)
}

// tickEvery is how many boards of a layer pass between two calls of
// extend's tick.
const tickEvery = 1 << 14

// extend is Extend; tick (if set) hears, every tickEvery boards and
// before each layer starts, how many of layer n's total boards are done.
func extend(ctx context.Context, base *DB, max int, progress func(LayerStats), tick func(n, done, total int)) (*DB, error) {
	if max < 0 || max > MaxWarriors {
		return nil, fmt.Errorf("a database of up to %d warriors: the index covers 0 to %d", max, MaxWarriors)
	}
	keep := min(len(base.layers), max+1)
	d := &DB{rules: base.rules, layers: base.layers[:keep:keep]}
	for n := len(d.layers); n <= max; n++ {
		begin := time.Now()
		// The layer is built one int8 an entry (with the build's marks)
		// and packed once done.
		layer := make([]byte, Size(n))
		for i := range layer {
			layer[i] = mark(unvisited)
		}
		b := builder{db: d, n: n, layer: layer, tainted: make([]uint64, (len(layer)+63)/64)}
		for i := range layer {
			if i&4095 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				if tick != nil && i%tickEvery == 0 {
					tick(n, i, len(layer))
				}
			}
			if int8(layer[i]) == unvisited {
				b.value(i)
			}
		}
		d.layers = append(d.layers, pack(layer, n))
		if progress != nil {
			progress(LayerStats{Warriors: n, Entries: len(layer), Known: d.Known(n), Time: time.Since(begin)})
		}
	}
	return d, nil
}

// builder builds one layer.
type builder struct {
	db    *DB
	n     int
	layer []byte
	// tainted has a bit set for each board from which a line reaches a
	// board that was on the line being followed when it was reached: a
	// board that may lie on a cycle, or lead into one. Only an untainted
	// board's value holds whatever positions came before it in the game
	// (doc.go), so a tainted child counts as one whose value is not known.
	tainted []uint64
}

// value returns the entry of the layer's board idx, working it out if
// need be (onLine when idx is on the line being followed), and whether
// the board is tainted.
func (b *builder) value(idx int) (int8, bool) {
	if v := int8(b.layer[idx]); v != unvisited {
		return v, v == onLine || b.tainted[idx>>6]&(1<<(idx&63)) != 0
	}
	b.layer[idx] = mark(onLine)
	var counts [position.NumPits]int
	Unrank(idx, b.n, &counts)
	p, err := position.New(counts, 0, [2]int{}, position.South, 3)
	if err != nil {
		panic(fmt.Sprintf("egdb: board %d of layer %d: %v", idx, b.n, err)) // Unrank makes only valid boards
	}
	r := b.db.rules
	var list movegen.MoveList
	nm := movegen.Generate(&p, r, &list)
	if nm == 0 {
		v := int8(-b.n) // the opponent takes the board
		b.layer[idx] = byte(v)
		return v, false
	}
	best, bound := -128, -128 // the best known move; what an unknown one may reach
	taint := false
	for _, m := range list[:nm] {
		q, _ := movegen.MakeMove(p, m, r)
		gain := q.Prison(position.South)
		var cc [position.NumPits]int
		k := boardOf(&q, &cc)
		var cv int8
		ct := false // a lower layer's board never comes back to this one
		if k == b.n {
			cv, ct = b.value(Rank(&cc, k))
		} else {
			cv = b.db.entry(k, Rank(&cc, k))
		}
		if ct || cv == Unknown {
			// The child's value lies in [-k, k] whatever the history.
			taint = taint || ct
			bound = max(bound, gain+k)
			continue
		}
		best = max(best, gain-int(cv))
	}
	v := Unknown
	if best >= bound {
		v = int8(best)
	}
	b.layer[idx] = byte(v)
	if taint {
		b.tainted[idx>>6] |= 1 << (idx & 63)
	}
	return v, taint
}
