// The search engine a worker's runner keeps between search and datagen jobs, and its memory.

package jobs

import (
	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/search"
)

// engineKey names the runner's engine (cluster.Env.Keep).
type engineKey struct{}

// keptEngine is a runner's engine and the options it was built with.
type keptEngine struct {
	eng  *search.Engine
	opts search.Options
}

// engine returns the runner's engine with options o, rebuilt only when a
// job needs other options. The engine it had before is dropped first, so
// that a runner never holds two tables (the memory check counts one a
// runner).
func engine(env *cluster.Env, o search.Options) (*search.Engine, error) {
	if k, ok := env.Kept(engineKey{}).(*keptEngine); ok && k.opts == o {
		return k.eng, nil
	}
	env.Keep(engineKey{}, nil)
	e, err := search.NewEngine(o)
	if err != nil {
		return nil, err
	}
	env.Keep(engineKey{}, &keptEngine{eng: e, opts: o})
	return e, nil
}

// engineMB is the memory of an engine built with o (zero fields take
// search.NewEngine's defaults).
func engineMB(o search.Options) int64 {
	if o.HashMB == 0 {
		o.HashMB = limits.DefaultHashMB
	}
	return limits.EngineMB(max(o.Threads, 1), o.HashMB)
}
