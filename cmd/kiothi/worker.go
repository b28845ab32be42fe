// The worker command: runs jobs from a NATS work queue until interrupted.

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

type workerOptions struct {
	natsOptions
	threads  int
	hash     int
	name     string
	ackWait  time.Duration
	progress int
	allowUGI bool
}

func newWorkerCmd(g *globalOptions) *cobra.Command {
	o := &workerOptions{}
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
		RunE:    func(cmd *cobra.Command, _ []string) error { return o.run(cmd.Context(), g) },
	}
	f := c.Flags()
	o.natsOptions.addFlags(f, "URL of the NATS server (nats://host:4222, tls://...; required)")
	settings.Flag(f, settings.Threads, &o.threads, "jobs run at a time")
	settings.Flag(f, settings.Hash, &o.hash, "transposition table of each search job, in MB (games use their specs' hash)")
	f.StringVar(&o.name, "name", "", "this worker's name in results and messages (default host-pid)")
	durationVar(f, &o.ackWait, "ack-wait", cluster.DefaultAckWait, "redeliver a job whose worker is silent this long (used when this worker creates the queue's consumer)")
	f.IntVar(&o.progress, "progress", 100, "print a line every this many jobs (0: never)")
	f.BoolVar(&o.allowUGI, "allow-ugi", false, "run games with ugi: players (external programs named by the job); off, a job cannot run programs here")
	return c
}

func (o *workerOptions) run(ctx context.Context, g *globalOptions) error {
	if o.url == "" || o.url == "embedded" {
		return errors.New("worker: --nats URL of a NATS server is required (embedded servers belong to coordinators: match --workers N)")
	}
	for _, err := range []error{
		limits.Threads.Check("--threads", int64(o.threads)),
		limits.HashMB.Check("--hash", int64(o.hash)),
		// One engine a runner for search jobs, each with its own table.
		limits.CheckMemory(fmt.Sprintf("--threads %d × --hash %d", o.threads, o.hash), int64(o.threads)*limits.EngineMB(1, o.hash)),
		limits.Range{Min: 0, Max: 1 << 30}.Check("--progress", int64(o.progress)),
		limits.Range{Min: 1000, Max: 24 * 3600 * 1000, Unit: "ms"}.CheckDuration("--ack-wait", o.ackWait),
	} {
		if err != nil {
			return err
		}
	}
	if o.name == "" {
		host, _ := os.Hostname()
		o.name = fmt.Sprintf("%s-%d", host, os.Getpid())
	}
	opts, err := o.options("kiothi worker " + o.name)
	if err != nil {
		return err
	}
	build, err := localBuild()
	if err != nil {
		return err
	}
	ctx, stop := interruptible(ctx)
	defer stop()
	nc, err := connectRetrying(ctx, g.errOut, "worker "+o.name, o.url, time.Second, 30*time.Second,
		func() (*nats.Conn, error) { return nats.Connect(o.url, opts...) })
	if err != nil {
		return err
	}
	defer nc.Close()
	m := machine.Current()
	fmt.Fprintf(g.errOut, "worker %s: %s, %d at a time, on %s\n", o.name, build, o.threads, nc.ConnectedUrlRedacted())
	fmt.Fprintf(g.errOut, "worker %s: %s\n", o.name, m)
	err = cluster.Work(ctx, nc, cluster.WorkerConfig{Runners: o.threads, HashMB: o.hash, Build: build, Machine: &m,
		Name: o.name, AckWait: o.ackWait, Log: g.errOut, ProgressEvery: o.progress, AllowExternal: o.allowUGI})
	if err != nil {
		return fmt.Errorf("worker: %v", err)
	}
	fmt.Fprintf(g.errOut, "worker %s: stopped\n", o.name)
	return nil
}

// connectRetrying dials until it connects or ctx ends, waiting first,
// then twice as long after each failure up to most, and saying so on log
// each time: a worker started before its server, or across a server
// restart, waits for it rather than exits.
func connectRetrying(ctx context.Context, log io.Writer, who, url string, first, most time.Duration, dial func() (*nats.Conn, error)) (*nats.Conn, error) {
	wait := first
	for try := 1; ; try++ {
		nc, err := dial()
		if err == nil {
			return nc, nil
		}
		fmt.Fprintf(log, "%s: --nats %s: %v (try %d; again in %s, Ctrl-C stops)\n", who, url, err, try, wait)
		select {
		case <-ctx.Done():
			return nil, &exitError{code: 130, err: fmt.Errorf("--nats %s: interrupted before a connection (last error: %v)", url, err)}
		case <-time.After(wait):
		}
		wait = min(2*wait, most)
	}
}
