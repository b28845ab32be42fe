// The NATS flags of coordinator commands, declared into cluster.Flags.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/kiothi/kiothi/annotate"
	"github.com/kiothi/kiothi/bench"
	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/match"
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
func localBuild() (cluster.Build, error) {
	n, err := bench.FingerprintNodes()
	if err != nil {
		return cluster.Build{}, fmt.Errorf("build fingerprint: %v", err)
	}
	db, err := egdb.OpenSetting(egdb.Auto)
	if err != nil {
		return cluster.Build{}, fmt.Errorf("build fingerprint: %v", err)
	}
	return cluster.Build{Version: version, Commit: commit, Nodes: n, EGDB: db.ID()}, nil
}

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

// runMatch plays cfg's games through the work queue (match --nats).
func (o *clusterOptions) runMatch(ctx context.Context, g *globalOptions, cfg match.Config, spec1, spec2 string) (*match.Summary, error) {
	return o.Match(ctx, g.errOut, cfg, spec1, spec2)
}

// annotate runs a review (run) with every search a job on the work queue
// (annotate --nats; cluster.Annotate).
func (o *clusterOptions) annotate(ctx context.Context, g *globalOptions, cfg annotate.Config, run func(context.Context, annotate.Config) error) (err error) {
	s, err := o.open(g.errOut)
	if err != nil {
		return err
	}
	defer s.closeWith(&err)
	return cluster.Annotate(ctx, s.Coord, cfg, run)
}
