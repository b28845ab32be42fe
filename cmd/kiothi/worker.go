// The worker command: runs jobs from a NATS work queue until interrupted.

package main

import (
	"context"

	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

func newWorkerCmd(g *globalOptions) *cobra.Command {
	o := &cluster.WorkerFlags{Build: localBuild}
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

// runWorker checks o, then works until interrupted (cluster.WorkerFlags);
// interrupted before a connection, it exits 130.
func runWorker(ctx context.Context, g *globalOptions, o *cluster.WorkerFlags) error {
	if err := o.Check(); err != nil {
		return err
	}
	ctx, stop := stoppable(ctx)
	defer stop()
	return o.Run(ctx, g.errOut)
}
