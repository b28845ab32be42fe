// A whole game between two processes of the built binary, driven through
// the Client the way the cutegames runner drives engines.
package ugi

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func TestBinarySelfPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "kiothi")
	build := exec.Command("go", "build", "-o", bin, "github.com/kiothi/kiothi/cmd/kiothi")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var engines [2]*Client
	for k := range engines {
		c, err := StartClient(bin + " ugi")
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
