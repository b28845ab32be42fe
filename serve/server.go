// Package serve is Kiothi's HTTP/JSON API for web front-ends (legal moves,
// analysis, move application, game replay, live analysis events, with
// bounded concurrent searches) and the board page that uses it.
package serve

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"golang.org/x/sync/semaphore"
)

// Searcher is what the server analyses with; *search.Engine is one.
type Searcher interface {
	Search(ctx context.Context, root position.Position, history []uint64, l search.Limits, info func(search.Info)) search.Result
}

// Config bounds and sets up a server. Zero fields take the defaults.
type Config struct {
	Rules           movegen.Rules
	MaxSearches     int           // concurrent searches (default 2)
	MaxMoveTime     time.Duration // cap on one search (default 10 s)
	DefaultMoveTime time.Duration // when a request gives no limit (default 1 s)
	MaxDepth        int           // cap on a requested depth (default 64)
	QueueWait       time.Duration // longest wait for a free search (default 30 s)
	HashMB          int           // per engine (default 16)
	MaxBody         int64         // request body bytes (default 64 KiB)
	MaxMoves        int           // moves in an analyse request (default 10000)
	// NewSearcher builds one engine; nil means search.NewEngine.
	NewSearcher func(search.Options) (Searcher, error)
}

func (c *Config) defaults() {
	set := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	setD := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	set(&c.MaxSearches, 2)
	set(&c.MaxDepth, 64)
	set(&c.HashMB, 16)
	set(&c.MaxMoves, 10000)
	setD(&c.MaxMoveTime, 10*time.Second)
	setD(&c.DefaultMoveTime, time.Second)
	setD(&c.QueueWait, 30*time.Second)
	c.DefaultMoveTime = min(c.DefaultMoveTime, c.MaxMoveTime)
	if c.MaxBody <= 0 {
		c.MaxBody = 64 << 10
	}
	if c.NewSearcher == nil {
		c.NewSearcher = func(o search.Options) (Searcher, error) { return search.NewEngine(o) }
	}
}

// Server serves the API.
type Server struct {
	cfg  Config
	sem  *semaphore.Weighted
	mu   sync.Mutex
	free []Searcher // idle engines, kept for their tables
}

// New returns a server.
func New(cfg Config) *Server {
	cfg.defaults()
	return &Server{cfg: cfg, sem: semaphore.NewWeighted(int64(cfg.MaxSearches))}
}

// Handler returns the API's routes. Unknown paths and wrong methods get
// JSON errors too.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/v1/moves", method(http.MethodGet, s.moves))
	mux.HandleFunc("/api/v1/analyse", method(http.MethodPost, s.analyse))
	mux.HandleFunc("/api/v1/play", method(http.MethodPost, s.play))
	mux.HandleFunc("/api/v1/game", method(http.MethodPost, s.game))
	mux.HandleFunc("/api/v1/analyse/stream", method(http.MethodGet, s.stream))
	mux.Handle("GET /{$}", page())
	mux.Handle("GET /ui/", page())
	mux.HandleFunc("/healthz", method(http.MethodGet, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	}))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.URL.Path)
	})
	return mux
}

// method admits one HTTP method (and HEAD with GET).
func method(m string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != m && !(m == http.MethodGet && r.Method == http.MethodHead) {
			w.Header().Set("Allow", m)
			writeError(w, http.StatusMethodNotAllowed, "method "+r.Method+" not allowed: use "+m)
			return
		}
		h(w, r)
	}
}

// acquire waits for a free search slot and returns an engine for it.
func (s *Server) acquire(ctx context.Context) (Searcher, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.QueueWait)
	defer cancel()
	if err := s.sem.Acquire(ctx, 1); err != nil {
		return nil, errBusy
	}
	s.mu.Lock()
	if n := len(s.free); n > 0 {
		e := s.free[n-1]
		s.free = s.free[:n-1]
		s.mu.Unlock()
		return e, nil
	}
	s.mu.Unlock()
	e, err := s.cfg.NewSearcher(search.Options{Threads: 1, HashMB: s.cfg.HashMB, MultiPV: 1,
		Rules: s.cfg.Rules, Multiplier: movegen.DefaultMultiplier})
	if err != nil {
		s.sem.Release(1)
		return nil, err
	}
	return e, nil
}

func (s *Server) release(e Searcher) {
	s.mu.Lock()
	s.free = append(s.free, e)
	s.mu.Unlock()
	s.sem.Release(1)
}

var errBusy = errors.New("all searches busy: try again later")

// Run serves on addr until ctx ends, then shuts down gracefully, letting
// requests in flight finish for up to grace. ready, if set, is called
// with the bound address once listening.
func (s *Server) Run(ctx context.Context, addr string, grace time.Duration, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      s.cfg.QueueWait + s.cfg.MaxMoveTime + 10*time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	if ready != nil {
		ready(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err = srv.Shutdown(sctx)
	<-errc
	return err
}
