// Tests of the state file: a match stopped after k games and resumed ends
// with the table of an uninterrupted run; a second holder, an existing
// state without --resume and a state of other settings are refused.

package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func resumeConfig(t *testing.T) Config {
	return Config{Player1: mustSpec(t, "engine:depth=2,name=deep"), Player2: mustSpec(t, "engine:depth=1"), Games: 6, Seed: 7,
		Game: GameConfig{MaxPlies: 300}}
}

func TestStateResume(t *testing.T) {
	whole, err := Run(context.Background(), resumeConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.state")
	cfg := resumeConfig(t)
	st, done, err := OpenState(path, false, &cfg)
	if err != nil || done != nil {
		t.Fatal(err, done)
	}
	// A second holder of the same state is refused while the first runs.
	if _, _, err := OpenState(path, true, &cfg); err == nil || !strings.Contains(err.Error(), "another match is using it") {
		t.Errorf("second holder: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	const k = 3
	cfg.State = st
	cfg.Progress = func(s *Summary) {
		if s.Counts.Games() == k {
			cancel()
		}
	}
	part, err := Run(ctx, cfg)
	st.Close()
	if err == nil || part.Counts.Games() != k {
		t.Fatalf("stopped run: %v, %d games", err, part.Counts.Games())
	}
	// Without --resume the state is refused, never overwritten.
	cfg = resumeConfig(t)
	if _, _, err := OpenState(path, false, &cfg); err == nil || !strings.Contains(err.Error(), "exists: give --resume") {
		t.Errorf("existing state without resume: %v", err)
	}
	// Other settings: refused, naming the difference.
	other := resumeConfig(t)
	other.Seed = 8
	if _, _, err := OpenState(path, true, &other); err == nil || !strings.Contains(err.Error(), "made with seed 7, not 8") {
		t.Errorf("state of other settings: %v", err)
	}
	other = resumeConfig(t)
	other.Player1 = mustSpec(t, "engine:depth=2")
	if _, _, err := OpenState(path, true, &other); err == nil || !strings.Contains(err.Error(), "player 1") {
		t.Errorf("state of another player: %v", err)
	}
	st, done, err = OpenState(path, true, &cfg)
	if err != nil || len(done) != k {
		t.Fatalf("resume: %v, %d games", err, len(done))
	}
	cfg.State, cfg.Done = st, done
	played := 0
	cfg.Progress = func(*Summary) { played++ }
	rest, err := Run(context.Background(), cfg)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	if played != 6-k {
		t.Errorf("resumed run played %d games, want %d", played, 6-k)
	}
	if rest.Table() != whole.Table() {
		t.Errorf("resumed table:\n%s\nuninterrupted:\n%s", rest.Table(), whole.Table())
	}
	if rest.Pairs != whole.Pairs {
		t.Errorf("pairs %v, want %v", rest.Pairs, whole.Pairs)
	}
	// The state now holds every game.
	st, done, err = OpenState(path, true, &cfg)
	if err != nil || len(done) != 6 {
		t.Errorf("final state: %v, %d games", err, len(done))
	}
	st.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(b), `"half_points":`, `"half_points":7,"x":`, 1)
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := OpenState(path, true, &cfg); err == nil || !strings.Contains(err.Error(), "does not add up") {
		t.Errorf("state with a bad game: %v", err)
	}
	if err := os.WriteFile(path, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := OpenState(path, true, &cfg); err == nil || !strings.Contains(err.Error(), "not a match state file") {
		t.Errorf("broken state: %v", err)
	}
}
