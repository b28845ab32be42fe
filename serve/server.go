// Package serve is Kiothi's HTTP/JSON API for web front-ends (legal moves,
// analysis, move application, game replay, live analysis events, with
// bounded concurrent searches) and the board page that uses it.
package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/settings"
	"golang.org/x/sync/semaphore"
)

// Searcher is what the server analyses with (search.Searcher); one that
// is also an io.Closer is closed when the server drops it.
type Searcher = search.Searcher

// Config bounds and sets up a server. Zero fields take the defaults.
type Config struct {
	Rules           movegen.Rules
	MaxSearches     int           // concurrent searches (default 2)
	MaxMoveTime     time.Duration // cap on one search (default 10 s)
	MaxAnalysisTime time.Duration // cap on an unlimited analysis stream (default 5 min)
	DefaultMoveTime time.Duration // when a request gives no limit (default 1 s)
	MaxDepth        int           // cap on a requested depth (default limits.Depth.Max)
	QueueWait       time.Duration // longest wait for a free search (default 30 s)
	HashMB          int           // per engine (default limits.DefaultHashMB)
	MaxBody         int64         // request body bytes (default 64 KiB)
	MaxHeader       int           // request line and header bytes (default 16 KiB)
	MaxMoves        int           // moves in an analyse request (default 10000)
	// DB is the endgame database every engine reads (nil: none).
	DB *egdb.DB
	// NewSearcher builds one engine; nil means search.NewEngine.
	// Every engine the server holds, in use or idle, counts against
	// MaxSearches, whatever its options, so that the server never holds
	// more than MaxSearches tables of HashMB (Check) or of the long
	// analysis's limits.AnalysisHash (stream.go), the larger.
	NewSearcher func(search.Options) (Searcher, error)
}

// The defaults of Config's zero fields (and of kiothi serve's flags).
const (
	DefaultMaxSearches     = 2
	DefaultMaxMoveTime     = 10 * time.Second
	DefaultMaxAnalysisTime = 5 * time.Minute
	DefaultMoveTime        = time.Second
	DefaultMaxBody         = 64 << 10
)

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
	set(&c.MaxSearches, DefaultMaxSearches)
	set(&c.MaxDepth, int(limits.Depth.Max))
	set(&c.HashMB, limits.DefaultHashMB)
	set(&c.MaxMoves, 10000)
	set(&c.MaxHeader, 16<<10)
	setD(&c.MaxMoveTime, DefaultMaxMoveTime)
	setD(&c.MaxAnalysisTime, DefaultMaxAnalysisTime)
	setD(&c.DefaultMoveTime, DefaultMoveTime)
	setD(&c.QueueWait, 30*time.Second)
	c.DefaultMoveTime = min(c.DefaultMoveTime, c.MaxMoveTime)
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.NewSearcher == nil {
		c.NewSearcher = func(o search.Options) (Searcher, error) { return search.NewEngine(o) }
	}
}

// MaxBodyLimit bounds MaxBody: a request is a position and a game's moves.
const MaxBodyLimit = 64 << 20

// Check returns an error for a setting out of range (package limits), or
// for searches that together would take more memory than this process
// may use; zero fields are the defaults. Run checks before it listens.
func (c Config) Check() error {
	c.defaults()
	return c.check(apiNames)
}

// names are the words a check calls the settings by: the Go fields' as
// apiNames, kiothi serve's flags as flagNames (command.go).
type names struct {
	maxSearches, maxMoveTime, maxAnalysis, defMoveTime, hash, maxBody string
	memory                                                            string // a format of MaxSearches and HashMB
}

var apiNames = names{"max searches", "max movetime", "max analysis time", "default movetime", settings.Hash.Key, "max body",
	"%d searches × hash %d"}

// check is Check of a Config whose defaults are set, naming the settings
// by n.
func (c Config) check(n names) error {
	for _, err := range []error{
		limits.Threads.Check(n.maxSearches, int64(c.MaxSearches)),
		limits.MoveTimeMS.CheckDuration(n.maxMoveTime, c.MaxMoveTime),
		limits.MoveTimeMS.CheckDuration(n.maxAnalysis, c.MaxAnalysisTime),
		limits.MoveTimeMS.CheckDuration(n.defMoveTime, c.DefaultMoveTime),
		settings.Hash.Check(n.hash, int64(c.HashMB)),
		limits.Depth.Check("max depth", int64(c.MaxDepth)),
		limits.Range{Min: 1, Max: MaxBodyLimit}.Check(n.maxBody, c.MaxBody),
		limits.CheckMemory(fmt.Sprintf(n.memory, c.MaxSearches, c.HashMB),
			int64(c.MaxSearches)*limits.EngineMB(1, c.HashMB)),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

// Server serves the API.
type Server struct {
	cfg      Config
	sem      *semaphore.Weighted // a slot a search in flight
	mu       sync.Mutex
	free     []idleEngine // idle engines, kept for their tables, oldest first
	held     int          // engines built and not dropped, in use or idle: at most MaxSearches
	stopping atomic.Bool  // Run is shutting down: queued requests are refused
	queued   atomic.Int32 // requests waiting for a slot
	egdb     string       // the sentence naming cfg.DB (egdb.Says), for GET /healthz
	oracle   solveCache   // proven answers of /api/v1/solve (solve.go)
}

// idleEngine is a pooled engine and the options it was built with.
type idleEngine struct {
	e Searcher
	o search.Options
}

// New returns a server. Settings out of range are refused by Run (see
// Config.Check).
func New(cfg Config) *Server {
	cfg.defaults()
	return &Server{cfg: cfg, sem: semaphore.NewWeighted(int64(cfg.MaxSearches)), egdb: egdb.Says(cfg.DB)}
}

// Handler returns the API's routes. Every error is JSON: unknown paths,
// wrong methods, paths that are not clean (no redirect) and requests
// whose line and headers exceed MaxHeader.
func (s *Server) Handler() http.Handler {
	mux := s.routes()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n := headerBytes(r); n > s.cfg.MaxHeader {
			writeError(w, http.StatusRequestHeaderFieldsTooLarge,
				fmt.Sprintf("request line and headers of %d bytes: at most %d", n, s.cfg.MaxHeader))
			return
		}
		if p := r.URL.Path; p == "" || p[0] != '/' || path.Clean(p) != p {
			writeError(w, http.StatusNotFound, "no such endpoint: "+excerpt.Quote(p))
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// headerBytes is the size of a request's line and headers as sent.
func headerBytes(r *http.Request) int {
	n := len(r.Method) + len(r.RequestURI) + len(r.Proto) + 4
	for k, vs := range r.Header {
		for _, v := range vs {
			n += len(k) + len(v) + 4
		}
	}
	return n
}

// routes is the API's endpoints, with a JSON 404 for any other path.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/v1/moves", method(http.MethodGet, s.moves))
	mux.HandleFunc("/api/v1/analyse", method(http.MethodPost, s.analyse))
	mux.HandleFunc("/api/v1/solve", method(http.MethodPost, s.solve))
	mux.HandleFunc("/api/v1/play", method(http.MethodPost, s.play))
	mux.HandleFunc("/api/v1/game", method(http.MethodPost, s.game))
	mux.HandleFunc("/api/v1/analyse/stream", method(http.MethodGet, s.stream))
	mux.HandleFunc("/api/v1/annotate", method(http.MethodPost, s.annotate))
	mux.HandleFunc("/api/v1/pgn/read", method(http.MethodPost, s.pgnRead))
	mux.HandleFunc("/api/v1/pgn/write", method(http.MethodPost, s.pgnWrite))
	mux.Handle("GET /{$}", page())
	mux.Handle("GET /ui/", page())
	mux.HandleFunc("/healthz", method(http.MethodGet, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "queued": s.queued.Load(), "egdb": s.egdb})
	}))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint: "+excerpt.Quote(r.URL.Path))
	})
	return mux
}

// method admits one HTTP method (and HEAD with GET).
func method(m string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != m && !(m == http.MethodGet && r.Method == http.MethodHead) {
			w.Header().Set("Allow", m)
			writeError(w, http.StatusMethodNotAllowed, "method "+excerpt.Quote(r.Method)+" not allowed: use "+m)
			return
		}
		h(w, r)
	}
}

// engineOptions are the options of an engine showing lines lines under
// rules.
func (s *Server) engineOptions(lines int, rules movegen.Rules) search.Options {
	o := settings.Defaults().Search
	o.HashMB, o.MultiPV, o.Rules, o.DB = s.cfg.HashMB, lines, rules, s.cfg.DB
	return o
}

// acquire waits for a free search slot and returns an engine with the
// server's rules and one line (acquireFor).
func (s *Server) acquire(parent context.Context) (Searcher, error) {
	return s.acquireFor(parent, s.engineOptions(1, s.cfg.Rules))
}

// release returns an engine from acquire.
func (s *Server) release(e Searcher) { s.releaseFor(e, s.engineOptions(1, s.cfg.Rules)) }

// acquireFor waits for a free search slot and returns an engine with
// options o for it: an idle one with those options, or a new one. A new
// one beyond MaxSearches engines held first drops the oldest idle engine
// (there is one: each engine in use holds a slot, and this request holds
// one too). A wait ended by the request's own context (the server's base
// context ends at shutdown, possibly before Run has set stopping; or the
// client left) is a shutdown, not a busy server, and so is a slot won
// after the shutdown began: a request that reached the handler as the
// server stopped is refused, not searched with no time.
func (s *Server) acquireFor(parent context.Context, o search.Options) (Searcher, error) {
	if err := s.acquireSlot(parent); err != nil {
		return nil, err
	}
	s.mu.Lock()
	for i := len(s.free) - 1; i >= 0; i-- {
		if s.free[i].o == o {
			e := s.free[i].e
			s.free = slices.Delete(s.free, i, i+1)
			s.mu.Unlock()
			return e, nil
		}
	}
	var dropped Searcher
	if s.held >= s.cfg.MaxSearches && len(s.free) > 0 {
		dropped = s.free[0].e
		s.free = slices.Delete(s.free, 0, 1)
		s.held--
	}
	s.held++
	s.mu.Unlock()
	if dropped != nil {
		if c, ok := dropped.(io.Closer); ok {
			c.Close()
		}
		// Free the dropped table before the new one is allocated: the
		// collector would otherwise let the heap grow to twice what is
		// live first, so both tables would be resident at once.
		runtime.GC()
	}
	e, err := s.cfg.NewSearcher(o)
	if err != nil {
		s.mu.Lock()
		s.held--
		s.mu.Unlock()
		s.sem.Release(1)
		return nil, err
	}
	return e, nil
}

// acquireSlot waits for a free search slot, as acquireFor does; the
// caller releases it (s.sem.Release(1)).
func (s *Server) acquireSlot(parent context.Context) error {
	ctx, cancel := context.WithTimeout(parent, s.cfg.QueueWait)
	defer cancel()
	s.queued.Add(1)
	err := s.sem.Acquire(ctx, 1)
	s.queued.Add(-1)
	if err != nil {
		if s.stopping.Load() || parent.Err() != nil {
			return errStopping
		}
		return errBusy
	}
	if s.stopping.Load() || parent.Err() != nil {
		s.sem.Release(1)
		return errStopping
	}
	return nil
}

// releaseFor returns an engine from acquireFor(o) to the pool and frees
// its slot.
func (s *Server) releaseFor(e Searcher, o search.Options) {
	s.mu.Lock()
	s.free = append(s.free, idleEngine{e, o})
	s.mu.Unlock()
	s.sem.Release(1)
}

var (
	errBusy     = errors.New("all searches busy: try again later")
	errStopping = errors.New("the server is shutting down")
)

// answerWait is how long a shutdown waits, after the grace period, for
// requests whose searches it has stopped to send their answers.
const answerWait = time.Second

// Run checks the settings (Config.Check), serves on addr until ctx ends,
// then shuts down: searches in flight stop at once and answer with the
// best move found so far, requests waiting for a search get a 503 that
// says the server is shutting down, and requests in flight have grace to
// finish (and, whatever grace, up to a second more for stopped searches
// to answer) before their connections are closed. ready, if set, is
// called with the bound address once listening. A shutdown by ctx is not
// an error.
func (s *Server) Run(ctx context.Context, addr string, grace time.Duration, ready func(net.Addr)) error {
	if err := s.cfg.Check(); err != nil {
		return err
	}
	if grace < 0 {
		return fmt.Errorf("grace %v: must not be negative", grace)
	}
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
		// The Handler answers over-long headers with JSON; net/http's own
		// plain-text 431 is left for the megabyte beyond.
		MaxHeaderBytes: s.cfg.MaxHeader + 1<<20,
		BaseContext:    func(net.Listener) context.Context { return ctx },
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
	s.stopping.Store(true)
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if srv.Shutdown(sctx) != nil {
		actx, cancel := context.WithTimeout(context.Background(), answerWait)
		defer cancel()
		if srv.Shutdown(actx) != nil {
			srv.Close()
		}
	}
	<-errc
	return nil
}
