// Tests of the seeded self-play games: starts by seed, legal scattered
// redistributions, games played out to their end or the cap.

package movegen

import (
	"errors"
	"testing"

	"github.com/kiothi/kiothi/position"
)

// TestSeededGameStarts: every fourth seed starts from variant 25, the
// others from the standard setup, and a seed's random source is the same
// each time and differs by stream.
func TestSeededGameStarts(t *testing.T) {
	for seed := uint64(0); seed < 12; seed++ {
		rng, g := SeededGame(seed, 5, Rules{})
		want := position.Start(30)
		if seed%4 == 0 {
			want = position.Start(25)
		}
		if g.Current() != want || len(g.Positions) != 1 {
			t.Fatalf("seed %d starts from %s, want %s", seed, g.Current().String(), want.String())
		}
		again, _ := SeededGame(seed, 5, Rules{})
		other, _ := SeededGame(seed, 6, Rules{})
		a, b, c := rng.Uint64(), again.Uint64(), other.Uint64()
		if a != b || a == c {
			t.Fatalf("seed %d: draws %d, again %d, other stream %d", seed, a, b, c)
		}
	}
}

// TestPlayOut: scattered redistributions then the first legal move play
// every game to its end within the cap, the margin the game's outcome and
// the mover asked only in the play phase; a cap cuts a game off with
// margin 0, and the mover's error stops the game.
func TestPlayOut(t *testing.T) {
	first := func(g *Game, ply int) (position.GameMove, error) {
		if p := g.Current(); p.Phase() != position.Play || ply < 2 {
			t.Fatalf("asked at ply %d in %s", ply, p.String())
		}
		m, ok := FirstLegal(g.Current(), g.Rules)
		if !ok {
			return position.GameMove{}, errors.New("no legal move")
		}
		return m, nil
	}
	for seed := uint64(1); seed <= 30; seed++ {
		rng, g := SeededGame(seed, 9, Rules{FreeFirstLap: seed%2 == 0})
		margin, ended, err := PlayOut(g, 2000, ScatterOpenings(rng, first))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		o, over := g.Over()
		if !ended || !over || margin != o.Margin() {
			t.Fatalf("seed %d: margin %d ended %v, game over %v with %d", seed, margin, ended, over, o.Margin())
		}
		rng, g = SeededGame(seed, 9, Rules{})
		if margin, ended, err := PlayOut(g, 5, ScatterOpenings(rng, first)); err != nil || ended || margin != 0 || len(g.Moves) != 5 {
			t.Fatalf("seed %d capped at 5: margin %d ended %v err %v after %d moves", seed, margin, ended, err, len(g.Moves))
		}
	}
	stop := errors.New("stop")
	rng, g := SeededGame(1, 9, Rules{})
	if _, _, err := PlayOut(g, 100, ScatterOpenings(rng, func(*Game, int) (position.GameMove, error) { return position.GameMove{}, stop })); err != stop || len(g.Moves) != 2 {
		t.Fatalf("mover's error: %v after %d moves", err, len(g.Moves))
	}
}
