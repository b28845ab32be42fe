// Benchmarks: position commands, and the session's movetime deadline.

package ugi

import (
	"io"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// gameMoves plays first-legal moves from the start, up to n.
func gameMoves(n int) []string {
	g := movegen.NewGame(position.Start(30), movegen.Rules{})
	var moves []string
	for len(moves) < n {
		m, ok := movegen.FirstLegal(g.Current(), g.Rules)
		if !ok || g.Play(m) != nil {
			break
		}
		if _, over := g.Over(); over {
			break
		}
		moves = append(moves, m.String())
	}
	return moves
}

// BenchmarkPositionReplay replays the whole history each time.
func BenchmarkPositionReplay(b *testing.B) {
	moves := gameMoves(200)
	line := "position startpos moves " + strings.Join(moves, " ")
	s := NewSession(io.Discard, Config{})
	<-s.job.done // the engine built in the background
	b.ReportAllocs()
	for b.Loop() {
		s.Handle("position startpos")
		s.Handle(line)
	}
	b.ReportMetric(float64(len(moves)), "moves")
}

// BenchmarkPositionResend sends the same history again, as runners do
// before every move: only the parse and the prefix check remain.
func BenchmarkPositionResend(b *testing.B) {
	moves := gameMoves(200)
	line := "position startpos moves " + strings.Join(moves, " ")
	s := NewSession(io.Discard, Config{})
	<-s.job.done // the engine built in the background
	s.Handle(line)
	b.ReportAllocs()
	for b.Loop() {
		s.Handle(line)
	}
	b.ReportMetric(float64(len(moves)), "moves")
}

func BenchmarkGoMovetime100(b *testing.B) {
	f := &slowSearcher{}
	s := NewSession(io.Discard, slowConfig(f))
	for b.Loop() {
		s.Handle("go movetime 100")
		<-s.run.done
	}
}
