// Tests of the state file: round trip, refusals naming the field, a run
// with other settings refused, and a fuzz target for the reader.

package spsa

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"
)

// stateAfter is testConfig's run after n iterations of the synthetic
// objective.
func stateAfter(t testing.TB, n int) *State {
	c := testConfig(10)
	q := &quadratic{opt: []float64{60, 40}, k: 20, s: 10, games: 8, seed: 3}
	s, err := NewState(c)
	if err != nil || n == 0 {
		return s
	}
	err = Run(context.Background(), s, q.play, func(s *State) error {
		if s.Iteration == n {
			return errStop
		}
		return nil
	})
	if err != errStop {
		t.Fatalf("run to iteration %d: %v", n, err)
	}
	return s
}

func encode(t testing.TB, s *State) string {
	var b bytes.Buffer
	if err := s.Encode(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestStateRoundTrip(t *testing.T) {
	for _, n := range []int{0, 4} {
		s := stateAfter(t, n)
		got, err := ReadState(strings.NewReader(encode(t, s)))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, s) {
			t.Errorf("after %d iterations: read back\n%+v\nwrote\n%+v", n, got, s)
		}
	}
}

func TestReadStateRefuses(t *testing.T) {
	good := encode(t, stateAfter(t, 2))
	for _, c := range []struct{ old, new, want string }{
		{`"format": "kiothi-spsa 1"`, `"format": "kiothi-spsa 2"`, `format "kiothi-spsa 2"`},
		{`"iteration": 2`, `"iteration": 3`, "history of 2 iterations, iteration 3"},
		{`"iteration": 2`, `"iteration": 11`, "iteration 11: want 0 to 10"},
		{`"iterations": 10`, `"iterations": 0`, "iterations 0"},
		{`"name": "y"`, `"name": "x"`, "knob x given twice"},
		{`"name": "y"`, `"name": ""`, "a knob has no name"},
		{`"min": 0`, `"min": 100`, "range 100..100"},
		{`"c": 4`, `"c": 0`, "must be positive"},
		{`"start": 20`, `"start": 200`, "start 200 outside"},
		{`"format"`, `"surprise": 1, "format"`, "unknown field"},
		{`"w": `, `"w": -`, "counts must not be negative"},
		{`"iteration": 2`, `"Iteration": 2`, `the name is "iteration"`},
		{`"iteration": 2,`, ``, `field "iteration": missing`},
	} {
		bad := strings.Replace(good, c.old, c.new, 1)
		if bad == good {
			t.Fatalf("%q not in the state file:\n%s", c.old, good)
		}
		_, err := ReadState(strings.NewReader(bad))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s -> %s: error %v, want one with %q", c.old, c.new, err, c.want)
		}
	}
	s := stateAfter(t, 2)
	s.Theta[0] = 101
	if _, err := ReadState(strings.NewReader(encode(t, s))); err == nil || !strings.Contains(err.Error(), "theta: x=101 outside 0..100") {
		t.Errorf("theta out of range: error %v", err)
	}
	s = stateAfter(t, 2)
	s.Theta[0] = 50
	if _, err := ReadState(strings.NewReader(encode(t, s))); err == nil || !strings.Contains(err.Error(), "not the last iteration's") {
		t.Errorf("theta not the history's: error %v", err)
	}
	for _, in := range []string{"", "{", "[]", good + good} {
		if _, err := ReadState(strings.NewReader(in)); err == nil {
			t.Errorf("%.20q: no error", in)
		}
	}
}

func TestContinuesNamesTheDifference(t *testing.T) {
	s := stateAfter(t, 2)
	for _, c := range []struct {
		change func(*Config)
		want   string
	}{
		{func(c *Config) { c.Knobs = c.Knobs[:1] }, "it tunes x,y, not x"},
		{func(c *Config) { c.Iterations = 20 }, "it runs 10 iterations, not 20"},
		{func(c *Config) { c.Seed = 12 }, "its seed is 11, not 12"},
		{func(c *Config) { c.Settings = "other" }, "it was made with synthetic, not other"},
		{func(c *Config) { c.Knobs[1].C = 5 }, "its knob y"},
	} {
		cfg := testConfig(10)
		c.change(&cfg)
		if err := s.Continues(cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one with %q", err, c.want)
		}
	}
	if err := s.Continues(testConfig(10)); err != nil {
		t.Errorf("the same run: %v", err)
	}
}

// A state file that reads writes back to one that reads the same.
func FuzzReadState(f *testing.F) {
	f.Add(encode(f, stateAfter(f, 3)))
	f.Add(encode(f, stateAfter(f, 0)))
	f.Add(`{"format":"kiothi-spsa 1"}`)
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ReadState(strings.NewReader(in))
		if err != nil {
			return
		}
		again, err := ReadState(strings.NewReader(encode(t, s)))
		if err != nil {
			t.Fatalf("%q reads, but its encoding does not: %v", in, err)
		}
		if !reflect.DeepEqual(again, s) {
			t.Fatalf("%q: read back differs", in)
		}
	})
}

func TestBegin(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/run.json"
	c := testConfig(10)
	if _, err := Begin(path, true, c); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("resume of a missing file: %v", err)
	}
	if _, err := Begin("", true, c); err == nil || !strings.Contains(err.Error(), "--resume needs --state") {
		t.Errorf("resume without a file: %v", err)
	}
	s, err := Begin(path, false, c)
	if err != nil || s.Iteration != 0 {
		t.Fatalf("new run: %v", err)
	}
	s.Close()
	if err := stateAfter(t, 2).Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := Begin(path, false, c); err == nil || !strings.Contains(err.Error(), "exists: give --resume") {
		t.Errorf("new run over a state file: %v", err)
	}
	if s, err := Begin(path, true, c); err != nil || s.Iteration != 2 {
		t.Errorf("resume: iteration %v, %v", s, err)
	} else {
		s.Close()
	}
	other := c
	other.Settings = "nodes=1"
	if _, err := Begin(path, true, other); err == nil || !strings.Contains(err.Error(), `another run's state: it was made with synthetic, not nodes=1`) {
		t.Errorf("resume with other settings: %v", err)
	}
	if err := settingsDiffer("nodes=1 pairs=2", "nodes=1 pairs=3"); err == nil || err.Error() != "it was made with pairs=2, not pairs=3" {
		t.Errorf("one item differs: %v", err)
	}
	if _, err := Begin(dir+"/nofolder/x.json", false, c); err == nil || !strings.Contains(err.Error(), "--state") {
		t.Errorf("unwritable state: %v", err)
	}
}

// Two runs started at once on one --state file: exactly one gets it, the
// other is refused naming the file, whether it starts afresh or resumes;
// once the first closes, the file can be resumed.
func TestBeginLocksTheState(t *testing.T) {
	path := t.TempDir() + "/run.json"
	c := testConfig(10)
	type got struct {
		s   *State
		err error
	}
	res := make(chan got, 2)
	for range 2 {
		go func() {
			s, err := Begin(path, false, c)
			res <- got{s, err}
		}()
	}
	a, b := <-res, <-res
	if (a.err == nil) == (b.err == nil) {
		t.Fatalf("two runs at once: %v and %v, want exactly one refused", a.err, b.err)
	}
	winner, loser := a, b
	if a.err != nil {
		winner, loser = b, a
	}
	if !strings.Contains(loser.err.Error(), "--state: "+path+" is in use") {
		t.Errorf("refusal: %v", loser.err)
	}
	if err := winner.s.Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := Begin(path, true, c); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("resume while the run holds the file: %v", err)
	}
	if err := winner.s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Begin(path, true, c)
	if err != nil {
		t.Fatalf("resume after the run closed: %v", err)
	}
	s.Close()
}
