// The embedded NATS server: JetStream on loopback, temporary store, random token.

package cluster

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Embedded is an in-process NATS server.
type Embedded struct {
	srv   *server.Server
	dir   string
	token string
}

// StartEmbedded starts a NATS server with JetStream on 127.0.0.1 at a
// free port, its store in a new temporary folder that Close removes. It
// admits only clients with its random token (in URL): other users of the
// machine cannot publish jobs to its workers.
func StartEmbedded() (*Embedded, error) {
	dir, err := os.MkdirTemp("", "kiothi-nats-")
	if err != nil {
		return nil, fmt.Errorf("embedded NATS server: %v", err)
	}
	b := make([]byte, 16)
	rand.Read(b)
	e, err := startServerAt(dir, server.RANDOM_PORT, hex.EncodeToString(b))
	if err != nil {
		os.RemoveAll(dir)
	}
	return e, err
}

// startServerAt starts a server on 127.0.0.1:port with its store in dir,
// admitting clients with token.
func startServerAt(dir string, port int, token string) (*Embedded, error) {
	srv, err := server.NewServer(&server.Options{
		ServerName:    "kiothi-embedded",
		Host:          "127.0.0.1",
		Port:          port,
		Authorization: token,
		JetStream:     true,
		StoreDir:      dir,
		NoSigs:        true,
		NoLog:         true,
	})
	if err != nil {
		return nil, fmt.Errorf("embedded NATS server: %v", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, errors.New("embedded NATS server: not ready within 10 s")
	}
	return &Embedded{srv: srv, dir: dir, token: token}, nil
}

// stop stops the server and keeps its store (a test restarts it).
func (e *Embedded) stop() {
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
}

// URL returns the server's client URL with its token
// (nats://TOKEN@127.0.0.1:PORT).
func (e *Embedded) URL() string {
	u, err := url.Parse(e.srv.ClientURL())
	if err != nil {
		return e.srv.ClientURL()
	}
	u.User = url.User(e.token)
	return u.String()
}

// Close stops the server and removes its store.
func (e *Embedded) Close() {
	e.stop()
	os.RemoveAll(e.dir)
}
