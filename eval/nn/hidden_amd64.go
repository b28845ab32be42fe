//go:build !purego

// The amd64 hidden layer: declarations of hidden_amd64.s, and the choice
// between its two forms.

package nn

import "github.com/klauspost/cpuid/v2"

// hiddenSSE2 is hiddenGo's contract (see there) in SSE2 (every amd64
// CPU has it): a column is four 128-bit words, so the 23 columns are 92
// adds of eight units each, and the clip and the products with W2 take a
// dozen instructions (PMAXSW, PMINSW, PMADDWD) where Go unpacks and
// multiplies each unit. Exact in int16 and int32 lanes by the bounds
// Check keeps: every hidden sum is within int16, so the units' wrapping
// adds give it exactly, and a clipped unit times W2, in pairs or all 32,
// stays within int32. The entries of in must be inputs (below
// NumInputs, as Inputs gives them): the assembly does not check them.
//
//go:noescape
func hiddenSSE2(w1 *[NumInputs][Hidden]int16, in *[NumActive]uint16, b1 *[Hidden]int16, w2 *[Hidden]int16, one *[lanesSSE]int16) int64

// hiddenAVX2 is hiddenSSE2 in AVX2, for the CPUs that have it: 256-bit
// words and adds straight from memory, so a column is two instructions.
//
//go:noescape
func hiddenAVX2(w1 *[NumInputs][Hidden]int16, in *[NumActive]uint16, b1 *[Hidden]int16, w2 *[Hidden]int16, one *[lanesSSE]int16) int64

// useAVX2 says whether this CPU (and its OS) runs hiddenAVX2.
var useAVX2 = cpuid.CPU.Supports(cpuid.AVX2)

// lanesSSE is the units in a 128-bit word.
const lanesSSE = 8

// hidden_amd64.s adds NumActive (23) columns of 64 bytes.
const (
	_ = uint(NumActive - 23)
	_ = uint(23 - NumActive)
	_ = uint(Hidden*2 - 64)
	_ = uint(64 - Hidden*2)
)

// hidden is hiddenGo's contract in the faster form this CPU runs.
func (n *Net) hidden(in *[NumActive]uint16) int64 {
	if useAVX2 {
		return hiddenAVX2(&n.w1h, in, &n.b1h, &n.w2h, &n.oneV)
	}
	return hiddenSSE2(&n.w1h, in, &n.b1h, &n.w2h, &n.oneV)
}
