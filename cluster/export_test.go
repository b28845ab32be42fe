// What package cluster's external tests (package cluster_test, which imports the job kinds of package jobs) reach inside it.

package cluster

import (
	"context"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go/jetstream"
)

var (
	Streams            = streams
	OpenWorkerConsumer = workerConsumer
	StartServerAt      = startServerAt
	ConnectRetrying    = connectRetrying
	NewSeal            = newSeal
)

const JobsPrefix = jobsPrefix

// Seal is a run's seal (seal.go).
type Seal = seal

func (s *seal) Nonce(run string, k, try int) string { return s.nonce(run, k, try) }
func (s *seal) Binds(run string, r *Result, seq uint64) string {
	return s.binds(run, r, seq)
}
func (s *seal) Sampled(run string, k int, share float64) bool { return s.sampled(run, k, share) }
func (s *seal) Since() uint64                                 { return s.since }

// SameKey is a seal with s's key.
func SameKey(s *seal) seal { return seal{key: s.key} }

func (c *Coordinator) OpenSeal(ctx context.Context, results jetstream.Stream) (seal, error) {
	return c.openSeal(ctx, results)
}

// Server is e's NATS server.
func (e *Embedded) Server() *server.Server { return e.srv }

// WithStarted is cfg with started called as a runner starts a job.
func WithStarted(cfg WorkerConfig, started func(*Job)) WorkerConfig {
	cfg.started = started
	return cfg
}

// Lying is cfg with lie changing each job before it runs: a worker that
// returns another legal result.
func Lying(cfg WorkerConfig, lie func(*Job)) WorkerConfig {
	cfg.lie = lie
	return cfg
}

// StopServer stops e's server, leaving its store (a restart).
func (e *Embedded) StopServer() { e.stop() }
