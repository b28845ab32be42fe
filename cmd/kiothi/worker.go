// The worker command: its flags checked, then jobs from a NATS work queue run until interrupted.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/settings"
	"github.com/nats-io/nats.go"
	"github.com/spf13/cobra"
)

func newWorkerCmd(g *globalOptions) *cobra.Command {
	o := &workerOptions{Build: localBuild}
	c := &cobra.Command{
		Use:   "worker --nats URL",
		Short: "Run games, searches, perft and datagen jobs from a NATS work queue",
		Long: `Pull jobs (match games, searches, perft subtrees, datagen games) from
the NATS JetStream work queue at --nats and run --threads of them at a
time, publishing each result before acknowledging its job. Jobs from
another engine build (another build fingerprint: version, commit and
the node count of kiothi bench --depth 10) are refused with an error
result. The start line names the build and the machine (as kiothi bench
does), and every result carries the machine. A server that cannot be
reached is tried again, with a line each time, every 1 s doubling up to
30 s, until it answers or the worker is interrupted; once connected the
worker reconnects on its own. SIGINT or SIGTERM stops the worker: the
jobs it is running are released to other workers at once. See
docs/cluster.md.`,
		Example: `  kiothi worker --nats nats://queue.example.org:4222 --threads 8`,
		Args:    cobra.NoArgs,
		RunE:    func(cmd *cobra.Command, _ []string) error { return runWorker(cmd.Context(), g, o) },
	}
	f := c.Flags()
	addNATSFlags(f, &o.URL, &o.Conn, "URL of the NATS server (nats://host:4222, tls://...; required)")
	settings.Flag(f, settings.Threads, &o.Threads, "jobs run at a time")
	settings.Flag(f, settings.Hash, &o.HashMB, "transposition table of each search job, in MB (games use their specs' hash)")
	f.StringVar(&o.Name, "name", "", "this worker's name in results and messages (default host-pid)")
	durationVar(f, &o.AckWait, "ack-wait", cluster.DefaultAckWait, "redeliver a job whose worker is silent this long (used when this worker creates the queue's consumer)")
	f.IntVar(&o.Progress, "progress", 100, "print a line every this many jobs (0: never)")
	f.BoolVar(&o.AllowUGI, "allow-ugi", false, "run games with ugi: players (external programs named by the job); off, a job cannot run programs here")
	return c
}

// runWorker checks o, then works until interrupted; interrupted before a
// connection, it exits 130.
func runWorker(ctx context.Context, g *globalOptions, o *workerOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	ctx, stop := stoppable(ctx)
	defer stop()
	return o.run(ctx, g.errOut)
}

// workerOptions are kiothi worker's flags; their errors name them.
type workerOptions struct {
	URL      string             // --nats (required; not "embedded")
	Conn     cluster.ConnConfig // --nats-creds, --nats-ca, --nats-cert, --nats-key
	Threads  int                // --threads: jobs run at a time
	HashMB   int                // --hash: each search job's table
	Name     string             // --name (default host-pid)
	AckWait  time.Duration
	Progress int  // --progress: a line every this many jobs (0: never)
	AllowUGI bool // --allow-ugi
	// Build returns this binary's build fingerprint (cmd fills it in).
	Build func() (cluster.Build, error)

	opts  []nats.Option
	build cluster.Build
}

// check checks the flags and the memory they ask for, names the worker
// when --name is not given and takes the build fingerprint: what run
// needs before it connects.
func (f *workerOptions) check() error {
	if f.URL == "" || f.URL == "embedded" {
		return errors.New("worker: --nats URL of a NATS server is required (embedded servers belong to coordinators: match --workers N)")
	}
	for _, err := range []error{
		limits.Threads.Check("--threads", int64(f.Threads)),
		limits.HashMB.Check("--hash", int64(f.HashMB)),
		// One engine a runner for search jobs, each with its own table.
		limits.CheckMemory(fmt.Sprintf("--threads %d × --hash %d", f.Threads, f.HashMB), int64(f.Threads)*limits.EngineMB(1, f.HashMB)),
		limits.Range{Min: 0, Max: 1 << 30}.Check("--progress", int64(f.Progress)),
		limits.Range{Min: 1000, Max: 24 * 3600 * 1000, Unit: "ms"}.CheckDuration("--ack-wait", f.AckWait),
	} {
		if err != nil {
			return err
		}
	}
	if f.Name == "" {
		host, _ := os.Hostname()
		f.Name = fmt.Sprintf("%s-%d", host, os.Getpid())
	}
	var err error
	if f.opts, err = f.Conn.Options("kiothi worker " + f.Name); err != nil {
		return err
	}
	f.build, err = f.Build()
	return err
}

// run connects to the server, trying again until it answers or ctx
// ends (an *interrupt.Stopped; cluster.Connect), says the worker's build
// and machine on log, and works (cluster.Work) until ctx ends. check
// comes first.
func (f *workerOptions) run(ctx context.Context, log io.Writer) error {
	nc, err := cluster.Connect(ctx, log, "worker "+f.Name, f.URL, f.opts...)
	if err != nil {
		return err
	}
	defer nc.Close()
	m := machine.Current()
	fmt.Fprintf(log, "worker %s: %s, %d at a time, on %s\n", f.Name, f.build, f.Threads, nc.ConnectedUrlRedacted())
	fmt.Fprintf(log, "worker %s: %s\n", f.Name, m)
	err = cluster.Work(ctx, nc, cluster.WorkerConfig{Runners: f.Threads, HashMB: f.HashMB, Build: f.build, Machine: &m,
		Name: f.Name, AckWait: f.AckWait, Log: log, ProgressEvery: f.Progress, AllowExternal: f.AllowUGI})
	if err != nil {
		return fmt.Errorf("worker: %v", err)
	}
	fmt.Fprintf(log, "worker %s: stopped\n", f.Name)
	return nil
}
