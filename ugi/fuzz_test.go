// Fuzz targets for the session's commands and the command line splitter.

package ugi

import (
	"io"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/search"
)

func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		"ugi", "isready", "position startpos moves ef:e5f5 EF:E5F5 e1",
		"position fen 0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1 moves ij:a3b2F5",
		"setoption name Hash value 8", "setoption name Setup value 25", "go depth 1",
		"go p1time 10 p2time 10 p1inc 0 p2inc 0", "query islegal e5", "query fen", "stop",
		"setoption name OneWarriorMultiplier value 10", "query result", "go nodes 1",
		"position fen startpos  # a comment moves ij:a3b2F5", "position startpos moves ef:e5f5 # x moves",
		"position fen startpos25#", "position startpos moves A1\nquery result\ngo depth 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		// The real engine, with a small table: every input builds one.
		s := NewSession(io.Discard, Config{NewSearcher: func(o search.Options) (search.GameSearcher, error) {
			o.HashMB = 1
			return search.NewEngine(o)
		}})
		s.Handle("position startpos moves ef:e5f5 EF:E5F5")
		for _, l := range strings.Split(line, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "go") {
				// bound any search the fuzzer starts
				l += " depth 1 movetime 5"
			}
			s.Handle(l)
		}
		s.stopSearch()
		<-s.job.done // no engine built in the background outlives the input
		if s.game == nil || len(s.game.Positions) == 0 {
			t.Fatal("no game after input")
		}
	})
}
