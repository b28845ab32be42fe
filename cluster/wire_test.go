// Tests of the message parsers: round trips, errors, and the fuzz target.

package cluster

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func sampleJobs() []*Job {
	start := position.Start(30).String()
	return []*Job{
		{V: WireVersion, Run: "r1", N: 3, Try: 1, Build: testBuild, Kind: KindGame, Game: &GameJob{
			Player1: "engine:depth=2", Player2: "random", Start: start, Number: 3, Seed: 9, MaxPlies: 100, MoveTimeoutMS: 60000}},
		{V: WireVersion, Run: "r-2", N: 0, Build: testBuild, Kind: KindSearch, Search: &SearchJob{Position: start, Depth: 5, Objective: "match", Multiplier: 3}},
		{V: WireVersion, Run: "r_3", N: 7, Build: testBuild, Kind: KindPerft, Perft: &PerftJob{Position: start, Depth: 2}},
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
		{`{"` + strings.Repeat("x", 10000) + `":1}`, "unknown field"},
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
	f.Add([]byte(`{"v":1,"run":"r","n":0,"build":{"version":"x","signature":1},"worker":"w","kind":"game","game":{"start":"startpos","moves":["a3"],"south":1,"north":2,"end":"forfeit","forfeit":"north","reason":"late"}}`))
	f.Add([]byte(`{"v":1,"run":"r","n":-1,"build":{},"worker":"w","error":"bad"}`))
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
