// Tests of POST /api/v1/solve: the CLI's values (solve.Flags.RunMoves),
// the cache, the time limit and bad input.

package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/solve"
)

// postSolve posts body to /api/v1/solve and decodes the answer.
func postSolve(t *testing.T, h http.Handler, body string) (int, SolveResponse, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/v1/solve", strings.NewReader(body)))
	var res SolveResponse
	if rec.Code == http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil {
			t.Fatalf("%s: %v", rec.Body, err)
		}
	}
	return rec.Code, res, rec.Body.String()
}

// cliMoves is what kiothi solve --moves --json answers for pos.
func cliMoves(t *testing.T, pos string) solve.MovesReport {
	t.Helper()
	p, err := parsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	f := solve.Flags{Threads: 1, HashMB: 16, Table: "search", EGDB: egdb.Auto}
	var out bytes.Buffer
	noop := func(string) {}
	if err := f.RunMoves(context.Background(), p, &out, &bytes.Buffer{}, solve.Status{Show: noop, Done: func() {}}, true); err != nil {
		t.Fatal(err)
	}
	var rep solve.MovesReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

func sameMoves(t *testing.T, got, want solve.MovesReport) {
	t.Helper()
	if !got.Proven || *got.Value != *want.Value || len(got.Moves) != len(want.Moves) {
		t.Fatalf("api %+v, cli %+v", got, want)
	}
	for i, m := range got.Moves {
		w := want.Moves[i]
		if m.Move != w.Move || !m.Proven || *m.Value != *w.Value || m.Source != w.Source {
			t.Errorf("move %d: api %s %d %s, cli %s %d %s", i, m.Move, *m.Value, m.Source, w.Move, *w.Value, w.Source)
		}
	}
}

func TestSolveEndpoint(t *testing.T) {
	db, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	h := New(Config{DB: db}).Handler()
	// The accuracy set's first position (testdata/accuracy-20-26.txt).
	pos := "1.0.1.3.0.0.0.1.1.3/1.4.2.1.0.0.3.2.1.1 27-8 n 28"
	code, res, body := postSolve(t, h, `{"position": "`+pos+`", "limits": {"movetime": 10000}}`)
	if code != http.StatusOK || res.Cached {
		t.Fatalf("%d %s", code, body)
	}
	want := cliMoves(t, pos)
	sameMoves(t, res.MovesReport, want)
	if *res.Value != -16 || res.Moves[0].Move != "B3" || res.Moves[4].Move != "C2" || *res.Moves[4].Value != -20 {
		t.Errorf("values differ from the set's: %s", body)
	}
	// Again: from the cache, the same answer.
	code, again, body := postSolve(t, h, `{"position": "`+pos+`", "limits": {"movetime": 10000}}`)
	if code != http.StatusOK || !again.Cached {
		t.Fatalf("not cached: %d %s", code, body)
	}
	sameMoves(t, again.MovesReport, want)
	// Bounds only on the worse moves: B4 and C2 worse, the others -16.
	code, res, body = postSolve(t, h, `{"position": "`+pos+`", "worseBound": true, "limits": {"movetime": 10000}}`)
	if code != http.StatusOK || res.Cached || !res.Proven || *res.Value != -16 || len(res.Moves) != 5 {
		t.Fatalf("worseBound: %d %s", code, body)
	}
	for _, m := range res.Moves {
		if w := m.Move == "B4" || m.Move == "C2"; w != m.Worse || (w && (m.Proven || *m.Hi >= -16)) || (!w && *m.Value != -16) {
			t.Errorf("worseBound: move %+v", m)
		}
	}
	// A line played from a start: the values of the position after it,
	// the database's where it holds the child.
	small := "0.1.2.0.0.0.0.0.0.1/0.0.1.0.2.0.0.1.0.0 20-22 s 30"
	code, res, body = postSolve(t, h, `{"position": "`+small+`", "moves": ["j1"]}`)
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, body)
	}
	p, _ := parsePosition(small)
	after, _, err := movegen.ParseAndApply(p, "j1", movegen.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Position != after.String() {
		t.Fatalf("position %s, want %s", res.Position, after)
	}
	sameMoves(t, res.MovesReport, cliMoves(t, after.String()))
	if res.Moves[0].Source != solve.SourceEGDB {
		t.Errorf("a child of 8 warriors from %s, not the database", res.Moves[0].Source)
	}
}

func TestSolveEndpointLimits(t *testing.T) {
	h := New(Config{MaxMoveTime: 50 * time.Millisecond}).Handler()
	// 30 warriors: not proven in 50 ms; bounds, and no cache.
	big := `{"position": "0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15", "limits": {"movetime": 60000}}`
	for i := 0; i < 2; i++ {
		code, res, body := postSolve(t, h, big)
		if code != http.StatusOK || res.Proven || res.Cached || res.Capped == "" || res.Lo == nil || res.Hi == nil {
			t.Fatalf("%d %s", code, body)
		}
		for _, m := range res.Moves {
			if !m.Proven && (m.Lo == nil || m.Hi == nil || *m.Lo > *m.Hi || m.Value != nil) {
				t.Fatalf("unproven move without bounds: %s", body)
			}
		}
	}
	// The game over: its result, no moves.
	code, res, body := postSolve(t, h, `{"position": "0.0.0.0.0.0.0.4.0.0/0.0.0.0.0.0.0.0.0.0 5-0 n 4"}`)
	if code != http.StatusOK || !res.Proven || *res.Value != -9 || len(res.Moves) != 0 || res.Result == nil {
		t.Fatalf("over: %d %s", code, body)
	}
	for _, tc := range []struct {
		body string
		code int
	}{
		{`{"position": "startpos"}`, http.StatusUnprocessableEntity},
		{`{"position": "1.2 0-0 s 3"}`, http.StatusBadRequest},
		{`{"position": ""}`, http.StatusBadRequest},
		{`{"position": "0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15", "limits": {"depth": 3}}`, http.StatusBadRequest},
		{`{"position": "0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15", "limits": {"movetime": -1}}`, http.StatusBadRequest},
		{`{"position": "0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15", "limits": {"movetime": 0}}`, http.StatusBadRequest},
		{`{"position": "0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15", "moves": ["zz"]}`, http.StatusBadRequest},
		{`{"position": "0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15", "moves": ["f1"]}`, http.StatusUnprocessableEntity},
	} {
		code, _, body := postSolve(t, h, tc.body)
		if code != tc.code || !strings.Contains(body, `"error"`) {
			t.Errorf("%s: %d %s, want %d", tc.body, code, body, tc.code)
		}
	}
}
