// Tests of the match's progress: the terminal bar's score, Elo, LLR,
// elapsed time and ETA; a log's Finished and Score lines.

package match

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
)

func TestWatchTerminal(t *testing.T) {
	var buf bytes.Buffer
	w := NewWatch(&buf, 8, false)
	w.bar.Redraw, w.redraw = true, true // as on a terminal
	sp := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	cfg := Config{Player1: mustSpec(t, "greedy"), Player2: mustSpec(t, "random"), Games: 4, SPRT: &sp, Game: GameConfig{MaxPlies: 200}, Progress: w.Game}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	w.Done()
	out := buf.String()
	if strings.Contains(out, "Finished game") || !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("terminal got log lines or no clear: %q", out)
	}
	re := regexp.MustCompile(`\r\[#+\.*\] 1/8 greedy vs random \+\d =\d -\d \d\.\d{3}, Elo [^\]]+\], LLR -?\d\.\d\d \[-2\.94, 2\.94\], elapsed \d:\d\d, ETA \d:\d\d\x1b\[K`)
	if !re.MatchString(out) {
		t.Errorf("no bar with score, Elo, LLR, elapsed and ETA: %q", out)
	}
}

func TestWatchLog(t *testing.T) {
	var buf bytes.Buffer
	w := NewWatch(&buf, 12, false)
	cfg := Config{Player1: mustSpec(t, "greedy:name=g"), Player2: mustSpec(t, "random"), Games: 12, Game: GameConfig{MaxPlies: 200}, Progress: w.Game}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	w.Done()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 12+2+2 {
		t.Fatalf("%d lines, want 12 games and two Score lines twice:\n%s", len(lines), buf.String())
	}
	if !strings.HasPrefix(lines[0], "Finished game 1 (g vs random): ") || !strings.HasPrefix(lines[1], "Finished game 2 (random vs g): ") {
		t.Errorf("first lines %q, %q", lines[0], lines[1])
	}
	if !strings.HasPrefix(lines[10], "Score of g vs random: ") || !strings.HasSuffix(lines[10], "] 10") ||
		!regexp.MustCompile(`^Elo difference: .*, elapsed \d:\d\d, ETA \d:\d\d$`).MatchString(lines[11]) {
		t.Errorf("Score lines at game 10: %q, %q", lines[10], lines[11])
	}
	if !strings.HasSuffix(lines[14], "] 12") || strings.Contains(lines[15], "ETA") {
		t.Errorf("last Score lines: %q, %q", lines[14], lines[15])
	}
}
