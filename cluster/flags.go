// The cluster flags of commands: a coordinator's (--nats, --workers, --run-id, --queue, --verify) and the sessions they open, and a worker's start; the batch commands' use of them is in cmd/kiothi.

package cluster

import (
	"context"
	"errors"
	"fmt"
	"github.com/kiothi/kiothi/internal/interrupt"
	"io"
	"os"
	"time"

	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/limits"
	"github.com/nats-io/nats.go"
)

// Flags are a coordinator command's cluster flags, which the command
// declares into them; their errors name those flags.
type Flags struct {
	URL     string     // --nats: a server, "embedded", or "" (none unless Workers)
	Conn    ConnConfig // --nats-creds, --nats-ca, --nats-cert, --nats-key
	Workers int        // --workers: workers started in this process
	RunID   string     // --run-id
	Window  int        // --queue
	Verify  float64    // --verify
	// Build returns this binary's build fingerprint (cmd fills it in).
	Build func() (Build, error)
}

// Enabled says whether the command runs its work through NATS (a
// negative --workers too: Open refuses it).
func (f *Flags) Enabled() bool { return f.URL != "" || f.Workers != 0 }

// CheckLocalMemory checks the memory of the local workers the session
// starts (--workers N): each runs one job at a time, a job taking jobMB,
// which what names ("--hash 64"). Workers elsewhere check each job
// against their own memory as they take it (Work).
func (f *Flags) CheckLocalMemory(what string, jobMB int64) error {
	if f.Workers <= 0 {
		return nil
	}
	return limits.CheckMemory(fmt.Sprintf("--workers %d × %s", f.Workers, what), int64(f.Workers)*jobMB)
}

// Open opens the session the flags ask for; what it says goes to log.
func (f *Flags) Open(log io.Writer) (*Session, error) {
	return Open(SessionConfig{URL: f.URL, LocalWorkers: f.Workers, RunID: f.RunID, Window: f.Window,
		Verify: f.Verify, Conn: f.Conn, Log: log, Build: f.Build})
}

// Within runs do on the coordinator of a session the flags open, then
// closes the session, adding what failed there to the error.
func Within[T any](f *Flags, log io.Writer, do func(*Coordinator) (T, error)) (_ T, err error) {
	s, err := f.Open(log)
	if err != nil {
		var zero T
		return zero, err
	}
	defer func() { err = errors.Join(err, s.Close()) }()
	return do(s.Coord)
}

// CheckIterations checks the flags of a run of iterations matches
// (PairRunners): the run id of the last, and the memory of the local
// workers, each running jobs of jobMB, which what names.
func (f *Flags) CheckIterations(iterations int, what string, jobMB int64) error {
	if f.RunID != "" {
		if err := CheckRunID(fmt.Sprintf("%s-%d", f.RunID, iterations)); err != nil {
			return fmt.Errorf("--run-id (with -ITERATION added): %v", err)
		}
	}
	return f.CheckLocalMemory(what, jobMB)
}

// WorkerFlags are kiothi worker's flags, which the command declares into
// them; their errors name those flags.
type WorkerFlags struct {
	URL      string     // --nats (required; not "embedded")
	Conn     ConnConfig // --nats-creds, --nats-ca, --nats-cert, --nats-key
	Threads  int        // --threads: jobs run at a time
	HashMB   int        // --hash: each search job's table
	Name     string     // --name (default host-pid)
	AckWait  time.Duration
	Progress int  // --progress: a line every this many jobs (0: never)
	AllowUGI bool // --allow-ugi
	// Build returns this binary's build fingerprint (cmd fills it in).
	Build func() (Build, error)

	opts  []nats.Option
	build Build
}

// Check checks the flags and the memory they ask for, names the worker
// when --name is not given and takes the build fingerprint: what Run
// needs before it connects.
func (f *WorkerFlags) Check() error {
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

// Run connects to the server, trying again until it answers or ctx
// ends (an *interrupt.Stopped), says the worker's build and machine on
// log, and works (Work) until ctx ends. Check comes first.
func (f *WorkerFlags) Run(ctx context.Context, log io.Writer) error {
	nc, err := connectRetrying(ctx, log, "worker "+f.Name, f.URL, time.Second, 30*time.Second,
		func() (*nats.Conn, error) { return nats.Connect(f.URL, f.opts...) })
	if err != nil {
		return err
	}
	defer nc.Close()
	m := machine.Current()
	fmt.Fprintf(log, "worker %s: %s, %d at a time, on %s\n", f.Name, f.build, f.Threads, nc.ConnectedUrlRedacted())
	fmt.Fprintf(log, "worker %s: %s\n", f.Name, m)
	err = Work(ctx, nc, WorkerConfig{Runners: f.Threads, HashMB: f.HashMB, Build: f.build, Machine: &m,
		Name: f.Name, AckWait: f.AckWait, Log: log, ProgressEvery: f.Progress, AllowExternal: f.AllowUGI})
	if err != nil {
		return fmt.Errorf("worker: %v", err)
	}
	fmt.Fprintf(log, "worker %s: stopped\n", f.Name)
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
			return nil, &interrupt.Stopped{Msg: fmt.Sprintf("--nats %s: interrupted before a connection (last error: %v)", url, err)}
		case <-time.After(wait):
		}
		wait = min(2*wait, most)
	}
}
