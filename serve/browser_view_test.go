// Browser tests of the page's one viewpoint: every score it writes is
// South's, said once; proven values marked ∎; a review of a reviewed
// game replaces the earlier review's comments.

package serve

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// southText is how the page writes a score (centi-warriors) already in
// South's view: "+1.25", "-0.40", proven "+4∎".
func southText(v int, proven bool) string {
	if proven {
		w := v / 100
		if w > 0 {
			return fmt.Sprintf("+%d∎", w)
		}
		return fmt.Sprintf("%d∎", w)
	}
	if v > 0 {
		return fmt.Sprintf("+%.2f", float64(v)/100)
	}
	return fmt.Sprintf("%.2f", float64(v)/100)
}

// viewWords finds a side's view named anywhere on the page but its note.
const viewWords = `(() => {
	const note = document.getElementById('view-note');
	const seen = [];
	for (const el of document.querySelectorAll('body *')) {
		if (el === note || el.children.length || el.closest('[hidden]')) continue;
		if (/(South|North)'s view/.test(el.textContent)) seen.push(el.id || el.tagName);
	}
	return seen;
})()`

// analyseAt analyses the position after moves for ms with lines lines
// and waits for the answer.
func analyseAt(t *testing.T, b *browserRun, pos, moves string, lines, ms int) *tab {
	tb := b.open(t, "/?position="+url.QueryEscape(pos)+"&moves="+url.QueryEscape(moves))
	tb.do(chromedp.SetValue(chromedp.ID("an-lines"), fmt.Sprint(lines)), chromedp.SetValue(chromedp.ID("an-time"), fmt.Sprint(ms)))
	tb.click("analyse")
	tb.wait(`state.analysis === null && state.best !== null && /depth/.test(document.getElementById('bestmove').textContent)`)
	return tb
}

// checkSouthView checks the scores an analysis wrote, North to move:
// the best move's, the evaluation's and each line's, South's view, and
// no other view named.
func checkSouthView(t *testing.T, tb *tab) {
	t.Helper()
	best := evalIn[map[string]any](tb, `state.best`)
	if best["side"] != "n" {
		t.Fatalf("best %v: want North to move", best)
	}
	proven := best["proven"] == true
	want := southText(-int(best["score"].(float64)), proven)
	if bm := tb.text("bestmove"); !strings.HasSuffix(bm, ", "+want+")") {
		t.Errorf("best move %q, want South's %s", bm, want)
	}
	if e := tb.text("eval-text"); !strings.HasPrefix(e, want) {
		t.Errorf("evaluation %q, want South's %s", e, want)
	}
	rows := evalIn[[]string](tb, `[...document.querySelectorAll('#lines tbody tr')].map(r => r.children[2].textContent)`)
	lines := evalIn[[]map[string]any](tb, `state.lines.map(l => ({score: l.score, proven: l.proven, side: l.side}))`)
	if len(rows) == 0 || len(rows) != len(lines) {
		t.Fatalf("lines table %v, lines %v", rows, lines)
	}
	for k, l := range lines {
		if w := southText(-int(l["score"].(float64)), l["proven"] == true); rows[k] != w {
			t.Errorf("line %d: score %q, want South's %s", k+1, rows[k], w)
		}
	}
	if seen := evalIn[[]string](tb, viewWords); len(seen) > 0 {
		t.Errorf("a view named outside the note: %v", seen)
	}
	if note := tb.text("view-note"); !strings.Contains(note, "South's view") || !strings.Contains(note, "∎") {
		t.Errorf("note %q", note)
	}
}

// browserSouthView analyses with North to move: every score South's.
func browserSouthView(t *testing.T, b *browserRun) {
	tb := analyseAt(t, b, "startpos", "ef:e5f5 EF:E5F5 i5", 3, 1500)
	checkSouthView(t, tb)
	tb.fullShot("north-to-move")

	// A proven value, North to move: ∎ in the best move, the evaluation
	// and the lines.
	tp := analyseAt(t, b, "0.0.0.1.0.0.0.1.0.0/0.0.0.0.0.1.0.1.0.1 29-26 n 40", "", 2, 800)
	if !evalIn[bool](tp, `state.best.proven`) {
		t.Fatalf("not proven: %v", evalIn[any](tp, `state.best`))
	}
	checkSouthView(t, tp)
	if e := tp.text("eval-text"); !strings.Contains(e, "∎") || !strings.Contains(e, "proven") {
		t.Errorf("proven evaluation %q", e)
	}
	tp.fullShot("proven")

	// Play: the engine's line, North's search, in South's view.
	tg := b.open(t, "/")
	tg.do(chromedp.SetValue(chromedp.ID("level"), "depth=3"), chromedp.SetValue(chromedp.ID("side"), "south"))
	tg.click("new-game")
	tg.wait(`state.games === 1 && state.level === 'depth=3'`)
	tg.do(chromedp.SendKeys(chromedp.ID("moveinput"), "ef:e5f5"), chromedp.KeyEvent(kb.Enter))
	tg.wait(`state.cursor === 2 && ` + humanTurn)
	tg.do(chromedp.SendKeys(chromedp.ID("moveinput"), evalIn[string](tg, `state.view.moves[0].move`)), chromedp.KeyEvent(kb.Enter))
	tg.wait(`state.cursor === 4 && ` + humanTurn + ` && /^Engine played/.test(document.getElementById('engine-line').textContent)`)
	if e := tg.text("engine-line"); !regexp.MustCompile(`^Engine played \S+ \(depth \d+, score ([+-]?\d+\.\d\d|[+-]?\d+∎)\)$`).MatchString(e) {
		t.Errorf("engine line %q, want South's score and no view named", e)
	}
	if seen := evalIn[[]string](tg, viewWords); len(seen) > 0 {
		t.Errorf("a view named outside the note in Play: %v", seen)
	}
	tg.shot("play")
}

// browserReviewView reviews a game that kiothi annotate commented, a
// reader's note on one move: the earlier review's comments go, the note
// stays, and the page writes the review's values in South's view.
func browserReviewView(t *testing.T, b *browserRun) {
	b.needs(t, "/api/v1/annotate", "/api/v1/pgn/read")
	tb := b.open(t, "/")
	tb.click("tab-analyse")
	annotated, err := chromedp.Run(tb.ctx, chromedp.Evaluate[map[string]any](`fetch('/api/v1/annotate', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({pgn: '[FEN "startpos"]\n\n1. ef:e5f5 EF:E5F5 2. i5 {a reader\'s note} J5 3. j7 *\n', limits: {depth: 2}})}).then(r => r.json())`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	pgnText := annotated["games"].([]any)[0].(map[string]any)["pgn"].(string)
	if !strings.Contains(pgnText, "{a reader's note; ") {
		t.Fatalf("annotate did not keep the note before its comment:\n%s", pgnText)
	}
	tb.do(chromedp.SetValue(chromedp.ID("pgn-input"), pgnText))
	tb.click("open-pgn")
	tb.wait(`state.cursor === 5`)
	tb.do(chromedp.SetValue(chromedp.ID("rv-time"), "50"))
	tb.click("review")
	tb.wait(`state.review && state.review.done`)
	comments := evalIn[[]string](tb, `[...document.querySelectorAll('#movelist .comment')].map(e => e.textContent)`)
	if fmt.Sprint(comments) != "[a reader's note]" {
		t.Errorf("move list comments after the review %q, want the note alone", comments)
	}
	// Each move's word from the review: South's view, whoever moved.
	moves := evalIn[[]map[string]any](tb, `state.review.moves`)
	for k, m := range moves {
		sign := 1
		if m["side"] == "north" {
			sign = -1
		}
		num := func(key string) int { return sign * int(m[key].(float64)) }
		want := southText(num("before"), m["before_proven"] == true) + " → " + southText(num("after"), m["after_proven"] == true)
		title := evalIn[string](tb, fmt.Sprintf(`document.querySelector('#movelist .mv[data-ply="%d"]').title`, k+1))
		score := evalIn[string](tb, fmt.Sprintf(`document.querySelector('#movelist .mv[data-ply="%d"] .score').textContent`, k+1))
		if !strings.HasPrefix(title, want) || score != southText(num("after"), m["after_proven"] == true || m["proven"] == true) {
			t.Errorf("move %d (%s): title %q, score %q; want South's %s", k+1, m["side"], title, score, want)
		}
	}
	tb.do(chromedp.Click(chromedp.CSS(`#movelist .mv[data-ply="4"]`)))
	tb.wait(`state.cursor === 4`)
	if c, want := tb.text("comment"), evalIn[string](tb, `document.querySelector('#movelist .mv[data-ply="4"]').title`); c != want || c == "" {
		t.Errorf("comment at North's move 4 %q, want the review's %q", c, want)
	}
	if seen := evalIn[[]string](tb, viewWords); len(seen) > 0 {
		t.Errorf("a view named outside the note: %v", seen)
	}
	tb.fullShot("reviewed-twice")
}
