// kiothi serve: the server's settings as its flags give them, checked in
// the flags' words, served until the context ends.

package serve

import (
	"context"
	"fmt"
	"io"
	"net"
	"sync"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// Command is kiothi serve: the Config its flags set (each flag's value as
// given, a zero refused rather than defaulted), the address, the shutdown
// grace, and Log for the start and stop lines.
type Command struct {
	Config
	Addr  string
	Grace time.Duration
	EGDB  string // the endgame database setting (egdb.OpenSetting), opened into Config.DB
	Log   io.Writer
}

// The defaults of kiothi serve's --addr and --grace.
const (
	DefaultAddr  = "127.0.0.1:8080"
	DefaultGrace = 15 * time.Second
)

var flagNames = names{"--max-searches", "--max-movetime", "--max-analysis", "--movetime", "--hash", "--max-body",
	"--max-searches %d × --hash %d"}

// Check refuses a setting out of range, or searches beyond the memory
// this process may use, naming the flags.
func (c *Command) Check() error {
	d := c.Config
	d.defaults() // the settings that have no flag
	d.MaxSearches, d.MaxMoveTime, d.MaxAnalysisTime, d.DefaultMoveTime, d.HashMB, d.MaxBody =
		c.MaxSearches, c.MaxMoveTime, c.MaxAnalysisTime, c.DefaultMoveTime, c.HashMB, c.MaxBody
	if err := d.check(flagNames); err != nil {
		return err
	}
	if c.Grace < 0 {
		return fmt.Errorf("--grace %v: must not be negative", c.Grace)
	}
	return nil
}

// Run checks c, then serves (Server.Run) until ctx ends, saying on Log
// where it serves and that it stopped; a stop by ctx is not an error.
func (c *Command) Run(ctx context.Context) error {
	if err := c.Check(); err != nil {
		return err
	}
	db, err := egdb.OpenFor(c.EGDB, c.Config.Rules)
	if err != nil {
		return fmt.Errorf("--egdb: %v", err)
	}
	c.Config.DB = db
	if c.Config.NewSearcher == nil {
		c.Config.NewSearcher = notingEngines(c.Log)
	}
	err = New(c.Config).Run(ctx, c.Addr, c.Grace, func(a net.Addr) {
		fmt.Fprintf(c.Log, "kiothi: serving on http://%s\n", a)
	})
	if err == nil || err == context.Canceled {
		fmt.Fprintln(c.Log, "kiothi: server stopped")
		return nil
	}
	return err
}

// notingEngines builds the server's engines so that what a search says
// of the endgame database (search.Result.Note: its file changed and was
// read again, or it was dropped) is written to log once, whichever
// engine saw it first.
func notingEngines(log io.Writer) func(search.Options) (Searcher, error) {
	var mu sync.Mutex
	said := map[string]bool{}
	note := func(s string) {
		mu.Lock()
		defer mu.Unlock()
		if !said[s] {
			said[s] = true
			fmt.Fprintln(log, "kiothi: "+s)
		}
	}
	return func(o search.Options) (Searcher, error) {
		e, err := search.NewEngine(o)
		if err != nil {
			return nil, err
		}
		return notingEngine{e, note}, nil
	}
}

// notingEngine is a search.Engine whose results' notes go to note.
type notingEngine struct {
	*search.Engine
	note func(string)
}

func (e notingEngine) Search(ctx context.Context, root position.Position, history []uint64, l search.Limits, info func(search.Info)) search.Result {
	r := e.Engine.Search(ctx, root, history, l, info)
	if r.Note != "" {
		e.note(r.Note)
	}
	return r
}
