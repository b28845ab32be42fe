// Tests of the shared buffer: concurrent writes all kept.

package syncbuf

import (
	"strings"
	"sync"
	"testing"
)

// Writes from many goroutines are all kept, whole (run under -race).
func TestConcurrentWrites(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				b.Write([]byte("ab\n"))
				_ = b.String()
			}
		})
	}
	wg.Wait()
	if got := strings.Count(b.String(), "ab\n"); got != 800 || len(b.String()) != 2400 {
		t.Fatalf("%d whole writes in %d bytes, want 800 in 2400", got, len(b.String()))
	}
}
