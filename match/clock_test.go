// Tests of time controls and game clocks: parsing, the go arguments, the
// clock's bookkeeping and losses on time.

package match

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func TestParseTC(t *testing.T) {
	for _, c := range []struct {
		in   string
		tc   TimeControl
		move time.Duration
	}{
		{"40/60", TimeControl{Moves: 40, Time: 60 * time.Second, Text: "40/60"}, 0},
		{"10+0.1", TimeControl{Time: 10 * time.Second, Inc: 100 * time.Millisecond, Text: "10+0.1"}, 0},
		{"40/1:30+0.5", TimeControl{Moves: 40, Time: 90 * time.Second, Inc: 500 * time.Millisecond, Text: "40/1:30+0.5"}, 0},
		{"2+0", TimeControl{Time: 2 * time.Second, Text: "2+0"}, 0},
		{"inf", TimeControl{}, 0},
		{"st=0.1", TimeControl{}, 100 * time.Millisecond},
	} {
		tc, move, err := ParseTC(c.in)
		if err != nil || tc != c.tc || move != c.move {
			t.Errorf("%q: %+v %v %v", c.in, tc, move, err)
		}
	}
	for in, want := range map[string]string{
		"":          "time",
		"0/60":      "moves 0",
		"x/60":      "not a whole number",
		"10+-1":     "increment",
		"-5":        "time",
		"10+abc":    "increment",
		"0":         "must be from 1",
		"99999999":  "want seconds",
		"st=0":      "must be from 1",
		"st=fast":   "want seconds",
		"1:x":       "want seconds",
		"40/60/2":   "time",
		"100000000": "want seconds",
	} {
		if _, _, err := ParseTC(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", in, err, want)
		}
	}
}

func TestClockGoArgs(t *testing.T) {
	c := Clock{P1Time: 9800 * time.Millisecond, P2Time: 10 * time.Second, P1Inc: 100 * time.Millisecond, P2Inc: 100 * time.Millisecond}
	if s := c.GoArgs(); s != "p1time 9800 p2time 10000 p1inc 100 p2inc 100" {
		t.Errorf("%q", s)
	}
	c.MovesToGo, c.P1Time = 12, -5*time.Millisecond
	if s := c.GoArgs(); s != "p1time 1 p2time 10000 p1inc 100 p2inc 100 movestogo 12" {
		t.Errorf("%q", s)
	}
}

// Periods: 2 moves in 1 s. Side 0 spends 300 ms twice, gets the next
// second after its second move; a move past the clock and the margin
// loses.
func TestClocksSpend(t *testing.T) {
	c := newClocks(TimeControl{Moves: 2, Time: time.Second, Inc: 10 * time.Millisecond})
	if st := c.state(0); st.MovesToGo != 2 || st.P1Time != time.Second || st.P1Inc != 10*time.Millisecond {
		t.Fatalf("%+v", st)
	}
	if !c.spend(0, 300*time.Millisecond, 0) || c.left[0] != 710*time.Millisecond || c.state(0).MovesToGo != 1 {
		t.Fatalf("after one move: %v %+v", c.left[0], c.state(0))
	}
	if !c.spend(0, 300*time.Millisecond, 0) || c.left[0] != 1420*time.Millisecond || c.state(0).MovesToGo != 2 {
		t.Fatalf("after the period: %v", c.left[0])
	}
	if c.left[1] != time.Second {
		t.Errorf("North's clock moved: %v", c.left[1])
	}
	if !c.spend(1, 1050*time.Millisecond, 60*time.Millisecond) {
		t.Error("within the margin: lost")
	}
	c = newClocks(TimeControl{Time: time.Second})
	if c.spend(1, 1050*time.Millisecond, 40*time.Millisecond) {
		t.Error("past the margin: not lost")
	}
}

// sleeper takes d a move and records the clocks it is given.
type sleeper struct {
	d      time.Duration
	clocks []Clock
	*RandomPlayer
}

func (s *sleeper) MoveClock(ctx context.Context, g *movegen.Game, c Clock) (position.GameMove, error) {
	s.clocks = append(s.clocks, c)
	time.Sleep(s.d)
	return s.RandomPlayer.Move(ctx, g, 0)
}

func TestLossOnTime(t *testing.T) {
	slow := &sleeper{d: 40 * time.Millisecond, RandomPlayer: NewRandomPlayer(1, movegen.Rules{})}
	fast := &sleeper{RandomPlayer: NewRandomPlayer(2, movegen.Rules{})}
	tc, _, _ := ParseTC("0.15+0.01")
	r, err := PlayGame(context.Background(), position.Start(30), slow, fast, GameConfig{TC: tc, TimeMargin: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.End != EndForfeit || r.Forfeit != position.South || !r.OnTime || r.Termination() != "time forfeit" || !strings.Contains(r.Reason, "lost on time") {
		t.Fatalf("end %v by %v on time %v: %s", r.End, r.Forfeit, r.OnTime, r.Reason)
	}
	// 150 ms, at least 40 ms a move, 10 ms back: the fifth move starts
	// with at most 150 - 4·30 = 30 ms, which it overruns (on a loaded
	// machine a move can take longer, and the loss come sooner).
	if n := len(slow.clocks); n > 5 {
		t.Errorf("slow moved %d times: %+v", n, slow.clocks)
	}
	for i, c := range slow.clocks {
		if c.P1Inc != 10*time.Millisecond || c.P2Inc != 10*time.Millisecond || c.MovesToGo != 0 {
			t.Errorf("move %d: %+v", i, c)
		}
		if i > 0 && c.P1Time >= slow.clocks[i-1].P1Time {
			t.Errorf("move %d: South's clock did not run: %v then %v", i, slow.clocks[i-1].P1Time, c.P1Time)
		}
	}
	// North's first clocks (when South lasted a move: on a loaded machine
	// it may not): South's has run, North's is whole.
	if len(fast.clocks) > 0 {
		if c := fast.clocks[0]; c.P2Time < 150*time.Millisecond || c.P1Time >= 150*time.Millisecond {
			t.Errorf("North sees %+v", c)
		}
	}
}

// The engine plays on the clock: with no limit of its own it takes the
// time manager's share of the clock, not its default 10 ms a move, and a
// match at 2+0.1 counts no loss on time. (The clock settles near a
// quarter of the increment times the moves to go: here a few hundred
// milliseconds, room for a race build on a busy machine.)
func TestEngineOnClock(t *testing.T) {
	tc, _, _ := ParseTC("2+0.1")
	var pg strings.Builder
	s, err := Run(context.Background(), Config{Player1: mustSpec(t, "engine"), Player2: mustSpec(t, "greedy"), Games: 2, Seed: 1,
		PGN: &pg, PGNComments: true, Game: GameConfig{TC: tc, MaxPlies: 60}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Forfeits1+s.Forfeits2 != 0 {
		t.Fatalf("forfeits: %s", s.Table())
	}
	if !strings.Contains(pg.String(), `[TimeControl "2+0.1"]`) {
		t.Errorf("no TimeControl tag:\n%s", pg.String())
	}
	long := 0
	for _, f := range strings.Fields(pg.String()) {
		if strings.HasSuffix(f, "s}") {
			if d, err := time.ParseDuration(strings.TrimSuffix(f, "}")); err == nil && d >= 20*time.Millisecond {
				long++
			}
		}
	}
	if long < 10 {
		t.Errorf("only %d moves took 20 ms or more: the engine did not use its clock", long)
	}
}

func FuzzParseTC(f *testing.F) {
	for _, s := range []string{"40/60", "10+0.1", "inf", "st=0.1", "40/1:30+0.5", "1:", "/+", "st="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, move, err := ParseTC(s)
		if err != nil {
			return
		}
		if tc.On() && move != 0 || tc.Time < 0 || tc.Inc < 0 || tc.Moves < 0 || move < 0 {
			t.Fatalf("%q: %+v %v", s, tc, move)
		}
		if tc.Time > 24*time.Hour || tc.Inc > 24*time.Hour || move > 24*time.Hour {
			t.Fatalf("%q: beyond the bounds: %+v %v", s, tc, move)
		}
	})
}

// A UGI engine on a clock gets the clocks in its go command: a script
// engine that logs what it is sent and plays one fixed redistribution.
func TestUGIClockArgs(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	script := filepath.Join(dir, "engine.sh")
	body := `#!/bin/sh
while read -r line; do
  echo "$line" >> "` + log + `"
  case "$line" in
    ugi) echo "id name clockfake"; echo "ugiok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove ij:a3b2F5" ;;
    quit) exit 0 ;;
  esac
done
`
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := ParseSpec("ugi:" + script)
	if err != nil {
		t.Fatal(err)
	}
	south, err := f.New(1, movegen.Rules{})
	if err != nil {
		t.Skipf("no shell to run the script engine: %v", err)
	}
	defer south.Close()
	tc, _, _ := ParseTC("2+0.1")
	r, err := PlayGame(context.Background(), position.Start(30), south, NewGreedyPlayer(2, movegen.Rules{}), GameConfig{TC: tc, TimeMargin: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	// The second answer repeats the first move, illegal by then: a forfeit.
	if r.End != EndForfeit || r.OnTime || len(r.Moves) < 2 {
		t.Errorf("end %v on time %v after %d moves: %s", r.End, r.OnTime, len(r.Moves), r.Reason)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var gos []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "go ") {
			gos = append(gos, l)
		}
	}
	if len(gos) < 2 || gos[0] != "go p1time 2000 p2time 2000 p1inc 100 p2inc 100" {
		t.Fatalf("go commands %q", gos)
	}
	var p1, p2, i1, i2 int
	if _, err := fmt.Sscanf(gos[1], "go p1time %d p2time %d p1inc %d p2inc %d", &p1, &p2, &i1, &i2); err != nil || p1 >= 2100 || p2 < 2000 || p2 > 2100 || i1 != 100 || i2 != 100 {
		t.Errorf("second go %q: South's clock should have run, North's gained its increment", gos[1])
	}
}
