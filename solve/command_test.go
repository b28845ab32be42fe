// Tests of kiothi solve's face: its flags checked in their words, and
// its last lines.

package solve

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func TestFlagsOptions(t *testing.T) {
	p, err := position.Parse("0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36")
	if err != nil {
		t.Fatal(err)
	}
	good := Flags{Threads: 1, HashMB: 1, Objective: movegen.Margin, Multiplier: 2, Table: "simple"}
	opts, line, err := good.Options(&p)
	if err != nil || line != "" {
		t.Fatalf("good flags: %q %v", line, err)
	}
	// The tests start at the network's guess, as the engine's root solve.
	ev, err := nn.Evaluator()
	if err != nil {
		t.Fatal(err)
	}
	if want := EvalGuess(ev, movegen.Margin, 2, &p); opts.Guess == nil || *opts.Guess != want || opts.Order == nil {
		t.Errorf("guess %v, want %d from the network", opts.Guess, want)
	}
	for _, c := range []struct {
		set  func(*Flags)
		want string
	}{
		{func(f *Flags) { f.Objective, f.Multiplier = movegen.Match, 1 }, "Multiplier: "},
		{func(f *Flags) { f.Threads = 0 }, "Threads 0"},
		{func(f *Flags) { f.HashMB = 0 }, "HashMB 0"},
		{func(f *Flags) { f.Table = "big" }, `Table "big": want search or simple`},
		{func(f *Flags) { f.TimeLimit = -time.Second }, "TimeLimit -1s: must not be negative"},
	} {
		f := good
		c.set(&f)
		if _, _, err := f.Options(&p); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
	start, _ := position.ParseStart("startpos")
	if _, _, err := good.Options(&start); err == nil || !strings.Contains(err.Error(), ErrOpening.Error()) {
		t.Errorf("the opening: %v", err)
	}
}

func TestReport(t *testing.T) {
	var out, log bytes.Buffer
	err := Report(&out, &log, Result{Lo: -2, Hi: 4, Nodes: 10, Time: time.Second})
	if !errors.Is(err, ErrUnsolved) || out.String() != "unsolved: value in [-2, 4]\n" || log.String() != "nodes 10 time 1s nps 10\n" {
		t.Errorf("unsolved: %v %q %q", err, out.String(), log.String())
	}
	out.Reset()
	if err := Report(&out, &log, Result{Exact: true, Value: 3}); err != nil || out.String() != "value 3 pv\n" {
		t.Errorf("solved: %v %q", err, out.String())
	}
}
