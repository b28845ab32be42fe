// The memory a command will take, checked before it takes it.

package limits

import (
	"fmt"

	"github.com/kiothi/kiothi/tt"
)

// ThreadMB is what one search thread takes besides the shared table
// (its stacks and history, under half a megabyte), rounded up.
const ThreadMB = 1

// EngineMB is the memory of one engine: its table and its threads.
func EngineMB(threads, hashMB int) int64 {
	return int64(hashMB) + int64(threads)*ThreadMB
}

// CheckMemory returns an error when mb megabytes, what is named by what
// (e.g. "--threads 64 × --hash 1024"), is more than three quarters of the
// memory this process may use; nil when that memory is unknown.
func CheckMemory(what string, mb int64) error {
	total := tt.MemoryMB()
	if total == 0 || mb <= int64(total*3/4) {
		return nil
	}
	return fmt.Errorf("%s: %d MB, more than 3/4 of the %d MB of memory this process may use", what, mb, total)
}
