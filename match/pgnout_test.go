// Tests of the PGN a match writes: tags, colours, moves that replay to the
// recorded result, comments, and the lock on the file.

package match

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/position"
)

func TestMatchPGN(t *testing.T) {
	var games, pg bytes.Buffer
	opening := position.Start(25)
	cfg := Config{Player1: mustSpec(t, "engine:depth=2"), Player2: mustSpec(t, "greedy"), Games: 4, Concurrency: 2, Seed: 5,
		Openings: []position.Position{position.Start(30), opening},
		Out:      &games, PGN: &pg, PGNComments: true, Game: GameConfig{MaxPlies: 300}}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	read, err := pgn.ReadAll(strings.NewReader(pg.String()))
	if err != nil || len(read) != 4 {
		t.Fatalf("%d games, %v\n%s", len(read), err, pg.String())
	}
	wantTags := []string{"Event", "Site", "Date", "Round", "South", "North", "Result", "FEN", "PlyCount", "TimeControl", "Termination"}
	comment := regexp.MustCompile(`^(([+-]\d+\.\d\d|[+-]M\d+|M0)/\d+ )?\d+\.\d{3}s$`)
	seen := map[int]bool{}
	for _, g := range read {
		var names []string
		for _, tg := range g.Tags {
			names = append(names, tg.Name)
		}
		if strings.Join(names, " ") != strings.Join(wantTags, " ") {
			t.Errorf("tags %v", names)
		}
		k, _ := strconv.Atoi(g.Tag("Round"))
		seen[k] = true
		p1 := "engine:depth=2"
		if g.Tag(map[bool]string{true: "South", false: "North"}[(k-1)%2 == 0]) != p1 {
			t.Errorf("game %d: South %q North %q", k, g.Tag("South"), g.Tag("North"))
		}
		if fen := g.Tag("FEN"); (k <= 2) != (fen == "startpos") || (k > 2) != (fen == "startpos25") {
			t.Errorf("game %d: FEN %q", k, fen)
		}
		rec, err := g.Replay(movegen.Rules{})
		if err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		if n, _ := strconv.Atoi(g.Tag("PlyCount")); n != len(rec.Moves) || g.Tag("Result") != g.Result {
			t.Errorf("game %d: PlyCount %s, %d moves; Result %s / %s", k, g.Tag("PlyCount"), len(rec.Moves), g.Tag("Result"), g.Result)
		}
		// The result agrees with the games file's line for the game.
		line := ""
		for _, l := range strings.Split(games.String(), "\n") {
			if strings.Contains(l, "| game "+strconv.Itoa(k)+",") {
				line = l
			}
		}
		want := map[string]string{"south": "1-0", "north": "0-1", "draw": "1/2-1/2"}[strings.Fields(strings.Split(line, " | ")[2])[1]]
		if g.Result != want {
			t.Errorf("game %d: result %s, games file %q", k, g.Result, line)
		}
		searched := 0
		for _, m := range g.Moves {
			if !comment.MatchString(m.Comment) {
				t.Errorf("game %d: comment %q", k, m.Comment)
			}
			if strings.Contains(m.Comment, "/") {
				searched++
			}
		}
		if searched == 0 {
			t.Errorf("game %d: no searched move has a score", k)
		}
	}
	if len(seen) != 4 {
		t.Errorf("rounds %v", seen)
	}
}

func TestMoveNoteComment(t *testing.T) {
	n := MoveNote{Time: 20 * time.Millisecond, Search: SearchInfo{Score: 125, Depth: 14}, HasSearch: true}
	if c := n.Comment(); c != "+1.25/14 0.020s" {
		t.Errorf("%q", c)
	}
	n.Search.Score = -300
	if c := n.Comment(); c != "-3.00/14 0.020s" {
		t.Errorf("%q", c)
	}
	if c := (MoveNote{Time: 1500 * time.Microsecond}).Comment(); c != "0.002s" {
		t.Errorf("%q", c)
	}
}

func TestTermination(t *testing.T) {
	for _, c := range []struct {
		r    GameResult
		want string
	}{
		{GameResult{End: EndNoMove}, "normal"},
		{GameResult{End: EndRepetition}, "normal"},
		{GameResult{End: EndPlyCap}, "adjudication"},
		{GameResult{End: EndForfeit}, "rules infraction"},
		{GameResult{End: EndForfeit, OnTime: true}, "time forfeit"},
	} {
		if got := c.r.Termination(); got != c.want {
			t.Errorf("%v: %q", c.r.End, got)
		}
	}
}

// TestProvenComment: a proven value's comment is cutechess's mate form
// (M, the proven margin in warriors), never an estimate's "+0.00"; the
// PGN reader gives it back as written.
func TestProvenComment(t *testing.T) {
	ms := 20 * time.Millisecond
	for _, c := range []struct {
		s    SearchInfo
		want string
	}{
		{SearchInfo{Score: 125, Depth: 14}, "+1.25/14 0.020s"},
		{SearchInfo{Score: 0, Depth: 9}, "+0.00/9 0.020s"},
		{SearchInfo{Score: 400, Proven: true, Depth: 100}, "+M4/100 0.020s"},
		{SearchInfo{Score: -1200, Proven: true, Depth: 31}, "-M12/31 0.020s"},
		{SearchInfo{Score: 0, Proven: true, Depth: 100}, "M0/100 0.020s"},
	} {
		got := MoveNote{Time: ms, HasSearch: true, Search: c.s}.Comment()
		if got != c.want {
			t.Errorf("%+v: comment %q, want %q", c.s, got, c.want)
		}
		g := pgn.Game{Tags: []pgn.Tag{{Name: "FEN", Value: "startpos"}}, Result: "*", Moves: []pgn.Move{{Text: "e5", Comment: got}}}
		read, err := pgn.ReadAll(strings.NewReader(g.String()))
		if err != nil || len(read) != 1 || len(read[0].Moves) != 1 || read[0].Moves[0].Comment != got {
			t.Errorf("%q read back as %+v (%v)", got, read, err)
		}
	}
}
