// Running one job on a worker: its kind's run, with what the runner keeps between jobs.

package cluster

import (
	"context"
	"encoding/json"
)

// env is the Env of a job run by w's runner that keeps kept.
func (w *worker) env(kept map[any]any) *Env {
	return &Env{HashMB: w.cfg.HashMB, AllowExternal: w.cfg.AllowExternal, w: w, runner: kept}
}

// execute runs job and returns its result (Error set when it could not).
func (w *worker) execute(ctx context.Context, job *Job, env *Env) *Result {
	res := &Result{Run: job.Run, N: job.N, Try: job.Try, Kind: job.Kind, Nonce: job.Nonce}
	p, err := job.Decode() // checked by ParseJob
	var out Output
	if err == nil {
		out, err = p.Run(ctx, env)
	}
	if err == nil {
		res.Payload, err = json.Marshal(out)
	}
	if err != nil {
		res.Error = err.Error()
		res.Payload = nil
	}
	return res
}
