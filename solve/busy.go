// Busy marks in the solver (the table: internal/busy): the children the
// solver's threads are searching now, so that a thread puts off a child
// another thread is already proving.

package solve

import "github.com/kiothi/kiothi/internal/busy"

// busyMin is the fewest warriors on the board at which a node marks its
// children and puts off the busy ones: below it the marks' cost is near
// a subtree's (measured on testdata/solve-27-30.txt; docs/journal/strength.md,
// "Busy marks in the solver").
const busyMin = 18

// busyBits: the table has 1<<busyBits slots.
const busyBits = 15

// busyOwner owns every mark the solver makes: its threads are not told
// apart, so a thread's own marks are busy to it too (Held with except 0).
const busyOwner = 1

func newBusy() *busy.Table { return busy.New(busyBits) }
