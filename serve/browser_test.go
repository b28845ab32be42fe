// Tests of the page in a real browser: headless Chromium driven by chromedp.

package serve

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// findChromium returns the browser to drive: $KIOTHI_CHROMIUM, else the
// first of Debian's and others' names on PATH.
func findChromium() (string, error) {
	if p := os.Getenv("KIOTHI_CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no Chromium on PATH (chromium, chromium-browser, google-chrome, headless-shell) and KIOTHI_CHROMIUM unset; install it with: apt-get update && apt-get install -y chromium")
}

// browserRun is one browser against one server, shared by the subtests.
type browserRun struct {
	srv     *Server
	base    string
	browser context.Context
	shots   string // screenshot folder

	mu       sync.Mutex
	tabs     int      // tabs opened
	requests []string // every URL the page asked for
	problems []string // uncaught exceptions and browser log errors
}

// tab is one page of the browser, for one subtest.
type tab struct {
	t   *testing.T
	b   *browserRun
	ctx context.Context
}

func newBrowserRun(t *testing.T) *browserRun {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	path, err := findChromium()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("browser tests: %v", err)
		}
		t.Skipf("browser tests skipped: %v", err)
	}
	b := &browserRun{srv: New(Config{MaxSearches: 2, QueueWait: 5 * time.Second})}
	ts := newHTTPServer(t, b.srv)
	b.base = ts

	// Screenshots go to $KIOTHI_SCREENSHOTS if set, else to a temporary
	// folder removed when every test passed and kept (and named) otherwise.
	if dir := os.Getenv("KIOTHI_SCREENSHOTS"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		b.shots = dir
	} else {
		dir, err := os.MkdirTemp("", "kiothi-browser-")
		if err != nil {
			t.Fatal(err)
		}
		b.shots = dir
		t.Cleanup(func() {
			if t.Failed() {
				t.Logf("screenshots kept in %s", dir)
				return
			}
			os.RemoveAll(dir)
		})
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1200, 820),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("no-pings", true))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelBrowser(); cancelAlloc() })
	if err := chromedp.Do(bctx); err != nil { // starts the browser
		t.Fatalf("starting %s: %v", path, err)
	}
	b.browser = bctx
	return b
}

// waitSlotsFree fails unless every search slot is free within 5 s (a
// stopped analysis frees its slot at once).
func (b *browserRun) waitSlotsFree(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !b.srv.sem.TryAcquire(int64(b.srv.cfg.MaxSearches)) {
		if time.Now().After(deadline) {
			t.Fatal("the stopped analysis still holds its search slot")
		}
		time.Sleep(10 * time.Millisecond)
	}
	b.srv.sem.Release(int64(b.srv.cfg.MaxSearches))
}

// open starts a tab on the page at path (the server's base plus path).
func (b *browserRun) open(t *testing.T, path string) *tab {
	ctx, cancel := chromedp.NewContext(b.browser)
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelTime(); cancel() })
	err := chromedp.Listen(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, ev.Request.URL)
		case *runtime.EventExceptionThrown:
			msg := ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				msg += " " + ev.ExceptionDetails.Exception.Description
			}
			b.problems = append(b.problems, "exception: "+msg)
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError && !strings.Contains(ev.Entry.URL, "/api/v1/") {
				// Refused API requests are the page's business (it shows them);
				// anything else, a policy violation included, is a fault.
				b.problems = append(b.problems, "log: "+ev.Entry.Text+" "+ev.Entry.URL)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	tb := &tab{t: t, b: b, ctx: ctx}
	b.mu.Lock()
	b.tabs++
	b.mu.Unlock()
	tb.do(chromedp.EmulateViewport(1200, 820), chromedp.Navigate(b.base+path))
	tb.wait(`typeof state !== 'undefined' && state.view !== null && state.engine === null`)
	return tb
}

func (tb *tab) fail(err error, what string) {
	tb.t.Helper()
	tb.shot("failure")
	tb.t.Fatalf("%s: %v", what, err)
}

func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, actions...); err != nil {
		tb.fail(err, "browser")
	}
}

func (tb *tab) click(id string) {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.ID(id)))
}

// wait polls a JavaScript condition until it holds.
func (tb *tab) wait(cond string) {
	tb.t.Helper()
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		tb.fail(err, "waiting for "+cond)
	}
}

func evalIn[T any](tb *tab, js string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		tb.fail(err, "evaluating "+js)
	}
	return v
}

func (tb *tab) text(id string) string {
	tb.t.Helper()
	return evalIn[string](tb, fmt.Sprintf(`document.getElementById(%q).textContent`, id))
}

func (tb *tab) shot(name string) { tb.capture(name, chromedp.CaptureScreenshot()) }

// fullShot takes the whole page, below the fold too.
func (tb *tab) fullShot(name string) { tb.capture(name, chromedp.FullScreenshot(100)) }

func (tb *tab) capture(name string, how chromedp.Action[[]byte]) {
	buf, err := chromedp.Run(tb.ctx, how)
	if err != nil {
		tb.t.Logf("screenshot %s: %v", name, err)
		return
	}
	file := filepath.Join(tb.b.shots, strings.ReplaceAll(tb.t.Name(), "/", "_")+"-"+name+".png")
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		tb.t.Logf("screenshot %s: %v", name, err)
	}
}

// toMove is true when the page waits for the human (no engine search
// running) or the game is over.
const humanTurn = `state.engine === null && (!!state.view.result || state.view.position.split(' ')[2] === state.human)`

func TestBrowser(t *testing.T) {
	b := newBrowserRun(t)
	t.Run("ModulesLoad", func(t *testing.T) { browserModules(t, b) })
	t.Run("PlayWholeGame", func(t *testing.T) { browserPlayGame(t, b) })
	t.Run("NorthSetup25FreeFirstLap", func(t *testing.T) { browserNorth(t, b) })
	t.Run("IllegalMoveFromURL", func(t *testing.T) { browserIllegal(t, b) })
	t.Run("OneWarriorVictory", func(t *testing.T) { browserOneWarrior(t, b) })
	t.Run("Analyse", func(t *testing.T) { browserAnalyse(t, b) })
	t.Run("NoStallAfterAnalyse", func(t *testing.T) { browserNoStall(t, b) })
	t.Run("ShareLinkKeepsTheGame", func(t *testing.T) { browserShareLink(t, b) })
	t.Run("CaptureMarkAt420px", func(t *testing.T) { browserCaptureMark(t, b) })
	t.Run("RedistributionFill", func(t *testing.T) { browserRedistFill(t, b) })
	t.Run("EvalBarAndStop", func(t *testing.T) { browserEvalBar(t, b) })
	t.Run("DownloadPGN", func(t *testing.T) { browserPGN(t, b) })
	t.Run("Clocks", func(t *testing.T) { browserClocks(t, b) })
	t.Run("ReviewGraph", func(t *testing.T) { browserReview(t, b) })
	t.Run("AnimateLaps", func(t *testing.T) { browserAnimate(t, b) })
	t.Run("Arrows", func(t *testing.T) { browserArrows(t, b) })
	t.Run("MoveListNumbers", func(t *testing.T) { browserMoveNumbers(t, b) })
	t.Run("Variations", func(t *testing.T) { browserVariations(t, b) })
	t.Run("PGNComments", func(t *testing.T) { browserComments(t, b) })
	t.Run("SouthView", func(t *testing.T) { browserSouthView(t, b) })
	t.Run("ReviewReviewed", func(t *testing.T) { browserReviewView(t, b) })
	t.Run("Accessibility", func(t *testing.T) { browserAccessibility(t, b) })
	// No request left the server, and the page raised no error.
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.tabs > 0 && len(b.requests) == 0 {
		t.Error("no request seen: the network listener is not working")
	}
	for _, u := range b.requests {
		if !strings.HasPrefix(u, b.base+"/") && !strings.HasPrefix(u, "data:") {
			t.Errorf("request outside the server: %s", u)
		}
	}
	for _, p := range b.problems {
		t.Errorf("page problem: %s", p)
	}
}

// browserPlayGame plays South against the engine at depth 1, by clicks
// only: the redistribution pit by pit (with an undone drop), then each
// move by a pit and a count, an undo on the way, to the end of the game.
func browserPlayGame(t *testing.T, b *browserRun) {
	tb := b.open(t, "/")
	tb.do(chromedp.SetValue(chromedp.ID("level"), "depth=1"), chromedp.SetValue(chromedp.ID("side"), "south"))
	tb.click("new-game")
	tb.wait(`state.games === 1 && state.level === 'depth=1'`)

	// The redistribution: empty e and f (10 warriors), drop one in each
	// pit a..j, taking one drop back on the way.
	tb.click("pit-e")
	tb.click("pit-f")
	if h := tb.text("hand"); h != "10" {
		t.Fatalf("in hand after emptying e and f: %q, want 10", h)
	}
	for _, p := range "abcde" {
		tb.click("pit-" + string(p))
	}
	tb.click("pit-J")
	if h := tb.text("hand"); h != "4" {
		t.Fatalf("in hand after 6 drops: %q, want 4", h)
	}
	tb.shot("redistribution")
	tb.click("drop-undo")
	if h, d := tb.text("hand"), tb.text("drops"); h != "5" || d != "(a1b1c1d1e1)" {
		t.Fatalf("after undoing the drop in J: hand %q, drops %q", h, d)
	}
	if evalIn[bool](tb, `document.getElementById('redist-play').disabled`) != true {
		t.Fatal("a redistribution with warriors in hand can be played")
	}
	for _, p := range "fghij" {
		tb.click("pit-" + string(p))
	}
	tb.click("redist-play")
	tb.wait(`state.moves.length >= 1`)
	if m := evalIn[string](tb, `state.moves[0]`); m != "ef:a1b1c1d1e1f1g1h1i1j1" {
		t.Fatalf("first move %q", m)
	}
	tb.wait(humanTurn)

	undone := false
	for ply := 0; ; ply++ {
		if ply > 400 {
			t.Fatal("no end after 400 moves")
		}
		tb.wait(humanTurn)
		if evalIn[bool](tb, `!!state.view.result`) {
			break
		}
		if evalIn[bool](tb, `state.view.phase === 'opening'`) {
			t.Fatalf("still at the opening at %s", evalIn[string](tb, `state.view.position`))
		}
		// The first legal move, played by a click on its pit and on its count.
		m := evalIn[string](tb, `state.view.moves[0].move`)
		before := evalIn[int](tb, `state.cursor`)
		tb.click("pit-" + m[:1])
		tb.click("lift-" + m[1:])
		tb.wait(fmt.Sprintf(`state.cursor > %d`, before))
		if !undone && evalIn[int](tb, `state.cursor`) >= 6 {
			tb.wait(humanTurn)
			if evalIn[bool](tb, `!!state.view.result`) {
				continue
			}
			// Undo takes back the engine's reply and the move before it.
			before = evalIn[int](tb, `state.cursor`)
			tb.shot("before-undo")
			tb.click("undo")
			tb.wait(fmt.Sprintf(`state.cursor === %d`, before-2))
			if n := evalIn[int](tb, `document.querySelectorAll('#movelist .mv.future').length`); n != 2 {
				t.Errorf("after undo: %d moves left to redo, want 2", n)
			}
			// Redo brings both back without a search; undo again to play on.
			tb.click("redo")
			tb.wait(fmt.Sprintf(`state.cursor === %d && state.engine === null`, before))
			tb.click("undo")
			tb.wait(fmt.Sprintf(`state.cursor === %d`, before-2))
			undone = true
		}
	}
	tb.shot("game-over")
	res := evalIn[map[string]any](tb, `state.view.result`)
	south, north := res["south"].(float64), res["north"].(float64)
	text := tb.text("result")
	if south+north != 60 || !strings.Contains(text, fmt.Sprintf("Final tally: South %d, North %d.", int(south), int(north))) ||
		!strings.Contains(text, "Game over") {
		t.Errorf("result %v shown as %q", res, text)
	}
	if ow := res["oneWarrior"].(bool); ow != strings.Contains(text, "One-warrior victory") {
		t.Errorf("one-warrior %v shown as %q", ow, text)
	}
	if rep, _ := res["repetition"].(bool); !rep && !strings.Contains(text, "left on the board go") {
		t.Errorf("no sweep shown: %q", text)
	}
	if !undone {
		t.Error("the game ended before the undo was tried")
	}
	t.Logf("game over after %d moves: %q", evalIn[int](tb, `state.moves.length`), text)
}

// browserNorth starts a game as North in the 25 setup with the free first
// lap: the engine opens as South, then the page waits for North, and the
// engine's search ran under the variant.
func browserNorth(t *testing.T, b *browserRun) {
	tb := b.open(t, "/")
	tb.do(chromedp.SetValue(chromedp.ID("level"), "depth=1"), chromedp.SetValue(chromedp.ID("side"), "north"),
		chromedp.SetValue(chromedp.ID("setup"), "startpos25"))
	tb.click("ffl")
	tb.click("new-game")
	tb.wait(`state.games === 1 && state.human === 'n' && state.moves.length === 1 && state.engine === null`)
	if start := evalIn[string](tb, `state.start`); start != "0.0.0.0.0.5.5.5.5.5/0.0.0.0.0.5.5.5.5.5 0-0 s 1" {
		t.Errorf("start %q", start)
	}
	if st, bottom := tb.text("status"), tb.text("bar-bottom"); !strings.Contains(st, "Turn 2 · North to move") || !strings.HasPrefix(bottom, "South (engine)") {
		t.Errorf("status %q, bottom bar %q", st, bottom)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	found := false
	for _, u := range b.requests {
		found = found || strings.Contains(u, "/api/v1/analyse/stream?") && strings.Contains(u, "freefirstlap=true") && strings.Contains(u, "depth=1")
	}
	if !found {
		t.Error("no engine stream asked for depth 1 with the free first lap")
	}
}

// browserOneWarrior opens a finished game: South has no move, North's last
// warrior is swept into North's prison, and South wins 31-29.
func browserOneWarrior(t *testing.T, b *browserRun) {
	tb := b.open(t, "/?position="+url.QueryEscape("0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 31-28 s 40"))
	text := tb.text("result")
	for _, want := range []string{
		"Game over: South wins, 31–29.",
		"South has no legal move: the 1 warrior left on the board goes to North's prison.",
		"Final tally: South 31, North 29.",
		"One-warrior victory!",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("result %q lacks %q", text, want)
		}
	}
	tb.shot("one-warrior")
}

// browserIllegal opens a position from a URL and plays illegal moves, typed
// and clicked: the page shows the engine's reason.
func browserIllegal(t *testing.T, b *browserRun) {
	pos := "0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.3* 0-4 s 7"
	tb := b.open(t, "/?position="+url.QueryEscape(pos))
	if got := evalIn[string](tb, `document.getElementById('pos-out').value`); got != pos {
		t.Fatalf("position from the URL: %q, want %q", got, pos)
	}
	if b, c, j := tb.text("pit-b"), tb.text("pit-c"), tb.text("pit-J"); !strings.Contains(b, "2") || !strings.Contains(c, "1") || !strings.Contains(j, "nki") {
		t.Errorf("board: b %q, c %q, J %q", b, c, j)
	}
	if st := tb.text("status"); !strings.Contains(st, "Turn 7") || !strings.Contains(st, "South to move") {
		t.Errorf("status %q", st)
	}
	tb.do(chromedp.SendKeys(chromedp.ID("moveinput"), "b1"), chromedp.KeyEvent(kb.Enter))
	tb.wait(`document.getElementById('message').textContent !== ''`)
	if msg := tb.text("message"); msg != "Illegal move b1: first-lap restriction: the first lap would end in an occupied pit of your own row" {
		t.Errorf("typed b1: message %q", msg)
	}
	tb.shot("illegal")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("moveinput").value = ""`), chromedp.SendKeys(chromedp.ID("moveinput"), "z1"), chromedp.KeyEvent(kb.Enter))
	tb.wait(`document.getElementById('message').textContent.startsWith('Not a move')`)
	if msg := tb.text("message"); msg != `Not a move: move "z1": 'z' is not a pit (a-j, A-J)` {
		t.Errorf("typed z1: message %q", msg)
	}
	// A clicked count marked illegal is refused the same way.
	tb.click("pit-b")
	if cls := evalIn[string](tb, `document.getElementById('lift-1').className`); cls != "illegal" {
		t.Errorf("lift-1 class %q, want illegal", cls)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('message').textContent = ''`))
	tb.click("lift-1")
	tb.wait(`document.getElementById('message').textContent !== ''`)
	if msg := tb.text("message"); !strings.Contains(msg, "first-lap restriction") {
		t.Errorf("clicked b1: message %q", msg)
	}
	// Flipped, South's row is on top, j..a, facing North's A..J.
	tb.click("flip")
	rows := evalIn[[]string](tb, `['pit-a', 'pit-j', 'pit-A', 'pit-J'].map(id => { const s = document.getElementById(id).style; return s.gridRow + '/' + s.gridColumn; })`)
	if fmt.Sprint(rows) != "[1/10 1/1 2/1 2/10]" || !strings.HasPrefix(tb.text("bar-top"), "South") {
		t.Errorf("flipped: a, j, A, J at %v, top bar %q", rows, tb.text("bar-top"))
	}
	tb.shot("flipped")
	tb.click("flip")
	// A North pit is not South's.
	tb.click("pit-J")
	if msg := tb.text("message"); msg != "J is not South's pit." {
		t.Errorf("clicked J: message %q", msg)
	}
	// A link with an illegal move names it and its number, from the
	// error's structure.
	bad := b.open(t, "/?position=startpos&moves="+url.QueryEscape("ef:e5f5 EF:E5F5 e5"))
	if msg := bad.text("message"); msg != "Could not open the position from the link: Illegal move e5 (move 3): first-lap restriction: the first lap would end in an occupied pit of your own row" {
		t.Errorf("link with an illegal move: message %q", msg)
	}
}

// browserAnalyse opens a game from a URL, steps through it, analyses with
// two lines until the best move comes, then stops an analysis by hand and
// sees its search slot freed.
func browserAnalyse(t *testing.T, b *browserRun) {
	tb := b.open(t, "/?position=startpos&moves="+url.QueryEscape("ef:e5f5 EF:E5F5 i5"))
	if n := evalIn[int](tb, `state.cursor`); n != 3 {
		t.Fatalf("cursor %d after opening three moves", n)
	}
	tb.click("step-back")
	tb.wait(`state.cursor === 2`)
	if got := evalIn[string](tb, `document.getElementById('pos-out').value`); got != "0.0.0.0.5*.5*.5*.5*.5*.5*/0.0.0.0.5*.5*.5*.5*.5*.5* 0-0 s 3" {
		t.Errorf("after stepping back: %q", got)
	}
	tb.click("step-fwd")
	tb.wait(`state.cursor === 3`)
	if lm := tb.text("lastmove"); !strings.Contains(lm, "lifted from i") || !strings.Contains(lm, "ended in") {
		t.Errorf("last move %q", lm)
	}
	tb.do(chromedp.SetValue(chromedp.ID("an-time"), "400"), chromedp.SetValue(chromedp.ID("an-lines"), "2"))
	tb.click("analyse")
	tb.wait(`/^[A-Ja-j][0-9]+ \(depth/.test(document.getElementById('bestmove').textContent)`)
	tb.shot("analysis")
	if n := evalIn[int](tb, `document.querySelectorAll('#lines tbody tr').length`); n != 2 {
		t.Errorf("%d lines shown, want 2", n)
	}
	best := strings.Fields(tb.text("bestmove"))[0]
	legal := evalIn[[]string](tb, `state.view.moves.map(m => m.move)`)
	if !contains(legal, best) {
		t.Errorf("best move %s not among %v", best, legal)
	}
	// Copy and share: the moves and the link reach the clipboard, and the
	// link opens the position.
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.CallBrowser(tb.ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted, Origin: b.base}); err != nil {
			t.Fatalf("permission %s: %v", name, err)
		}
	}
	clipboard := func(button string) string {
		tb.click(button)
		tb.wait(`/copied/.test(document.getElementById('status').textContent)`)
		v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
		if err != nil {
			tb.fail(err, "reading the clipboard")
		}
		return v
	}
	if got := clipboard("copy-moves"); got != "ef:e5f5 EF:E5F5 i5" {
		t.Errorf("copied moves %q", got)
	}
	pos := evalIn[string](tb, `state.view.position`)
	link := clipboard("copy-link")
	if u, err := url.Parse(link); err != nil || !strings.HasPrefix(link, b.base+"/?") || u.Query().Get("moves") != "ef:e5f5 EF:E5F5 i5" || u.Query().Has("ply") {
		t.Errorf("copied link %q for %q", link, pos)
	}
	shared := b.open(t, strings.TrimPrefix(link, b.base))
	if got := evalIn[string](shared, `document.getElementById('pos-out').value`); got != pos {
		t.Errorf("the shared link opens %q, want %q", got, pos)
	}

	// A long analysis stopped by hand frees its slot at once.
	tb.do(chromedp.SetValue(chromedp.ID("an-time"), "10000"), chromedp.SetValue(chromedp.ID("an-lines"), "1"))
	tb.click("analyse")
	tb.wait(`document.querySelectorAll('#lines tbody tr').length > 0`)
	tb.click("stop")
	b.waitSlotsFree(t)
	if bm := tb.text("bestmove"); !strings.Contains(bm, "stopped") {
		t.Errorf("after stop: %q", bm)
	}
	// The best move, typed, is played.
	tb.do(chromedp.SendKeys(chromedp.ID("moveinput"), best), chromedp.KeyEvent(kb.Enter))
	tb.wait(`state.cursor === 4`)
	if got := evalIn[string](tb, `state.moves[3] + ' ' + document.getElementById('moveinput').value`); got != best+" " {
		t.Errorf("after typing %s: last move and input %q", best, got)
	}
}

// browserAccessibility: every control has a name and is reached by Tab,
// text contrast is at least WCAG AA, and the page fits a phone's width.
func browserAccessibility(t *testing.T, b *browserRun) {
	tb := b.open(t, "/")
	tb.click("pit-e") // the redistribution panel open, with its controls
	// The checks see a fault planted on purpose.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('status').style.color = '#bbbbbb';
		const x = document.createElement('button'); x.id = 'planted'; x.textContent = ' '; document.body.appendChild(x);`))
	if u, c := evalIn[[]string](tb, a11yUnnamed), evalIn[[]string](tb, a11yContrast); len(u) != 1 || len(c) != 1 {
		t.Fatalf("planted faults: unnamed %v, low contrast %v; want one each", u, c)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('status').style.color = ''; document.getElementById('planted').remove()`))
	// unreached lists the controls Tab from the top does not focus: every
	// enabled, visible control should get the focus.
	unreached := func(state string) []string {
		n := evalIn[int](tb, a11yMark)
		if n < 25 {
			t.Errorf("%s: only %d controls found", state, n)
		}
		tb.do(chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)`))
		seen := map[string]bool{}
		for k := 0; k < n+5; k++ {
			tb.do(chromedp.KeyEvent(kb.Tab))
			seen[evalIn[string](tb, `document.activeElement ? (document.activeElement.dataset.a11y || '') : ''`)] = true
		}
		var out []string
		for _, id := range evalIn[[]string](tb, `[...document.querySelectorAll('[data-a11y]')].map(e => e.dataset.a11y)`) {
			if !seen[id] {
				out = append(out, id)
			}
		}
		return out
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('flip').tabIndex = -1`))
	if u := unreached("planted"); fmt.Sprint(u) != "[flip]" {
		t.Fatalf("planted: unreached %v, want [flip]", u)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('flip').removeAttribute('tabindex')`))
	check := func(state string) {
		for _, u := range evalIn[[]string](tb, a11yUnnamed) {
			t.Errorf("%s: control without an accessible name: %s", state, u)
		}
		for _, c := range evalIn[[]string](tb, a11yContrast) {
			t.Errorf("%s: low contrast: %s", state, c)
		}
		for _, id := range unreached(state) {
			t.Errorf("%s: control %s not reached by the keyboard", state, id)
		}
	}
	check("play")
	tb.click("tab-analyse")
	tb.wait(`!document.getElementById('analyse-panel').hidden`)
	check("analyse")
	// A pit's lift counts (one of them illegal), and a finished game.
	tb.do(chromedp.Navigate(b.base + "/?position=" + url.QueryEscape("0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.3* 0-4 s 7")))
	tb.wait(`typeof state !== 'undefined' && state.view !== null`)
	tb.click("pit-b")
	check("chooser")
	tb.do(chromedp.Navigate(b.base + "/?position=" + url.QueryEscape("0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 31-28 s 40")))
	tb.wait(`typeof state !== 'undefined' && state.view !== null && !document.getElementById('result').hidden`)
	check("result")
	// A reviewed game with its graph and worst moves, a move shown lap by
	// lap, and a game with clocks.
	tb.do(chromedp.Navigate(b.base + "/?position=startpos&moves=" + url.QueryEscape("ef:e5f5 EF:E5F5 i5")))
	tb.wait(`typeof state !== 'undefined' && state.view !== null`)
	if b.missing("/api/v1/annotate") == "" {
		tb.do(chromedp.SetValue(chromedp.ID("rv-time"), "20"))
		tb.click("review")
		tb.wait(`state.review && state.review.done`)
		tb.do(chromedp.Evaluate[chromedp.Void](`state.review.moves[1].class = 'blunder'; state.line[1].review = state.review.moves[1]; render()`)) // a worst move listed
	}
	tb.do(chromedp.SetValue(chromedp.ID("anim-speed"), "1200"))
	tb.click("anim-replay")
	tb.wait(`state.anim !== null`)
	check("review and animation")
	tb.do(chromedp.Navigate(b.base + "/"))
	tb.wait(`typeof state !== 'undefined' && state.view !== null`)
	tb.do(chromedp.SetValue(chromedp.ID("clock-base"), "600"), chromedp.SetValue(chromedp.ID("level"), "depth=1"))
	tb.click("new-game")
	tb.wait(`state.games === 1 && state.clock !== null && document.getElementById('clock-s') !== null`)
	check("clocks")

	tb.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), chromedp.Navigate(b.base+"/"))
	tb.wait(`typeof state !== 'undefined' && state.view !== null`)
	tb.shot("phone")
	if over := evalIn[int](tb, `document.documentElement.scrollWidth - window.innerWidth`); over > 0 {
		t.Errorf("on a 390 px phone the page is %d px too wide", over)
	}
}

func newHTTPServer(t *testing.T, s *Server) string {
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts.URL
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// a11yControls selects what a user operates.
const a11yControls = `[...document.querySelectorAll('button, input, select, textarea, a[href]')]
	.filter(e => e.offsetParent !== null && !e.disabled)`

// a11yUnnamed lists the controls with no accessible name: no aria-label,
// no aria-labelledby, no label, no text.
const a11yUnnamed = `(() => ` + a11yControls + `.filter(e => {
	if ((e.getAttribute('aria-label') || '').trim()) return false;
	const by = e.getAttribute('aria-labelledby');
	if (by && by.split(' ').some(id => (document.getElementById(id)?.textContent || '').trim())) return false;
	if (e.labels && [...e.labels].some(l => l.textContent.trim())) return false;
	if (e.tagName === 'BUTTON' && e.textContent.trim()) return false;
	return true;
}).map(e => e.outerHTML.slice(0, 80)))()`

// a11yMark numbers the controls (data-a11y) and returns how many.
const a11yMark = `(() => { const c = ` + a11yControls + `; c.forEach((e, k) => e.dataset.a11y = e.id || ('c' + k));
	document.querySelectorAll('[data-a11y]').forEach(e => { if (!c.includes(e)) delete e.dataset.a11y; });
	return c.length; })()`

// a11yContrast lists visible text whose contrast with its background is
// under 4.5:1 (3:1 for large text), WCAG 2 AA.
const a11yContrast = `(() => {
	const rgb = s => { const m = s.match(/[\d.]+/g).map(Number); return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1}; };
	const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
		return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
	const bg = e => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.a > 0.5) return c; } return {r: 255, g: 255, b: 255, a: 1}; };
	const out = [];
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		const e = n.parentElement;
		if (!n.textContent.trim() || !e || e.offsetParent === null && getComputedStyle(e).position !== 'fixed') continue;
		if (e.closest('button:disabled')) continue;
		const s = getComputedStyle(e);
		const fg = rgb(s.color), b = bg(e);
		const l1 = lum(fg), l2 = lum(b);
		const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
		const size = parseFloat(s.fontSize), bold = parseInt(s.fontWeight, 10) >= 700;
		const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
		if (ratio < need) out.push(JSON.stringify(n.textContent.trim().slice(0, 30)) + ' ' + ratio.toFixed(2) + ' < ' + need + ' (' + s.color + ' on ' + JSON.stringify(b) + ')');
	}
	return out;
})()`

// browserNoStall plays against the engine, steps back in Analyse (the
// engine to move) and returns to Play: the engine moves at once. On the
// way: the Analyse fields filled from the game, an error cleared by a tab
// switch, and the hint that a move is a pit then a count.
func browserNoStall(t *testing.T, b *browserRun) {
	tb := b.open(t, "/")
	tb.do(chromedp.SetValue(chromedp.ID("level"), "depth=1"), chromedp.SetValue(chromedp.ID("side"), "south"))
	tb.click("new-game")
	tb.wait(`state.games === 1 && state.level === 'depth=1'`)
	tb.do(chromedp.SendKeys(chromedp.ID("moveinput"), "ef:e5f5"), chromedp.KeyEvent(kb.Enter))
	tb.wait(`state.cursor === 2 && ` + humanTurn)
	m := evalIn[string](tb, `state.view.moves[0].move`)
	tb.do(chromedp.SendKeys(chromedp.ID("moveinput"), m), chromedp.KeyEvent(kb.Enter))
	tb.wait(`state.cursor === 4 && ` + humanTurn)
	game := evalIn[string](tb, `state.moves.join(' ')`)
	tb.click("tab-analyse")
	tb.click("step-back")
	tb.wait(`state.cursor === 3`)
	tb.shot("stepped-back")
	tb.click("tab-play")
	// The engine (North) is to move: it moves, and the game goes on.
	tb.wait(`state.cursor === 4 && ` + humanTurn)
	if n := evalIn[int](tb, `state.moves.length`); n != 4 {
		t.Errorf("%d moves after the engine's reply, want 4", n)
	}
	tb.shot("engine-replied")
	if h := tb.text("hint"); !strings.Contains(h, "click one of South's pits") || !strings.Contains(h, "how many") {
		t.Errorf("hint in play: %q", h)
	}
	tb.click("pit-" + evalIn[string](tb, `state.view.moves[0].move[0]`))
	if msg := tb.text("message"); msg != "" {
		t.Errorf("clicking South's pit: %q", msg)
	}
	game = evalIn[string](tb, `state.moves.join(' ')`)
	// An error, then a tab switch: the message goes.
	tb.do(chromedp.SendKeys(chromedp.ID("moveinput"), "z1"), chromedp.KeyEvent(kb.Enter))
	tb.wait(`document.getElementById('message').textContent !== ''`)
	tb.click("tab-analyse")
	if msg := tb.text("message"); msg != "" {
		t.Errorf("after switching to Analyse the message %q stays", msg)
	}
	// The Analyse fields hold the game, and Open position keeps it.
	pos, moves := evalIn[string](tb, `document.getElementById('pos-input').value`), evalIn[string](tb, `document.getElementById('moves-input').value`)
	if pos != evalIn[string](tb, `state.startName`) || moves != game {
		t.Errorf("Analyse fields %q, %q; want the game %q", pos, moves, game)
	}
	tb.click("load")
	tb.wait(`state.cursor === state.moves.length`)
	if got := evalIn[string](tb, `state.moves.join(' ')`); got != game {
		t.Errorf("Open position: moves %q, want %q", got, game)
	}
}

// browserShareLink: the link carries the start, every move and the move
// shown; opened, it shows the same game at the same move. With the free
// first lap on, the link carries it too.
func browserShareLink(t *testing.T, b *browserRun) {
	tb := b.open(t, "/?position=startpos&moves="+url.QueryEscape("ef:e5f5 EF:E5F5 i5"))
	tb.do(chromedp.SendKeys(chromedp.ID("moveinput"), evalIn[string](tb, `state.view.moves[0].move`)), chromedp.KeyEvent(kb.Enter))
	tb.wait(`state.moves.length === 4`)
	moves := evalIn[string](tb, `state.moves.join(' ')`)
	tb.click("step-back")
	tb.click("step-back") // two quick clicks go back two moves
	tb.wait(`state.cursor === 2`)
	link := evalIn[string](tb, `document.getElementById('link-out').value`)
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if q.Get("moves") != moves || q.Get("ply") != "2" || q.Has("freefirstlap") || q.Get("position") != evalIn[string](tb, `state.start`) {
		t.Errorf("link %q", link)
	}
	shared := b.open(t, strings.TrimPrefix(link, b.base))
	got := evalIn[[]any](shared, `[state.moves.join(' '), state.cursor, state.view.position, document.querySelectorAll('#movelist .mv.future').length]`)
	want := []any{moves, 2.0, evalIn[string](tb, `state.view.position`), 2.0}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the shared link opens %v, want %v", got, want)
	}
	shared.shot("shared")
	ffl := b.open(t, "/?freefirstlap=true&position=startpos&moves="+url.QueryEscape(moves))
	if on := evalIn[bool](ffl, `state.freeFirstLap && document.getElementById('ffl').checked`); !on {
		t.Error("a link with freefirstlap=true opens without the free first lap")
	}
	if l := evalIn[string](ffl, `document.getElementById('link-out').value`); !strings.Contains(l, "freefirstlap=true") {
		t.Errorf("link with the free first lap: %q", l)
	}
}

// browserRedistFill puts ten warriors into one pit with one click.
func browserRedistFill(t *testing.T, b *browserRun) {
	tb := b.open(t, "/")
	tb.do(chromedp.SetValue(chromedp.ID("level"), "depth=1"))
	tb.click("new-game")
	tb.wait(`state.games === 1 && state.level === 'depth=1'`)
	tb.click("pit-e")
	tb.click("pit-f")
	tb.do(chromedp.SetValue(chromedp.ID("drop-n"), "7"))
	tb.click("pit-J")
	tb.click("pit-J")
	if h, d := tb.text("hand"), tb.text("drops"); h != "0" || d != "(J10)" {
		t.Fatalf("after two clicks with 7 a click: hand %q, drops %q", h, d)
	}
	tb.click("drop-undo")
	if h, d := tb.text("hand"), tb.text("drops"); h != "3" || d != "(J7)" {
		t.Fatalf("after undoing the second click: hand %q, drops %q", h, d)
	}
	tb.click("pit-a")
	tb.click("redist-play")
	tb.wait(`state.cursor >= 1`)
	if m := evalIn[string](tb, `state.moves[0]`); m != "ef:a3J7" {
		t.Fatalf("first move %q, want ef:a3J7", m)
	}
}

// browserCaptureMark: on a 420 px screen the capture mark, the pit's
// letter and its count do not overlap.
func browserCaptureMark(t *testing.T, b *browserRun) {
	tb := b.open(t, "/?position="+url.QueryEscape("1.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.3.0 0-0 s 5")+"&moves=a1")
	tb.do(chromedp.EmulateViewport(420, 844))
	tb.wait(`document.getElementById('pit-I').classList.contains('cap')`)
	tb.shot("capture-420")
	overlaps := evalIn[[]string](tb, `(() => {
		const pit = document.getElementById('pit-I');
		const parts = ['.name', '.count', '.capmark'].map(s => [s, pit.querySelector(s)]);
		const out = [];
		for (const [s, e] of parts) if (!e) out.push(s + ' missing');
		for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
			if (!parts[i][1] || !parts[j][1]) continue;
			const a = parts[i][1].getBoundingClientRect(), c = parts[j][1].getBoundingClientRect();
			if (a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom) out.push(parts[i][0] + ' over ' + parts[j][0]);
		}
		return out;
	})()`)
	if len(overlaps) > 0 {
		t.Logf("rects: %v", evalIn[[]string](tb, `['', ' .name', ' .count', ' .capmark'].map(s => { const r = document.querySelector('#pit-I' + s).getBoundingClientRect(); return s + ':' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','); })`))
		t.Errorf("pit I at 420 px: %v", overlaps)
	}
}

// browserEvalBar runs an unlimited analysis: the evaluation bar and the
// best move's pits follow the search while it runs, it goes on until Stop,
// and Stop frees its search slot.
func browserEvalBar(t *testing.T, b *browserRun) {
	tb := b.open(t, "/?position=startpos&moves="+url.QueryEscape("ef:e5f5 EF:E5F5 i5"))
	if hidden := evalIn[bool](tb, `document.getElementById('evalbar').hidden`); hidden {
		t.Error("no evaluation bar in Analyse")
	}
	tb.click("an-inf")
	if !evalIn[bool](tb, `document.getElementById('an-time').disabled`) {
		t.Error("the time field is still enabled for an unlimited analysis")
	}
	tb.click("analyse")
	tb.wait(`state.best !== null && document.querySelector('.pit.best-src') !== null`)
	time.Sleep(1500 * time.Millisecond)
	if running := evalIn[bool](tb, `state.analysis !== null && !document.getElementById('stop').disabled`); !running {
		t.Fatal("the unlimited analysis ended by itself")
	}
	tb.shot("eval-bar")
	got := evalIn[[]any](tb, `(() => {
		const src = [...document.querySelectorAll('.pit.best-src')].map(e => e.id.slice(4)).join('');
		const land = [...document.querySelectorAll('.pit.best-land')].map(e => e.id.slice(4)).join('');
		const m = state.view.moves.find(x => x.move === state.best.move);
		const v = state.best.side === 's' ? state.best.score : -state.best.score;
		const h = parseFloat(document.getElementById('evalfill').style.height);
		// South's share: all or nothing for a proven win, else a tanh of
		// the score, so that a score near 0 fills about half.
		const w = Math.trunc(v / 100);
		const want = state.best.proven ? (w > 0 ? 100 : w < 0 ? 0 : 50) : 50 + 50 * Math.tanh(v / 1000);
		return [src === state.best.move[0], land === (m.landing === state.best.move[0] ? '' : m.landing), Math.abs(h - want) <= 0.1 && (Math.abs(v) < 5 || Math.sign(v) === Math.sign(h - 50)),
			document.getElementById('pit-' + state.best.move[0]).getAttribute('aria-label').includes("best move lifts here"),
			document.getElementById('evalbar').getAttribute('aria-label').startsWith('Evaluation: ')];
	})()`)
	if fmt.Sprint(got) != "[true true true true true]" {
		t.Errorf("best move marks and bar: %v (best %v)", got, evalIn[any](tb, `state.best`))
	}
	found := false
	b.mu.Lock()
	for _, u := range b.requests {
		found = found || strings.Contains(u, "/api/v1/analyse/stream?") && strings.Contains(u, "infinite=true") && !strings.Contains(u, "movetime")
	}
	b.mu.Unlock()
	if !found {
		t.Error("no unlimited stream asked for")
	}
	tb.click("stop")
	b.waitSlotsFree(t)
	tb.shot("stopped")
	// Stepping on clears the marks; Play hides the bar.
	tb.click("step-back")
	tb.wait(`state.cursor === 2 && document.querySelector('.pit.best-src') === null`)
	tb.click("tab-play")
	if hidden := evalIn[bool](tb, `document.getElementById('evalbar').hidden`); !hidden {
		t.Error("the evaluation bar shows in Play")
	}
}

// missing says why the server lacks an endpoint the page calls (the
// endpoint is built on another branch: contracts.md), or "" when it has it.
func (b *browserRun) missing(path string) string {
	rec := httptest.NewRecorder()
	b.srv.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, strings.NewReader(`{}`)))
	if rec.Code == http.StatusNotFound {
		return "POST " + path + " is not on this server yet (contracts.md: review -> page)"
	}
	return ""
}

// needs skips the test unless the server has every endpoint named.
func (b *browserRun) needs(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if why := b.missing(p); why != "" {
			t.Skip(why)
		}
	}
}

// streamClockMissing says why the stream refuses the UGI clock
// parameters, or "" when it takes them.
func (b *browserRun) streamClockMissing() string {
	rec := httptest.NewRecorder()
	b.srv.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/analyse/stream?position=startpos&depth=1&p1time=1000&p2time=1000&p1inc=0&p2inc=0", nil))
	if body := rec.Body.String(); rec.Code == http.StatusBadRequest && strings.Contains(body, "unknown query parameter") &&
		(strings.Contains(body, "p1") || strings.Contains(body, "p2")) {
		return "GET /api/v1/analyse/stream does not take p1time/p2time/p1inc/p2inc yet (contracts.md: pv -> page)"
	}
	return ""
}

// pagePGN is the game in the tab as the page exports it.
func (tb *tab) pagePGN() string {
	tb.t.Helper()
	pgn, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`gamePGN()`, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.fail(err, "gamePGN()")
	}
	return pgn
}

// browserPGN downloads a game as PGN (written by the server's
// /api/v1/pgn/write) and opens it again (read by /api/v1/pgn/read).
func browserPGN(t *testing.T, b *browserRun) {
	b.needs(t, "/api/v1/pgn/write", "/api/v1/pgn/read")
	dir := t.TempDir()
	tb := b.open(t, "/?position=startpos&moves="+url.QueryEscape("ef:e5f5 EF:E5F5 i5"))
	if _, err := chromedp.CallBrowser(tb.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	tb.click("step-back") // the whole line is written, not only up to the board
	tb.wait(`state.cursor === 2`)
	tb.click("download-pgn")
	var data []byte
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		d, err := os.ReadFile(filepath.Join(dir, "kiothi-game.pgn"))
		if err == nil && len(d) > 0 {
			data = d
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no PGN downloaded: %v", err)
		}
	}
	date := evalIn[string](tb, `(() => { const d = new Date(); return d.getFullYear() + '.' + String(d.getMonth() + 1).padStart(2, '0') + '.' + String(d.getDate()).padStart(2, '0'); })()`)
	want := `[Event "kiothi page"]
[Site "kiothi"]
[Date "` + date + `"]
[Round "-"]
[South "?"]
[North "?"]
[Result "*"]
[FEN "startpos"]
[PlyCount "3"]
[TimeControl "-"]
[Termination "unterminated"]

1. ef:e5f5 EF:E5F5 2. i5 *

`
	if string(data) != want {
		t.Errorf("PGN:\n%s\nwant:\n%s", data, want)
	}
	// The PGN pasted back opens the same game (a comment, a NAG and a
	// second game around it read by the server).
	tb.click("tab-analyse")
	pasted := strings.Replace(string(data), "EF:E5F5", "EF:E5F5 {+0.10/3 0.005s} $1", 1) + "[FEN \"startpos25\"]\n\n1. fg:f5g5 *\n"
	tb.do(chromedp.SetValue(chromedp.ID("pgn-input"), pasted))
	tb.click("open-pgn")
	tb.wait(`state.moves.length === 3 && state.cursor === 3 && /game 1 of the 2/.test(document.getElementById('status').textContent)`)
	if got := evalIn[string](tb, `state.moves.join(' ') + ' | ' + state.start + ' | ' + state.line[1].comment`); got != "ef:e5f5 EF:E5F5 i5 | 0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1 | +0.10/3 0.005s" {
		t.Errorf("opened from the PGN: %q", got)
	}
	// A finished game from North's move: "1... " first, and its result.
	end := b.open(t, "/?position="+url.QueryEscape("1.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.1.0 29-29 n 40")+"&moves=I1")
	pgn := end.pagePGN()
	if !strings.Contains(pgn, `[Result "0-1"]`) || !strings.Contains(pgn, `[FEN "1.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.1.0 29-29 n 40"]`) ||
		!strings.Contains(pgn, `[Termination "normal"]`) || !strings.HasSuffix(pgn, "\n\n1... I1 0-1\n\n") {
		t.Errorf("finished game from North's move: %q (result %v)", pgn, evalIn[any](end, `state.view.result`))
	}
	// Both ways went through the server's PGN (the page has no PGN code).
	b.mu.Lock()
	for _, p := range []string{"/api/v1/pgn/write", "/api/v1/pgn/read"} {
		if !contains(b.requests, b.base+p) {
			t.Errorf("no request to %s", p)
		}
	}
	b.mu.Unlock()
	// A bad PGN: the server's reason, shown.
	tb.do(chromedp.SetValue(chromedp.ID("pgn-input"), "1. ef:e5f5 {never closed"))
	tb.click("open-pgn")
	tb.wait(`document.getElementById('message').textContent.startsWith('Could not read the PGN: ')`)
}

// browserClocks plays North with 10 s a game and 5 s a move: the engine's
// stream gets the clock as UGI's go command has it (p1 South), its clock
// gains its increment after its move, North's runs down while North
// thinks and, when it reaches zero, North loses on time (in the PGN too).
func browserClocks(t *testing.T, b *browserRun) {
	if why := b.streamClockMissing(); why != "" {
		t.Skip(why)
	}
	tb := b.open(t, "/")
	tb.do(chromedp.SetValue(chromedp.ID("level"), "depth=1"), chromedp.SetValue(chromedp.ID("side"), "north"),
		chromedp.SetValue(chromedp.ID("clock-base"), "10"), chromedp.SetValue(chromedp.ID("clock-inc"), "5"))
	tb.click("new-game")
	tb.wait(`state.games === 1 && state.moves.length === 1 && state.engine === null`)
	// South (the engine) moved within its clock and gained 5 s.
	if got := evalIn[[]any](tb, `[state.clock.s > 10000 && state.clock.s < 15000, state.clock.running, /^0:1[0-4]$/.test(document.getElementById('clock-s').textContent)]`); fmt.Sprint(got) != "[true n true]" {
		t.Errorf("after the engine's move: %v (clock %v)", got, evalIn[any](tb, `state.clock`))
	}
	tb.shot("clocks")
	// The engine at depth 1 got both clocks (South's started at 10 s and
	// ran for a moment), the increments, and no move time of its own.
	b.mu.Lock()
	sent := false
	for _, u := range b.requests {
		if q, err := url.Parse(u); err == nil && strings.HasSuffix(q.Path, "/analyse/stream") && q.Query().Get("depth") == "1" {
			v := q.Query()
			p1, _ := strconv.Atoi(v.Get("p1time"))
			sent = sent || p1 > 9000 && p1 <= 10000 && v.Get("p2time") == "10000" && v.Get("p1inc") == "5000" && v.Get("p2inc") == "5000" && !v.Has("movetime")
		}
	}
	b.mu.Unlock()
	if !sent {
		t.Errorf("no engine stream with depth=1 and the clock p1time ~10000 p2time 10000 p1inc 5000 p2inc 5000: %v", b.requests)
	}
	tb.wait(`state.flag === 'n'`)
	tb.shot("flag")
	if r := tb.text("result"); r != "Game over: South wins on time.North's clock ran out." {
		t.Errorf("result %q", r)
	}
	if c := tb.text("clock-n"); c != "0:00.0" {
		t.Errorf("North's clock shows %q", c)
	}
	if got := evalIn[[]any](tb, `[document.querySelectorAll('.tomove').length, document.getElementById('redist').hidden]`); fmt.Sprint(got) != "[0 true]" {
		t.Errorf("after the flag: 'to move' marks and redistribution panel hidden: %v", got)
	}
	tb.click("pit-E")
	if msg := tb.text("message"); !strings.Contains(msg, "game is over") {
		t.Errorf("a click after the flag: %q", msg)
	}
	if b.missing("/api/v1/pgn/write") != "" {
		return
	}
	pgn := tb.pagePGN()
	for _, want := range []string{`[South "kiothi depth=1"]`, `[North "You"]`, `[Result "1-0"]`, `[TimeControl "10+5"]`, `[Termination "time forfeit"]`, "\n\n1. "} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
}

// browserReview reviews a game of nine moves through POST
// /api/v1/annotate: the graph gets a point per position at South's
// expected score from the answer, the move list shows the answer's class
// marks and scores, each side's accuracy is listed, and clicking a point
// goes to that position.
func browserReview(t *testing.T, b *browserRun) {
	b.needs(t, "/api/v1/annotate", "/api/v1/pgn/write")
	tb := b.open(t, "/?position=startpos&moves="+url.QueryEscape("ef:e5f5 EF:E5F5 i5"))
	for k := 4; k <= 9; k++ {
		tb.do(chromedp.SendKeys(chromedp.ID("moveinput"), evalIn[string](tb, `state.view.moves[state.view.moves.length - 1].move`)), chromedp.KeyEvent(kb.Enter))
		tb.wait(fmt.Sprintf(`state.cursor === %d`, k))
	}
	tb.do(chromedp.SetValue(chromedp.ID("rv-time"), "50"))
	tb.click("review")
	tb.wait(`state.review && state.review.done`)
	if n := evalIn[int](tb, `document.querySelectorAll('#rv-graph circle').length`); n != 10 {
		t.Errorf("%d points, want 10", n)
	}
	// Each point at South's expected score after its move (the answer's
	// win, for the side that moved), on the graph's scale: 100% at the
	// top of the plot, 0% at its bottom (the 100% and 0% grid lines).
	bad := evalIn[[]string](tb, `(() => {
		const grid = [...document.querySelectorAll('#rv-graph .rv-grid, #rv-graph .rv-mid')].map(l => +l.getAttribute('y1'));
		const top = Math.min(...grid), bottom = Math.max(...grid), out = [];
		state.review.moves.forEach((m, k) => {
			const south = m.side === 'south' ? m.win : 1 - m.win;
			const cy = +document.querySelector('#rv-graph circle[data-ply="' + (k + 1) + '"]').getAttribute('cy');
			if (Math.abs(cy - (bottom - south * (bottom - top))) > 0.01) out.push((k + 1) + ': ' + cy + ' for ' + south);
		});
		return out;
	})()`)
	if len(bad) > 0 {
		t.Errorf("points off South's expected score: %v", bad)
	}
	// The move list: the answer's class marks and a score on each move.
	marks := evalIn[[]string](tb, `state.review.moves.map((m, k) => {
		const b = document.querySelector('#movelist .mv[data-ply="' + (k + 1) + '"]');
		const sym = b.querySelector('.sym'), want = {inaccuracy: '?!', mistake: '?', blunder: '??'}[m.class] || '';
		return (sym ? sym.textContent : '') === want && b.querySelector('.score') !== null ? '' : (k + 1) + ' ' + m.class + ' ' + b.textContent;
	}).filter(Boolean)`)
	if len(marks) > 0 {
		t.Errorf("move list marks off the review: %v", marks)
	}
	if p := evalIn[[]string](tb, `[...document.querySelectorAll('#rv-players li')].map(l => l.textContent)`); len(p) != 2 ||
		!strings.HasPrefix(p[0], "South: accuracy ") || !strings.HasPrefix(p[1], "North: accuracy ") {
		t.Errorf("players: %q", p)
	}
	// A readable size: the graph as wide as the board, at least 500 px.
	if w := evalIn[float64](tb, `document.getElementById('rv-graph').getBoundingClientRect().width`); w < 500 {
		t.Errorf("the graph is %.0f px wide", w)
	}
	b.mu.Lock()
	for _, u := range b.requests {
		if strings.HasSuffix(u, "/api/v1/analyse") {
			t.Errorf("the review searched by itself: %s", u)
		}
	}
	if !contains(b.requests, b.base+"/api/v1/annotate") {
		t.Error("no request to /api/v1/annotate")
	}
	b.mu.Unlock()
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('rv-area').scrollIntoView()`))
	tb.fullShot("review")
	tb.do(chromedp.Click(chromedp.CSS(`#rv-graph circle[data-ply="4"]`)))
	tb.wait(`state.cursor === 4`)
	if e, want := tb.text("eval-text"), fmt.Sprintf("expected score %d%% (from the review)", evalIn[int](tb, `Math.round(100 * (state.review.moves[3].side === 'south' ? state.review.moves[3].win : 1 - state.review.moves[3].win))`)); e != want {
		t.Errorf("evaluation at move 4: %q, want %q", e, want)
	}
	if c, want := tb.text("comment"), evalIn[string](tb, `document.querySelector('#movelist .mv[data-ply="4"]').title`); c != want || c == "" {
		t.Errorf("comment at move 4 %q, the review's %q", c, want)
	}
	if x := evalIn[[]any](tb, `[document.querySelector('#rv-graph .rv-cursor').getAttribute('x1'), document.querySelector('#rv-graph circle[data-ply="4"]').getAttribute('cx')]`); fmt.Sprint(x[0]) != fmt.Sprint(x[1]) {
		t.Errorf("the cursor line at %v, the point at %v", x[0], x[1])
	}
	// Each worst move listed goes to its position.
	if n := evalIn[int](tb, `document.querySelectorAll('#rv-worst button').length`); n > 0 {
		k := evalIn[int](tb, `+document.querySelector('#rv-worst button').dataset.ply`)
		tb.do(chromedp.Click(chromedp.CSS(`#rv-worst button`)))
		tb.wait(fmt.Sprintf(`state.cursor === %d`, k))
	}
}

// browserAnimate shows i2 lap by lap: i2 sows j and A, where one warrior
// was, so the two in A relay to B and C. Each frame's counts are checked.
func browserAnimate(t *testing.T, b *browserRun) {
	tb := b.open(t, "/?position="+url.QueryEscape("0.0.0.0.0.0.0.0.2.0/1.0.0.0.0.0.0.0.0.0 0-0 s 5"))
	tb.do(chromedp.SetValue(chromedp.ID("anim-speed"), "1200"))
	tb.do(chromedp.SendKeys(chromedp.ID("moveinput"), "i2"), chromedp.KeyEvent(kb.Enter))
	counts := `['i', 'j', 'A', 'B', 'C'].map(p => document.querySelector('#pit-' + p + ' .count').textContent).join(' ')`
	for _, f := range []struct{ step, counts, from, end string }{
		{"lift 1", "0 0 1 0 0", "i", ""},
		{"lap 1", "0 1 2 0 0", "", "A"},
		{"lift 2", "0 1 0 0 0", "A", ""},
		{"lap 2", "0 1 0 1 1", "", "C"},
	} {
		tb.wait(fmt.Sprintf(`state.anim !== null && state.anim.step === %q`, f.step))
		got := evalIn[[]string](tb, `[`+counts+`, [...document.querySelectorAll('.pit.anim-from')].map(e => e.id.slice(4)).join(''), [...document.querySelectorAll('.pit.anim-end')].map(e => e.id.slice(4)).join('')]`)
		if fmt.Sprint(got) != fmt.Sprint([]string{f.counts, f.from, f.end}) {
			t.Errorf("%s: counts, lifted, landing %q; want %q", f.step, got, []string{f.counts, f.from, f.end})
		}
		if f.step == "lap 1" {
			tb.shot("lap-1")
		}
	}
	tb.wait(`state.anim === null`)
	if got := evalIn[string](tb, counts); got != "0 1 0 1 1" || evalIn[int](tb, `state.cursor`) != 1 {
		t.Errorf("after the animation: %q", got)
	}
	// Show the last move again, and a click on the board ends it at once.
	tb.click("anim-replay")
	tb.wait(`state.anim !== null`)
	tb.click("pit-a")
	if got := evalIn[[]any](tb, `[state.anim, document.getElementById('anim-line').textContent]`); fmt.Sprint(got) != "[<nil> ]" {
		t.Errorf("after a click: %v", got)
	}
}

// browserModules: the page loads every embedded module from this server
// (main.js and what it imports) and starts.
func browserModules(t *testing.T, b *browserRun) {
	tb := b.open(t, "/")
	if st := tb.text("status"); !strings.HasPrefix(st, "Turn 1") {
		t.Errorf("status %q: the page did not start", st)
	}
	files, err := fs.Glob(web, "web/*.js")
	if err != nil || len(files) < 6 {
		t.Fatalf("embedded modules %v, %v", files, err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, f := range files {
		if !contains(b.requests, b.base+"/ui/"+path.Base(f)) {
			t.Errorf("module %s not loaded", path.Base(f))
		}
	}
}

// browserArrows analyses with three lines: an arrow for each line's first
// move runs from the pit it lifts to the pit its sowing ends in, line 1's
// stronger than the others, in another colour than the last move's marks
// (which stay); a step clears them.
func browserArrows(t *testing.T, b *browserRun) {
	tb := b.open(t, "/?position=startpos&moves="+url.QueryEscape("ef:e5f5 EF:E5F5 i5"))
	tb.do(chromedp.SetValue(chromedp.ID("an-time"), "1500"), chromedp.SetValue(chromedp.ID("an-lines"), "3"))
	tb.click("analyse")
	tb.wait(`state.analysis === null && state.best !== null && state.lines.filter(Boolean).length === 3`)
	tb.fullShot("arrows")
	got := evalIn[[]string](tb, `(() => {
		const out = [], svg = document.getElementById('arrows').getBoundingClientRect();
		const centre = p => { const r = document.getElementById('pit-' + p).getBoundingClientRect(); return [r.left + r.width / 2 - svg.left, r.top + r.height / 2 - svg.top, r.width / 2]; };
		const land = m => (state.view.moves.find(x => x.move === m) || {}).landing;
		// One arrow for each line's move, line 1's marked best.
		const want = [...new Set(state.lines.map(l => l.move))].filter(m => land(m) && land(m) !== m[0]);
		const arrows = [...document.querySelectorAll('#arrows .arrow')];
		if (arrows.map(a => a.dataset.move).sort().join() !== want.slice().sort().join()) out.push('arrows ' + arrows.map(a => a.dataset.move) + ', lines ' + state.lines.map(l => l.move));
		const best = document.querySelector('#arrows .arrow.best');
		if (!best || best.dataset.move !== state.best.move || document.querySelectorAll('#arrows .arrow.best').length !== 1) out.push('best arrow ' + (best && best.dataset.move) + ', best ' + state.best.move);
		for (const a of arrows) {
			const m = a.dataset.move, tail = a.querySelector('path').getPointAtLength(0), tip = a.querySelector('polygon').getAttribute('points').split(' ')[0].split(',').map(Number);
			const [sx, sy, sr] = centre(m[0]), [ex, ey, er] = centre(land(m));
			if (Math.hypot(tail.x - sx, tail.y - sy) > sr) out.push(m + ': tail off ' + m[0]);
			if (Math.hypot(tip[0] - ex, tip[1] - ey) > er) out.push(m + ': tip off ' + land(m));
			const op = +getComputedStyle(a).opacity;
			if (a.classList.contains('best') ? op < 0.8 : op > 0.5) out.push(m + ': opacity ' + op);
		}
		if (arrows.length < 2) out.push(arrows.length + ' arrows for 3 lines');
		// The last move's marks stay, in their own colours.
		const src = document.getElementById('pit-i'), stroke = best ? getComputedStyle(best.querySelector('path')).stroke : '';
		if (!src.classList.contains('src')) out.push('the last move lost its mark');
		if (stroke === getComputedStyle(src).borderTopColor) out.push('arrow and last-move mark alike: ' + stroke);
		return out;
	})()`)
	if len(got) > 0 {
		t.Errorf("arrows: %v", got)
	}
	tb.click("step-back")
	tb.wait(`state.cursor === 2 && document.querySelectorAll('#arrows .arrow').length === 0`)
}

// moveListText is the move list as text: numbers and moves (no marks).
const moveListText = `[...document.querySelectorAll('#movelist .num, #movelist .mv, #movelist .var')].map(e =>
	e.classList.contains('var') ? '(' : e.classList.contains('num') ? e.textContent : e.firstChild.textContent).join(' ')`

// browserMoveNumbers: the move list numbers moves by pair as the PGN
// does ("1. a b 2. c", "1... A" when North moves first).
func browserMoveNumbers(t *testing.T, b *browserRun) {
	tb := b.open(t, "/?position=startpos&moves="+url.QueryEscape("ef:e5f5 EF:E5F5 i5"))
	if got := evalIn[string](tb, moveListText); got != "1. ef:e5f5 EF:E5F5 2. i5" {
		t.Errorf("move list %q", got)
	}
	north := b.open(t, "/?position="+url.QueryEscape("1.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.1.0 29-29 n 40")+"&moves=I1")
	if got := evalIn[string](north, moveListText); got != "1... I1" {
		t.Errorf("move list from North's move %q", got)
	}
	// The same numbers as the server's PGN.
	if b.missing("/api/v1/pgn/write") != "" {
		return
	}
	for _, x := range []*tab{tb, north} {
		pgn := strings.TrimSpace(x.pagePGN())
		moves := pgn[strings.LastIndex(pgn, "\n")+1:]
		if list := evalIn[string](x, moveListText); moves != list+" "+evalIn[string](x, `state.view.result ? '0-1' : '*'`) {
			t.Errorf("move list %q, PGN %q", list, moves)
		}
	}
}

// browserVariations: a move off the line shown starts a side line; the
// main line stays whole, the move list shows the side line in brackets
// numbered where it starts, a click on it shows it, and the PGN export
// writes it as a variation that opens again as the same tree.
func browserVariations(t *testing.T, b *browserRun) {
	tb := b.open(t, "/?position=startpos&moves="+url.QueryEscape("ef:e5f5 EF:E5F5 i5"))
	m1 := evalIn[string](tb, `state.view.moves[0].move`)
	tb.do(chromedp.SendKeys(chromedp.ID("moveinput"), m1), chromedp.KeyEvent(kb.Enter))
	tb.wait(`state.cursor === 4`)
	tb.click("step-back")
	tb.wait(`state.cursor === 3`)
	m2 := evalIn[string](tb, `state.view.moves[state.view.moves.length - 1].move`)
	if m2 == m1 {
		t.Fatal("one legal move only")
	}
	tb.do(chromedp.SendKeys(chromedp.ID("moveinput"), m2), chromedp.KeyEvent(kb.Enter))
	tb.wait(`state.cursor === 4`)
	got := evalIn[[]string](tb, `[state.moves.join(' '), (() => { const m = []; for (let n = state.root.children[0]; n; n = n.children[0]) m.push(n.move); return m.join(' '); })(), `+moveListText+`]`)
	want := []string{"ef:e5f5 EF:E5F5 i5 " + m2, "ef:e5f5 EF:E5F5 i5 " + m1, "1. ef:e5f5 EF:E5F5 2. i5 " + m1 + " ( 2... " + m2}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after %s off the line: line, main line, list %q; want %q", m2, got, want)
	}
	tb.fullShot("variation")
	// The main line again from the list, then the side line.
	// (shown: the step has come back and the list marks the move).
	shown := `state.going === null && state.cursor === 4 && state.moves[3] === %q && document.querySelector('#movelist .mv[aria-current="true"]').firstChild.textContent === %[1]q`
	tb.do(chromedp.Click(chromedp.CSS(`#movelist > .ply > .mv[data-ply="4"]`)))
	tb.wait(fmt.Sprintf(shown, m1))
	tb.do(chromedp.Click(chromedp.CSS(`#movelist .var .mv`)))
	tb.wait(fmt.Sprintf(shown, m2))
	// Played again, a move of the tree is followed, not added twice.
	tb.click("step-back")
	tb.wait(`state.cursor === 3`)
	tb.do(chromedp.SendKeys(chromedp.ID("moveinput"), m1), chromedp.KeyEvent(kb.Enter))
	tb.wait(fmt.Sprintf(`state.cursor === 4 && state.moves[3] === %q`, m1))
	if n := evalIn[int](tb, `state.line[2].children.length`); n != 2 {
		t.Errorf("%d moves after i5, want 2", n)
	}
	if b.missing("/api/v1/pgn/write") != "" || b.missing("/api/v1/pgn/read") != "" {
		t.Log("PGN export of the variation not tried: " + b.missing("/api/v1/pgn/write") + b.missing("/api/v1/pgn/read"))
		return
	}
	pgn := tb.pagePGN()
	if !strings.Contains(pgn, "(") || !strings.Contains(pgn, m2) || !strings.Contains(pgn, `[PlyCount "4"]`) {
		t.Errorf("PGN without the side line:\n%s", pgn)
	}
	// The list numbers the side line as the server's PGN does.
	body := strings.TrimSpace(pgn)
	body = strings.NewReplacer("(", "( ", ")", "").Replace(body[strings.LastIndex(body, "\n")+1:])
	if body != want[2]+" *" {
		t.Errorf("PGN moves %q, move list %q", body, want[2])
	}
	tb.do(chromedp.SetValue(chromedp.ID("pgn-input"), pgn))
	tb.click("open-pgn")
	tb.wait(`state.cursor === 4 && state.review === null`)
	if again := evalIn[string](tb, moveListText); again != want[2] {
		t.Errorf("the PGN opens as %q, want %q", again, want[2])
	}
}

// browserComments opens a PGN with comments, as kiothi annotate writes
// them: each move with a comment is marked in the list, and the comment
// of the move shown is shown.
func browserComments(t *testing.T, b *browserRun) {
	b.needs(t, "/api/v1/pgn/read")
	tb := b.open(t, "/")
	tb.click("tab-analyse")
	tb.do(chromedp.SetValue(chromedp.ID("pgn-input"), "[FEN \"startpos\"]\n\n1. ef:e5f5 {+0.35 -> +0.20, best c3 (+0.35)} EF:E5F5 2. i5 {a mistake (lost 2.10)} *\n"))
	tb.click("open-pgn")
	tb.wait(`state.cursor === 3`)
	if c := tb.text("comment"); c != "a mistake (lost 2.10)" {
		t.Errorf("comment at move 3: %q", c)
	}
	if got := evalIn[[]string](tb, `[...document.querySelectorAll('#movelist .comment')].map(e => e.previousSibling.previousSibling.querySelector('.mv').dataset.ply + ' ' + e.textContent)`); fmt.Sprint(got) != "[1 +0.35 -> +0.20, best c3 (+0.35) 3 a mistake (lost 2.10)]" {
		t.Errorf("comments in the move list %q", got)
	}
	tb.fullShot("comments")
	tb.click("step-first")
	tb.click("step-fwd")
	tb.wait(`state.cursor === 1`)
	if c := tb.text("comment"); c != "+0.35 -> +0.20, best c3 (+0.35)" {
		t.Errorf("comment at move 1: %q", c)
	}
	tb.click("step-fwd")
	tb.wait(`state.cursor === 2 && document.getElementById('comment').hidden`)
	// What kiothi annotate writes (here the server's review of a game)
	// opens with each move's comment.
	if b.missing("/api/v1/annotate") != "" {
		return
	}
	review, err := chromedp.Run(tb.ctx, chromedp.Evaluate[map[string]any](`fetch('/api/v1/annotate', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({pgn: '[FEN "startpos"]\n\n1. ef:e5f5 EF:E5F5 2. i5 J5 3. j7 *\n', limits: {depth: 2}})}).then(r => r.json())`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	g := review["games"].([]any)[0].(map[string]any)
	tb.do(chromedp.SetValue(chromedp.ID("pgn-input"), g["pgn"].(string)))
	tb.click("open-pgn")
	tb.wait(`state.cursor === 5`)
	for k, m := range g["moves"].([]any) {
		want, _ := m.(map[string]any)["comment"].(string)
		tb.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#movelist .mv[data-ply="%d"]`, k+1))))
		tb.wait(fmt.Sprintf(`state.cursor === %d`, k+1))
		if c := tb.text("comment"); want == "" || c != want {
			t.Errorf("move %d: comment %q, annotate's %q", k+1, c, want)
		}
	}
	tb.fullShot("annotated")
}
