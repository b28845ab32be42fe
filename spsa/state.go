// The state of a run between iterations: its file form, read back with
// every field checked, and whether it continues a given run.

package spsa

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/kiothi/kiothi/internal/filelock"
	"github.com/kiothi/kiothi/internal/strictjson"
	"github.com/kiothi/kiothi/internal/wholefile"
)

// stateFormat opens every state file.
const stateFormat = "kiothi-spsa 1"

// MaxStateBytes bounds a state file read back (the history of
// limits.SPSAIterations iterations of a few knobs fits well inside).
const MaxStateBytes = 64 << 20

// State is a run after Iteration iterations: theta now and each
// iteration's score and theta after it.
type State struct {
	Format    string    `json:"format"`
	Config    Config    `json:"config"`
	Iteration int       `json:"iteration"`
	Theta     []float64 `json:"theta"`
	History   []Step    `json:"history"`

	// lock is the run's hold on its state file (Begin with a path), so
	// that a second run on the same file is refused; Close releases it.
	lock *filelock.Held
}

// Close releases the state file's lock taken by Begin (a no-op without one).
func (s *State) Close() error {
	if s == nil {
		return nil
	}
	err := s.lock.Unlock()
	s.lock = nil
	return err
}

// NewState starts the run c at its knobs' starts.
func NewState(c Config) (*State, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	s := &State{Format: stateFormat, Config: c, Theta: make([]float64, len(c.Knobs)), History: []Step{}}
	for i, k := range c.Knobs {
		s.Theta[i] = k.Start
	}
	return s, nil
}

// Encode writes s as one JSON document.
func (s *State) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(s)
}

// Save replaces the file path by s whole (internal/wholefile).
func (s *State) Save(path string) error { return wholefile.Write(path, s.Encode) }

// ReadState reads a state file; any field out of place is an error naming
// it.
func ReadState(r io.Reader) (*State, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxStateBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxStateBytes {
		return nil, fmt.Errorf("over %d bytes: not an spsa state file", MaxStateBytes)
	}
	var s State
	if err := strictjson.Decode(data, &s, strictjson.Complete); errors.Is(err, strictjson.ErrTrailing) {
		return nil, errors.New("data after the state")
	} else if err != nil {
		return nil, fmt.Errorf("not an spsa state file: %v", err)
	}
	if s.Format != stateFormat {
		return nil, fmt.Errorf("not an spsa state file: format %q, want %q", s.Format, stateFormat)
	}
	if err := s.Config.Check(); err != nil {
		return nil, fmt.Errorf("config: %v", err)
	}
	c := &s.Config
	if s.Iteration < 0 || s.Iteration > c.Iterations {
		return nil, fmt.Errorf("iteration %d: want 0 to %d", s.Iteration, c.Iterations)
	}
	if len(s.History) != s.Iteration {
		return nil, fmt.Errorf("history of %d iterations, iteration %d", len(s.History), s.Iteration)
	}
	if err := c.checkTheta("theta", s.Theta); err != nil {
		return nil, err
	}
	for i, h := range s.History {
		if err := c.checkTheta(fmt.Sprintf("history %d: theta", i+1), h.Theta); err != nil {
			return nil, err
		}
		if h.Score.Wins < 0 || h.Score.Draws < 0 || h.Score.Losses < 0 {
			return nil, fmt.Errorf("history %d: score %d-%d-%d: counts must not be negative", i+1, h.Score.Wins, h.Score.Losses, h.Score.Draws)
		}
	}
	if n := len(s.History); n > 0 && !equal(s.History[n-1].Theta, s.Theta) {
		return nil, errors.New("theta is not the last iteration's")
	}
	if s.History == nil {
		s.History = []Step{}
	}
	return &s, nil
}

// checkTheta checks that t has a value in range for each knob.
func (c *Config) checkTheta(what string, t []float64) error {
	if len(t) != len(c.Knobs) {
		return fmt.Errorf("%s has %d values for %d knobs", what, len(t), len(c.Knobs))
	}
	for i, v := range t {
		if k := c.Knobs[i]; math.IsNaN(v) || v < k.Min || v > k.Max {
			return fmt.Errorf("%s: %s=%v outside %v..%v", what, k.Name, v, k.Min, k.Max)
		}
	}
	return nil
}

func equal(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// LoadState reads the state file path.
func LoadState(path string) (*State, error) {
	f, err := wholefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s, err := ReadState(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return s, nil
}

// Continues returns nil when s is a state of the run c, else an error
// saying what differs.
func (s *State) Continues(c Config) error {
	o := &s.Config
	names := func(ks []Knob) string {
		n := make([]string, len(ks))
		for i, k := range ks {
			n[i] = k.Name
		}
		return strings.Join(n, ",")
	}
	switch {
	case names(o.Knobs) != names(c.Knobs):
		return fmt.Errorf("it tunes %s, not %s", names(o.Knobs), names(c.Knobs))
	case o.Iterations != c.Iterations:
		return fmt.Errorf("it runs %d iterations, not %d", o.Iterations, c.Iterations)
	case o.Seed != c.Seed:
		return fmt.Errorf("its seed is %d, not %d", o.Seed, c.Seed)
	case o.Settings != c.Settings:
		return settingsDiffer(o.Settings, c.Settings)
	}
	for i, k := range o.Knobs {
		if k != c.Knobs[i] {
			return fmt.Errorf("its knob %s is %+v, not %+v", k.Name, k, c.Knobs[i])
		}
	}
	return nil
}

// Begin returns the state the run c starts from. With resume it is the
// state file path, which must be of the same run (Continues); without, a
// new state, and path (if given) must not exist yet, so that no run's
// state is overwritten. Errors name the flag (--state, --resume).
func Begin(path string, resume bool, c Config) (*State, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	if resume && path == "" {
		return nil, errors.New("--resume needs --state FILE")
	}
	var held *filelock.Held
	if path != "" {
		// The lock comes first, so that the check of the file and the
		// run that writes it are one run's, never two.
		l, err := filelock.Beside(path)
		if err != nil {
			return nil, fmt.Errorf("--state: %v", err)
		}
		held = l
	}
	s, err := begin(path, resume, c)
	if err != nil {
		held.Unlock()
		return nil, err
	}
	s.lock = held
	return s, nil
}

func begin(path string, resume bool, c Config) (*State, error) {
	if resume {
		s, err := LoadState(path)
		if err != nil {
			return nil, fmt.Errorf("--resume: %v", err)
		}
		if err := s.Continues(c); err != nil {
			return nil, fmt.Errorf("--resume: %s is another run's state: %v (give the flags it was made with, or start a new run with another --state file)", path, err)
		}
		return s, nil
	}
	if path != "" {
		if _, err := os.Stat(path); err == nil {
			return nil, fmt.Errorf("--state %s exists: give --resume to continue that run, or another file", path)
		}
		if err := wholefile.CheckWritable(path); err != nil {
			return nil, fmt.Errorf("--state: %v", err)
		}
	}
	return NewState(c)
}

// settingsDiffer says how the settings a run was made with (were) differ
// from the ones given (is): the first space-separated item that differs,
// or both whole.
func settingsDiffer(were, is string) error {
	a, b := strings.Fields(were), strings.Fields(is)
	if len(a) == len(b) {
		for i := range a {
			if a[i] != b[i] {
				return fmt.Errorf("it was made with %s, not %s", a[i], b[i])
			}
		}
	}
	return fmt.Errorf("its settings are %q, not %q", were, is)
}
