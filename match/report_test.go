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
