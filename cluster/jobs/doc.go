// Package jobs holds the engine's job kinds for package cluster, one file
// each: a match game (game.go), a search (search.go), a perft subtree
// (perft.go) and a datagen game (datagen.go), each registered with the
// cluster's registry from its init; and the coordinators that make them
// (Match, Divide, Datagen) and run book builds and reviews with their
// searches on workers (BookBuild, Annotate, RemoteEngine). A new kind is
// one more file here, or in any package a worker's binary imports: its
// payload and output types, their methods (cluster.Payload,
// cluster.Output) and a cluster.RegisterKind call.
package jobs

import (
	"fmt"

	"github.com/kiothi/kiothi/cluster"
)

// outputOf returns r's output as a T, which what names in the error
// when it is another kind's.
func outputOf[T cluster.Output](r *cluster.Result, what string) (T, error) {
	var zero T
	o, err := r.Decode()
	if err != nil {
		return zero, err
	}
	t, ok := o.(T)
	if !ok {
		return zero, fmt.Errorf("not %s", what)
	}
	return t, nil
}
