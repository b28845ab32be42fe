//go:build !amd64 || purego

// The relay lanes in plain Go where there is no assembly for them (or
// with -tags purego, which tests this path on amd64 too).

package position

func relayLanes(r0, r1 uint64, laps *uint16, n int) (ended int, long uint64) {
	return relayLanesGo(r0, r1, laps, n)
}
