// The serve command: the HTTP/JSON API for web front-ends.

package main

import (
	"github.com/kiothi/kiothi/serve"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

func newServeCmd(g *globalOptions) *cobra.Command {
	o := &serve.Command{Log: g.errOut}
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
			o.Rules = g.rules()
			ctx, stop := stoppable(cmd.Context())
			defer stop()
			return o.Run(ctx)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Addr, "addr", serve.DefaultAddr, "address to listen on")
	f.IntVar(&o.MaxSearches, "max-searches", serve.DefaultMaxSearches, "searches run at once; more requests wait")
	durationVar(f, &o.MaxMoveTime, "max-movetime", serve.DefaultMaxMoveTime, "cap on one search's time")
	durationVar(f, &o.MaxAnalysisTime, "max-analysis", serve.DefaultMaxAnalysisTime, "cap on an unlimited analysis (the page's Unlimited)")
	durationVar(f, &o.DefaultMoveTime, "movetime", serve.DefaultMoveTime, "search time when a request gives no limit")
	settings.Flag(f, settings.Hash, &o.HashMB, "transposition table per engine, MB")
	settings.Flag(f, settings.EGDB, &o.EGDB, "")
	f.Int64Var(&o.MaxBody, "max-body", serve.DefaultMaxBody, "request body limit, bytes")
	durationVar(f, &o.Grace, "grace", serve.DefaultGrace, "time for requests in flight at shutdown")
	return cmd
}
