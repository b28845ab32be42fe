// A match's progress as it runs (Watch): on a terminal a bar with the
// score, Elo, LLR, elapsed time and ETA; in a log cutechess-cli's lines,
// "Finished game N (A vs B): 1-0 {reason}" a game and, every ScoreEvery
// games and at the end, "Score of A vs B: W - L - D  [s] N" with the Elo,
// its interval, the LLR and the times.

package match

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/kiothi/kiothi/internal/progress"
)

// ScoreEvery is how many games a log gets between Score lines (cutechess
// -ratinginterval's default).
const ScoreEvery = 10

// Watch shows a match's, or a tournament's pairings', progress on w.
type Watch struct {
	mu         sync.Mutex // Game, Done and Note write from several goroutines
	noted      map[string]bool
	w          io.Writer
	bar        *progress.Bar
	redraw     bool
	cur        *Summary // the pairing being played
	offset     int      // games of the pairings before it
	lastScored int      // cur's games at its last Score lines
}

// NewWatch returns a watch on w for total games (a tournament's over all
// its pairings): a bar when w is a terminal, lines otherwise. With an
// SPRT the total is a cap, so there is no ETA.
func NewWatch(w io.Writer, total int, sprt bool) *Watch {
	b := progress.New(w, total)
	b.NoETA = sprt
	return &Watch{w: w, bar: b, redraw: b.Redraw}
}

// Game shows s after a game was counted (a Config.Progress).
func (w *Watch) Game(s *Summary) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cur != s {
		if w.cur != nil {
			w.score(w.cur)
			w.offset += w.cur.Counts.Games()
		}
		if w.cur == nil { // games a resumed state counted are not in the rate
			w.bar.Base = s.Counts.Games() - 1
		}
		w.cur, w.lastScored = s, s.Counts.Games()-1
	}
	done := w.offset + s.Counts.Games()
	if w.redraw {
		w.bar.Update(done, s.Status())
		return
	}
	if len(s.Games) > 0 {
		fmt.Fprintln(w.w, s.Games[len(s.Games)-1].FinishedLine(w.offset))
	}
	if s.Counts.Games()-w.lastScored >= ScoreEvery {
		w.score(s)
	}
}

// Done ends the watch: the bar is erased; a log gets the last Score
// lines unless it has them.
func (w *Watch) Done() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.bar.Clear()
	if w.cur != nil {
		w.score(w.cur)
	}
}

// Note shows a player's note (a Config.Note) as a line "kiothi: PLAYER:
// NOTE", once a player and note: every game's fresh engine would say
// again that the database it shares was dropped.
func (w *Watch) Note(player, note string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	key := player + "\x00" + note
	if w.noted[key] {
		return
	}
	if w.noted == nil {
		w.noted = map[string]bool{}
	}
	w.noted[key] = true
	w.bar.Clear() // a terminal's bar is drawn again at the next game
	fmt.Fprintf(w.w, "kiothi: %s: %s\n", player, note)
}

// score writes s's Score lines to a log, once for a count of games.
func (w *Watch) score(s *Summary) {
	n := s.Counts.Games()
	if w.redraw || n == 0 || n == w.lastScored {
		return
	}
	w.lastScored = n
	fmt.Fprintln(w.w, s.ScoreLine())
	fmt.Fprintf(w.w, "%s, %s\n", s.EloLine(), w.bar.Times(time.Now(), w.offset+n, w.bar.Total))
}

// EloLine is "Elo difference: +12.3, 95% interval [-40.1, +65.0]", with
// ", LLR 0.52 [-2.94, 2.94]" under an SPRT.
func (s *Summary) EloLine() string {
	elo, lo, hi := s.Counts.Elo()
	line := fmt.Sprintf("Elo difference: %s, 95%% interval [%s, %s]", fmtElo(elo), fmtElo(lo), fmtElo(hi))
	if s.SPRT != nil {
		lo, hi := s.SPRT.Bounds()
		line += fmt.Sprintf(", LLR %.2f [%.2f, %.2f]", s.LLR, lo, hi)
	}
	return line
}

// Status is the terminal bar's label: "A vs B +3 =1 -0 0.875, Elo
// +338.0 [+104.4, +inf]", with the LLR under an SPRT.
func (s *Summary) Status() string {
	c := s.Counts
	elo, lo, hi := c.Elo()
	label := fmt.Sprintf("%s vs %s +%d =%d -%d %.3f, Elo %s [%s, %s]", s.Name1, s.Name2, c.Wins, c.Draws, c.Losses, c.Score(),
		fmtElo(elo), fmtElo(lo), fmtElo(hi))
	if s.SPRT != nil {
		lo, hi := s.SPRT.Bounds()
		label += fmt.Sprintf(", LLR %.2f [%.2f, %.2f]", s.LLR, lo, hi)
	}
	return label
}
