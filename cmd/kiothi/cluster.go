// The NATS flags of coordinator commands, and the coordinator session they open.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/kiothi/kiothi/annotate"
	"github.com/kiothi/kiothi/bench"
	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/nats-io/nats.go"
	"github.com/spf13/pflag"
)

// natsOptions are a NATS connection's flags (coordinators and workers).
type natsOptions struct {
	url         string
	creds       string
	ca          string
	cert, key   string
	connectWait time.Duration
}

func (o *natsOptions) addFlags(f *pflag.FlagSet, what string) {
	f.StringVar(&o.url, "nats", "", what)
	f.StringVar(&o.creds, "nats-creds", "", "NATS credentials file (JWT and NKey seed)")
	f.StringVar(&o.ca, "nats-ca", "", "CA certificate file to verify the NATS server's TLS certificate")
	f.StringVar(&o.cert, "nats-cert", "", "client certificate file for TLS (with --nats-key)")
	f.StringVar(&o.key, "nats-key", "", "client key file for TLS (with --nats-cert)")
}

// options returns the connection options the flags ask for.
func (o *natsOptions) options(name string) ([]nats.Option, error) {
	return o.conn().Options(name)
}

// conn is the credentials and TLS files the flags name.
func (o *natsOptions) conn() cluster.ConnConfig {
	return cluster.ConnConfig{Creds: o.creds, CA: o.ca, Cert: o.cert, Key: o.key}
}

// localBuild is this binary's build fingerprint on the work queue.
func localBuild() (cluster.Build, error) {
	n, err := bench.FingerprintNodes()
	if err != nil {
		return cluster.Build{}, fmt.Errorf("build fingerprint: %v", err)
	}
	return cluster.Build{Version: version, Commit: commit, Nodes: n}, nil
}

// clusterOptions are a coordinator's flags.
type clusterOptions struct {
	natsOptions
	workers int
	runID   string
	window  int
}

func (o *clusterOptions) addFlags(f *pflag.FlagSet) {
	o.natsOptions.addFlags(f, `run the jobs through the NATS server at this URL (nats://host:4222, tls://...), or "embedded" for one in this process (docs/cluster.md)`)
	f.IntVar(&o.workers, "workers", 0, "start this many workers in this process (without --nats: on an embedded server)")
	f.StringVar(&o.runID, "run-id", "", "the run's id on the server; a coordinator started again with the same id resumes the run (default: a new id, printed)")
	f.IntVar(&o.window, "queue", 256, "with --nats: jobs queued ahead of the results (purged when the run stops early)")
}

// checkLocalMemory checks the memory of the local workers the session
// starts (--workers N): each runs one job at a time, a job taking jobMB,
// which what names ("--hash 64"). Workers elsewhere check each job
// against their own memory as they take it (cluster.Work).
func (o *clusterOptions) checkLocalMemory(what string, jobMB int64) error {
	if o.workers <= 0 {
		return nil
	}
	return limits.CheckMemory(fmt.Sprintf("--workers %d × %s", o.workers, what), int64(o.workers)*jobMB)
}

// enabled says whether the command runs its work through NATS (a
// negative --workers too: open refuses it).
func (o *clusterOptions) enabled() bool { return o.url != "" || o.workers != 0 }

// clusterSession is an open coordinator session (cluster.Open).
type clusterSession struct{ *cluster.Session }

// open opens the session the flags ask for; what it says goes to log.
func (o *clusterOptions) open(log io.Writer) (*clusterSession, error) {
	s, err := cluster.Open(cluster.SessionConfig{
		URL:          o.url,
		LocalWorkers: o.workers,
		RunID:        o.runID,
		Window:       o.window,
		Conn:         o.conn(),
		Log:          log,
		Build:        localBuild,
	})
	if err != nil {
		return nil, err
	}
	return &clusterSession{s}, nil
}

// close ends the session (cluster.Session.Close).
func (s *clusterSession) close() error { return s.Close() }

// closeWith closes the session and adds what failed to *err.
func (s *clusterSession) closeWith(err *error) { *err = errors.Join(*err, s.close()) }

// runMatch plays cfg's games through the work queue (match --nats).
func (o *clusterOptions) runMatch(ctx context.Context, g *globalOptions, cfg match.Config, spec1, spec2 string) (_ *match.Summary, err error) {
	s, err := o.open(g.errOut)
	if err != nil {
		return nil, err
	}
	defer s.closeWith(&err)
	return cluster.Match(ctx, s.Coord, cfg, spec1, spec2)
}

// divide counts perft below each root move through the work queue
// (perft --nats).
func (o *clusterOptions) divide(ctx context.Context, g *globalOptions, p position.Position, depth int, r movegen.Rules) (_ []movegen.DivideLine, err error) {
	s, err := o.open(g.errOut)
	if err != nil {
		return nil, err
	}
	defer s.closeWith(&err)
	return cluster.Divide(ctx, s.Coord, p, depth, r)
}

// datagen plays cfg's games not in done through the work queue, writing
// them to w (datagen --nats).
func (o *clusterOptions) datagen(ctx context.Context, g *globalOptions, cfg datagen.Config, w io.Writer, done map[uint32]bool, progress func(datagen.Stats)) (_ datagen.Stats, err error) {
	s, err := o.open(g.errOut)
	if err != nil {
		return datagen.Stats{}, err
	}
	defer s.closeWith(&err)
	return cluster.Datagen(ctx, s.Coord, cfg, w, done, progress)
}

// bookBuild runs cfg's build with its leaf searches on the work queue
// (book build --nats); the candidate redistributions at turns 1 and 2 are
// searched here. A search that cannot be done stops the build as an
// interrupt does (the book written is valid) and is the error.
func (o *clusterOptions) bookBuild(ctx context.Context, g *globalOptions, cfg book.Config) (_ book.Summary, err error) {
	s, err := o.open(g.errOut)
	if err != nil {
		return book.Summary{}, err
	}
	defer s.closeWith(&err)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	pool, err := s.Coord.Pool(ctx)
	if err != nil {
		return book.Summary{}, err
	}
	defer pool.Close()
	cfg.NewEngine = func(multiPV int) (book.Searcher, error) {
		if multiPV > 1 {
			return cfg.LocalEngine(multiPV)
		}
		return &cluster.Searcher{Pool: pool, Rules: cfg.Rules, HashMB: cfg.HashMB, Fail: cancel}, nil
	}
	sum, err := book.Build(ctx, cfg)
	if cause := context.Cause(ctx); err == nil && sum.Interrupted && cause != nil && !errors.Is(cause, context.Canceled) {
		err = fmt.Errorf("book build stopped: %v (%s is a valid book; continue it with --resume)", cause, cfg.Out)
	}
	return sum, err
}

// annotate runs a review (run) with every search a job on the work queue
// (annotate --nats): cfg.Concurrency searches in flight, each from a
// cleared table with cfg's hash and every line (annotate.Lines), checked
// as it arrives (cluster.Searcher). A search that cannot be done stops
// the review and is the error.
func (o *clusterOptions) annotate(ctx context.Context, g *globalOptions, cfg annotate.Config, run func(context.Context, annotate.Config) error) (err error) {
	s, err := o.open(g.errOut)
	if err != nil {
		return err
	}
	defer s.closeWith(&err)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	pool, err := s.Coord.Pool(ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	searcher := &cluster.Searcher{Pool: pool, Rules: cfg.Options.Rules, HashMB: cfg.Options.HashMB, MultiPV: annotate.Lines, Fail: cancel}
	cfg.NewSearcher = func() (annotate.Searcher, error) { return searcher, nil }
	err = run(ctx, cfg)
	if cause := context.Cause(ctx); err != nil && cause != nil && !errors.Is(cause, context.Canceled) {
		err = fmt.Errorf("annotate stopped: %v", cause)
	}
	return err
}
