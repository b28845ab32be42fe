// The commands a person types at the prompt.

package play

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

const helpText = `Commands:
  <move>          play a move: e5 lifts 5 from pit e (South a-j, North A-J);
                  at the opening, ij:a3b2F5 empties i and j and drops 3 into a,
                  2 into b and 5 into F
  <pit><pit>      at the opening, start a guided redistribution: e.g. ef
  hint            the engine's move and score for you
  undo            take back your last move (and the engine's reply)
  level           show the engine's level; level 2s, level 500ms, level depth 6
  swap            change sides with the engine
  new             start a new game
  board           show the board again
  help            this text
  quit            leave
`

// command runs one line at the prompt. moved says the board changed;
// err is only errQuit or a read error.
func (s *session) command(line string) (moved bool, err error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false, nil
	}
	switch f[0] {
	case "help", "?":
		s.printf("%s", helpText)
	case "quit", "exit":
		return false, errQuit
	case "board":
		s.show()
	case "hint":
		if _, over := s.game.Over(); over {
			s.printf("The game is over: no hint.\n")
			break
		}
		if e, ok := s.bookMove(); ok {
			s.printf("hint: %s (%s)\n", e.Move, bookText(e, "you"))
			break
		}
		res, m := s.think()
		s.printf("hint: %s (%s)\n", m, scoreText(res, "you"))
	case "undo":
		return s.undo(), nil
	case "level":
		s.level(f[1:])
	case "swap":
		s.human = s.human.Other()
		s.printf("You now play %s.\n", sideName(s.human))
		return false, nil
	case "new":
		s.game = movegen.NewGame(s.start, s.cfg.Rules)
		s.eng.NewGame()
		s.toldOpening = false
		s.printf("New game; you play %s.\n", sideName(s.human))
		return true, nil
	default:
		return s.move(f)
	}
	return false, nil
}

// undo takes back moves until it is the person's turn again, at least one.
func (s *session) undo() bool {
	if len(s.game.Moves) == 0 {
		s.printf("Nothing to undo: no move has been played.\n")
		return false
	}
	n := 0
	for s.game.Undo() {
		n++
		if cur := s.game.Current(); cur.Side() == s.human {
			break
		}
	}
	s.printf("Took back %d move(s).\n", n)
	return true
}

func (s *session) level(args []string) {
	show := func() {
		if s.cfg.Depth > 0 {
			s.printf("Level: depth %d.\n", s.cfg.Depth)
		} else {
			s.printf("Level: %v a move.\n", s.cfg.MoveTime)
		}
	}
	switch {
	case len(args) == 0:
		show()
		return
	case len(args) == 2 && args[0] == "depth":
		n, err := strconv.Atoi(args[1])
		if err != nil || !limits.Depth.Contains(int64(n)) {
			s.printf("level depth %s: want a whole number from %d to %d.\n", excerpt.Prefix(args[1]), limits.Depth.Min, limits.Depth.Max)
			return
		}
		s.cfg.Depth, s.cfg.MoveTime = n, 0
	case len(args) == 1 || (len(args) == 2 && args[0] == "time"):
		v := args[len(args)-1]
		d, err := limits.ParseDuration(v)
		if err != nil || d < time.Millisecond || d > time.Hour {
			s.printf("level %s: want a time such as 500 (milliseconds), 500ms, 2s or 1m (up to 1h), or depth N.\n", excerpt.Prefix(v))
			return
		}
		s.cfg.MoveTime, s.cfg.Depth = d, 0
	default:
		s.printf("level: want level 2s, level time 500ms or level depth 6.\n")
		return
	}
	show()
}

// move plays a move typed in notation, or starts a guided redistribution.
func (s *session) move(f []string) (bool, error) {
	if len(f) > 1 {
		s.printf("%s: one move at a time (type help for the commands).\n", excerpt.Quote(strings.Join(f, " ")))
		return false, nil
	}
	in := f[0]
	cur := s.game.Current()
	if len(in) == 1 && isPit(in[0]) {
		s.printf("%s\n", lonePitHint(cur, in[0], s.cfg.Rules))
		return false, nil
	}
	if !looksLikeMove(in) {
		s.printf("%s is not a command or a move. Type help for the commands.\n", excerpt.Quote(in))
		return false, nil
	}
	if cur.Phase() != position.Play && !strings.Contains(in, ":") {
		if len(in) == 2 && isPit(in[0]) && isPit(in[1]) {
			return s.guided(in)
		}
		s.printf("%s: this turn is a redistribution. Type two of your occupied pits (e.g. %s) to be guided,\n"+
			"or the whole move as in %s.\n", excerpt.Quote(in), examplePair(cur), exampleOpening(cur))
		return false, nil
	}
	m, err := position.ParseGameMove(in)
	if err != nil {
		s.printf("%v\nType help for the notation.\n", err)
		return false, nil
	}
	if err := s.game.Play(m); err != nil {
		s.printf("Illegal: %v\n", err)
		return false, nil
	}
	return true, nil
}

// looksLikeMove reports whether a word is meant as a move: a pit and a
// count (e5), two pits (ef, a guided redistribution) or an opening move
// (with ':'). Anything else is an unknown command, not a bad move.
func looksLikeMove(w string) bool {
	if strings.Contains(w, ":") {
		return true
	}
	if len(w) < 2 || !isPit(w[0]) {
		return false
	}
	return w[1] >= '0' && w[1] <= '9' || len(w) == 2 && isPit(w[1])
}

// lonePitHint answers a pit typed alone: what a move at p is made of,
// with the moves from that pit when there are any.
func lonePitHint(p position.Position, c byte, r movegen.Rules) string {
	pit, _ := position.ParsePit(c)
	name := position.PitName(pit)
	if p.Phase() != position.Play {
		return fmt.Sprintf("%q is one pit: this turn is a redistribution; type two of your pits to empty (e.g. %s) to be guided, or the whole move as in %s.",
			name, examplePair(p), exampleOpening(p))
	}
	var list movegen.MoveList
	n := movegen.Generate(&p, r, &list)
	var from []string
	for _, m := range list[:n] {
		if m.Pit() == pit {
			from = append(from, m.String())
		}
	}
	hint := fmt.Sprintf("%q is a pit: a move is a pit and the number of warriors to lift from it", name)
	switch {
	case len(from) > 0:
		return hint + fmt.Sprintf(". From %s you may play %s.", name, strings.Join(from, " "))
	case n > 0:
		return hint + fmt.Sprintf(" (e.g. %s); %s has no legal move now.", list[0], name)
	}
	return hint + "."
}

func isPit(c byte) bool {
	_, ok := position.ParsePit(c)
	return ok
}

func examplePair(p position.Position) string {
	var ex string
	movegen.ForEachPair(&p, func(i, j, _ int) {
		if ex == "" {
			ex = position.PairString(i, j)
		}
	})
	return ex
}

// exampleDrops is an example of drops for a redistribution at p: into
// the mover's own leftmost pit and the opponent's.
func exampleDrops(p position.Position) string {
	own, other := position.Leftmost(p.Side()), position.Leftmost(p.Side().Other())
	return position.PitName(own) + "3 " + position.PitName(other) + "2"
}

func exampleOpening(p position.Position) string {
	if m, ok := movegen.FirstLegal(p, movegen.Rules{}); ok {
		return m.String()
	}
	return "ij:a3b2F5"
}

// guided asks for the drops of a redistribution that empties the pair,
// showing the running total, then plays it.
func (s *session) guided(pair string) (bool, error) {
	cur := s.game.Current()
	i, _ := position.ParsePit(pair[0])
	j, _ := position.ParsePit(pair[1])
	if i > j {
		i, j = j, i
	}
	var drops [position.NumPits]int
	drops[i], drops[j] = cur.Count(i), cur.Count(j) // checks the pair only
	if i == j {
		s.printf("%q: the two emptied pits must differ.\n", pair)
		return false, nil
	}
	if _, err := movegen.NewOpening(&cur, i, j, drops); err != nil {
		s.printf("%s: %v\n", position.PairString(i, j), err)
		return false, nil
	}
	lifted := cur.Count(i) + cur.Count(j)
	drops = [position.NumPits]int{}
	placed := 0
	s.printf("You lift %s from %s and %s. Give the drops as <pit><count> (e.g. a3 F2),\n"+
		"several on a line if you like; undo clears them, cancel gives up.\n", plural.Count(lifted, "warrior"), position.PitName(i), position.PitName(j))
	for placed < lifted {
		line, err := s.readLine(fmt.Sprintf("drops (%d of %d placed, %d left)> ", placed, lifted, lifted-placed))
		if err != nil {
			return false, err
		}
		f := strings.Fields(line)
		if len(f) == 1 && (f[0] == "cancel" || f[0] == "quit") {
			s.printf("Redistribution cancelled.\n")
			return false, nil
		}
		if len(f) == 1 && f[0] == "undo" {
			drops, placed = [position.NumPits]int{}, 0
			s.printf("Drops cleared.\n")
			continue
		}
		next, n, err := parseDrops(f, drops, lifted-placed)
		if err != nil {
			s.printf("%v\n", err)
			continue
		}
		drops, placed = next, placed+n
		if placed < lifted {
			s.showDrops(cur, i, j, drops)
		}
	}
	m, err := movegen.NewOpening(&cur, i, j, drops)
	if err == nil {
		err = s.game.Play(position.Redistribute(m))
	}
	if err != nil {
		s.printf("Illegal: %v\n", err)
		return false, nil
	}
	s.printf("You play %s.\n", m)
	return true, nil
}

// parseDrops adds drops such as "a3 F2" to d, refusing the whole line if
// any is malformed or they exceed left.
func parseDrops(f []string, d [position.NumPits]int, left int) ([position.NumPits]int, int, error) {
	total := 0
	for _, t := range f {
		if len(t) < 2 {
			return d, 0, fmt.Errorf("%s: want a pit letter and a count, as in a3", excerpt.Quote(t))
		}
		pit, ok := position.ParsePit(t[0])
		if !ok {
			return d, 0, fmt.Errorf("%s: %s is not a pit (a-j, A-J)", excerpt.Quote(t), excerpt.Char(t))
		}
		n, err := strconv.Atoi(t[1:])
		if err != nil || n < 1 {
			return d, 0, fmt.Errorf("%s: %s is not a count of at least 1", excerpt.Quote(t), excerpt.Quote(t[1:]))
		}
		if total+n > left {
			return d, 0, fmt.Errorf("%s: only %s left to place", excerpt.Prefix(strings.Join(f, " ")), plural.Count(left, "warrior"))
		}
		d[pit] += n
		total += n
	}
	return d, total, nil
}

// showDrops lists the drops placed so far and draws the board as it would
// be with them: the pair emptied, the drops added.
func (s *session) showDrops(cur position.Position, i, j int, drops [position.NumPits]int) {
	var placed []string
	p := cur
	p.LiftAll(i)
	p.LiftAll(j)
	for pit, n := range drops {
		if n > 0 {
			placed = append(placed, fmt.Sprintf("%s%d", position.PitName(pit), n))
			p.Put(pit, n)
		}
	}
	st := position.DiagramStyle{Color: s.cfg.Color}
	s.printf("Placed: %s. The board with them:\n%s", strings.Join(placed, " "), st.Draw(p))
}
