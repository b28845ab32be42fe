// Whole games between processes of the built binary, driven as a runner would.

package ugi

import (
	"context"
	"fmt"
	"github.com/kiothi/kiothi/ugiclient"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

var (
	buildOnce sync.Once
	binDir    string
	binErr    error
)

// binary builds kiothi once for the package's tests.
func binary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	buildOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "kiothi-ugi-test")
		if binErr != nil {
			return
		}
		build := exec.Command("go", "build", "-o", filepath.Join(binDir, "kiothi"), "github.com/kiothi/kiothi/cmd/kiothi")
		if out, err := build.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return filepath.Join(binDir, "kiothi")
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

func TestBinarySelfPlay(t *testing.T) {
	bin := binary(t)
	var engines [2]*ugiclient.Client
	for k := range engines {
		c, err := ugiclient.StartClient(bin + " ugi")
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if c.Name == "" {
			t.Error("no id name")
		}
		c.SetOption("Hash", "16")
		if err := c.IsReady(); err != nil {
			t.Fatal(err)
		}
		c.NewGame()
		engines[k] = c
	}
	start := position.Start(30)
	g := movegen.NewGame(start, movegen.Rules{})
	const maxPlies = 5000
	for ply := 0; ; ply++ {
		if ply == maxPlies {
			t.Fatalf("no end after %d plies", maxPlies)
		}
		cur := g.Current()
		p1 := engines[0]
		// The runner asks the first player's engine whose turn it is and
		// whether the game is over, resending the history each time.
		if err := p1.Position(start, g.Moves); err != nil {
			t.Fatal(err)
		}
		turn, err := p1.Query("p1turn")
		if err != nil {
			t.Fatal(err)
		}
		if want := cur.Side() == position.South; turn != map[bool]string{true: "true", false: "false"}[want] {
			t.Fatalf("ply %d: p1turn %q, want %v", ply, turn, want)
		}
		p1.Position(start, g.Moves)
		over, err := p1.Query("gameover")
		if err != nil {
			t.Fatal(err)
		}
		if _, done := g.Over(); (over == "true") != done {
			t.Fatalf("ply %d: gameover %q, the record says %v", ply, over, done)
		}
		if over == "true" {
			break
		}
		mover := engines[cur.Side()]
		m, ok, err := mover.BestMove(start, g.Moves, "depth 2 movetime 20", 5*time.Second)
		if err != nil || !ok {
			t.Fatalf("ply %d: bestmove %v, %v", ply, ok, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("ply %d: bestmove %s illegal in %s: %v", ply, m, g.Current(), err)
		}
	}
	out, _ := g.Over()
	want := map[string]string{"south": "p1win", "north": "p2win", "draw": "draw"}[out.Winner()]
	for k, c := range engines {
		c.Position(start, g.Moves)
		r, err := c.Query("result")
		if err != nil || r != want {
			t.Errorf("engine %d: result %q, %v; want %s", k, r, err, want)
		}
		if _, ok, err := c.BestMove(start, g.Moves, "movetime 10", 5*time.Second); ok || err != nil {
			t.Errorf("engine %d: a move after the end: %v, %v", k, ok, err)
		}
	}
	t.Logf("game over after %d plies: %d-%d, %s", len(g.Moves), out.South, out.North, want)
	for _, c := range engines {
		if err := c.Close(); err != nil {
			t.Errorf("engine exit: %v", err)
		}
	}
}

// TestPlayerBinary plays a game between two Players, as the match runner
// would with two ugi:<command line> specs.
func TestPlayerBinary(t *testing.T) {
	bin := binary(t)
	var players [2]*ugiclient.Player
	for k := range players {
		p, err := ugiclient.NewPlayer(`"`+bin+`" ugi`, movegen.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		if p.Name() == "" {
			t.Error("no engine name")
		}
		players[k] = p
	}
	start, _ := position.Parse("0.0.0.0.0.5.5.5.5.5/0.0.0.0.0.5.5.5.5.5 0-0 s 1")
	g := movegen.NewGame(start, movegen.Rules{})
	for len(g.Moves) < 5000 {
		if _, over := g.Over(); over {
			break
		}
		cur := g.Current()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		m, err := players[cur.Side()].Move(ctx, g, 20*time.Millisecond)
		cancel()
		if err != nil {
			t.Fatalf("ply %d: %v", len(g.Moves), err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("ply %d: %s illegal: %v", len(g.Moves), m, err)
		}
	}
	out, over := g.Over()
	if !over {
		t.Fatal("no end after 5000 plies")
	}
	t.Logf("game over after %d plies: %d-%d", len(g.Moves), out.South, out.North)
	for _, p := range players {
		if err := p.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	}
}
