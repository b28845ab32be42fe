// Tests of the match report: its content, and the page in Chromium with
// a screenshot.

package match

import (
	"context"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// reportOf plays a match against a forfeiting player with an SPRT (so
// it decides after 23 pairs) from two openings and returns the page.
func reportOf(t *testing.T) (string, *Summary) {
	t.Helper()
	fl := Factory{Name: "resigner <b>", New: func(seed uint64, r movegen.Rules) (Player, error) {
		return flaky{seed%3 != 0, NewRandomPlayer(seed, r)}, nil
	}}
	sp := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	open := []position.Position{position.Start(30), position.Start(25)}
	s, err := Run(context.Background(), Config{Player1: mustSpec(t, "random"), Player2: fl, SPRT: &sp, Seed: 1, Openings: open, Game: GameConfig{MaxPlies: 200}})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteReport(&b, ReportInfo{Title: "test report"}, nil, []ReportSection{{Summary: s, Openings: open}}); err != nil {
		t.Fatal(err)
	}
	return b.String(), s
}

func TestReportContent(t *testing.T) {
	page, s := reportOf(t)
	n := s.Counts.Games()
	lines := regexp.MustCompile(`<polyline class="line" points="([^"]*)"`).FindAllStringSubmatch(page, -1)
	if len(lines) != 2 {
		t.Fatalf("%d line charts, want the score and the LLR", len(lines))
	}
	for _, l := range lines {
		if k := len(strings.Fields(l[1])); k != n {
			t.Errorf("%d points for %d games", k, n)
		}
	}
	for _, want := range []string{".frame{fill:", "resigner &lt;b&gt;", s.ScoreLine()[:20], "H1 accepted", "startpos25", "player 1 South", "95% interval", "<svg"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(page, "<b>") || strings.Contains(page, "http") || strings.Contains(page, "<script") {
		t.Error("page not self-contained or not escaped")
	}
	// By colour adds up to the tally.
	south, north := 0, 0
	for _, g := range s.Games {
		if g.P1South {
			south++
		} else {
			north++
		}
	}
	if south+north != n || south == 0 || north == 0 {
		t.Errorf("colours %d + %d of %d", south, north, n)
	}
}

// The page opens in Chromium and draws its charts; a screenshot goes to
// $KIOTHI_SCREENSHOTS (or a temporary folder kept when the test fails).
func TestReportInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	path := os.Getenv("KIOTHI_CHROMIUM")
	if path == "" {
		var err error
		if path, err = exec.LookPath("chromium"); err != nil {
			t.Skip("browser test skipped: no chromium on PATH and KIOTHI_CHROMIUM unset")
		}
	}
	page, _ := reportOf(t)
	dir := os.Getenv("KIOTHI_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(800, 1200))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	defer cancelT()
	if _, err := chromedp.Run(ctx, chromedp.Navigate("file://"+file)); err != nil {
		t.Fatal(err)
	}
	widths, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[...document.querySelectorAll("polyline.line")].map(p => p.getBoundingClientRect().width)`))
	if errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("chromium did not open the page in 60 s")
	}
	if err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if len(widths) != 2 || widths[0] < 300 || widths[1] < 300 {
		t.Errorf("charts drawn %v px wide", widths)
	}
	out := filepath.Join(dir, "match-report.png")
	if err := os.WriteFile(out, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", out)
}

// The SVG report is well-formed XML with both charts and the score line.
func TestReportSVG(t *testing.T) {
	_, s := reportOf(t)
	var b strings.Builder
	if err := WriteReportSVG(&b, "svg <report>", []ReportSection{{Summary: s}}); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(strings.NewReader(b.String()))
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, b.String())
		}
	}
	page := b.String()
	if strings.Count(page, `<polyline class="line"`) != 2 || !strings.Contains(page, "resigner &lt;b&gt;") || !strings.Contains(page, "H1 accepted") {
		t.Errorf("svg:\n%.2000s", page)
	}
}

// TestReportFitsInBrowser: a tournament's page, with long player names,
// the standings as a table and every game's PGN opened, fits a 1280 px
// window: nothing is wider than the page.
func TestReportFitsInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	path := os.Getenv("KIOTHI_CHROMIUM")
	if path == "" {
		var err error
		if path, err = exec.LookPath("chromium"); err != nil {
			t.Skip("browser test skipped: no chromium on PATH and KIOTHI_CHROMIUM unset")
		}
	}
	long := "engine:depth=1,name=" + strings.Repeat("a-very-long-player-name-", 4)
	specs := []string{"greedy", "random", long}
	var players []Factory
	for _, s := range specs {
		players = append(players, mustSpec(t, s))
	}
	base := Config{Games: 2, KeepPGN: true, PGNComments: true, Game: GameConfig{MaxPlies: 200}}
	run := func(ctx context.Context, cfg Config, _, _ string) (*Summary, error) { return Run(ctx, cfg) }
	tour, err := RunTournament(context.Background(), base, specs, players, RoundRobin, run)
	if err != nil {
		t.Fatal(err)
	}
	var secs []ReportSection
	for _, s := range tour.Pairs {
		secs = append(secs, ReportSection{Summary: s})
	}
	var b strings.Builder
	info := ReportInfo{Title: "fit", Command: "kiothi match --player " + strings.Join(specs, " --player "), Date: time.Now(), Settings: base.Settings()[2:]}
	for _, p := range players {
		info.Players = append(info.Players, PlayerInfo{Name: p.Name, Spec: p.Spec, Build: p.Build("test")})
	}
	if err := WriteReport(&b, info, tour, secs); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1280, 900))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	defer cancelT()
	if _, err := chromedp.Run(ctx, chromedp.Navigate("file://"+file)); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		document.querySelectorAll("details").forEach(d => d.open = true);
		const st = document.querySelector("table.standings");
		return [document.documentElement.scrollWidth, window.innerWidth, st ? st.getBoundingClientRect().right : -1,
			document.querySelectorAll("table.standings tr").length, document.querySelectorAll("details").length];
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if got[0] > got[1] || got[2] < 0 || got[2] > got[1] {
		t.Errorf("page %v px wide in a %v px window, standings end at %v", got[0], got[1], got[2])
	}
	if got[3] != 4 || got[4] != 6 {
		t.Errorf("%v standings rows (want a head and 3), %v PGNs (want 6)", got[3], got[4])
	}
	if dir := os.Getenv("KIOTHI_SCREENSHOTS"); dir != "" {
		shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err == nil {
			os.WriteFile(filepath.Join(dir, "match-report-tournament.png"), shot, 0o644)
		}
	}
}

// TestGamesPlayed: the report's header counts the games the sections
// played, and says the plan where it differs.
func TestGamesPlayed(t *testing.T) {
	sec := func(w, d, l int) ReportSection {
		return ReportSection{Summary: &Summary{Counts: Counts{Wins: w, Draws: d, Losses: l}}}
	}
	full := []ReportSection{sec(2, 1, 1), sec(0, 4, 0), sec(1, 1, 2)}
	for _, c := range []struct {
		t    *Tournament
		secs []ReportSection
		want string
	}{
		{nil, full[:1], "4"},
		{nil, []ReportSection{sec(1, 0, 1)}, "2 played of 4 planned"},
		{&Tournament{Planned: 3}, full, "12 (4 games a pairing)"},
		{&Tournament{Planned: 3}, []ReportSection{full[0], sec(1, 0, 0)}, "5 played of 12 planned (4 games a pairing)"},
	} {
		if got := gamesPlayed(4, c.t, c.secs); got != c.want {
			t.Errorf("gamesPlayed(4, %v, ...) = %q, want %q", c.t, got, c.want)
		}
	}
}
