// kiothi solve --moves and POST /api/v1/solve: every move's value as
// lines of text or one JSON object.

package solve

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/kiothi/kiothi/position"
)

// MoveReport is one move's value as JSON: Value when proven, else the
// bounds Lo and Hi; Source as MoveValue's.
type MoveReport struct {
	Move   string `json:"move"`
	Value  *int   `json:"value,omitempty"`
	Proven bool   `json:"proven"`
	Lo     *int   `json:"lo,omitempty"`
	Hi     *int   `json:"hi,omitempty"`
	Source string `json:"source"`
	Worse  bool   `json:"worse,omitempty"` // proven worse than the best, at most hi (--worse-bound)
}

// MovesReport is every move's value as JSON (kiothi solve --moves --json
// and POST /api/v1/solve write it): the position's value when proven,
// else its bounds; its line; every legal move, best first.
type MovesReport struct {
	Value  *int         `json:"value,omitempty"`
	Proven bool         `json:"proven"`
	Lo     *int         `json:"lo,omitempty"`
	Hi     *int         `json:"hi,omitempty"`
	PV     []string     `json:"pv,omitempty"`
	Moves  []MoveReport `json:"moves"`
	Nodes  uint64       `json:"nodes"`
	TimeMS int64        `json:"time_ms"`
}

// Report returns r as JSON's fields.
func (r MovesResult) Report() MovesReport {
	ip := func(v int) *int { return &v }
	out := MovesReport{Proven: r.Exact, Moves: []MoveReport{}, Nodes: r.Nodes, TimeMS: r.Time.Milliseconds()}
	if r.Exact {
		out.Value = ip(r.Value)
	} else {
		out.Lo, out.Hi = ip(r.Lo), ip(r.Hi)
	}
	for _, m := range r.PV {
		out.PV = append(out.PV, m.String())
	}
	for _, mv := range r.Moves {
		mr := MoveReport{Move: mv.Move.String(), Proven: mv.Exact, Source: mv.Source, Worse: mv.Worse}
		if mv.Exact {
			mr.Value = ip(mv.Value)
		} else {
			mr.Lo, mr.Hi = ip(mv.Lo), ip(mv.Hi)
		}
		out.Moves = append(out.Moves, mr)
	}
	return out
}

// ReportMoves writes r as kiothi solve --moves does: a line a move, best
// first ("move M value V", "move M worse: at most H" where only a bound
// was asked for, or "move M unsolved [lo, hi]"), then the
// position's line as Report writes it; or, with asJSON, one object
// (MovesReport). The error wraps ErrUnsolved when a move is not proven.
func ReportMoves(out, log io.Writer, r MovesResult, asJSON bool) error {
	unsolved := 0
	for _, mv := range r.Moves {
		if !mv.Exact && !mv.Worse {
			unsolved++
		}
	}
	var err error
	if unsolved > 0 {
		err = fmt.Errorf("%w: %d of %d moves after %v: allow more with --time-limit (0: no limit), or a larger --hash", ErrUnsolved, unsolved, len(r.Moves), r.Time.Round(time.Millisecond))
	}
	if asJSON {
		b, jerr := json.Marshal(r.Report())
		if jerr != nil {
			return jerr
		}
		fmt.Fprintln(out, string(b))
		return err
	}
	for _, mv := range r.Moves {
		switch {
		case mv.Exact:
			fmt.Fprintf(out, "move %s value %d\n", mv.Move, mv.Value)
		case mv.Worse:
			fmt.Fprintf(out, "move %s worse: at most %d\n", mv.Move, mv.Hi)
		default:
			fmt.Fprintf(out, "move %s unsolved [%d, %d]\n", mv.Move, mv.Lo, mv.Hi)
		}
	}
	if rerr := Report(out, log, r.Result); rerr != nil && err == nil {
		err = rerr
	}
	return err
}

// RunMoves is Run for --moves: every legal move's value of p under f
// (with WorseBound, SolveMovesBounded's), written by ReportMoves (asJSON:
// one object). A position with no legal
// move prints the line Options gives (as JSON, its value and no moves).
func (f *Flags) RunMoves(ctx context.Context, p position.Position, out, log io.Writer, status Status, asJSON bool) error {
	solveMoves := SolveMoves
	if f.WorseBound {
		solveMoves = SolveMovesBounded
	}
	opts, decided, err := f.Options(&p)
	if err != nil {
		return err
	}
	if decided != "" {
		if !asJSON {
			fmt.Fprintln(out, decided)
			return nil
		}
		opts = Options{Rules: f.Rules, Objective: f.Objective, Multiplier: f.Multiplier, HashMB: 1}
	} else {
		opts.Progress = func(pr Progress) { status.Show(pr.ProgressLine()) }
	}
	if f.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.TimeLimit)
		defer cancel()
	}
	res, err := solveMoves(ctx, p, opts)
	status.Done()
	if err != nil {
		return err
	}
	return ReportMoves(out, log, res, asJSON)
}
