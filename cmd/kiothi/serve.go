// The serve command: the HTTP/JSON API for web front-ends.
package main

import (
	"context"
	"fmt"
	"net"
	"os/signal"
	"syscall"
	"time"

	"github.com/kiothi/kiothi/serve"
	"github.com/spf13/cobra"
)

func init() { register(newServeCmd) }

type serveOptions struct {
	addr        string
	maxSearches int
	maxMoveTime time.Duration
	defMoveTime time.Duration
	hashMB      int
	maxBody     int64
	grace       time.Duration
}

func newServeCmd(g *globalOptions) *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "serve the board page and the HTTP/JSON API",
		Long: `Serve the board page and the HTTP/JSON API until SIGINT or SIGTERM:
  GET  /                the page: play the engine, analyse a position
  GET  /api/v1/moves?position=...
  POST /api/v1/analyse  {"position": ..., "moves": [...], "limits": {"movetime": ms}}
  GET  /api/v1/analyse/stream?position=...&moves=...&movetime=ms  (Server-Sent Events)
  POST /api/v1/play     {"position": ..., "move": ...}
  POST /api/v1/game     {"position": ..., "moves": [...]}
  GET  /healthz
See docs/ugi.md for the JSON shapes.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.maxSearches < 1 {
				return fmt.Errorf("--max-searches %d: must be at least 1", o.maxSearches)
			}
			if o.maxMoveTime <= 0 || o.defMoveTime <= 0 {
				return fmt.Errorf("--max-movetime and --movetime must be positive")
			}
			if o.hashMB < 1 || o.maxBody < 1 {
				return fmt.Errorf("--hash and --max-body must be positive")
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			s := serve.New(serve.Config{
				Rules: g.rules(), MaxSearches: o.maxSearches, MaxMoveTime: o.maxMoveTime,
				DefaultMoveTime: o.defMoveTime, HashMB: o.hashMB, MaxBody: o.maxBody,
			})
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
	f.DurationVar(&o.maxMoveTime, "max-movetime", 10*time.Second, "cap on one search's time")
	f.DurationVar(&o.defMoveTime, "movetime", time.Second, "search time when a request gives no limit")
	f.IntVar(&o.hashMB, "hash", 16, "transposition table per engine, MB")
	f.Int64Var(&o.maxBody, "max-body", 64<<10, "request body limit, bytes")
	f.DurationVar(&o.grace, "grace", 15*time.Second, "time for requests in flight at shutdown")
	return cmd
}
