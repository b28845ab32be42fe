// The embedded NATS server: JetStream on loopback with its store in a
// temporary folder, for --nats embedded and the tests.
package cluster

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Embedded is an in-process NATS server.
type Embedded struct {
	srv *server.Server
	dir string
}

// StartEmbedded starts a NATS server with JetStream on 127.0.0.1 at a
// free port, its store in a new temporary folder that Close removes.
func StartEmbedded() (*Embedded, error) {
	dir, err := os.MkdirTemp("", "kiothi-nats-")
	if err != nil {
		return nil, fmt.Errorf("embedded NATS server: %v", err)
	}
	e, err := startServerAt(dir, server.RANDOM_PORT)
	if err != nil {
		os.RemoveAll(dir)
	}
	return e, err
}

// startServerAt starts a server on 127.0.0.1:port with its store in dir.
func startServerAt(dir string, port int) (*Embedded, error) {
	srv, err := server.NewServer(&server.Options{
		ServerName: "kiothi-embedded",
		Host:       "127.0.0.1",
		Port:       port,
		JetStream:  true,
		StoreDir:   dir,
		NoSigs:     true,
		NoLog:      true,
	})
	if err != nil {
		return nil, fmt.Errorf("embedded NATS server: %v", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, errors.New("embedded NATS server: not ready within 10 s")
	}
	return &Embedded{srv: srv, dir: dir}, nil
}

// stop stops the server and keeps its store (a test restarts it).
func (e *Embedded) stop() {
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
}

// URL returns the server's client URL (nats://127.0.0.1:PORT).
func (e *Embedded) URL() string { return e.srv.ClientURL() }

// Close stops the server and removes its store.
func (e *Embedded) Close() {
	e.stop()
	os.RemoveAll(e.dir)
}
