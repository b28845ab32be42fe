// The NATS flags of coordinator commands, declared into cluster.Flags, and what each batch command runs through them (package jobs).

package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/kiothi/kiothi/annotate"
	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/cluster/fingerprint"
	"github.com/kiothi/kiothi/cluster/jobs"
	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/spf13/pflag"
)

// addNATSFlags declares a NATS connection's flags (coordinators and
// workers) into url and c.
func addNATSFlags(f *pflag.FlagSet, url *string, c *cluster.ConnConfig, what string) {
	f.StringVar(url, "nats", "", what)
	f.StringVar(&c.Creds, "nats-creds", "", "NATS credentials file (JWT and NKey seed)")
	f.StringVar(&c.CA, "nats-ca", "", "CA certificate file to verify the NATS server's TLS certificate")
	f.StringVar(&c.Cert, "nats-cert", "", "client certificate file for TLS (with --nats-key)")
	f.StringVar(&c.Key, "nats-key", "", "client key file for TLS (with --nats-cert)")
}

// localBuild is this binary's build fingerprint on the work queue.
func localBuild() (cluster.Build, error) { return fingerprint.Build(version, commit) }

// clusterOptions are a coordinator's flags.
type clusterOptions struct{ cluster.Flags }

func (o *clusterOptions) addFlags(f *pflag.FlagSet) {
	addNATSFlags(f, &o.URL, &o.Conn, `run the jobs through the NATS server at this URL (nats://host:4222, tls://...), or "embedded" for one in this process (docs/cluster.md)`)
	f.IntVar(&o.Workers, "workers", 0, "start this many workers in this process (without --nats: on an embedded server)")
	f.StringVar(&o.RunID, "run-id", "", "the run's id on the server; a coordinator started again with the same id resumes the run (default: a new id, printed)")
	f.IntVar(&o.Window, "queue", 256, "with --nats: jobs queued ahead of the results (purged when the run stops early)")
	f.Float64Var(&o.Verify, "verify", cluster.DefaultVerify, "with --nats URL: the share of deterministic jobs run again by a second worker and compared (0: none; a disagreement stops the run)")
	o.Build = localBuild
}

func (o *clusterOptions) checkLocalMemory(what string, jobMB int64) error {
	return o.CheckLocalMemory(what, jobMB)
}

func (o *clusterOptions) enabled() bool { return o.Enabled() }

// clusterSession is an open coordinator session (cluster.Flags.Open).
type clusterSession struct{ *cluster.Session }

func (o *clusterOptions) open(log io.Writer) (*clusterSession, error) {
	s, err := o.Open(log)
	return &clusterSession{s}, err
}

// closeWith closes the session and adds what failed to *err.
func (s *clusterSession) closeWith(err *error) { *err = errors.Join(*err, s.Close()) }

// annotate runs a review (run) with every search a job on the work queue
// (annotate --nats; jobs.Annotate).
func (o *clusterOptions) annotate(ctx context.Context, g *globalOptions, cfg annotate.Config, run func(context.Context, annotate.Config) error) (err error) {
	s, err := o.open(g.errOut)
	if err != nil {
		return err
	}
	defer s.closeWith(&err)
	return jobs.Annotate(ctx, s.Coord, cfg, run)
}

// Match plays cfg's games through the work queue (match --nats; jobs.Match).
func (f *clusterOptions) Match(ctx context.Context, log io.Writer, cfg match.Config, spec1, spec2 string) (*match.Summary, error) {
	return cluster.Within(&f.Flags, log, func(c *cluster.Coordinator) (*match.Summary, error) { return jobs.Match(ctx, c, cfg, spec1, spec2) })
}

// PairRunners gives the runner of the matches of each iteration of a
// run of many (spsa): match.Run here, or, when Enabled, Match through
// its own session, whose run id, when --run-id is given, is it with
// "-iteration" added.
func (f *clusterOptions) PairRunners(log io.Writer) func(iteration int) match.PairRunner {
	return func(iteration int) match.PairRunner {
		if !f.Enabled() {
			return func(ctx context.Context, c match.Config, _, _ string) (*match.Summary, error) {
				return match.Run(ctx, c)
			}
		}
		it := *f // its own run id
		if it.RunID != "" {
			it.RunID = fmt.Sprintf("%s-%d", it.RunID, iteration)
		}
		return func(ctx context.Context, c match.Config, spec1, spec2 string) (*match.Summary, error) {
			return it.Match(ctx, log, c, spec1, spec2)
		}
	}
}

// Divide counts perft below each root move through the work queue
// (perft --nats; jobs.Divide).
func (f *clusterOptions) Divide(ctx context.Context, log io.Writer, p position.Position, depth int, r movegen.Rules) ([]movegen.DivideLine, error) {
	return cluster.Within(&f.Flags, log, func(c *cluster.Coordinator) ([]movegen.DivideLine, error) { return jobs.Divide(ctx, c, p, depth, r) })
}

// Datagen plays cfg's games not in done through the work queue, writing
// them to w (datagen --nats; jobs.Datagen).
func (f *clusterOptions) Datagen(ctx context.Context, log io.Writer, cfg datagen.Config, w io.Writer, done map[uint32]bool, progress func(datagen.Stats)) (datagen.Stats, error) {
	return cluster.Within(&f.Flags, log, func(c *cluster.Coordinator) (datagen.Stats, error) {
		return jobs.Datagen(ctx, c, cfg, w, done, progress)
	})
}

// BookBuild runs cfg's build with its leaf searches on the work queue
// (book build --nats; jobs.BookBuild).
func (f *clusterOptions) BookBuild(ctx context.Context, log io.Writer, cfg book.Config) (book.Summary, error) {
	return cluster.Within(&f.Flags, log, func(c *cluster.Coordinator) (book.Summary, error) { return jobs.BookBuild(ctx, c, cfg) })
}

// DatagenRun checks df, the memory of the engines this process makes
// (one a game played at once here, or one a local worker: the workers of
// --nats check their own) and, when the games run as jobs, the wire's
// bounds; it returns df's Config and what plays it: datagen.Run, or
// Datagen through the work queue when Enabled, saying what it does on log.
func (f *clusterOptions) DatagenRun(df *datagen.Flags, log io.Writer) (datagen.Config, datagen.Runner, error) {
	if err := df.Check(); err != nil {
		return datagen.Config{}, nil, err
	}
	var err error
	switch {
	case f.Workers < 0:
		err = limits.Range{Min: 0, Max: limits.Threads.Max}.Check("--workers", int64(f.Workers))
	case f.Workers > 0:
		err = f.CheckLocalMemory(fmt.Sprintf("--hash %d", df.HashMB), limits.EngineMB(1, df.HashMB))
	case !f.Enabled():
		err = limits.CheckMemory(fmt.Sprintf("--concurrency %d × --hash %d", df.Concurrency, df.HashMB),
			int64(df.Concurrency)*limits.EngineMB(1, df.HashMB))
	}
	if err != nil {
		return datagen.Config{}, nil, err
	}
	if f.Enabled() && df.MaxPlies > jobs.MaxDatagenPlies {
		return datagen.Config{}, nil, fmt.Errorf("--max-plies %d: at most %d with --nats or --workers (a game's records travel in one message)", df.MaxPlies, jobs.MaxDatagenPlies)
	}
	cfg, err := df.Config()
	if err != nil {
		return datagen.Config{}, nil, err
	}
	if !f.Enabled() {
		return cfg, datagen.Run, nil
	}
	if n := len(cfg.Starts); n > jobs.MaxDatagenStarts {
		return datagen.Config{}, nil, fmt.Errorf("--starts %s: %d turn-3 positions, at most %d with --nats or --workers (they travel in every job)", df.Starts, n, jobs.MaxDatagenStarts)
	}
	return cfg, func(ctx context.Context, cfg datagen.Config, w io.Writer, done map[uint32]bool, progress func(datagen.Stats)) (datagen.Stats, error) {
		return f.Datagen(ctx, log, cfg, w, done, progress)
	}, nil
}

// DivideBy is movegen.PerftRun's DivideBy: Divide through the work queue
// when Enabled, saying what it does on log, else nil (perft runs here).
func (f *clusterOptions) DivideBy(log io.Writer) func(ctx context.Context, p position.Position, depth int, r movegen.Rules) ([]movegen.DivideLine, error) {
	if !f.Enabled() {
		return nil
	}
	return func(ctx context.Context, p position.Position, depth int, r movegen.Rules) ([]movegen.DivideLine, error) {
		return f.Divide(ctx, log, p, depth, r)
	}
}

// BookBuilder is what runs a book build: BookBuild through the work
// queue when Enabled, saying what it does on log, else book.Build.
func (f *clusterOptions) BookBuilder(log io.Writer) func(ctx context.Context, cfg book.Config) (book.Summary, error) {
	if !f.Enabled() {
		return book.Build
	}
	return func(ctx context.Context, cfg book.Config) (book.Summary, error) { return f.BookBuild(ctx, log, cfg) }
}
