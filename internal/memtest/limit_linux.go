// Setting the address-space limit on Linux.

package memtest

import (
	"syscall"
	"testing"
)

// limitAddressSpace sets this process's RLIMIT_AS to lim bytes.
func limitAddressSpace(t *testing.T, lim uint64) {
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: lim, Max: lim}); err != nil {
		t.Fatalf("setrlimit: %v", err)
	}
}
