// Tests of the PGN form: the layout written, round trips, cutegames'
// files, other tools' syntax and errors that name the line.

package pgn

import (
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// cutegamesGame is laid out as cutegames' write_as_pgn writes a game
// (src/match/pgn.cpp): its own tags, moves numbered by pair, the result,
// two blank lines.
const cutegamesGame = `[Event "Kiothi test"]
[Site "CuteGames"]
[Date "??"]
[Round "1"]
[South "kiothi-a"]
[North "kiothi-b"]
[Result "0-1"]
[FEN "startpos"]
[Adjudicated "Illegal move"]
[Winner "kiothi-b"]
[Loser "kiothi-a"]
[PlyCount "3"]

1. ij:a3b2F5 GH:a1b1c1d1e1f1g1h1i1j1 2. e6 0-1


`

func TestWriteLayout(t *testing.T) {
	g := &Game{
		Tags: []Tag{{"Event", "kiothi match"}, {"Site", "kiothi"}, {"Date", "2026.12.01"}, {"Round", "3"},
			{"South", `ugi:"my engine"`}, {"North", "greedy"}, {"Result", "1-0"}, {"FEN", "startpos"},
			{"PlyCount", "3"}, {"TimeControl", "10+0.1"}, {"Termination", "normal"}},
		Moves:  []Move{{Text: "ab:c20", Comment: "+1.25/14 0.020s"}, {Text: "AB:C20"}, {Text: "c1", Comment: "odd } brace"}},
		Result: "1-0",
	}
	want := `[Event "kiothi match"]
[Site "kiothi"]
[Date "2026.12.01"]
[Round "3"]
[South "ugi:\"my engine\""]
[North "greedy"]
[Result "1-0"]
[FEN "startpos"]
[PlyCount "3"]
[TimeControl "10+0.1"]
[Termination "normal"]

1. ab:c20 {+1.25/14 0.020s} AB:C20 2. c1 {odd ) brace} 1-0

`
	if got := g.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	back, err := ReadAll(strings.NewReader(want))
	if err != nil || len(back) != 1 {
		t.Fatalf("%d games, %v", len(back), err)
	}
	if back[0].Tag("South") != `ugi:"my engine"` || len(back[0].Moves) != 3 || back[0].Moves[0].Text != g.Moves[0].Text || back[0].Moves[0].Comment != g.Moves[0].Comment || back[0].Moves[2].Comment != "odd ) brace" || back[0].Result != "1-0" {
		t.Errorf("read back %+v", back[0])
	}
}

// A game whose start has North to move opens with "1... ".
func TestWriteNorthFirst(t *testing.T) {
	rec := movegen.NewGame(position.Start(30), movegen.Rules{})
	for range 3 {
		m, _ := movegen.FirstLegal(rec.Current(), movegen.Rules{})
		if err := rec.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if p := rec.Current(); p.Side() != position.North {
		t.Fatalf("%v: South to move", p)
	}
	g := &Game{Tags: []Tag{{"FEN", rec.Current().String()}}, Moves: []Move{{Text: "A3"}, {Text: "b2"}, {Text: "C1"}}, Result: "*"}
	if got := g.String(); !strings.HasSuffix(got, "\n1... A3 2. b2 C1 *\n\n") {
		t.Errorf("got %q", got)
	}
}

func TestReadCutegames(t *testing.T) {
	games, err := ReadAll(strings.NewReader(cutegamesGame + cutegamesGame))
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	g := games[1]
	if g.Tag("Winner") != "kiothi-b" || g.Result != NorthWins || len(g.Moves) != 3 || g.Moves[2].Text != "e6" || g.Line != 17 {
		t.Errorf("game 2: %+v", g)
	}
	rec, err := g.Replay(movegen.Rules{})
	if err != nil || len(rec.Moves) != 3 {
		t.Errorf("replay: %v", err)
	}
}

// Syntax other PGN tools write: comments before and between moves,
// semicolon comments, NAGs, annotation marks, variations, numbers glued to
// moves, '%' lines, a game without a result before the next game's tags.
func TestReadOtherSyntax(t *testing.T) {
	in := `% a comment line
[Event "x"]

{opening comment} 1.ij:a3b2F5 $1 {first} {second} (1... AB:C20 (2. a1)) GH:a1b1c1d1e1f1g1h1i1j1!? ; rest of line
2. a3 3...
[Event "y"]
1. ab:c20 *
`
	games, err := ReadAll(strings.NewReader(in))
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	g := games[0]
	if len(g.Moves) != 3 || g.Moves[0].Comment != "first second" || g.Moves[1].Text != "GH:a1b1c1d1e1f1g1h1i1j1" || g.Result != Unknown {
		t.Errorf("game 1: %+v", g)
	}
	if games[1].Tag("Event") != "y" || len(games[1].Moves) != 1 || games[1].Line != 6 {
		t.Errorf("game 2: %+v", games[1])
	}
}

func TestReadErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"[Event \"x]\n", "line 1: tag Event: value not closed"},
		{"[Event x]\n", "line 1: tag Event: want a quoted value"},
		{"\n\n[ \"x\"]", "line 3: tag: want a name"},
		{"1. a3 {never closed\n\n", "line 1: comment not closed"},
		{"1. a3 (b2\n", "line 1: variation not closed"},
		{"1. a3 ) 1-0", "')' without a variation"},
		{"[Event \"x\" 1. a3", "want ']'"},
		{"1. " + strings.Repeat("a", MaxTokenBytes+1), "longer than"},
	} {
		_, err := ReadAll(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
	if g, err := NewReader(strings.NewReader(" \n ")).Next(); err != io.EOF || g != nil {
		t.Errorf("empty input: %v %v", g, err)
	}
}

func TestReplayErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"[FEN \"nonsense\"]\n1. a3 *", "FEN tag"},
		{"1. ij:a3b2F5 GH:a1b1c1d1e1f1g1h1i1j1 2. z9 *", "move 2. z9"},
		{"1. ij:a3b2F5 zz *", "move 1... zz"},
	} {
		gs, err := ReadAll(strings.NewReader(c.in))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gs[0].Replay(movegen.Rules{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add(cutegamesGame)
	f.Add("[A \"b\\\"c\"]\n1. a3 {x} (b2 (c3)) $4 1-0\n%x\n[B \"\"] *")
	f.Add("{;}(;)\n;{\n")
	f.Add("1. a3 {m} (1. b2 {s} B1 (B2 2. c3) 2. d4) (1. e5) A1 2. c1 (2. c2 C2) C3 *")
	f.Fuzz(func(t *testing.T, in string) {
		games, err := ReadAll(strings.NewReader(in))
		if err != nil {
			return
		}
		// What was read writes and reads back to the same games, their
		// moves, comments and variations alike.
		var b strings.Builder
		for _, g := range games {
			b.WriteString(g.String())
		}
		again, err := ReadAll(strings.NewReader(b.String()))
		if err != nil || len(again) != len(games) {
			t.Fatalf("re-read of %q: %d games, %v", b.String(), len(again), err)
		}
		for i := range games {
			if !reflect.DeepEqual(again[i].Moves, games[i].Moves) || again[i].Result != games[i].Result {
				t.Fatalf("game %d: %+v, read back %+v", i, games[i], again[i])
			}
		}
	})
}
