// Tests of the message parsers: round trips, errors, and the fuzz target.

package cluster_test

import (
	"encoding/json"
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"reflect"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/settings"
)

func sampleJobs() []*Job {
	start := position.Start(30).String()
	return []*Job{
		{V: WireVersion, Run: "r1", N: 3, Try: 1, Build: testBuild, Kind: KindGame, Payload: payload(&GameJob{
			Player1: "engine:depth=2", Player2: "random", Start: start, Number: 3, Seed: 9, MaxPlies: 100, MoveTimeoutMS: 60000})},
		{V: WireVersion, Run: "r1", N: 4, Build: testBuild, Kind: KindGame, Payload: payload(&GameJob{
			Player1: "engine:depth=2", Player2: "random", Start: start, Number: 4, Seed: 9, MaxPlies: 100, MoveTimeoutMS: 60000, TC: "40/60+0.5", TimeMarginMS: 20,
			Adjudication: &match.Adjudication{ResignMoves: 3, ResignScore: 500, DrawFrom: 20, DrawMoves: 4, Proven: true}, Notes: true})},
		{V: WireVersion, Run: "r-2", N: 0, Build: testBuild, Kind: KindSearch, Payload: payload(&SearchJob{Position: start, Depth: 5, Objective: "match", Multiplier: 3})},
		{V: WireVersion, Run: "r-2", N: 1, Build: testBuild, Kind: KindSearch, Payload: payload(&SearchJob{Position: start, Nodes: 5000, HashMB: 16, MultiPV: 2})},
		{V: WireVersion, Run: "r_3", N: 7, Build: testBuild, Kind: KindPerft, Payload: payload(&PerftJob{Position: start, Depth: 2})},
		{V: WireVersion, Run: "d", N: 4, Build: testBuild, Kind: KindDatagen, Payload: payload(&DatagenJob{Number: 4, Seed: 3, Nodes: 300,
			HashMB: 1, Setup: 25, RandomPlies: 8, RandomProb: 0.2, MaxPlies: 100, StartShare: 0.5,
			Starts: []string{"0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36"}})},
	}
}

func TestJobRoundTrip(t *testing.T) {
	for _, j := range sampleJobs() {
		b, err := Marshal(j)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseJob(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(got, j) {
			t.Fatalf("round trip: %+v, want %+v", got, j)
		}
	}
}

func TestParseJobErrors(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{`{"v":1,"run":"r","n":-1,"build":{},"kind":"perft","perft":{"position":"startpos","depth":1}}`, "negative"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"perft"}`, "0 payloads"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"search","search":{"position":"startpos"}}`, "no limit"},
		{`{"v":1,"run":"","n":0,"build":{},"kind":"perft","perft":{"position":"startpos","depth":1}}`, "run id"},
		{`[1,2]`, "cannot unmarshal"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"datagen","datagen":{"number":0,"seed":1,"setup":30,"max_plies":10}}`, "no limit"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"datagen","datagen":{"number":-1,"seed":1,"nodes":9,"setup":30,"max_plies":10}}`, "number -1"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"datagen","datagen":{"number":4294967296,"seed":1,"nodes":9,"setup":30,"max_plies":10}}`, "number 4294967296"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"datagen","datagen":{"number":0,"seed":1,"nodes":9,"setup":30,"max_plies":10,"random_prob":1.5}}`, "random_prob 1.5"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"datagen","datagen":{"number":0,"seed":1,"nodes":9,"setup":30,"max_plies":10,"starts":["nonsense"]}}`, "start 1"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"datagen","datagen":{"number":0,"seed":1,"nodes":9,"setup":30,"max_plies":10},"perft":{"position":"startpos","depth":1}}`, "2 payloads"},
		{`{"` + strings.Repeat("x", 10000) + `":1}`, "unknown field"},
		// Job fields bounded as the command line's flags (limits.Nodes).
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"search","search":{"position":"startpos","nodes":18446744073709551615}}`, "nodes 18446744073709551615"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"search","search":{"position":"startpos","nodes":4611686018427387905}}`, "nodes 4611686018427387905"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"datagen","datagen":{"number":0,"seed":1,"nodes":18446744073709551615,"setup":30,"max_plies":10}}`, "nodes 18446744073709551615"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"perft","perft":{"position":"startpos","depth":1},"nonce":"` + strings.Repeat("f", 65) + `"}`, "nonce of 65 bytes"},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"perft","perft":{"position":"startpos","depth":1},"avoid":["a","b","c","d","e","f","g","h","i"]}`, "avoid names 9 workers"},
		// Field names in their own case only, nothing after the object.
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"perft","Perft":{"position":"startpos","depth":1}}`, `the name is "perft"`},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"perft","perft":{"position":"startpos","DEPTH":1}}`, `the name is "depth"`},
		{`{"v":1,"run":"r","n":0,"build":{},"kind":"perft","perft":{"position":"startpos","depth":1}} {}`, "data after the JSON object"},
	} {
		msg := strings.ReplaceAll(c.msg, "startpos", position.Start(30).String())
		_, err := ParseJob([]byte(msg))
		if err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 300 {
			t.Errorf("%.80s: error %.400v, want a short one with %q", c.msg, err, c.want)
		}
	}
}

func TestParseResultErrors(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{`{"v":1,"run":"r","n":0,"build":{},"worker":"w","kind":"perft"}`, "0 payloads"},
		{`{"v":1,"run":"r","n":0,"build":{},"worker":"w","error":"x","perft":{"nodes":1}}`, "an error and a payload"},
		{`{"v":1,"run":"r","n":0,"build":{},"worker":"w","refused":true}`, "refused without"},
		{`{"v":1,"run":"r","n":-2,"build":{},"worker":"w","error":"x"}`, "-1 or more"},
		{`{"v":1,"run":"r","n":0,"build":{},"worker":"w","kind":"game","game":{"start":"x","moves":[],"south":0,"north":0,"end":"no-move"}}`, "game start"},
		{`{"v":1,"run":"r","n":0,"build":{},"worker":"w","kind":"datagen","datagen":{"records":"AAAAAAA="}}`, "5 bytes: not a multiple of 32"},
		{`{"v":1,"run":"r","n":0,"build":{},"worker":"w","kind":"datagen","datagen":{"records":"!!"}}`, "illegal base64"},
		{`{"v":1,"run":"r","n":0,"build":{},"worker":"w","kind":"perft","datagen":{"records":""}}`, "kind \"perft\" with 1 payloads"},
	} {
		_, err := ParseResult([]byte(c.msg))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one with %q", c.msg, err, c.want)
		}
	}
}

// FuzzParseMessages: any bytes as a job or a result give a message or an
// error, never a panic, and what parses survives a round trip.
func FuzzParseMessages(f *testing.F) {
	for _, j := range sampleJobs() {
		b, _ := Marshal(j)
		f.Add(b)
	}
	f.Add([]byte(`{"v":1,"run":"r","n":0,"build":{"version":"x","fingerprint_nodes":1},"worker":"w","kind":"game","game":{"start":"startpos","moves":["a3"],"south":1,"north":2,"end":"forfeit","forfeit":"north","reason":"late"}}`))
	f.Add([]byte(`{"v":1,"run":"r","n":-1,"build":{},"worker":"w","error":"bad"}`))
	f.Add([]byte(`{"v":1,"run":"r","n":0,"build":{},"worker":"w","kind":"game","game":{"start":"startpos","moves":["a3"],"south":1,"north":2,"end":"adjudicated","reason":"r","notes":[{"time_us":20,"search":true,"score":-125,"depth":4}]}}`))
	f.Add([]byte(`{"v":1,"run":"r","n":1,"build":{},"worker":"w","kind":"search","search":{"best":"a3","score":12,"depth":3,"nodes":99,"hash_mb":16,"elapsed_ms":1,"lines":[{"score":-40,"depth":3}]}}`))
	f.Add([]byte(`{"v":1,"run":"r","n":2,"build":{},"worker":"w","kind":"datagen","datagen":{"records":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if j, err := ParseJob(b); err == nil {
			b2, err := Marshal(j)
			if err != nil {
				t.Fatal(err)
			}
			j2, err := ParseJob(b2)
			if err != nil || !reflect.DeepEqual(j, j2) {
				t.Fatalf("job round trip: %v, %+v vs %+v", err, j, j2)
			}
		}
		if r, err := ParseResult(b); err == nil {
			b2, err := Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			r2, err := ParseResult(b2)
			if err != nil || !reflect.DeepEqual(r, r2) {
				t.Fatalf("result round trip: %v, %+v vs %+v", err, r, r2)
			}
		}
	})
}

// The wire's engine-setting fields accept and refuse what the settings
// table does.
func TestWireSettingsAsTheTable(t *testing.T) {
	start := position.Start(30).String()
	for _, c := range []struct {
		s   *settings.Setting
		job func(v int) *Job
	}{
		{settings.Hash, func(v int) *Job {
			return ptr(NewJob(KindSearch, &SearchJob{Position: start, Depth: 2, HashMB: v}))
		}},
		{settings.MultiPV, func(v int) *Job {
			return ptr(NewJob(KindSearch, &SearchJob{Position: start, Depth: 2, MultiPV: v}))
		}},
		{settings.Multiplier, func(v int) *Job {
			return ptr(NewJob(KindSearch, &SearchJob{Position: start, Depth: 2, Multiplier: v}))
		}},
		{settings.Hash, func(v int) *Job {
			return ptr(NewJob(KindDatagen, &DatagenJob{Nodes: 100, Setup: 30, MaxPlies: 10, HashMB: v}))
		}},
		{settings.Setup, func(v int) *Job {
			return ptr(NewJob(KindDatagen, &DatagenJob{Nodes: 100, Setup: v, MaxPlies: 10}))
		}},
	} {
		for _, v := range []int64{c.s.Range.Min - 1, c.s.Range.Min, c.s.Range.Max, c.s.Range.Max + 1, 25, 30, 31} {
			if v == 0 {
				continue // the default on the wire
			}
			j := c.job(int(v))
			j.V, j.Run, j.Build = WireVersion, "r", testBuild
			b, _ := Marshal(j)
			_, err := ParseJob(b)
			if want := c.s.Check("x", v); (err == nil) != (want == nil) {
				t.Errorf("%s %d: the wire says %v, the table %v", c.s.Key, v, err, want)
			}
		}
	}
}

// The wire is the one of the build before job kinds registered
// themselves: a message of that shape (the payload under its kind's
// name) reads, and is written back field for field.
func TestWireShapeKept(t *testing.T) {
	start := position.Start(30).String()
	for _, msg := range []string{
		`{"v":1,"run":"r1","n":3,"attempt":1,"build":{"version":"test","fingerprint_nodes":42},"kind":"game","nonce":"ab","avoid":["w1"],"game":{"player1":"engine:depth=2","player2":"random","start":"` + start + `","number":3,"seed":9,"max_plies":100,"move_timeout_ms":60000}}`,
		`{"v":1,"run":"r-2","n":1,"build":{"version":"test","fingerprint_nodes":42},"kind":"search","search":{"position":"` + start + `","nodes":5000,"hash_mb":16,"multipv":2}}`,
		`{"v":1,"run":"r_3","n":7,"build":{"version":"test","fingerprint_nodes":42},"kind":"perft","perft":{"position":"` + start + `","depth":2}}`,
	} {
		j, err := ParseJob([]byte(msg))
		if err != nil {
			t.Fatalf("%s: %v", msg, err)
		}
		b, err := Marshal(j)
		if err != nil {
			t.Fatal(err)
		}
		var want, got map[string]any
		if err := json.Unmarshal([]byte(msg), &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("written back as\n%s\nwant\n%s", b, msg)
		}
	}
	res := `{"v":1,"run":"r","n":1,"build":{"version":"x","fingerprint_nodes":1},"worker":"w","kind":"search","search":{"best":"a3","score":12,"depth":3,"nodes":99,"hash_mb":16,"elapsed_ms":1,"lines":[{"score":-40,"depth":3}]},"machine":{"cpu":"c","physical_cores":4,"logical_cores":8,"procs":8,"x86_64_level":3,"go":"go1.26","arch":"amd64"}}`
	r, err := ParseResult([]byte(res))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Marshal(r)
	var want, got map[string]any
	json.Unmarshal([]byte(res), &want)
	json.Unmarshal(b, &got)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("result written back as\n%s\nwant\n%s", b, res)
	}
}
