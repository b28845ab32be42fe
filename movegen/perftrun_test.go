// Tests of kiothi perft's face: its flags checked, its counts printed.

package movegen

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestPerftRunCheck(t *testing.T) {
	for _, c := range []struct {
		r    PerftRun
		args []string
		want string
	}{
		{PerftRun{Threads: 1}, nil, "missing POSITION"},
		{PerftRun{Threads: 1}, []string{"startpos"}, "missing --depth N"},
		{PerftRun{Threads: 0, Depth: 1, DepthGiven: true}, []string{"startpos"}, "--threads 0"},
		{PerftRun{Threads: 1, Depth: 1, DepthGiven: true, HashMB: -1}, []string{"startpos"}, "--hash -1"},
		{PerftRun{Threads: 1, Depth: 1, DepthGiven: true, MaxNodesGiven: true}, []string{"startpos"}, "--max-nodes 0: must be at least 1"},
		{PerftRun{Threads: 1, Depth: 1, DepthGiven: true, MaxNodes: 5, MaxNodesGiven: true}, []string{"startpos"}, "--max-nodes: only with --suite"},
		{PerftRun{Threads: 1, Suite: "s"}, []string{"startpos"}, "--suite s: takes no POSITION argument"},
		{PerftRun{Threads: 1, Suite: "s", Divide: true}, nil, "--divide: not available with --suite"},
	} {
		if err := c.r.Check(c.args); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v %v: got %v, want %q", c.r, c.args, err, c.want)
		}
	}
	if err := (&PerftRun{Threads: 1, Depth: 2, DepthGiven: true}).Check([]string{"startpos"}); err != nil {
		t.Error(err)
	}
}

// TestPerftRunOne: the last line is Perft's count; with Divide each
// root move's count comes first.
func TestPerftRunOne(t *testing.T) {
	p, err := position.ParseStart("startpos")
	if err != nil {
		t.Fatal(err)
	}
	want, err := Perft(context.Background(), p, 2, PerftOptions{Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	lines, err := Divide(context.Background(), p, 2, PerftOptions{Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out, log bytes.Buffer
	r := PerftRun{Depth: 2, DepthGiven: true, Divide: true, Threads: 1, Out: &out, Log: &log}
	if err := r.One(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(got) != len(lines)+1 || got[len(got)-1] != fmt.Sprintf("Nodes searched: %d", want) {
		t.Errorf("output:\n%s", out.String())
	}
	if !strings.Contains(log.String(), "time ") {
		t.Errorf("log:\n%s", log.String())
	}
}
