// Tests of kiothi perft's checks in its flags' words (movegen.PerftRun's errors, flagWords).

package main

import (
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
)

func TestPerftRunCheck(t *testing.T) {
	for _, c := range []struct {
		r    movegen.PerftRun
		args []string
		want string
	}{
		{movegen.PerftRun{Threads: 1}, nil, "missing POSITION"},
		{movegen.PerftRun{Threads: 1}, []string{"startpos"}, "missing --depth N"},
		{movegen.PerftRun{Threads: 0, Depth: 1, DepthGiven: true}, []string{"startpos"}, "--threads 0"},
		{movegen.PerftRun{Threads: 1, Depth: 1, DepthGiven: true, HashMB: -1}, []string{"startpos"}, "--hash -1"},
		{movegen.PerftRun{Threads: 1, Depth: 1, DepthGiven: true, MaxNodesGiven: true}, []string{"startpos"}, "--max-nodes 0: must be at least 1"},
		{movegen.PerftRun{Threads: 1, Depth: 1, DepthGiven: true, MaxNodes: 5, MaxNodesGiven: true}, []string{"startpos"}, "--max-nodes: only with --suite"},
		{movegen.PerftRun{Threads: 1, Suite: "s"}, []string{"startpos"}, "--suite s: takes no POSITION argument"},
		{movegen.PerftRun{Threads: 1, Suite: "s", Divide: true}, nil, "--divide: not available with --suite"},
	} {
		if err := flagWords(c.r.Check(c.args), perftFlags); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v %v: got %v, want %q", c.r, c.args, err, c.want)
		}
	}
	if err := (&movegen.PerftRun{Threads: 1, Depth: 2, DepthGiven: true}).Check([]string{"startpos"}); err != nil {
		t.Error(err)
	}
}
