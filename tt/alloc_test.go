// Tests of the table's allocation under an address-space limit.

package tt

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/kiothi/kiothi/internal/memtest"
)

// TestSizeBeyondAddressSpace: under `ulimit -v`, a table the limit cannot
// hold is an error (the memory check counts the limit), and so is an
// allocation the system refuses past the check; neither ends the process.
func TestSizeBeyondAddressSpace(t *testing.T) {
	out, child := memtest.Limited(t, 1024)
	if child {
		_, err := New(4096)
		fmt.Printf("New(4096): %v\n", err)
		_, err = allocBuckets(2048 << 20 / int(unsafe.Sizeof(bucket{})))
		fmt.Printf("allocBuckets(2 GB): %v\n", err)
		tb, err := New(16)
		fmt.Printf("New(16): %v %d\n", err, tb.SizeMB())
		return
	}
	for _, want := range []string{
		"New(4096): hash 4096: 4096 MB, more than 3/4 of the",
		"allocBuckets(2 GB): the system refuses 2048 MB: cannot allocate memory",
		"New(16): <nil> 16",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the child's output:\n%s", want, out)
		}
	}
}
