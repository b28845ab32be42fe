//go:build !amd64 || purego

// The hidden layer in plain Go where there is no assembly for it (or
// with -tags purego, which tests this path on amd64 too).

package nn

// lanesSSE is the units in oneV (unused without the assembly).
const lanesSSE = 8

// hidden is hiddenGo here.
func (n *Net) hidden(in *[NumActive]uint16) int64 { return n.hiddenGo(in) }
