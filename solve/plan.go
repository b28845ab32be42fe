// The solve's plan: the null-window tests narrowing [lo, hi] to the value, a gallop then a bisection.

package solve

import (
	"context"
	"sync"

	"github.com/kiothi/kiothi/position"
)

// tests plans the null-window tests of a solve: the interval [lo, hi]
// the value is known to lie in, and the gallop from the guess.
type tests struct {
	lo, hi    int
	guess     int
	galloping bool
	dir       int // the last test's outcome: 1 value >= mid, -1 below, 0 none yet
	step      int // the gallop's next step
	steps     int // the gallop's steps planned so far
}

// The gallop's first gallopFlat steps move one value of the margin (2: a
// margin keeps the parity of the warriors in play, so "value >= hi-1" asks
// "value = hi"); each later step doubles the one before. Most guesses are
// off by a value or two, and a test far past the value is wasted when
// the bisection comes back (measured on testdata/solve-27-30.txt and the
// accuracy set's root solves: docs/journal/strength.md, "The gallop's
// first steps").
const (
	gallopStep = 2
	gallopFlat = 3
)

// newTests returns the plan for a value in [lo, hi], galloping from
// guess when there is one.
func newTests(lo, hi int, guess *int) tests {
	t := tests{lo: lo, hi: hi, step: gallopStep}
	if guess != nil {
		t.galloping, t.guess = true, *guess
	}
	return t
}

// next returns the next test "value >= mid", lo < mid <= hi, so that both
// outcomes shrink the interval.
func (t *tests) next() int {
	mid := t.lo + (t.hi-t.lo+1)/2
	if t.galloping {
		switch t.dir {
		case 0:
			mid = t.guess
		case 1:
			mid = t.lo + t.step
		case -1:
			mid = t.hi - t.step + 1
		}
		mid = min(max(mid, t.lo+1), t.hi)
		if t.dir != 0 {
			if t.steps++; t.steps >= gallopFlat {
				t.step *= 2
			}
		}
	}
	return mid
}

// record narrows the interval by the result v of the test at mid, and
// turns the gallop into a bisection when the outcome changes direction.
func (t *tests) record(mid, v int) {
	d := -1
	if v >= mid {
		t.lo, d = max(t.lo, v), 1
	} else {
		t.hi = min(t.hi, v)
	}
	if t.dir != 0 && d != t.dir {
		t.galloping = false
	}
	t.dir = d
}

// run runs the tests one after another, each on every thread, until the
// interval closes (true) or ctx ends or the node budget is spent (false).
// report is called after each test.
func (s *solver) run(ctx context.Context, root *position.Position, t *tests, report func()) bool {
	for t.lo < t.hi {
		mid := t.next()
		v, ok := s.test(ctx, root, mid)
		if !ok {
			return false
		}
		t.record(mid, v)
		report()
	}
	return true
}

// test runs the null-window search (mid-1, mid) on every thread and
// returns the first result: a value >= mid is a lower bound, a value
// < mid an upper bound. false when ctx ended first.
func (s *solver) test(ctx context.Context, root *position.Position, mid int) (int, bool) {
	s.stop.Store(false)
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			s.stop.Store(true)
		case <-done:
		}
	}()
	defer close(done)
	var once sync.Once
	var val int
	found := false
	var wg sync.WaitGroup
	for _, w := range s.workers {
		w.aborted = false
		wg.Go(func() {
			v := w.guardedRoot(root, mid)
			if !w.aborted {
				once.Do(func() { val, found = v, true })
				s.stop.Store(true)
			}
		})
	}
	wg.Wait()
	return val, found
}
