// kiothi analyse --book: the book's moves, and its choice as bestmove, in
// the place of a search while the position is in book.

package book

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// jsonBookMove is one --json line per book move.
type jsonBookMove struct {
	Type   string `json:"type"` // "book"
	Move   string `json:"move"`
	Weight int    `json:"weight"`
	Value  int    `json:"value"`
	Depth  int    `json:"depth"`
	Count  uint32 `json:"count"`
	Proven bool   `json:"proven"`
}

// jsonBookBest is the final --json line for a book move: the bestmove
// line's fields, with book true and the book's value as cp.
type jsonBookBest struct {
	Type     string   `json:"type"` // "bestmove"
	BestMove string   `json:"bestmove"`
	Book     bool     `json:"book"`
	ScoreCP  int      `json:"cp"`
	Depth    int      `json:"depth"`
	Nodes    uint64   `json:"nodes"`
	PV       []string `json:"pv"`
}

// WriteAnalysis writes pos's book moves and the player's choice as
// bestmove (as info string lines and a bestmove line, or as JSON lines)
// and reports true; when pos has no legal book move under r it writes
// nothing and reports false, and the search runs instead.
func (pl *Player) WriteAnalysis(w io.Writer, pos position.Position, r movegen.Rules, asJSON bool) (bool, error) {
	pick, ok := pl.Move(pos, r)
	if !ok {
		return false, nil
	}
	for _, e := range pl.Book().Probe(pos) {
		writeBookLine(w, e, asJSON)
	}
	if asJSON {
		b, _ := json.Marshal(jsonBookBest{Type: "bestmove", BestMove: pick.Move.String(), Book: true,
			ScoreCP: pick.Value, Depth: pick.Depth, PV: []string{pick.Move.String()}})
		_, err := fmt.Fprintf(w, "%s\n", b)
		return true, err
	}
	_, err := fmt.Fprintf(w, "bestmove %s\n", pick.Move)
	return true, err
}

func writeBookLine(w io.Writer, e Entry, asJSON bool) {
	if asJSON {
		b, _ := json.Marshal(jsonBookMove{Type: "book", Move: e.Move.String(), Weight: e.Weight,
			Value: e.Value, Depth: e.Depth, Count: e.Count, Proven: e.Proven})
		fmt.Fprintf(w, "%s\n", b)
		return
	}
	fmt.Fprintf(w, "info string book %s weight %d value %d depth %d count %d\n", e.Move, e.Weight, e.Value, e.Depth, e.Count)
}
