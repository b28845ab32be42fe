//go:build !purego

// The amd64 relay lanes: declaration of relay_amd64.s.

package position

// relayLanes is relayLanesGo's contract (see there), sown three chains at
// a time in assembly. Each lap waits on the table load of the one before,
// so a single chain leaves the core mostly idle: three lanes step three
// chains in one loop, and a lane whose chain ends takes the next move at
// once. It is assembly because the Go compiler, short of registers (x86
// shifts take their count in CL), spilled the lanes to the stack, which
// put a store and a load on every lap's critical path and doubled its
// instructions; in assembly a lap is 15 instructions and no memory but
// the table.
//
//go:noescape
func relayLanes(r0, r1 uint64, laps *uint16, n int) (ended int, long uint64)

// relay_amd64.s gives each chain 64 laps: chunkLaps must be 64.
const (
	_ = uint(chunkLaps - 64)
	_ = uint(64 - chunkLaps)
)
