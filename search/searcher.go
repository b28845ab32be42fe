// The searcher interfaces: what searches a position, and what also keeps state between a game's searches.

package search

import (
	"context"

	"github.com/kiothi/kiothi/position"
)

// Searcher searches a position: *Engine is one, and so is a search run
// on a cluster's worker (cluster/jobs.RemoteEngine). A review (annotate)
// and the HTTP server (serve) search with one.
type Searcher interface {
	Search(ctx context.Context, root position.Position, history []uint64, l Limits, info func(Info)) Result
}

// GameSearcher is a Searcher whose searches may share what they learn
// within a game (the table), which NewGame clears: a book build, a UGI
// session and a game at the terminal (play) search with one.
type GameSearcher interface {
	Searcher
	NewGame()
}

var _ GameSearcher = (*Engine)(nil)
