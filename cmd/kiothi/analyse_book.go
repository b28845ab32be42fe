// kiothi analyse --book: the book's moves instead of a search while in book.

package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/kiothi/kiothi/book"
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

// analyseBook prints the book moves of the position to analyse and the
// book's choice as bestmove, and reports true, when --book is given and
// the position is in it; otherwise it prints nothing and the search runs.
func analyseBook(g *globalOptions, o *analyseOptions, su *searchSetup) (bool, error) {
	if o.book.path == "" {
		return false, nil
	}
	pl, err := o.book.open(su.game.Start, su.game.Rules)
	if err != nil {
		return false, err
	}
	pos := su.game.Current()
	pick, ok := pl.Move(pos, su.game.Rules)
	if !ok {
		return false, nil
	}
	for _, e := range pl.Book().Probe(pos) {
		writeBookLine(g.out, e, o.json)
	}
	if o.json {
		b, _ := json.Marshal(jsonBookBest{Type: "bestmove", BestMove: pick.Move.String(), Book: true,
			ScoreCP: pick.Value, Depth: pick.Depth, PV: []string{pick.Move.String()}})
		_, err = fmt.Fprintf(g.out, "%s\n", b)
		return true, err
	}
	_, err = fmt.Fprintf(g.out, "bestmove %s\n", pick.Move)
	return true, err
}

func writeBookLine(w io.Writer, e book.Entry, asJSON bool) {
	if asJSON {
		b, _ := json.Marshal(jsonBookMove{Type: "book", Move: e.Move.String(), Weight: e.Weight,
			Value: e.Value, Depth: e.Depth, Count: e.Count, Proven: e.Proven})
		fmt.Fprintf(w, "%s\n", b)
		return
	}
	fmt.Fprintf(w, "info string book %s weight %d value %d depth %d count %d\n", e.Move, e.Weight, e.Value, e.Depth, e.Count)
}
