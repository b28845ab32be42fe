// Tests of datagen through workers: the local run's games, a restart, bad records.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/internal/syncbuf"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/search"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// datagenConfig is the test run: n short games, some from turn-3 starts
// of testdata/openings.txt.
func datagenConfig(t *testing.T, n int) datagen.Config {
	t.Helper()
	ops := testOpenings(t)
	cfg := datagen.Config{Games: n, Seed: 5, Concurrency: 1, HashMB: 1, Setup: 30,
		Limits: search.Limits{Nodes: 300}, RandomPlies: 8, RandomProb: 0.2, MaxPlies: 120, StartShare: 0.5}
	for _, p := range ops {
		if p.Phase() == position.Play && len(cfg.Starts) < 5 {
			cfg.Starts = append(cfg.Starts, p)
		}
	}
	if len(cfg.Starts) == 0 {
		t.Fatal("no turn-3 start in testdata/openings.txt")
	}
	return cfg
}

// gamesOf reads a data file's records grouped by game.
func gamesOf(t *testing.T, data []byte) map[uint32][]record.Record {
	t.Helper()
	recs, err := record.ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	out := map[uint32][]record.Record{}
	for _, r := range recs {
		out[r.Game] = append(out[r.Game], r)
	}
	return out
}

// fileStart is a buffer holding the header of cfg's data file.
func fileStart(t *testing.T, cfg datagen.Config) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	h := cfg.Header(testBuild.Nodes)
	if err := record.WriteHeader(&buf, &h); err != nil {
		t.Fatal(err)
	}
	return &buf
}

func localDatagen(t *testing.T, cfg datagen.Config) map[uint32][]record.Record {
	t.Helper()
	buf := fileStart(t, cfg)
	if _, err := datagen.Run(context.Background(), cfg, buf, nil, nil); err != nil {
		t.Fatal(err)
	}
	return gamesOf(t, buf.Bytes())
}

func TestDatagenThroughTwoWorkersEqualsLocal(t *testing.T) {
	cfg := datagenConfig(t, 8)
	want := localDatagen(t, cfg)
	e := startServer(t)
	startWorker(t, e, WorkerConfig{})
	startWorker(t, e, WorkerConfig{})
	buf := fileStart(t, cfg)
	st, err := Datagen(withTimeout(t, 60*time.Second), coordinator(t, e, "datagen", nil), cfg, buf, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := gamesOf(t, buf.Bytes())
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("through workers: %d games, locally %d; they differ", len(got), len(want))
	}
	positions := 0
	for _, g := range want {
		positions += len(g)
	}
	if st.Games != cfg.Games || st.Positions != positions || st.Skipped != 0 {
		t.Fatalf("stats %+v, want %d games and %d positions", st, cfg.Games, positions)
	}
}

// A coordinator stopped after two games (or a few more: games whose
// results were already in hand may still be written) and started again
// on the resumed file with the same run id: the file ends with the local
// run's games, each once.
func TestDatagenCoordinatorRestart(t *testing.T) {
	cfg := datagenConfig(t, 8)
	want := localDatagen(t, cfg)
	e := startServer(t)
	startWorker(t, e, WorkerConfig{})
	startWorker(t, e, WorkerConfig{})
	path := filepath.Join(t.TempDir(), "d.bin")
	h := cfg.Header(testBuild.Nodes)
	f, done, err := datagen.OpenOutput(path, &h, false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(withTimeout(t, 60*time.Second))
	st, err := Datagen(ctx, coordinator(t, e, "dgrestart", nil), cfg, f, done, func(s datagen.Stats) {
		if s.Games == 2 {
			cancel()
		}
	})
	f.Close()
	if err != nil || st.Games < 2 || st.Games >= cfg.Games {
		t.Fatalf("first coordinator: %+v, %v; want 2 to %d games and no error", st, err, cfg.Games-1)
	}
	kept := st.Games - 1               // the last game of a file is played again
	time.Sleep(200 * time.Millisecond) // let results arrive meanwhile
	f, done, err = datagen.OpenOutput(path, &h, true)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if len(done) != kept {
		t.Fatalf("%d games kept on resume, want %d", len(done), kept)
	}
	c := coordinator(t, e, "dgrestart", nil)
	st, err = Datagen(withTimeout(t, 60*time.Second), c, cfg, f, done, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Skipped != kept || st.Games != cfg.Games-kept {
		t.Fatalf("second coordinator: %+v, want %d skipped and %d games", st, kept, cfg.Games-kept)
	}
	if c.Duplicates == 0 {
		t.Error("the stored result of the game kept in the file was not read and ignored")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := gamesOf(t, data); !reflect.DeepEqual(got, want) {
		t.Fatalf("after a restart: %d games, locally %d; they differ", len(got), len(want))
	}
}

// Forged datagen results (every score 1234 and every margin +40; a
// record of another game; a record that is no position) are refused as
// they arrive, logged with the worker and the reason, and their jobs
// redone: the file ends with the local run's games.
func TestDatagenForgedResults(t *testing.T) {
	cfg := datagenConfig(t, 4)
	want := localDatagen(t, cfg)
	e := startServer(t)
	forged := append([]record.Record(nil), want[0]...)
	for i := range forged {
		forged[i].Score, forged[i].Margin, forged[i].Proven = 1234, 40, false
	}
	other := append([]record.Record(nil), want[1]...)
	other[0].Game = 7
	js, _ := jetstream.New(connect(t, e))
	if _, _, err := Streams(context.Background(), js); err != nil {
		t.Fatal(err)
	}
	const run = "dgforged"
	s := sealOf(t, coordinator(t, e, run, nil))
	for k, records := range [][]byte{
		record.AppendRecords(nil, forged),
		record.AppendRecords(nil, other),
		make([]byte, record.Size),
	} {
		b, _ := Marshal(&Result{V: WireVersion, Run: run, N: k, Build: testBuild, Worker: "forger", Kind: KindDatagen,
			Nonce: s.Nonce(run, k, 0), Payload: payload(&DatagenOut{Records: records})})
		if _, err := js.Publish(context.Background(), ResultsSubject(run), b); err != nil {
			t.Fatal(err)
		}
	}
	startWorker(t, e, WorkerConfig{})
	var log syncbuf.Buffer
	c := coordinator(t, e, run, &log)
	buf := fileStart(t, cfg)
	if _, err := Datagen(withTimeout(t, 60*time.Second), c, cfg, buf, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got := gamesOf(t, buf.Bytes()); !reflect.DeepEqual(got, want) {
		t.Fatalf("with forged results: %d games, locally %d; they differ", len(got), len(want))
	}
	if c.Rejected != 3 {
		t.Errorf("%d results rejected, want the 3 forged", c.Rejected)
	}
	for _, s := range []string{
		"job dgforged/0 from worker forger: position 2: margin 40 with north to move",
		"job dgforged/1 from worker forger: position 1: game number 7",
		"job dgforged/2 from worker forger: record 1: turn 0",
	} {
		if !strings.Contains(log.String(), s) {
			t.Errorf("log lacks %q:\n%s", s, log.String())
		}
	}
}

// A job whose results are refused every time fails after MaxTries
// publications, naming the reason.
func TestDatagenRefusedTooOften(t *testing.T) {
	cfg := datagenConfig(t, 1)
	e := startServer(t)
	js, _ := jetstream.New(connect(t, e))
	if _, _, err := Streams(context.Background(), js); err != nil {
		t.Fatal(err)
	}
	const run = "dgrefused"
	c := coordinator(t, e, run, nil)
	c.MaxTries = 2
	// A forger answering every job of the run at once with a record of
	// another game (it reads the jobs, so it echoes their nonces).
	nc := connect(t, e)
	sub, err := nc.Subscribe(JobsSubject(run), func(m *nats.Msg) {
		j, err := ParseJob(m.Data)
		if err != nil {
			return
		}
		var rec [record.Size]byte
		r := record.Record{Pos: cfg.Starts[0], Game: 9}
		r.Encode(rec[:])
		b, _ := Marshal(&Result{V: WireVersion, Run: run, N: j.N, Try: j.Try, Build: testBuild, Worker: "forger", Kind: KindDatagen,
			Nonce: j.Nonce, Payload: payload(&DatagenOut{Records: rec[:]})})
		js.Publish(context.Background(), ResultsSubject(run), b)
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	// The subscription must be in the server before the first job is
	// published: on a busy machine it missed the job and the run waited
	// out its timeout (2 of 120 runs at three at once).
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	buf := fileStart(t, cfg)
	start := buf.Len()
	_, err = Datagen(withTimeout(t, 20*time.Second), c, cfg, buf, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "refused 2 times") || !strings.Contains(err.Error(), "game number 9") {
		t.Fatalf("error %v, want one saying the job was refused twice and why", err)
	}
	if buf.Len() != start {
		t.Errorf("%d bytes written from refused results", buf.Len()-start)
	}
}

// Datagen refuses a run whose games cannot travel as jobs.
func TestDatagenBounds(t *testing.T) {
	e := startServer(t)
	cfg := datagenConfig(t, 2)
	cfg.MaxPlies = MaxDatagenPlies + 1
	_, err := Datagen(withTimeout(t, 20*time.Second), coordinator(t, e, "dgbounds", nil), cfg, &bytes.Buffer{}, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "max_plies") {
		t.Fatalf("error %v, want one about max_plies", err)
	}
}
