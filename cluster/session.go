// A coordinator session: its connection, the local workers and embedded server it started, and the coordinator.

package cluster

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/kiothi/kiothi/limits"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ConnConfig is a NATS connection's credentials and TLS files (empty:
// not used). Its errors name the kiothi flags that set them.
type ConnConfig struct {
	Creds     string // credentials file (JWT and NKey seed): --nats-creds
	CA        string // CA certificate to verify the server's: --nats-ca
	Cert, Key string // client certificate and key, both or neither: --nats-cert, --nats-key
}

// Options returns the connection options for a client called name.
func (c ConnConfig) Options(name string) ([]nats.Option, error) {
	opts := []nats.Option{nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second)}
	if c.Creds != "" {
		opts = append(opts, nats.UserCredentials(c.Creds))
	}
	if c.CA != "" {
		opts = append(opts, nats.RootCAs(c.CA))
	}
	if (c.Cert == "") != (c.Key == "") {
		return nil, errors.New("--nats-cert and --nats-key go together")
	}
	if c.Cert != "" {
		opts = append(opts, nats.ClientCert(c.Cert, c.Key))
	}
	return opts, nil
}

// SessionConfig is what Open opens. Its errors name the kiothi flags
// that set each field.
type SessionConfig struct {
	// URL is the NATS server (--nats); "" or "embedded" starts one in
	// this process, which needs LocalWorkers.
	URL string
	// LocalWorkers is how many workers to start in this process
	// (--workers), 0 to limits.Threads.Max.
	LocalWorkers int
	// RunID is the run's id on the server (--run-id); "" makes a new one.
	RunID string
	// Window is how many jobs are queued ahead of the results (--queue).
	Window int
	// Verify is the share of deterministic jobs run twice and compared
	// (--verify, 0 to 1; Coordinator.Verify). It applies on a server other
	// processes reach: an embedded server's workers are this process.
	Verify float64
	// Conn is the connection's credentials and TLS files.
	Conn ConnConfig
	// Log receives what the session and its local workers say.
	Log io.Writer
	// Build returns this binary's build fingerprint; it is called once
	// the rest of the config is checked.
	Build func() (Build, error)
}

// Session is an open coordinator: its connection, the local workers and
// embedded server it started, and the coordinator.
type Session struct {
	// Coord runs the session's jobs.
	Coord *Coordinator
	nc    *nats.Conn
	local *Local
}

// Open checks cfg, connects (starting an embedded server and local
// workers when asked) and returns the session.
func Open(cfg SessionConfig) (*Session, error) {
	for _, err := range []error{
		limits.Range{Min: 0, Max: limits.Threads.Max}.Check("--workers", int64(cfg.LocalWorkers)),
		limits.Range{Min: 1, Max: 1_000_000}.Check("--queue", int64(cfg.Window)),
	} {
		if err != nil {
			return nil, err
		}
	}
	if !(cfg.Verify >= 0 && cfg.Verify <= 1) {
		return nil, fmt.Errorf("--verify %v: want a share from 0 to 1", cfg.Verify)
	}
	embedded := cfg.URL == "embedded" || cfg.URL == ""
	if embedded && cfg.LocalWorkers == 0 {
		return nil, errors.New("--nats embedded: give --workers N (an embedded server has no other workers)")
	}
	run := cfg.RunID
	if run == "" {
		b := make([]byte, 6)
		rand.Read(b)
		run = time.Now().UTC().Format("20060102-150405-") + hex.EncodeToString(b)
	} else if err := CheckRunID(run); err != nil {
		return nil, fmt.Errorf("--run-id: %v", err)
	}
	opts, err := cfg.Conn.Options("kiothi coordinator " + run)
	if err != nil {
		return nil, err
	}
	build, err := cfg.Build()
	if err != nil {
		return nil, err
	}
	log := cfg.Log
	if log == nil {
		log = io.Discard
	}
	s := &Session{}
	// On the embedded server (loopback, random token) the jobs are this
	// process's own, so its workers may run the ugi: players it names; on
	// a shared server they may not (kiothi worker --allow-ugi).
	wcfg := WorkerConfig{Build: build, Log: log, AllowExternal: embedded}
	url := cfg.URL
	if embedded {
		if s.local, err = StartLocal(cfg.LocalWorkers, wcfg); err != nil {
			return nil, err
		}
		url = s.local.URL()
	} else if cfg.LocalWorkers > 0 {
		if s.local, err = StartWorkers(url, cfg.LocalWorkers, wcfg, opts...); err != nil {
			return nil, err
		}
	}
	if s.nc, err = nats.Connect(url, opts...); err != nil {
		return nil, errors.Join(fmt.Errorf("--nats %s: %v", url, err), s.Close())
	}
	js, err := jetstream.New(s.nc)
	if err != nil {
		return nil, errors.Join(err, s.Close())
	}
	if !embedded {
		fmt.Fprintf(log, "run id %s on %s (start again with --run-id %s to resume)\n", run, url, run)
	}
	s.Coord = &Coordinator{JS: js, Run: run, Build: build, Window: cfg.Window, Log: log}
	if !embedded {
		s.Coord.Verify = cfg.Verify
	}
	return s, nil
}

// Close ends the session: the connection, then the local workers and
// server. It returns what failed: draining the connection, or a local
// worker (whose jobs the others took over; the work is done, but a
// worker's failure is not kept from the user).
func (s *Session) Close() error {
	var errs []error
	if s.nc != nil {
		if err := s.nc.Drain(); err != nil {
			errs = append(errs, fmt.Errorf("closing the connection: %v", err))
		}
	}
	if s.local != nil {
		if err := s.local.Close(); err != nil {
			errs = append(errs, fmt.Errorf("local %v", err))
		}
	}
	return errors.Join(errs...)
}
