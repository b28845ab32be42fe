// Running one job on a worker (its kind's run), with the runner's engine and the spec cache.

package cluster

import (
	"context"
	"sync"

	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/search"
)

// runnerState is what one runner keeps between jobs: its search engine,
// rebuilt only when a job needs other options.
type runnerState struct {
	eng  *search.Engine
	opts search.Options
}

// engine returns the runner's engine with options o. The engine it had
// before is dropped first, so that a runner never holds two tables (the
// memory check counts one a runner).
func (rs *runnerState) engine(o search.Options) (*search.Engine, error) {
	if rs.eng == nil || rs.opts != o {
		rs.eng = nil
		e, err := search.NewEngine(o)
		if err != nil {
			return nil, err
		}
		rs.eng, rs.opts = e, o
	}
	return rs.eng, nil
}

// execute runs job and returns its result (Error set when it could not).
func (w *worker) execute(ctx context.Context, job *Job, rs *runnerState) *Result {
	res := &Result{Run: job.Run, N: job.N, Try: job.Try, Kind: job.Kind, Nonce: job.Nonce}
	out, err := job.payload().run(ctx, w, rs) // one payload: checked by ParseJob
	if err != nil {
		res.Error = err.Error()
		return res
	}
	out.put(res)
	return res
}

// specCache keeps parsed player specs (a book spec opens its file once).
type specCache struct {
	mu sync.Mutex
	m  map[string]match.Factory
}

// maxSpecs bounds the cache; it is emptied when full.
const maxSpecs = 32

func (c *specCache) get(spec string) (match.Factory, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f, ok := c.m[spec]; ok {
		return f, nil
	}
	f, err := match.ParseSpec(spec)
	if err != nil {
		return f, err
	}
	if c.m == nil || len(c.m) >= maxSpecs {
		c.m = map[string]match.Factory{}
	}
	c.m[spec] = f
	return f, nil
}
