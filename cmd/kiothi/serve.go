// The serve command: the HTTP/JSON API for web front-ends.

package main

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/serve"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

type serveOptions struct {
	addr        string
	maxSearches int
	maxMoveTime time.Duration
	maxAnalysis time.Duration
	defMoveTime time.Duration
	hashMB      int
	maxBody     int64
	grace       time.Duration
}

func newServeCmd(g *globalOptions) *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the board page and the HTTP/JSON API",
		Long: `Serve the board page and the HTTP/JSON API until SIGINT or SIGTERM:
  GET  /                the page: play the engine, analyse a position
  GET  /api/v1/moves?position=...
  POST /api/v1/analyse  {"position": ..., "moves": [...], "limits": {"movetime": ms}}
  GET  /api/v1/analyse/stream?position=...&moves=...&movetime=ms|infinite=true  (Server-Sent Events)
  POST /api/v1/play     {"position": ..., "move": ...}
  POST /api/v1/game     {"position": ..., "moves": [...]}
  GET  /healthz
See docs/ugi.md for the JSON shapes. Every setting is checked, and the
memory of --max-searches tables of --hash MB, before the server listens.
At shutdown, searches in flight stop and answer with their best move so
far, requests waiting for a search get a 503, and requests in flight have
--grace to finish (0: stopped searches still answer).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			for _, err := range []error{
				limits.Threads.Check("--max-searches", int64(o.maxSearches)),
				limits.MoveTimeMS.CheckDuration("--max-movetime", o.maxMoveTime),
				limits.MoveTimeMS.CheckDuration("--max-analysis", o.maxAnalysis),
				limits.MoveTimeMS.CheckDuration("--movetime", o.defMoveTime),
				limits.HashMB.Check("--hash", int64(o.hashMB)),
				limits.Range{Min: 1, Max: 64 << 20}.Check("--max-body", o.maxBody),
				limits.CheckMemory(fmt.Sprintf("--max-searches %d × --hash %d", o.maxSearches, o.hashMB),
					int64(o.maxSearches)*limits.EngineMB(1, o.hashMB)),
			} {
				if err != nil {
					return err
				}
			}
			if o.grace < 0 {
				return fmt.Errorf("--grace %v: must not be negative", o.grace)
			}
			cfg := serve.Config{
				Rules: g.rules(), MaxSearches: o.maxSearches, MaxMoveTime: o.maxMoveTime, MaxAnalysisTime: o.maxAnalysis,
				DefaultMoveTime: o.defMoveTime, HashMB: o.hashMB, MaxBody: o.maxBody,
			}
			if err := cfg.Check(); err != nil {
				return err
			}
			ctx, stop := interruptible(cmd.Context())
			defer stop()
			s := serve.New(cfg)
			err := s.Run(ctx, o.addr, o.grace, func(a net.Addr) {
				fmt.Fprintf(g.errOut, "kiothi: serving on http://%s\n", a)
			})
			if err == nil || err == context.Canceled {
				fmt.Fprintln(g.errOut, "kiothi: server stopped")
				return nil
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on")
	f.IntVar(&o.maxSearches, "max-searches", 2, "searches run at once; more requests wait")
	durationVar(f, &o.maxMoveTime, "max-movetime", 10*time.Second, "cap on one search's time")
	durationVar(f, &o.maxAnalysis, "max-analysis", 5*time.Minute, "cap on an unlimited analysis (the page's Unlimited)")
	durationVar(f, &o.defMoveTime, "movetime", time.Second, "search time when a request gives no limit")
	settings.Flag(f, settings.Hash, &o.hashMB, "transposition table per engine, MB")
	f.Int64Var(&o.maxBody, "max-body", 64<<10, "request body limit, bytes")
	durationVar(f, &o.grace, "grace", 15*time.Second, "time for requests in flight at shutdown")
	return cmd
}
