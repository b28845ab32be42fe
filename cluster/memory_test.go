// Tests of jobs a worker cannot run: beyond its memory, or delivered too
// often.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/memtest"
)

// searchJob runs one search job with a table of hashMB as run and says
// how it ended.
func searchJob(t *testing.T, e *Embedded, run string, hashMB int) string {
	t.Helper()
	err := coordinator(t, e, run, nil).Do(withTimeout(t, 60*time.Second), 1, func(k int) Job {
		return NewJob(KindSearch, &SearchJob{Position: testPosition, Depth: 2, HashMB: hashMB})
	}, func(k int, r *Result) (bool, error) { return false, nil })
	if err != nil {
		return err.Error()
	}
	return "done"
}

// TestWorkerRefusesJobBeyondMemory: under an address-space limit, a
// worker given a search job and a datagen job whose tables it cannot
// hold answers each with an error result naming the reason, and runs the
// next job; before jobs were checked the first one ended the process.
func TestWorkerRefusesJobBeyondMemory(t *testing.T) {
	out, child := memtest.Limited(t, 2500)
	if child {
		e := startServer(t)
		startWorker(t, e, WorkerConfig{Runners: 2})
		fmt.Printf("huge: %s\n", searchJob(t, e, "huge", 8000))
		err := coordinator(t, e, "hugedata", nil).Do(withTimeout(t, 60*time.Second), 1, func(k int) Job {
			return NewJob(KindDatagen, &DatagenJob{Nodes: 100, HashMB: 8000, Setup: 30, MaxPlies: 10})
		}, func(k int, r *Result) (bool, error) { return false, nil })
		fmt.Printf("hugedata: %v\n", err)
		// 2 runners × 1000 MB is more than 3/4 of what is left; one is not.
		fmt.Printf("two: %s\n", searchJob(t, e, "two", 1000))
		fmt.Printf("small: %s\n", searchJob(t, e, "small", 4))
		return
	}
	for _, want := range []string{
		"huge: job huge/0 failed on worker worker: refused by worker worker: job huge/0 (hash 8000) × 2 jobs at a time on this worker: 16034 MB, more than 3/4 of the",
		"hugedata: job hugedata/0 failed on worker worker: refused by worker worker: job hugedata/0 (hash 8000) × 2 jobs at a time on this worker: 16034 MB",
		"two: job two/0 failed on worker worker: refused by worker worker: job two/0 (hash 1000) × 2 jobs at a time on this worker: 2034 MB",
		"small: done",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// TestJobDeliveredTooOftenFails: a job every worker dies running (its
// connection cut, no ack) is answered as failed at its last delivery,
// and the coordinator reports it, rather than waiting for ever.
func TestJobDeliveredTooOftenFails(t *testing.T) {
	e := startServer(t)
	var mu sync.Mutex
	started := 0
	for range 3 {
		var nc func()
		stop, _, conn := startWorker(t, e, WithStarted(WorkerConfig{MaxDeliver: 3, AckWait: 500 * time.Millisecond}, func(*Job) {
			mu.Lock()
			started++
			mu.Unlock()
			nc()
		}))
		_ = stop
		nc = func() { conn.Close() }
	}
	err := coordinator(t, e, "doomed", nil).Do(withTimeout(t, 60*time.Second), 1, func(k int) Job {
		return NewJob(KindPerft, &PerftJob{Position: testPosition, Depth: 1})
	}, func(k int, r *Result) (bool, error) { return false, nil })
	if err == nil || !strings.Contains(err.Error(), "job doomed/0 failed on worker") || !strings.Contains(err.Error(), "delivered 3 times without a result") {
		t.Fatalf("a job every worker dies on: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if started != 2 {
		t.Errorf("the job was started %d times, want 2 (its third delivery is answered, not run)", started)
	}
}

// testPosition is a play position of the test jobs.
const testPosition = "0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36"
