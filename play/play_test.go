// Tests of the terminal game with scripted and interactive input.

package play

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// firstSearcher plays the first legal move, at once.
type firstSearcher struct{ newGames int }

func (f *firstSearcher) NewGame() { f.newGames++ }
func (f *firstSearcher) Search(_ context.Context, root position.Position, _ []uint64, _ search.Limits, _ func(search.Info)) search.Result {
	m, ok := movegen.FirstLegal(root, movegen.Rules{})
	return search.Result{Best: m, HasMove: ok, Score: -25, Depth: 1}
}

func fakeConfig(in string, out io.Writer) (Config, *firstSearcher) {
	f := &firstSearcher{}
	return Config{In: strings.NewReader(in), Out: out, NewSearcher: func(search.Options) (search.GameSearcher, error) { return f, nil }}, f
}

// lastLegal is the person's choice in the scripted game: the last play
// move in board order (the engine plays the first).
func lastLegal(p position.Position) (position.GameMove, bool) {
	var list movegen.MoveList
	n := movegen.Generate(&p, movegen.Rules{}, &list)
	if n == 0 {
		return position.GameMove{}, false
	}
	return position.PlayMove(list[n-1]), true
}

// TestScriptedGame plays a whole game from the start: the person's
// opening entered step by step, bad entries along the way, then moves in
// notation to the end; the tally must be movegen's.
func TestScriptedGame(t *testing.T) {
	g := movegen.NewGame(position.Start(30), movegen.Rules{})
	script := []string{"help", "level", "level 20ms", "level fast", "level depth 0", "undo", "e5", "ez", "ee", "ab",
		"hello", "ef", "a3 b2", "Z1", "a", "F99", "undo", "a4 b2", "F3", "F1"}
	// (F3 brings the total to 9, F1 to 10, which plays the move.)
	om, _ := position.ParseOpeningMove("ef:a4b2F4")
	g.Play(position.Redistribute(om))
	reply, _ := movegen.FirstLegal(g.Current(), g.Rules)
	g.Play(reply)
	script = append(script, "hint", "zz9", "e5x", "a1 b1", "j63", "hello")
	for {
		if _, over := g.Over(); over {
			break
		}
		cur := g.Current()
		m, ok := lastLegal(cur)
		if cur.Side() == position.North {
			m, ok = movegen.FirstLegal(cur, g.Rules)
		} else {
			script = append(script, m.String())
		}
		if !ok {
			t.Fatal("no move though the game is not over")
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if len(g.Moves) > 3000 {
			t.Fatal("scripted game too long")
		}
	}
	// At the game-over prompt: undo and new go on, each from its board.
	afterUndo := movegen.NewGame(g.Start, g.Rules)
	for _, m := range g.Moves {
		afterUndo.Play(m)
	}
	for afterUndo.Undo() {
		if cur := afterUndo.Current(); cur.Side() == position.South {
			break
		}
	}
	script = append(script, "e5", "undo")
	// Replay the person's moves that undo took back: the game ends again
	// the same way (the engine's replies are deterministic).
	for k := len(afterUndo.Moves); k < len(g.Moves); k++ {
		if p := g.Positions[k]; p.Side() == position.South {
			script = append(script, g.Moves[k].String())
		}
	}
	script = append(script, "new", "quit")
	var out strings.Builder
	cfg, f := fakeConfig(strings.Join(script, "\n")+"\n", &out)
	if err := Run(cfg); err != nil {
		t.Fatal(err)
	}
	o, _ := g.Over()
	text := out.String()
	for _, want := range []string{
		"Level: 1s a move.", "Level: 20ms a move.",
		`level fast: want a time`, "level depth 0: want a whole number",
		"Nothing to undo", `"e5": this turn is a redistribution`,
		`"ez" is not a command or a move`, "the two emptied pits must differ", "a is empty",
		`"hello" is not a command or a move. Type help for the commands.`,
		"Your move is a redistribution: type two of your pits to empty (e.g. ",
		"Placed: a3 b2. The board with them:", "Placed: a4 b2 F3. The board with them:",
		"You lift 10 warriors from e and f", "drops (5 of 10 placed, 5 left)>", `"Z1": 'Z' is not a pit`,
		`"a": want a pit letter and a count`, "F99: only 5 warriors left to place", "Drops cleared.",
		"drops (9 of 10 placed, 1 left)>", "You play ef:a4b2F4.",
		"Kiothi (North) plays " + reply.String() + " (score -0.25 for Kiothi, depth 1).", "(score -0.25 for you, depth 1)",
		`"zz9" is not a command or a move`, `move "e5x"`, `"a1 b1": one move at a time`,
		"Illegal: j63", fmt.Sprintf("Final tally: South %d, North %d.", o.South, o.North),
		"The game is over: type new", "New game; you play South.", "Goodbye.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	var winner string
	switch o.Winner() {
	case "south":
		winner = fmt.Sprintf("South (you) wins by %d.", o.Margin())
	case "north":
		winner = fmt.Sprintf("North (Kiothi) wins by %d.", -o.Margin())
	default:
		winner = "A draw."
	}
	if !strings.Contains(text, winner) {
		t.Errorf("output lacks %q", winner)
	}
	if f.newGames != 1 {
		t.Errorf("new: engine NewGame called %d times", f.newGames)
	}
	// The final position was shown, and the board after undo and new.
	if !strings.Contains(text, g.Current().String()) {
		t.Errorf("final position %s not shown", g.Current())
	}
	end := text[strings.LastIndex(text, "The game is over: type new"):]
	if undone := end[strings.Index(end, "Took back"):]; !strings.HasPrefix(strings.SplitAfter(undone, "> ")[0], "Took back") ||
		!strings.Contains(strings.SplitAfter(undone, "> ")[0], "position: "+afterUndo.Current().String()) {
		t.Errorf("undo at the game-over prompt did not show the board of %s:\n%s", afterUndo.Current(), undone)
	}
	if nw := end[strings.Index(end, "New game;"):]; !strings.Contains(strings.SplitAfter(nw, "> ")[0], "position: "+g.Start.String()) {
		t.Errorf("new at the game-over prompt did not show the start:\n%s", nw)
	}
	// The drops so far drawn on the board: e and f emptied, a3 b2 added.
	if !regexp.MustCompile(`Placed: a3 b2\. The board with them:\n(.*\n)*South +3 +2 +0 +0 +0 +0 +5 +5 +5 +5 `).MatchString(text) {
		t.Errorf("the drops a3 b2 were not drawn")
	}
	t.Logf("%d moves, %d-%d", len(g.Moves), o.South, o.North)
}

func TestOneWarriorAndSweep(t *testing.T) {
	start, _ := position.Parse("0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 3-0 s 3")
	var out strings.Builder
	cfg, _ := fakeConfig("undo\nhint\nfoo\nquit\n", &out)
	cfg.Start, cfg.Multiplier = &start, 3
	if err := Run(cfg); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"South has no legal move: the game ends.",
		"Sweep: the warrior left on the board goes to North's prison.",
		"Final tally: South 3, North 1.", "South (you) wins by 2.",
		"A one-warrior victory, the mark of exceptional skill: it counts as 3 wins.",
		"Nothing to undo", "The game is over: type new",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestBadMultiplier(t *testing.T) {
	cfg, _ := fakeConfig("", io.Discard)
	cfg.Multiplier = 11
	if err := Run(cfg); err == nil {
		t.Error("multiplier 11 accepted")
	}
}

// promptWriter collects output and signals whenever it ends in a prompt.
type promptWriter struct {
	mu     sync.Mutex
	buf    strings.Builder
	prompt chan string // the output since the last prompt
	mark   int
}

func (w *promptWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(b)
	s := w.buf.String()
	if strings.HasSuffix(s, "> ") {
		w.prompt <- s[w.mark:]
		w.mark = len(s)
	}
	return len(b), nil
}

var posLine = regexp.MustCompile(`position: (\S+ \S+ \S+ \S+)\n`)

// TestInteractiveRealEngine plays a game against the real engine API,
// reading each position off the diagram and answering with a random legal
// move (seeded), as a person would.
func TestInteractiveRealEngine(t *testing.T) {
	inR, inW := io.Pipe()
	w := &promptWriter{prompt: make(chan string, 1)}
	done := make(chan error, 1)
	go func() {
		done <- Run(Config{In: inR, Out: w, Human: position.North, Depth: 1})
	}()
	rng := rand.New(rand.NewPCG(1, 2))
	ended := false
	for k := 0; k < 2000 && !ended; k++ {
		var text string
		select {
		case text = <-w.prompt:
		case <-time.After(30 * time.Second):
			t.Fatal("no prompt")
		}
		if strings.HasSuffix(text, "game over (new, undo, swap, quit)> ") {
			if !strings.Contains(text, "Final tally: ") {
				t.Errorf("game over without a tally:\n%s", text)
			}
			ended = true
			break
		}
		ms := posLine.FindAllStringSubmatch(text, -1)
		if len(ms) == 0 {
			t.Fatalf("no position in\n%s", text)
		}
		p, err := position.Parse(ms[len(ms)-1][1])
		if err != nil {
			t.Fatal(err)
		}
		var move string
		if p.Phase() != position.Play {
			om, _ := movegen.FirstLegal(p, movegen.Rules{})
			move = om.String()
		} else {
			var list movegen.MoveList
			n := movegen.Generate(&p, movegen.Rules{}, &list)
			move = list[rng.IntN(n)].String()
		}
		io.WriteString(inW, move+"\n")
	}
	if !ended {
		t.Fatal("game did not end")
	}
	io.WriteString(inW, "quit\n")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
