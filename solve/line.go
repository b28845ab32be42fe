// Line extraction: a line from the root that keeps the proven value.

package solve

import (
	"context"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// pv follows a line that keeps value v from root: at each step a move
// whose child is proven to be worth exactly v. Every child is worth at
// least -v from its own side, so one null-window test (child <= -v) per
// move suffices; the table's best move is tried first.
func (w *worker) pv(ctx context.Context, root position.Position, v int) ([]position.Move, bool) {
	w.path = w.path[:0]
	defer func() { w.nodes.Store(w.count) }()
	w.s.stop.Store(false)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			w.s.stop.Store(true)
		case <-done:
		}
	}()
	var line []position.Move
	p := root
	for len(line) < 200 {
		var list movegen.MoveList
		nm := movegen.Generate(&p, w.s.opts.Rules, &list)
		if nm == 0 {
			break
		}
		key, _ := w.s.ttKey(&p)
		if e, ok := w.s.opts.Table.Probe(key); ok {
			for i := 1; i < nm; i++ {
				if list[i] == e.Move {
					list[0], list[i] = list[i], list[0]
				}
			}
		}
		w.path = append(w.path, pathEntry{p.KeyWithPrisons(), p.Prison(position.South) + p.Prison(position.North)})
		found := false
		for _, m := range list[:nm] {
			q, _ := movegen.MakeMove(p, m, w.s.opts.Rules)
			var cv int
			rep := w.repeated(&q)
			if rep {
				cv = w.sweepValue(&q)
			} else {
				w.aborted = false
				cv, _ = w.search(&q, -v, -v+1, len(w.path))
				if w.aborted {
					return line, false
				}
			}
			if -cv == v {
				line = append(line, m)
				if rep {
					return line, true
				}
				p, v, found = q, cv, true
				break
			}
		}
		if !found {
			return line, false
		}
	}
	return line, true
}
