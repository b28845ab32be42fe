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
func Solve(ctx context.Context, root position.Position, o Options) (res Result, err error) {
	defer func(old bool) {
		debug.SetPanicOnFault(old)
		if ferr := egdb.Recovered(recover()); ferr != nil {
			res, err = Result{}, ferr
		}
	}(debug.SetPanicOnFault(true))
	res, err = solve(ctx, root, o)
	if err == nil && !res.Exact && o.DB.Lost() {
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
