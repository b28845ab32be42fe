// Tests of the info line format.

package search

import (
	"testing"
	"time"

	"github.com/kiothi/kiothi/position"
)

func TestInfoString(t *testing.T) {
	pv := []position.GameMove{position.PlayMove(position.NewMove(4, 5)), position.PlayMove(position.NewMove(12, 3))}
	i := Info{Depth: 7, SelDepth: 12, Score: -150, Nodes: 12345, NPS: 999, Hashfull: 17, Time: 1500 * time.Millisecond, PV: pv}
	want := "info depth 7 seldepth 12 multipv 1 score cp -150 nodes 12345 nps 999 hashfull 17 time 1500 pv e5 C3"
	if got := i.String(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	i.PV, i.MultiPV = nil, 3
	want = "info depth 7 seldepth 12 multipv 3 score cp -150 nodes 12345 nps 999 hashfull 17 time 1500"
	if got := i.String(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	i.Score, i.Proven = -400, true
	want = "info depth 7 seldepth 12 multipv 3 score proven -4 nodes 12345 nps 999 hashfull 17 time 1500"
	if got := i.String(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
