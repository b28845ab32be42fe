// Tests of single jobs: malformed messages, perft, search, SPRT purge, security.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"bytes"
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

func TestMalformedJobsGetErrorResults(t *testing.T) {
	e := startServer(t)
	startWorker(t, e, WorkerConfig{})
	nc := connect(t, e)
	results := make(chan *nats.Msg, 64)
	sub, err := nc.ChanSubscribe(ResultsSubject("bad"), results)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	good, _ := Marshal(&Job{V: WireVersion, Run: "bad", Build: testBuild, Kind: KindPerft,
		Payload: payload(&PerftJob{Position: position.Start(30).String(), Depth: 1})})
	bad := []struct{ msg, want string }{
		{"", "empty"},
		{"{", "unexpected EOF"},
		{"not json", "invalid character"},
		{string(good[:len(good)/2]), "unexpected EOF"},
		{string(good) + "{}", "data after"},
		{strings.Replace(string(good), `"v":1`, `"v":2`, 1), "wire version 2"},
		{strings.Replace(string(good), `"kind":"perft"`, `"kind":"game"`, 1), "does not match"},
		{strings.Replace(string(good), `"depth":1`, `"depth":99`, 1), "depth 99"},
		{strings.Replace(string(good), `"run":"bad"`, `"run":"a.b"`, 1), "run id"},
		{strings.Replace(string(good), `"kind"`, `"surprise":1,"kind"`, 1), "unknown field"},
		{`{"v":1,"run":"bad","n":0,"build":{},"kind":"game","game":{"player1":"x","player2":"y","start":"nonsense","number":0,"seed":0,"max_plies":0}}`, "start"},
		{string(bytes.Repeat([]byte{' '}, MaxMessageBytes+1)), "over the"},
		{`{"v":1,"run":"bad","n":0,"build":{},"kind":"datagen","datagen":{"number":0,"seed":1,"nodes":100,"setup":31,"max_plies":10}}`, "setup 31"},
		{`{"v":1,"run":"bad","n":0,"build":{},"kind":"datagen","datagen":{"number":0,"seed":1,"nodes":100,"setup":30,"max_plies":6000}}`, "max_plies 6000"},
		{`{"v":1,"run":"bad","n":0,"build":{},"kind":"datagen","datagen":{"number":0,"seed":1,"nodes":100,"setup":30,"max_plies":10,"starts":["` + position.Start(30).String() + `"]}}`, "not a play position"},
		{`{"v":1,"run":"bad","n":0,"build":{},"kind":"datagen","datagen":{"number":0,"seed":1,"nodes":100,"setup":30,"max_plies":10,"records":"AA=="}}`, "unknown field"},
		{`{"v":1,"run":"bad","n":0,"build":{},"kind":"datagen","perft":{"position":"` + position.Start(30).String() + `","depth":1}}`, "does not match"},
	}
	js, _ := jetstream.New(nc)
	for _, b := range bad {
		if _, err := js.Publish(context.Background(), JobsSubject("bad"), []byte(b.msg)); err != nil {
			t.Fatal(err)
		}
	}
	for i, b := range bad {
		select {
		case m := <-results:
			r, err := ParseResult(m.Data)
			if err != nil {
				t.Fatalf("message %d: error result does not parse: %v", i, err)
			}
			if r.N != -1 || r.Error == "" || !strings.Contains(r.Error, b.want) {
				t.Errorf("message %d (%s): result n=%d error %q, want n=-1 and an error with %q", i, excerpt.Quote(b.msg), r.N, r.Error, b.want)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("no result for message %d (%s)", i, excerpt.Quote(b.msg))
		}
	}
	// The worker is still serving.
	if _, err := js.Publish(context.Background(), JobsSubject("bad"), good); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-results:
		r, err := ParseResult(m.Data)
		if err != nil || outOf[*PerftOut](r) == nil || outOf[*PerftOut](r).Nodes == 0 {
			t.Fatalf("good job after the bad ones: %+v, %v", r, err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("no result for a good job after the bad ones")
	}
}

func TestPerftDivideThroughWorkers(t *testing.T) {
	p, err := position.Parse("0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36")
	if err != nil {
		t.Fatal(err)
	}
	want, err := movegen.Divide(context.Background(), p, 4, movegen.PerftOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e := startServer(t)
	startWorker(t, e, WorkerConfig{Runners: 2})
	got, err := Divide(withTimeout(t, 60*time.Second), coordinator(t, e, "perft", nil), p, 4, movegen.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: %v, want %v", i, got[i], want[i])
		}
	}
}

func TestSearchJob(t *testing.T) {
	ps := []string{"startpos", "0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36"}
	e := startServer(t)
	startWorker(t, e, WorkerConfig{HashMB: 4})
	var got []*SearchOut
	err := coordinator(t, e, "search", nil).Do(withTimeout(t, 60*time.Second), 1, func(k int) Job {
		return NewJob(KindSearch, &SearchJob{Position: ps[1], Depth: 6})
	}, func(k int, r *Result) (bool, error) {
		got = append(got, outOf[*SearchOut](r))
		return false, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := search.NewEngine(search.Options{Threads: 1, HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := position.Parse(ps[1])
	want := eng.Search(context.Background(), p, nil, search.Limits{Depth: 6}, nil)
	if len(got) != 1 || got[0] == nil {
		t.Fatalf("results %v", got)
	}
	if g := got[0]; g.Best != want.Best.String() || g.Score != want.Score || g.Nodes != want.Nodes || g.Depth != want.Depth {
		t.Fatalf("through a worker: best %s score %d nodes %d depth %d; here: best %s score %d nodes %d depth %d",
			g.Best, g.Score, g.Nodes, g.Depth, want.Best, want.Score, want.Nodes, want.Depth)
	}
}

func TestSPRTStopPurgesJobs(t *testing.T) {
	e := startServer(t)
	startWorker(t, e, WorkerConfig{})
	var out bytes.Buffer
	cfg := matchConfig(t, localGamesN, &out)
	cfg.Games = 400
	s, err := match.ParseSPRT("-400,400,0.2,0.2")
	if err != nil {
		t.Fatal(err)
	}
	cfg.SPRT = &s
	c := coordinator(t, e, "sprt", nil)
	c.Window = 50
	sum, err := Match(withTimeout(t, 60*time.Second), c, cfg, spec1, spec2)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Decision == 0 || sum.Counts.Games() >= 400 {
		t.Fatalf("SPRT did not stop the match: %d games, %v", sum.Counts.Games(), sum.Decision)
	}
	js, _ := jetstream.New(connect(t, e))
	st, err := js.Stream(context.Background(), JobsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := st.Info(context.Background(), jetstream.WithSubjectFilter(JobsSubject("sprt")))
	if err != nil {
		t.Fatal(err)
	}
	if n := info.State.Subjects[JobsSubject("sprt")]; n != 0 {
		t.Fatalf("%d jobs of the run left in the queue after the SPRT stop", n)
	}
}

// The embedded server admits only clients with its token.
func TestEmbeddedNeedsToken(t *testing.T) {
	e := startServer(t)
	u, err := url.Parse(e.URL())
	if err != nil {
		t.Fatal(err)
	}
	if u.User == nil || u.User.Username() == "" {
		t.Fatalf("URL %s carries no token", e.URL())
	}
	u.User = nil
	if nc, err := nats.Connect(u.String()); err == nil {
		nc.Close()
		t.Fatalf("connected to %s without the token", u)
	}
	u.User = url.User("wrong")
	if nc, err := nats.Connect(u.String()); err == nil {
		nc.Close()
		t.Fatal("connected with a wrong token")
	}
}

// A worker runs an external engine only when allowed to.
func TestExternalPlayerNeedsPermission(t *testing.T) {
	e := startServer(t)
	startWorker(t, e, WorkerConfig{})
	var out bytes.Buffer
	cfg := matchConfig(t, 2, &out)
	_, err := Match(withTimeout(t, 60*time.Second), coordinator(t, e, "ugi", nil), cfg, "ugi:/bin/true", spec2)
	if err == nil || !strings.Contains(err.Error(), "--allow-ugi") || !strings.Contains(err.Error(), "ugi:/bin/true") {
		t.Fatalf("error %v, want one that names the player and --allow-ugi", err)
	}
}

// A spec's search params travel to the worker with the spec: the games
// through a worker are the local ones, and a param the worker's
// match.ParseSpec refuses fails the match naming it.
func TestParamSpecsThroughWorkers(t *testing.T) {
	const tuned = "engine:depth=3,hash=1,param.rfpMargin=60,param.lmrDiv=1.5"
	p1, err := match.ParseSpec(tuned)
	if err != nil {
		t.Fatal(err)
	}
	var local, remote bytes.Buffer
	cfg := matchConfig(t, 4, &local)
	cfg.Player1 = p1
	if _, err := match.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	var untuned bytes.Buffer
	if _, err := match.Run(context.Background(), matchConfig(t, 4, &untuned)); err != nil {
		t.Fatal(err)
	}
	if untuned.String() == local.String() {
		t.Fatal("the params change no game: the test cannot see whether they arrive")
	}
	e := startServer(t)
	startWorker(t, e, WorkerConfig{})
	cfg.Out = &remote
	if _, err := Match(withTimeout(t, 60*time.Second), coordinator(t, e, "params", nil), cfg, tuned, spec2); err != nil {
		t.Fatal(err)
	}
	if remote.String() != local.String() {
		t.Fatalf("through a worker:\n%s\nlocal:\n%s", remote.String(), local.String())
	}
	cfg.Out = &bytes.Buffer{}
	_, err = Match(withTimeout(t, 60*time.Second), coordinator(t, e, "badparam", nil), cfg, "engine:depth=3,hash=1,param.rfpMargin=9999", spec2)
	if err == nil || !strings.Contains(err.Error(), "rfpMargin=9999") {
		t.Fatalf("error %v, want one naming rfpMargin=9999", err)
	}
}
