// Tests of match games through workers with clocks, adjudication and
// per-move notes: the same games as locally, the checks on what comes
// back, the bounds on what goes out.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/syncbuf"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/pgn"
	"github.com/nats-io/nats.go/jetstream"
)

// moveTimes are the times in PGN comments ("+1.25/3 0.020s" → "+1.25/3"):
// the only part of a depth-limited game that depends on the machine.
var moveTimes = regexp.MustCompile(` ?[0-9]+\.[0-9]{3}s`)

// adjudicatedConfig is the test match with a resign rule and PGN with
// comments written to pg.
func adjudicatedConfig(t *testing.T, out, pg *bytes.Buffer) match.Config {
	t.Helper()
	cfg := matchConfig(t, 6, out)
	if err := cfg.Game.Adjudication.ParseResign("movecount=2,score=6"); err != nil {
		t.Fatal(err)
	}
	cfg.Game.Adjudication.Proven = true
	cfg.PGN, cfg.PGNComments = pg, true
	return cfg
}

// A match with a resign rule, a proven-value stop and PGN comments
// through two workers plays the local games: the same games file (the
// adjudications and their reasons), the same table, and the same PGN with
// each move's score and depth; only the move times differ.
func TestMatchAdjudicationAndCommentsThroughWorkers(t *testing.T) {
	var out, pg bytes.Buffer
	cfg := adjudicatedConfig(t, &out, &pg)
	sum, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	wantTable, wantGames, wantPGN := sum.Table(), out.String(), moveTimes.ReplaceAllString(pg.String(), "")
	if !strings.Contains(wantGames, " adjudicated: ") || !strings.Contains(wantPGN, "{+") {
		t.Fatalf("the local match has no adjudicated game or no comment:\n%s\n%s", wantGames, wantPGN)
	}

	e := startServer(t)
	for range 2 {
		startWorker(t, e, WorkerConfig{})
	}
	out.Reset()
	pg.Reset()
	cfg = adjudicatedConfig(t, &out, &pg)
	sum, err = Match(withTimeout(t, 60*time.Second), coordinator(t, e, "adjudicated", nil), cfg, spec1, spec2)
	if err != nil {
		t.Fatal(err)
	}
	if got := moveTimes.ReplaceAllString(pg.String(), ""); sum.Table() != wantTable || out.String() != wantGames || got != wantPGN {
		t.Fatalf("through workers:\n%s%s%s\nlocal:\n%s%s%s", sum.Table(), out.String(), got, wantTable, wantGames, wantPGN)
	}
	if n := len(moveTimes.FindAllString(pg.String(), -1)); n == 0 || n != strings.Count(pg.String(), "{") {
		t.Errorf("%d move times in %d comments", n, strings.Count(pg.String(), "{"))
	}
}

// A match on a clock through a worker: the worker plays on the clock
// (50 ms a game, no increment: a player's moves took at most 50 ms in
// all; without the clock the engine would think its default 10 ms a
// move, half a second a game), each move's note comes back, and the PGN
// carries the time control.
func TestMatchClockThroughWorkers(t *testing.T) {
	e := startServer(t)
	startWorker(t, e, WorkerConfig{})
	var out, pg bytes.Buffer
	cfg := matchConfig(t, 2, &out)
	cfg.Player1, _ = match.ParseSpec("engine:hash=1")
	cfg.Player2, _ = match.ParseSpec("engine:hash=1")
	tc, _, err := match.ParseTC("0.05")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Game.TC = tc
	cfg.PGN, cfg.PGNComments = &pg, true
	sum, err := Match(withTimeout(t, 60*time.Second), coordinator(t, e, "clock", nil), cfg, "engine:hash=1", "engine:hash=1")
	if err != nil {
		t.Fatal(err)
	}
	if sum.Counts.Games() != 2 || strings.Count(pg.String(), `[TimeControl "0.05"]`) != 2 {
		t.Fatalf("%d games:\n%s", sum.Counts.Games(), pg.String())
	}
	onTime := strings.Count(pg.String(), `[Termination "time forfeit"]`)
	if onTime != sum.TimeLosses1+sum.TimeLosses2 || strings.Count(out.String(), " forfeit ") != onTime {
		t.Errorf("%d time forfeits in the PGN, %d + %d counted:\n%s", onTime, sum.TimeLosses1, sum.TimeLosses2, out.String())
	}
	games, err := pgn.ReadAll(strings.NewReader(pg.String()))
	if err != nil {
		t.Fatal(err)
	}
	moves := 0
	for i, g := range games {
		moves += len(g.Moves)
		var total time.Duration
		for j, m := range g.Moves {
			ts := moveTimes.FindString(m.Comment)
			d, err := time.ParseDuration(strings.TrimSpace(ts))
			if err != nil {
				t.Fatalf("game %d move %d: comment %q: %v", i+1, j+1, m.Comment, err)
			}
			total += d
		}
		if total > 100*time.Millisecond {
			t.Errorf("game %d: %d moves in %v: more than both 50 ms clocks", i+1, len(g.Moves), total)
		}
	}
	if moves == 0 {
		t.Error("no move played")
	}
}

// Forged game results (an adjudication the job did not ask for, prisons
// the moves do not give, notes missing) are refused as they arrive and
// their games played again: the match ends as the local one does.
func TestMatchForgedGameResults(t *testing.T) {
	var out, pg bytes.Buffer
	cfg := adjudicatedConfig(t, &out, &pg)
	cfg.Game.Adjudication = match.Adjudication{}
	cfg.Games, cfg.Openings = 2, cfg.Openings[:1]
	sum, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	wantTable, wantGames := sum.Table(), out.String()

	e := startServer(t)
	js, _ := jetstream.New(connect(t, e))
	if _, _, err := Streams(context.Background(), js); err != nil {
		t.Fatal(err)
	}
	const run = "gameforged"
	s := sealOf(t, coordinator(t, e, run, nil))
	start, _ := cfg.GameStart(0)
	total := start.Total()
	for k, g := range []*GameOut{
		{Start: start.String(), End: "adjudicated", Reason: "resigns", South: total, North: 0, Notes: []NoteOut{}},
		{Start: start.String(), End: "ply-cap", South: total, North: 0},
	} {
		b, _ := Marshal(&Result{V: WireVersion, Run: run, N: k, Build: testBuild, Worker: "forger", Kind: KindGame, Nonce: s.Nonce(run, k, 0), Payload: payload(g)})
		if _, err := js.Publish(context.Background(), ResultsSubject(run), b); err != nil {
			t.Fatal(err)
		}
	}
	startWorker(t, e, WorkerConfig{})
	var log syncbuf.Buffer
	out.Reset()
	pg.Reset()
	c := coordinator(t, e, run, &log)
	sum, err = Match(withTimeout(t, 60*time.Second), c, cfg, spec1, spec2)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Table() != wantTable || out.String() != wantGames {
		t.Fatalf("with forged results:\n%s%s\nlocal:\n%s%s", sum.Table(), out.String(), wantTable, wantGames)
	}
	for _, s := range []string{
		"job gameforged/0 from worker forger: adjudicated, but the game has no adjudication rule",
		"job gameforged/1 from worker forger: ended at the ply cap after 0 moves",
	} {
		if !strings.Contains(log.String(), s) {
			t.Errorf("log lacks %q:\n%s", s, log.String())
		}
	}
}
