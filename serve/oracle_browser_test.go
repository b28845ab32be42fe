// The page's "Exact values" panel in a real browser: every move's value
// as POST /api/v1/solve proves it, from South's view, coloured for the
// mover, its source named; a click plays the move; positions beyond
// reach say so and list nothing.

package serve

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
)

// oracleRows is the panel's table as "move|value|for the mover|from|class" lines.
const oracleRows = `Array.from(document.querySelectorAll('#oracle-moves tbody tr')).map(tr =>
	Array.from(tr.cells).map(td => td.textContent).join('|') + '|' + tr.className)`

// marginText is the panel's words for a final margin from South's view.
func marginText(v int) string {
	switch {
	case v > 0:
		return fmt.Sprintf("South +%d", v)
	case v < 0:
		return fmt.Sprintf("North +%d", -v)
	}
	return "draw"
}

func TestBrowserOracle(t *testing.T) {
	b := newBrowserRun(t)
	db, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	b.srv.cfg.DB = db

	// South to move, 20 warriors (testdata/accuracy-20-26.txt): moves that
	// draw and moves that lose.
	pos := "5.0.0.2.0.0.1.2.2.3/2.1.0.1.0.0.0.0.0.1 15-25 s 21"
	p, err := position.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	want, err := solve.SolveMoves(context.Background(), p, solve.Options{DB: db})
	if err != nil || !want.Exact {
		t.Fatal(want, err)
	}
	tb := b.open(t, "/?position="+url.QueryEscape(pos))
	tb.wait(`O.answer !== null && document.querySelectorAll('#oracle-moves tbody tr').length > 0`)
	tb.fullShot("exact-values")
	rows := evalIn[[]string](tb, oracleRows)
	if len(rows) != len(want.Moves) {
		t.Fatalf("rows %q, want %d moves", rows, len(want.Moves))
	}
	for i, mv := range want.Moves {
		class := map[bool]string{true: "oracle-loss", false: "oracle-win"}[mv.Value < 0]
		if mv.Value == 0 {
			class = "oracle-draw"
		}
		word := map[bool]string{true: "South loses", false: "South wins"}[mv.Value < 0]
		if mv.Value == 0 {
			word = "draw"
		}
		w := fmt.Sprintf("%s|%s|%s|%s|%s", mv.Move, marginText(mv.Value), word, map[string]string{"search": "search", "egdb": "database", "end": "game ends"}[mv.Source], class)
		if rows[i] != w {
			t.Errorf("row %d: %q, want %q", i, rows[i], w)
		}
	}
	head := "Value " + marginText(want.Value) + " with best play"
	if st := tb.text("oracle-status"); !strings.Contains(st, head) || strings.Contains(st, "view") {
		t.Errorf("status %q", st)
	}
	// A click on the best move plays it; the position after it is worth
	// the same from South's view, North to move.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#oracle-moves tbody tr button').click()`))
	tb.wait(`state.cursor === 1 && O.answer !== null && O.key.includes('` + want.Moves[0].Move.String() + `')`)
	if m := evalIn[string](tb, `state.moves[0]`); m != want.Moves[0].Move.String() {
		t.Fatalf("played %q, want %s", m, want.Moves[0].Move)
	}
	if st := tb.text("oracle-status"); !strings.Contains(st, head) {
		t.Errorf("after the best move: status %q", st)
	}
	tb.shot("after-best-move")
	// Back: the server answers from its cache.
	tb.do(chromedp.KeyEvent(kb.ArrowLeft))
	tb.wait(`state.cursor === 0 && O.answer !== null`)
	if !evalIn[bool](tb, `O.answer.cached === true`) {
		t.Error("stepping back was not answered from the cache")
	}

	// 10 warriors: every move's child is the database's.
	small := "0.1.2.0.0.0.0.0.0.1/0.0.1.0.2.0.0.1.0.0 20-22 s 30"
	tb = b.open(t, "/?position="+url.QueryEscape(small))
	tb.wait(`O.answer !== null && document.querySelectorAll('#oracle-moves tbody tr').length > 0`)
	rows = evalIn[[]string](tb, oracleRows)
	var list movegen.MoveList
	sp, _ := position.Parse(small)
	if n := movegen.Generate(&sp, movegen.Rules{}, &list); len(rows) != n {
		t.Fatalf("rows %q, want %d", rows, n)
	}
	for _, r := range rows {
		if f := strings.Split(r, "|"); f[3] != "database" && f[3] != "game ends" {
			t.Errorf("row %q: not from the database", r)
		}
	}
	tb.fullShot("database")

	// Beyond reach: the opening, and 36 warriors on the board.
	for _, tc := range []struct{ pos, says string }{
		{"startpos", "opening"},
		{"0.6.4.0.1.3.1.0.0.2/4.1.0.1.2.3.0.2.4.1 13-12 s 11", "beyond the reach of proof"},
	} {
		tb = b.open(t, "/?position="+url.QueryEscape(tc.pos))
		tb.wait(`!document.getElementById('oracle-panel').hidden`)
		if st := tb.text("oracle-status"); !strings.Contains(st, tc.says) || !evalIn[bool](tb, `document.getElementById('oracle-moves').hidden`) {
			t.Errorf("%s: status %q, table shown %v", tc.pos, st, !evalIn[bool](tb, `document.getElementById('oracle-moves').hidden`))
		}
		if tc.says != "opening" {
			tb.fullShot("beyond-reach")
		}
	}
	// Play mode has no panel.
	tb.click("tab-play")
	tb.wait(`document.getElementById('oracle-panel').hidden`)
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, pr := range b.problems {
		t.Errorf("page problem: %s", pr)
	}
}
