// Book build and annotate with their searches on workers: a Pool, a RemoteEngine each, and how a failed search stops them.

package jobs

import (
	"context"
	"errors"
	"fmt"

	"github.com/kiothi/kiothi/annotate"
	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/search"
)

// BookBuild runs cfg's build with its leaf searches as jobs of c's run
// (book build --nats); the candidate redistributions at turns 1 and 2
// (MultiPV searches) run here with cfg.LocalEngine. A search that cannot
// be done stops the build as an interrupt does (the book written is
// valid) and is the error.
func BookBuild(ctx context.Context, c *cluster.Coordinator, cfg book.Config) (book.Summary, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	pool, err := c.Pool(ctx)
	if err != nil {
		return book.Summary{}, err
	}
	defer pool.Close()
	cfg.NewEngine = func(multiPV int) (search.GameSearcher, error) {
		if multiPV > 1 {
			return cfg.LocalEngine(multiPV)
		}
		return &RemoteEngine{Pool: pool, Rules: cfg.Rules, HashMB: cfg.HashMB, Fail: cancel}, nil
	}
	sum, err := book.Build(ctx, cfg)
	if cause := context.Cause(ctx); err == nil && sum.Interrupted && cause != nil && !errors.Is(cause, context.Canceled) {
		err = fmt.Errorf("book build stopped: %v (%s is a valid book; continue it with --resume)", cause, cfg.Out)
	}
	return sum, err
}

// Annotate runs a review (run) with every search a job on c's work queue
// (annotate --nats): cfg.Concurrency searches in flight, each from a
// cleared table with cfg's hash and every line (annotate.Lines), checked
// as it arrives (RemoteEngine). A search that cannot be done stops the review
// and is the error.
func Annotate(ctx context.Context, c *cluster.Coordinator, cfg annotate.Config, run func(context.Context, annotate.Config) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	pool, err := c.Pool(ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	searcher := &RemoteEngine{Pool: pool, Rules: cfg.Options.Rules, HashMB: cfg.Options.HashMB, MultiPV: annotate.Lines, Fail: cancel}
	cfg.NewSearcher = func() (search.Searcher, error) { return searcher, nil }
	err = run(ctx, cfg)
	if cause := context.Cause(ctx); err != nil && cause != nil && !errors.Is(cause, context.Canceled) {
		err = fmt.Errorf("annotate stopped: %v", cause)
	}
	return err
}
