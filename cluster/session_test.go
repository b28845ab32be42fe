// Tests of the coordinator session: open, a job through it, close.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"context"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/syncbuf"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// TestSessionEmbeddedPerft: a session with one local worker on an
// embedded server counts a perft divide as movegen does here, and closes
// without error.
func TestSessionEmbeddedPerft(t *testing.T) {
	p, err := position.Parse("0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36")
	if err != nil {
		t.Fatal(err)
	}
	want, err := movegen.Divide(context.Background(), p, 3, movegen.PerftOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var log syncbuf.Buffer
	s, err := Open(SessionConfig{URL: "embedded", LocalWorkers: 1, Window: 4, Log: &log,
		Build: func() (Build, error) { return testBuild, nil }})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Divide(withTimeout(t, 60*time.Second), s.Coord, p, 3, movegen.Rules{})
	if cerr := s.Close(); cerr != nil {
		t.Errorf("close: %v", cerr)
	}
	if err != nil {
		t.Fatalf("divide: %v (log: %s)", err, log.String())
	}
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: %v, want %v", i, got[i], want[i])
		}
	}
}

// TestSessionRefusesBadConfig: a config Open cannot use is refused with
// the flag that set it named, before the build fingerprint is computed
// or anything is started.
func TestSessionRefusesBadConfig(t *testing.T) {
	for _, c := range []struct {
		cfg  SessionConfig
		want string
	}{
		{SessionConfig{URL: "embedded", LocalWorkers: -1, Window: 4}, "--workers"},
		{SessionConfig{URL: "embedded", LocalWorkers: 1, Window: 0}, "--queue"},
		{SessionConfig{URL: "embedded", Window: 4}, "--nats embedded: give --workers N"},
		{SessionConfig{URL: "embedded", LocalWorkers: 1, Window: 4, RunID: "a b"}, "--run-id"},
		{SessionConfig{URL: "embedded", LocalWorkers: 1, Window: 4, Conn: ConnConfig{Cert: "c.pem"}}, "--nats-cert and --nats-key go together"},
	} {
		c.cfg.Build = func() (Build, error) {
			t.Errorf("%+v: the build fingerprint was asked for", c.cfg)
			return testBuild, nil
		}
		s, err := Open(c.cfg)
		if err == nil {
			s.Close()
			t.Errorf("%+v: opened, want an error naming %q", c.cfg, c.want)
		} else if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want it to name %q", c.cfg, err, c.want)
		}
	}
}
