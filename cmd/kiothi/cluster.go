// The NATS flags of coordinator commands (clusterOptions): the session they open, and what each batch command runs through them (package cluster/jobs).

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

// clusterOptions are a coordinator command's cluster flags (addFlags);
// their errors name those flags.
type clusterOptions struct {
	URL     string             // --nats: a server, "embedded", or "" (none unless Workers)
	Conn    cluster.ConnConfig // --nats-creds, --nats-ca, --nats-cert, --nats-key
	Workers int                // --workers: workers started in this process
	RunID   string             // --run-id
	Window  int                // --queue
	Verify  float64            // --verify
	// Build returns this binary's build fingerprint (cmd fills it in).
	Build func() (cluster.Build, error)
}

// enabled says whether the command runs its work through NATS (a
// negative --workers too: open refuses it).
func (f *clusterOptions) enabled() bool { return f.URL != "" || f.Workers != 0 }

// checkLocalMemory checks the memory of the local workers the session
// starts (--workers N): each runs one job at a time, a job taking jobMB,
// which what names ("--hash 64"). Workers elsewhere check each job
// against their own memory as they take it (cluster.Work).
func (f *clusterOptions) checkLocalMemory(what string, jobMB int64) error {
	if f.Workers <= 0 {
		return nil
	}
	return limits.CheckMemory(fmt.Sprintf("--workers %d × %s", f.Workers, what), int64(f.Workers)*jobMB)
}

// open opens the session the flags ask for; what it says goes to log.
func (f *clusterOptions) open(log io.Writer) (*cluster.Session, error) {
	return cluster.Open(cluster.SessionConfig{URL: f.URL, LocalWorkers: f.Workers, RunID: f.RunID, Window: f.Window,
		Verify: f.Verify, Conn: f.Conn, Log: log, Build: f.Build})
}

// within runs do on the coordinator of a session the flags open, then
// closes the session, adding what failed there to the error.
func within[T any](f *clusterOptions, log io.Writer, do func(*cluster.Coordinator) (T, error)) (_ T, err error) {
	s, err := f.open(log)
	if err != nil {
		var zero T
		return zero, err
	}
	defer func() { err = errors.Join(err, s.Close()) }()
	return do(s.Coord)
}

// checkIterations checks the flags of a run of iterations matches
// (PairRunners): the run id of the last, and the memory of the local
// workers, each running jobs of jobMB, which what names.
func (f *clusterOptions) checkIterations(iterations int, what string, jobMB int64) error {
	if f.RunID != "" {
		if err := cluster.CheckRunID(fmt.Sprintf("%s-%d", f.RunID, iterations)); err != nil {
			return fmt.Errorf("--run-id (with -ITERATION added): %v", err)
		}
	}
	return f.checkLocalMemory(what, jobMB)
}

func (o *clusterOptions) addFlags(f *pflag.FlagSet) {
	addNATSFlags(f, &o.URL, &o.Conn, `run the jobs through the NATS server at this URL (nats://host:4222, tls://...), or "embedded" for one in this process (docs/cluster.md)`)
	f.IntVar(&o.Workers, "workers", 0, "start this many workers in this process (without --nats: on an embedded server)")
	f.StringVar(&o.RunID, "run-id", "", "the run's id on the server; a coordinator started again with the same id resumes the run (default: a new id, printed)")
	f.IntVar(&o.Window, "queue", 256, "with --nats: jobs queued ahead of the results (purged when the run stops early)")
	f.Float64Var(&o.Verify, "verify", cluster.DefaultVerify, "with --nats URL: the share of deterministic jobs run again by a second worker and compared (0: none; a disagreement stops the run)")
	o.Build = localBuild
}

// annotate runs a review (run) with every search a job on the work queue
// (annotate --nats; jobs.Annotate).
func (o *clusterOptions) annotate(ctx context.Context, g *globalOptions, cfg annotate.Config, run func(context.Context, annotate.Config) error) (err error) {
	_, err = within(o, g.errOut, func(c *cluster.Coordinator) (struct{}, error) {
		return struct{}{}, jobs.Annotate(ctx, c, cfg, run)
	})
	return err
}

// Match plays cfg's games through the work queue (match --nats; jobs.Match).
func (f *clusterOptions) Match(ctx context.Context, log io.Writer, cfg match.Config, spec1, spec2 string) (*match.Summary, error) {
	return within(f, log, func(c *cluster.Coordinator) (*match.Summary, error) { return jobs.Match(ctx, c, cfg, spec1, spec2) })
}

// PairRunners gives the runner of the matches of each iteration of a
// run of many (spsa): match.Run here, or, when Enabled, Match through
// its own session, whose run id, when --run-id is given, is it with
// "-iteration" added.
func (f *clusterOptions) PairRunners(log io.Writer) func(iteration int) match.PairRunner {
	return func(iteration int) match.PairRunner {
		if !f.enabled() {
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
	return within(f, log, func(c *cluster.Coordinator) ([]movegen.DivideLine, error) { return jobs.Divide(ctx, c, p, depth, r) })
}

// Datagen plays cfg's games not in done through the work queue, writing
// them to w (datagen --nats; jobs.Datagen).
func (f *clusterOptions) Datagen(ctx context.Context, log io.Writer, cfg datagen.Config, w io.Writer, done map[uint32]bool, progress func(datagen.Stats)) (datagen.Stats, error) {
	return within(f, log, func(c *cluster.Coordinator) (datagen.Stats, error) {
		return jobs.Datagen(ctx, c, cfg, w, done, progress)
	})
}

// BookBuild runs cfg's build with its leaf searches on the work queue
// (book build --nats; jobs.BookBuild).
func (f *clusterOptions) BookBuild(ctx context.Context, log io.Writer, cfg book.Config) (book.Summary, error) {
	return within(f, log, func(c *cluster.Coordinator) (book.Summary, error) { return jobs.BookBuild(ctx, c, cfg) })
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
		err = f.checkLocalMemory(fmt.Sprintf("--hash %d", df.HashMB), limits.EngineMB(1, df.HashMB))
	case !f.enabled():
		err = limits.CheckMemory(fmt.Sprintf("--concurrency %d × --hash %d", df.Concurrency, df.HashMB),
			int64(df.Concurrency)*limits.EngineMB(1, df.HashMB))
	}
	if err != nil {
		return datagen.Config{}, nil, err
	}
	if f.enabled() && df.MaxPlies > jobs.MaxDatagenPlies {
		return datagen.Config{}, nil, fmt.Errorf("--max-plies %d: at most %d with --nats or --workers (a game's records travel in one message)", df.MaxPlies, jobs.MaxDatagenPlies)
	}
	cfg, err := df.Config()
	if err != nil {
		return datagen.Config{}, nil, err
	}
	if !f.enabled() {
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
	if !f.enabled() {
		return nil
	}
	return func(ctx context.Context, p position.Position, depth int, r movegen.Rules) ([]movegen.DivideLine, error) {
		return f.Divide(ctx, log, p, depth, r)
	}
}

// BookBuilder is what runs a book build: BookBuild through the work
// queue when Enabled, saying what it does on log, else book.Build.
func (f *clusterOptions) BookBuilder(log io.Writer) func(ctx context.Context, cfg book.Config) (book.Summary, error) {
	if !f.enabled() {
		return book.Build
	}
	return func(ctx context.Context, cfg book.Config) (book.Summary, error) { return f.BookBuild(ctx, log, cfg) }
}
