// The address-space limit where Limited does not set it (it skips first).
//go:build !linux

package memtest

import "testing"

func limitAddressSpace(t *testing.T, _ uint64) {
	t.Skip("address-space limits are applied on Linux only")
}
