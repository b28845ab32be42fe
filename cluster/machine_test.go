// Tests that a worker's results carry its machine.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"reflect"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/position"
)

func TestResultsCarryTheMachine(t *testing.T) {
	e := startServer(t)
	m := machine.Current()
	startWorker(t, e, WorkerConfig{Name: "w", Machine: &m})
	c := coordinator(t, e, "machine", nil)
	var got *machine.Info
	err := c.Do(withTimeout(t, 60*time.Second), 1, func(int) Job {
		return NewJob(KindPerft, &PerftJob{Position: position.Start(30).String(), Depth: 1})
	}, func(_ int, r *Result) (bool, error) {
		got = r.Machine
		return false, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got == nil || !reflect.DeepEqual(*got, m) {
		t.Errorf("the result's machine is %+v, the worker's %+v", got, m)
	}
}
