// Tests of the book's lines in the place of an analysis.

package book

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// TestWriteAnalysis: a line for each book move, then the player's pick
// as bestmove, as text or JSON; out of book, nothing.
func TestWriteAnalysis(t *testing.T) {
	pl, err := OpenPlayer("../testdata/book.kbk", position.Start(30), movegen.Rules{}, false, 1)
	if err != nil {
		t.Fatal(err)
	}
	start := position.Start(30)
	entries := pl.Book().Probe(start)
	pick, ok := pl.Move(start, movegen.Rules{})
	if !ok || len(entries) == 0 {
		t.Fatal("the start is not in the shipped book")
	}
	var b bytes.Buffer
	if in, err := pl.WriteAnalysis(&b, start, movegen.Rules{}, false); !in || err != nil {
		t.Fatalf("in book %v, %v", in, err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(entries)+1 || !strings.HasPrefix(lines[0], "info string book "+entries[0].Move.String()+" weight ") ||
		lines[len(lines)-1] != "bestmove "+pick.Move.String() {
		t.Errorf("text:\n%s", b.String())
	}
	b.Reset()
	if _, err := pl.WriteAnalysis(&b, start, movegen.Rules{}, true); err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	var best struct {
		Type, BestMove string
		Book           bool
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &best); err != nil || best.Type != "bestmove" || !best.Book || best.BestMove != pick.Move.String() {
		t.Errorf("json: %v\n%s", err, b.String())
	}
	b.Reset()
	late, err := position.Parse("0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36")
	if err != nil {
		t.Fatal(err)
	}
	if in, err := pl.WriteAnalysis(&b, late, movegen.Rules{}, false); in || err != nil || b.Len() != 0 {
		t.Errorf("out of book: %v %v %q", in, err, b.String())
	}
}
