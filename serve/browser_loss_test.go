// A browser test of the move list's proven loss: a reviewed move whose
// value and the best move's are both proven shows what it loses against
// best play, as kiothi annotate says it.

package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/kiothi/kiothi/egdb"
)

// TestBrowserProvenLoss reviews one move of a 10-warrior position with
// the built-in database: j2 is proven 4 warriors worse than f1 (kiothi
// solve --moves: f1 -6, j2 -10, from South's view). The move list shows
// "−4" by the move and says "loses 4 warriors against best play" in its
// title, its label and the comment under the board, where the review's
// values say so.
func TestBrowserProvenLoss(t *testing.T) {
	b := newBrowserRun(t)
	db, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	b.srv.cfg.DB = db
	tb := b.open(t, "/")
	tb.click("tab-analyse")
	tb.do(chromedp.SetValue(chromedp.ID("pgn-input"), "[FEN \"0.0.0.1.1.2.0.1.0.2/0.0.0.0.0.0.0.0.1.0 19-33 s 39\"]\n\n1. j2 *\n"))
	tb.click("open-pgn")
	tb.wait(`state.cursor === 1`)
	tb.do(chromedp.SetValue(chromedp.ID("rv-time"), "100"))
	tb.click("review")
	tb.wait(`state.review && state.review.done`)
	m := evalIn[map[string]any](tb, `state.review.moves[0]`)
	if m["after_proven"] != true || m["best_after_proven"] != true {
		t.Fatalf("the review did not prove both values: %v", m)
	}
	n := int(m["best_after"].(float64)-m["after"].(float64)) / 100
	if n != 4 {
		t.Errorf("the review's loss %d warriors (%v), want 4 (f1 -6, j2 -10)", n, m)
	}
	words := fmt.Sprintf("loses %d warriors against best play", n)
	mv := `document.querySelector('#movelist .mv[data-ply="1"]')`
	loss := evalIn[string](tb, mv+`.querySelector('.loss')?.textContent || ''`)
	title := evalIn[string](tb, mv+`.title`)
	label := evalIn[string](tb, mv+`.getAttribute('aria-label')`)
	if loss != fmt.Sprintf("−%d", n) || !strings.Contains(title, words) || !strings.Contains(label, words) {
		t.Errorf("move list: loss %q, title %q, label %q; want −%d and %q", loss, title, label, n, words)
	}
	if c := tb.text("comment"); !strings.Contains(c, words) {
		t.Errorf("comment under the board %q, want %q", c, words)
	}
	tb.fullShot("proven-loss")
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range b.problems {
		t.Errorf("page problem: %s", p)
	}
}
