// Tests of POST /api/v1/analyse's lines: multipv within the MultiPV
// setting's range, and each line's move, score, proven flag and PV.

package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// analyseLines posts body to /api/v1/analyse and decodes the answer.
func analyseLines(t *testing.T, h http.Handler, body string) (int, AnalyseResponse, ErrorResponse) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/v1/analyse", strings.NewReader(body)))
	var res AnalyseResponse
	var e ErrorResponse
	if rec.Code == http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil {
			t.Fatalf("%s: %v", rec.Body, err)
		}
	} else if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Fatalf("%s: %v", rec.Body, err)
	}
	return rec.Code, res, e
}

// checkLines checks an answer's lines: want of them (fewer when fewer
// moves are legal at pos), numbered from 1, line 1 the answer itself,
// each with a legal first move its PV begins with, no move twice,
// scores best first (a proven value ordered as the search orders it).
func checkLines(t *testing.T, pos string, res AnalyseResponse, want int) {
	t.Helper()
	p, err := position.ParseStart(pos)
	if err != nil {
		t.Fatal(err)
	}
	legal := func(m string) bool { _, _, err := movegen.ParseAndApply(p, m, movegen.Rules{}); return err == nil }
	if p.Phase() == position.Play {
		want = min(want, movegen.CountMoves(&p, movegen.Rules{}))
	}
	if len(res.Lines) != want {
		t.Fatalf("%d lines, want %d: %+v", len(res.Lines), want, res.Lines)
	}
	l1 := res.Lines[0]
	if l1.Move != res.BestMove || l1.Score != res.Score || l1.Proven != res.Proven || l1.Depth != res.Depth || strings.Join(l1.PV, " ") != strings.Join(res.PV, " ") {
		t.Errorf("line 1 %+v is not the answer (bestmove %s score %d proven %v depth %d pv %v)", l1, res.BestMove, res.Score, res.Proven, res.Depth, res.PV)
	}
	seen := map[string]bool{}
	key := func(l AnalyseLine) int {
		if l.Proven {
			return search.Proven(l.Score)
		}
		return l.Score
	}
	for k, l := range res.Lines {
		if l.MultiPV != k+1 || !legal(l.Move) || seen[l.Move] || len(l.PV) == 0 || l.PV[0] != l.Move || l.Depth < 1 {
			t.Errorf("line %d: %+v", k+1, l)
		}
		seen[l.Move] = true
		if k > 1 && key(l) > key(res.Lines[k-1]) {
			t.Errorf("line %d scores %d (proven %v) above line %d's %d", k+1, l.Score, l.Proven, k, res.Lines[k-1].Score)
		}
	}
}

func TestAnalyseMultiPV(t *testing.T) {
	db, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	h := New(Config{DB: db}).Handler()
	// At the start: three lines at depth 5.
	code, res, e := analyseLines(t, h, `{"position": "startpos", "multipv": 3, "limits": {"depth": 5}}`)
	if code != http.StatusOK {
		t.Fatalf("status %d: %+v", code, e)
	}
	checkLines(t, "startpos", res, 3)

	// No multipv: the one line, the answer.
	code, res, e = analyseLines(t, h, `{"position": "startpos", "limits": {"depth": 3}}`)
	if code != http.StatusOK {
		t.Fatalf("status %d: %+v", code, e)
	}
	checkLines(t, "startpos", res, 1)

	// An endgame the built-in database holds: every line proven.
	end := "1.0.1.1.0.0.0.1.0.0/0.1.0.1.0.0.1.0.0.1 30-22 s 28"
	code, res, e = analyseLines(t, h, fmt.Sprintf(`{"position": %q, "multipv": 64, "limits": {"depth": 4}}`, end))
	if code != http.StatusOK {
		t.Fatalf("status %d: %+v", code, e)
	}
	checkLines(t, end, res, 64)
	for _, l := range res.Lines {
		if !l.Proven {
			t.Errorf("endgame line %+v not proven", l)
		}
	}

	// Out of the MultiPV setting's range: refused, the field named.
	for _, v := range []string{"0", "-1", fmt.Sprint(limits.MultiPV.Max + 1)} {
		code, _, e := analyseLines(t, h, `{"position": "startpos", "multipv": `+v+`, "limits": {"depth": 1}}`)
		if code != http.StatusBadRequest || e.Code != CodeOutOfRange || e.Field != "multipv" || !strings.Contains(e.Error, "multipv "+v) {
			t.Errorf("multipv %s: status %d, %+v", v, code, e)
		}
	}
	if code, _, e := analyseLines(t, h, `{"position": "startpos", "multipv": "two"}`); code != http.StatusBadRequest || e.Field != "multipv" {
		t.Errorf("multipv \"two\": status %d, %+v", code, e)
	}
}
