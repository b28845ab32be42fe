// Tests of the merge of the threads' results: deepest, or a vote.

package search

import (
	"testing"

	"github.com/kiothi/kiothi/position"
)

// voteShared builds a shared with one worker per (move pit, score, depth).
func voteShared(vote bool, ts ...[3]int) *shared {
	s := &shared{params: defaultParams}
	s.params.smpVote = vote
	for i, t := range ts {
		w := &worker{id: i, done: t[2]}
		w.root = []rootMove{{move: position.NewMove(t[0], 1), score: t[1]}}
		if w.done > 0 {
			w.lines = w.root // the completed depth's lines, which vote reads
		}
		s.workers = append(s.workers, w)
	}
	return s
}

func TestPickThreads(t *testing.T) {
	for _, c := range []struct {
		name    string
		vote    bool
		threads [][3]int // move pit, score, completed depth
		want    int      // the thread picked
	}{
		{"deepest wins", false, [][3]int{{0, 50, 8}, {1, 10, 9}}, 1},
		{"deepest: ties to main", false, [][3]int{{0, 50, 9}, {1, 90, 9}}, 0},
		// (50-10+20)*8 = 480 for pit 0 against (10-10+20)*9 = 180.
		{"vote: a higher score outweighs a depth", true, [][3]int{{0, 50, 8}, {1, 10, 9}}, 0},
		// (12-10+20)*8 = 176 against (10-10+20)*9 = 180.
		{"vote: a depth outweighs a close score", true, [][3]int{{0, 12, 8}, {1, 10, 9}}, 1},
		// Pit 1 gets (30-10+20)*8 + (10-10+20)*8 = 480, pit 0 (40-10+20)*9 = 450.
		{"vote: two threads' move outvotes one", true, [][3]int{{0, 40, 9}, {1, 30, 8}, {1, 10, 8}}, 1},
		{"vote: ties to main", true, [][3]int{{0, 10, 9}, {1, 10, 9}}, 0},
		{"vote: same move, the deeper thread reports", true, [][3]int{{0, 10, 9}, {0, 5, 10}}, 1},
		{"vote: a proven win is taken", true, [][3]int{{0, 500, 12}, {1, ProvenBase + 3, 5}}, 1},
		{"vote: the bigger proven win", true, [][3]int{{0, ProvenBase + 3, 9}, {1, ProvenBase + 7, 6}}, 1},
		{"vote: a thread with no completed depth has no say", true, [][3]int{{0, 10, 9}, {1, 900, 0}}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := voteShared(c.vote, c.threads...)
			if got := s.pick(); got.id != c.want {
				t.Errorf("picked thread %d, want %d", got.id, c.want)
			}
		})
	}
}
