// A fault while reading the endgame database (its file changed under the
// solve) as an error.

package solve

import (
	"context"
	"runtime/debug"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/position"
)

// Solve proves the value of root, or stops when ctx is done and returns
// the bounds proven so far. A fault while reading Options.DB (its file
// changed under the solve: egdb.Recovered) ends it with a
// *egdb.FaultError, and the database is dropped.
func Solve(ctx context.Context, root position.Position, o Options) (Result, error) {
	return guarded(o, func() (Result, error) { return solve(ctx, root, o) },
		func(r Result) bool { return r.Exact })
}

// guarded runs a solve with a fault reading o.DB caught as an error
// (egdb.Recovered); an unfinished solve whose database was dropped under
// it says so.
func guarded[T any](o Options, run func() (T, error), exact func(T) bool) (res T, err error) {
	defer func(old bool) {
		debug.SetPanicOnFault(old)
		if ferr := egdb.Recovered(recover()); ferr != nil {
			var zero T
			res, err = zero, ferr
		}
	}(debug.SetPanicOnFault(true))
	res, err = run()
	if err == nil && !exact(res) && o.DB.Lost() {
		if d, note := o.DB.Fresh(o.Rules); d == nil {
			err = lostError(note)
		}
	}
	return res, err
}

// lostError is the error of a solve whose database was dropped under it.
type lostError string

func (e lostError) Error() string { return string(e) }

// guardedRoot is w.root(root, mid-1, mid), a thread's part of a test,
// with a fault reading the database (egdb.Recovered) caught: the test is
// then aborted and the solve stopped.
func (w *worker) guardedRoot(root *position.Position, mid int) (v int) {
	defer func(old bool) {
		debug.SetPanicOnFault(old)
		if egdb.Recovered(recover()) != nil {
			w.aborted = true
			w.s.stop.Store(true)
		}
	}(debug.SetPanicOnFault(true))
	return w.root(root, mid-1, mid)
}
