// Tests of the reader's bounds (bytes, games, comments), of refused tags,
// and of variations (RAV) read and written back.

package pgn

import (
	"io"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// repeat is an io.Reader of s repeated n times, made as it is read.
type repeat struct {
	s   string
	n   int
	off int
}

func (r *repeat) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) {
		if r.n == 0 {
			if k == 0 {
				return 0, io.EOF
			}
			break
		}
		c := copy(p[k:], r.s[r.off:])
		k += c
		if r.off += c; r.off == len(r.s) {
			r.off, r.n = 0, r.n-1
		}
	}
	return k, nil
}

// heapAfter runs f and returns the live heap after it, collected.
func heapAfter(f func()) uint64 {
	f()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// The input: '* ' × 10,000,000 (20 MB, ten million empty games).
// Read a game at a time, it is refused by the game-count bound, which the
// error names, having held one game at a time (c7c08f6's ReadAll held
// them all: 4.1 GB and out of memory in annotate).
func TestTenMillionEmptyGames(t *testing.T) {
	var err error
	n := 0
	var peak uint64
	heap := heapAfter(func() {
		r := NewReader(&repeat{s: "* ", n: 10_000_000})
		for {
			var g *Game
			g, err = r.Next()
			if err != nil {
				break
			}
			if len(g.Moves) != 0 || g.Result != Unknown {
				t.Fatalf("game %d: %+v", n+1, g)
			}
			if n++; n%100_000 == 0 {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
			}
		}
	})
	if err == nil || !strings.Contains(err.Error(), "more than 1000000 games (the game-count bound)") || n != DefaultMaxGames {
		t.Fatalf("after %d games: %v", n, err)
	}
	if peak > 64<<20 || heap > 64<<20 {
		t.Errorf("heap %d MB while reading, %d MB after", peak>>20, heap>>20)
	}
}

// The byte bound names itself, wherever in a game it falls.
func TestByteBound(t *testing.T) {
	for _, in := range []string{strings.Repeat("1. a3 B2 ", 100) + "*", `[Event "` + strings.Repeat("x", 300) + `"]`, "{" + strings.Repeat("c", 300) + "}"} {
		r := NewReader(strings.NewReader(in))
		r.MaxBytes = 200
		var err error
		for err == nil {
			_, err = r.Next()
		}
		if !strings.Contains(err.Error(), "more than 200 bytes of PGN (the byte bound)") {
			t.Errorf("%.20q: %v", in, err)
		}
	}
	r := NewReader(strings.NewReader("1. a3 *"))
	r.MaxBytes = 7
	if g, err := r.Next(); err != nil || len(g.Moves) != 1 {
		t.Errorf("input of exactly the bound: %v", err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("then %v, want EOF", err)
	}
}

// 1,500 comments of 65 KB on one move (the issue's: 74 s and 780 MB on
// c7c08f6, concatenated with +=): refused by the comments' total bound,
// named, within bounded memory.
func TestCommentBound(t *testing.T) {
	comment := "{" + strings.Repeat("w", MaxCommentBytes-1) + "} "
	var err error
	heap := heapAfter(func() {
		r := NewReader(io.MultiReader(strings.NewReader("1. a3 "), &repeat{s: comment, n: 1500}, strings.NewReader("*")))
		_, err = r.Next()
	})
	if err == nil || !strings.Contains(err.Error(), "comments of one game longer than 1048576 bytes (the comment bound)") {
		t.Fatalf("%v", err)
	}
	if heap > 32<<20 {
		t.Errorf("heap %d MB", heap>>20)
	}
	// Under the bound, the comments are kept, joined by spaces.
	gs, err := ReadAll(strings.NewReader("1. a3 {one} {two  three} B2 {x} *"))
	if err != nil || gs[0].Moves[0].Comment != "one two three" || gs[0].Moves[1].Comment != "x" {
		t.Errorf("%+v, %v", gs, err)
	}
}

// NUL bytes in tags and an empty FEN are refused, naming the tag and the
// line (c7c08f6 passed them through).
func TestRefusedTags(t *testing.T) {
	for in, want := range map[string]string{
		"[Event \"a\"]\n[Site \"x\x00y\"]\n\n1. a3 *": "pgn line 2: tag Site: NUL byte in the value",
		"[Event \"a\"]\n[FEN \"\"]\n\n1. a3 *":        "pgn line 2: tag FEN: empty value",
		"[FEN \"  \"]\n\n*":                           "pgn line 1: tag FEN: empty value",
		"[Event \"a\"]\n\n1. a3 {bad \x00 comment} *": "pgn line 3: NUL byte in a comment",
	} {
		_, err := ReadAll(strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	for _, tag := range []Tag{{"Site", "a\x00"}, {"FEN", ""}, {"", "x"}, {"a b", "x"}} {
		if tag.Check() == nil {
			t.Errorf("%+v passes", tag)
		}
	}
}

// Variations are read where they stand (an alternative to the move before
// them, nested, with their comments) and written back so that they read
// the same; a pair's second move after a variation gets its number.
func TestVariations(t *testing.T) {
	in := "[Event \"v\"]\n\n1. a3 {main} (1. b2 {side} B1 (B2 2. c3) 2. d4) (1. e5) A1 2. c1 (2. c2 C2) C3 *\n\n"
	gs, err := ReadAll(strings.NewReader(in))
	if err != nil || len(gs) != 1 {
		t.Fatalf("%d games, %v", len(gs), err)
	}
	want := []Move{
		{Text: "a3", Comment: "main", Variations: [][]Move{
			{{Text: "b2", Comment: "side"}, {Text: "B1", Variations: [][]Move{{{Text: "B2"}, {Text: "c3"}}}}, {Text: "d4"}},
			{{Text: "e5"}},
		}},
		{Text: "A1"},
		{Text: "c1", Variations: [][]Move{{{Text: "c2"}, {Text: "C2"}}}},
		{Text: "C3"},
	}
	if !reflect.DeepEqual(gs[0].Moves, want) {
		t.Fatalf("read %+v\nwant %+v", gs[0].Moves, want)
	}
	out := gs[0].String()
	wantText := "[Event \"v\"]\n\n1. a3 {main} (1. b2 {side} B1 (1... B2 2. c3) 2. d4) (1. e5) 1... A1 2. c1 (2. c2 C2) 2... C3 *\n\n"
	if out != wantText {
		t.Errorf("wrote\n%s\nwant\n%s", out, wantText)
	}
	back, err := ReadAll(strings.NewReader(out))
	if err != nil || !reflect.DeepEqual(back[0].Moves, want) {
		t.Errorf("read back %+v, %v", back, err)
	}
	for in, want := range map[string]string{
		"1. a3 (B2 *":         "variation not closed",
		"(a3) 1. a3 *":        "a variation before any move",
		"1. a3 ) *":           "')' without a variation to close",
		"1. a3 (b2 [X \"y\"]": "'[' in a variation",
		"1. a3 " + strings.Repeat("(b2 ", MaxVariationDepth+1): "variations nested more than 100 deep",
	} {
		if _, err := ReadAll(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.30q: %v, want %q", in, err, want)
		}
	}
	// Moves in variations count against MaxMoves.
	long := "1. a3 (" + strings.Repeat("b2 ", MaxMoves) + ") *"
	if _, err := ReadAll(strings.NewReader(long)); err == nil || !strings.Contains(err.Error(), "more than 100000 moves") {
		t.Errorf("%v", err)
	}
}
