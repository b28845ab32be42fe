// A job kind that exists only in this file, added as a new kind is: its payload, its output and one RegisterKind call, run end to end through workers.

package cluster_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/cluster"
)

// kindSum adds two numbers on a worker.
const kindSum = "sum"

func init() { cluster.RegisterKind[sumJob, sumOut](kindSum) }

type sumJob struct {
	A int `json:"a"`
	B int `json:"b"`
}

func (s *sumJob) Check() error {
	if s.A < 0 || s.B < 0 {
		return fmt.Errorf("sum: a %d, b %d: must not be negative", s.A, s.B)
	}
	return nil
}

func (s *sumJob) Run(ctx context.Context, env *cluster.Env) (cluster.Output, error) {
	// What the runner keeps between jobs: the jobs it ran before.
	ran, _ := env.Kept("ran").(int)
	env.Keep("ran", ran+1)
	return &sumOut{Sum: s.A + s.B, Before: ran}, nil
}

func (s *sumJob) MemoryMB(*cluster.Env) (int64, string, error) { return 0, "", nil }
func (s *sumJob) Untimed() bool                                { return true }

type sumOut struct {
	Sum    int `json:"sum"`
	Before int `json:"before"` // jobs its runner ran before it (not compared)
}

func (o *sumOut) Check() error {
	if o.Sum < 0 {
		return fmt.Errorf("sum %d: negative", o.Sum)
	}
	return nil
}

func (o *sumOut) Same(other cluster.Output) error {
	p, ok := other.(*sumOut)
	switch {
	case !ok:
		return errors.New("not a sum")
	case o.Sum != p.Sum:
		return cluster.Differ("sum", o.Sum, p.Sum)
	}
	return nil
}

// A kind registered in one file runs through the queue on two workers,
// each result verified by the other, its messages on the wire under its
// name as every kind's are.
func TestKindInOneFile(t *testing.T) {
	if !slices.Contains(cluster.Kinds(), kindSum) {
		t.Fatalf("kinds %v lack %q", cluster.Kinds(), kindSum)
	}
	e := startServer(t)
	startWorker(t, e, cluster.WorkerConfig{Name: "w1"})
	startWorker(t, e, cluster.WorkerConfig{Name: "w2"})
	c := coordinator(t, e, "sums", nil)
	c.Verify = 1
	const n = 12
	sums := make([]int, n)
	err := c.Execute(withTimeout(t, 60*time.Second), &cluster.Plan{N: n, Deterministic: true,
		Job: func(k int) cluster.Job { return cluster.NewJob(kindSum, &sumJob{A: k, B: 100 * k}) },
		Done: func(k int, r *cluster.Result) (bool, error) {
			o := outOf[*sumOut](r)
			if o == nil {
				return false, fmt.Errorf("job %d: %+v is not a sum", k, r)
			}
			sums[k] = o.Sum
			return false, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	for k, s := range sums {
		if s != 101*k {
			t.Errorf("job %d: sum %d, want %d", k, s, 101*k)
		}
	}
	if c.Verified != n {
		t.Errorf("%d of %d jobs verified", c.Verified, n)
	}

	// The wire: the payload under the kind's name, checked by the kind.
	j := cluster.NewJob(kindSum, &sumJob{A: 1, B: 2})
	j.V, j.Run, j.Build = cluster.WireVersion, "r", testBuild
	b, err := cluster.Marshal(&j)
	if err != nil || !strings.Contains(string(b), `"kind":"sum"`) || !strings.Contains(string(b), `"sum":{"a":1,"b":2}`) {
		t.Fatalf("job message %s, %v", b, err)
	}
	if _, err := cluster.ParseJob([]byte(strings.Replace(string(b), `"a":1`, `"a":-1`, 1))); err == nil || !strings.Contains(err.Error(), "sum: a -1") {
		t.Errorf("a negative sum job: %v, want the kind's check", err)
	}
	if _, err := cluster.ParseJob([]byte(strings.Replace(string(b), `"sum":{`, `"Sum":{`, 1))); err == nil || !strings.Contains(err.Error(), `the name is "sum"`) {
		t.Errorf("the kind's field in another case: %v", err)
	}
}

// Register refuses a kind that would make messages ambiguous: a name
// taken, in any case, by a kind or by a field of the envelope.
func TestRegisterRefusesAmbiguousKinds(t *testing.T) {
	mk := func(name string) cluster.Kind {
		return cluster.Kind{Name: name, NewPayload: func() cluster.Payload { return new(sumJob) },
			NewOutput: func() cluster.Output { return new(sumOut) }}
	}
	for _, name := range []string{"sum", "SUM", "run", "Kind", "machine", ""} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("kind %q registered", name)
				}
			}()
			cluster.Register(mk(name))
		}()
	}
}
