// Tests of a pool's republication of a result its submitter refuses.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/syncbuf"
	"github.com/kiothi/kiothi/position"
)

// A result the submitter's check refuses is logged and counted, and the
// job runs again; one refused every time fails after MaxTries.
func TestSubmitCheckedRepublishes(t *testing.T) {
	e := startServer(t)
	startWorker(t, e, WorkerConfig{})
	var log syncbuf.Buffer
	c := coordinator(t, e, "checked", &log)
	c.MaxTries = 3
	ctx := withTimeout(t, 60*time.Second)
	pool, err := c.Pool(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	j := NewJob(KindSearch, &SearchJob{Position: position.Start(30).String(), Depth: 2})
	n := 0
	r, err := pool.SubmitChecked(ctx, j, func(r *Result) error {
		n++
		if n == 1 {
			return errLie
		}
		return nil
	})
	if err != nil || outOf[*SearchOut](r) == nil || n != 2 || c.Rejected != 1 {
		t.Fatalf("result %+v, %v after %d checks, %d rejected", r, err, n, c.Rejected)
	}
	if !strings.Contains(log.String(), "refused the result of job checked/0 from worker") || !strings.Contains(log.String(), "a lie") {
		t.Errorf("log:\n%s", log.String())
	}
	_, err = pool.SubmitChecked(ctx, j, func(*Result) error { return errLie })
	if err == nil || !strings.Contains(err.Error(), "refused 3 times") {
		t.Errorf("refused every time: %v", err)
	}
}

var errLie = errors.New("a lie")
