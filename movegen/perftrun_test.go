// Tests of kiothi perft's face: its settings checked, its counts printed.

package movegen

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/position"
)

// TestPerftRunCheckNamesFields: a Go program's errors name PerftRun's
// fields (the command words them as its flags: cmd/kiothi).
func TestPerftRunCheckNamesFields(t *testing.T) {
	for _, c := range []struct {
		r    PerftRun
		want string
	}{
		{PerftRun{Threads: 1}, "missing Depth N"},
		{PerftRun{Threads: 0, Depth: 1, DepthGiven: true}, "Threads 0"},
		{PerftRun{Threads: 1, Suite: "s"}, "Suite s: takes no POSITION argument"},
	} {
		if err := c.r.Check([]string{"startpos"}); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q", c.r, err, c.want)
		}
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
