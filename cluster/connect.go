// Connecting to a NATS server for a worker: tried again, with a line each time, until it answers or the context ends.

package cluster

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/kiothi/kiothi/internal/interrupt"
	"github.com/nats-io/nats.go"
)

// Connect connects to the server at url with opts, trying again every
// second, then twice as long after each failure up to 30 s, and saying so
// on log (as who) each time, until it connects or ctx ends (an
// *interrupt.Stopped): a worker started before its server, or across a
// server restart, waits for it rather than exits.
func Connect(ctx context.Context, log io.Writer, who, url string, opts ...nats.Option) (*nats.Conn, error) {
	return connectRetrying(ctx, log, who, url, time.Second, 30*time.Second,
		func() (*nats.Conn, error) { return nats.Connect(url, opts...) })
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
