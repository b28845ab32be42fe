// One machine without setup: an embedded server and local workers.

package cluster

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/nats-io/nats.go"
)

// Local is workers in this process, and the embedded server they use
// when StartLocal started one.
type Local struct {
	*Embedded // nil after StartWorkers
	cancel    context.CancelFunc
	wg        sync.WaitGroup
	conns     []*nats.Conn
	errMu     sync.Mutex
	err       error
}

// StartLocal starts an embedded server and n workers on it, each with its
// own connection and one runner, configured by cfg otherwise.
func StartLocal(n int, cfg WorkerConfig) (*Local, error) {
	e, err := StartEmbedded()
	if err != nil {
		return nil, err
	}
	l, err := StartWorkers(e.URL(), n, cfg)
	if err != nil {
		e.Close()
		return nil, err
	}
	l.Embedded = e
	return l, nil
}

// StartWorkers starts n workers in this process on the server at url,
// each with its own connection (made with opts) and one runner. Close
// stops them (and has no server to stop).
func StartWorkers(url string, n int, cfg WorkerConfig, opts ...nats.Option) (*Local, error) {
	ctx, cancel := context.WithCancel(context.Background())
	l := &Local{cancel: cancel}
	cfg.Runners, cfg.Slots = 1, n
	for i := range n {
		// The worker's name goes after opts, which may name the
		// coordinator's connection: the last name given is the one used.
		nc, err := nats.Connect(url, append(slices.Clone(opts), nats.Name(fmt.Sprintf("kiothi local worker %d", i+1)))...)
		if err != nil {
			l.Close()
			return nil, fmt.Errorf("local worker %d: %v", i+1, err)
		}
		l.conns = append(l.conns, nc)
		c := cfg
		c.Name = fmt.Sprintf("%s-%d", cfg.Name, i+1)
		if cfg.Name == "" {
			c.Name = fmt.Sprintf("local-%d", i+1)
		}
		l.wg.Add(1)
		go func() {
			defer l.wg.Done()
			if err := Work(ctx, nc, c); err != nil {
				l.errMu.Lock()
				l.err = fmt.Errorf("worker %s: %v", c.Name, err)
				l.errMu.Unlock()
			}
		}()
	}
	return l, nil
}

// Close stops the workers and the server; it returns a worker's error.
func (l *Local) Close() error {
	l.cancel()
	l.wg.Wait()
	for _, nc := range l.conns {
		nc.Close()
	}
	if l.Embedded != nil {
		l.Embedded.Close()
	}
	l.errMu.Lock()
	defer l.errMu.Unlock()
	return l.err
}
