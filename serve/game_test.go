// Tests of the game endpoint: traces, legal moves, the end and refusals.

package serve

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func TestGameEndpoint(t *testing.T) {
	h := New(Config{}).Handler()
	// RULES.md §9: j11 ends in a, captures J and the bonus G, H, I.
	code, v := post(t, h, "/api/v1/game", `{"position": "0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3", "moves": ["j11"]}`)
	if code != http.StatusOK {
		t.Fatalf("status %d: %v", code, v)
	}
	plies := v["plies"].([]any)
	ply := plies[0].(map[string]any)
	if len(plies) != 1 || ply["move"] != "j11" || ply["side"] != "south" || fmt.Sprint(ply["source"]) != "[j]" ||
		ply["landing"] != "a" || fmt.Sprint(ply["captured"]) != "[G H I J]" ||
		ply["position"] != "0.0.0.0.0.0.0.0.0.0/1.1.1.1.1.1.0.0.0.0 11-0 n 4" || v["position"] != ply["position"] {
		t.Errorf("ply %v, position %v", ply, v["position"])
	}
	p, _ := position.Parse(v["position"].(string))
	var list movegen.MoveList
	n := movegen.Generate(&p, movegen.Rules{}, &list)
	if moves := v["moves"].([]any); len(moves) != n || v["phase"] != "play" || v["result"] != nil {
		t.Errorf("moves %v (want %d), phase %v, result %v", moves, n, v["phase"], v["result"])
	}

	// The opening: the emptied pits are the source; the next turn is North's redistribution.
	code, v = post(t, h, "/api/v1/game", `{"position": "startpos", "moves": ["ef:a5J5"]}`)
	ply = v["plies"].([]any)[0].(map[string]any)
	if code != http.StatusOK || fmt.Sprint(ply["source"]) != "[e f]" || ply["landing"] != nil || v["phase"] != "opening" ||
		len(v["moves"].([]any)) != 0 || v["start"] != position.Start(30).String() {
		t.Errorf("opening: %d %v", code, v)
	}

	// free first lap: b1 ends in occupied c, illegal by default, a relay with the variant.
	illegal := `{"position": "0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 s 3", "moves": ["b1"]%s}`
	code, v = post(t, h, "/api/v1/game", fmt.Sprintf(illegal, ""))
	if msg, _ := v["error"].(string); code != http.StatusUnprocessableEntity || msg != `moves[0] "b1" is illegal: b1: `+movegen.FirstLap.String() {
		t.Errorf("first-lap: %d %v", code, v)
	}
	code, v = post(t, h, "/api/v1/game", fmt.Sprintf(illegal, `, "freeFirstLap": true`))
	if code != http.StatusOK {
		t.Errorf("free first lap: %d %v", code, v)
	}

	// The game's end: North has no move after b1 captures H.
	code, v = post(t, h, "/api/v1/game", `{"position": "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "moves": ["b1"]}`)
	r, _ := v["result"].(map[string]any)
	if code != http.StatusOK || r == nil || r["south"] != 5.0 || r["north"] != 0.0 || r["winner"] != "south" || len(v["moves"].([]any)) != 0 {
		t.Errorf("end: %d %v", code, v)
	}
}

// TestGameMatchesRecord: seeded random whole games from both setups; the
// endpoint's plies, position and result are movegen.Game's.
func TestGameMatchesRecord(t *testing.T) {
	h := New(Config{}).Handler()
	rng := rand.New(rand.NewPCG(13, 1))
	for k := 0; k < 20; k++ {
		rules := movegen.Rules{FreeFirstLap: k%2 == 1}
		setup := position.Setup(30 - 5*(k%4/2))
		g := movegen.NewGame(position.Start(setup), rules)
		var moves []string
		for ply := 0; ply < 400; ply++ {
			if _, over := g.Over(); over {
				break
			}
			cur := g.Current()
			var m position.GameMove
			if cur.Phase() != position.Play {
				m = position.Redistribute(movegen.ScatterOpening(&cur, rng))
			} else {
				var list movegen.MoveList
				n := movegen.Generate(&cur, rules, &list)
				m = position.PlayMove(list[rng.IntN(n)])
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			moves = append(moves, fmt.Sprintf("%q", m.String()))
		}
		body := fmt.Sprintf(`{"position": %q, "moves": [%s], "freeFirstLap": %v}`, position.Start(setup).String(), strings.Join(moves, ","), rules.FreeFirstLap)
		code, v := post(t, h, "/api/v1/game", body)
		if code != http.StatusOK {
			t.Fatalf("game %d: %d %v", k, code, v)
		}
		plies := v["plies"].([]any)
		for i, pl := range plies {
			if pos := pl.(map[string]any)["position"]; pos != g.Positions[i+1].String() {
				t.Fatalf("game %d ply %d: %v, want %s", k, i, pos, g.Positions[i+1])
			}
		}
		o, over := g.Over()
		r, _ := v["result"].(map[string]any)
		if len(plies) != len(moves) || v["position"] != g.Current().String() || (r != nil) != over ||
			(over && (r["south"] != float64(o.South) || r["north"] != float64(o.North) || (r["repetition"] == true) != o.Repetition)) {
			t.Errorf("game %d: %d plies, position %v, result %v; want %d, %s, %+v (over %v)", k, len(plies), v["position"], r, len(moves), g.Current(), o, over)
		}
	}
}

func mustParse(t *testing.T, s string) position.Position {
	t.Helper()
	p, err := position.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
