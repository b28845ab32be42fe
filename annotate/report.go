// The review's output, game by game: annotated PGN or JSON, the one
// builder of what `kiothi annotate` prints and POST /api/v1/annotate
// answers.

package annotate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/search"
)

// MaxGames bounds the games of one review (NewReader): a review of that
// many games at the default limit already takes days.
const MaxGames = 100_000

// NewReader returns a PGN reader of r, a game at a time, with the
// review's bounds: at most maxGames games (MaxGames when 0) and
// pgn.DefaultMaxBytes bytes.
func NewReader(r io.Reader, maxGames int) *pgn.Reader {
	pr := pgn.NewReader(r)
	pr.MaxGames = MaxGames
	if maxGames > 0 {
		pr.MaxGames = maxGames
	}
	return pr
}

// LimitsText names a review's limit: "depth 8", "nodes 5000",
// "movetime 100ms".
func LimitsText(l search.Limits) string {
	switch {
	case l.Depth > 0:
		return fmt.Sprintf("depth %d", l.Depth)
	case l.Nodes > 0:
		return fmt.Sprintf("nodes %d", l.Nodes)
	}
	return "movetime " + l.MoveTime.String()
}

// Annotator is the Annotator tag of a review at limits l.
func Annotator(l search.Limits) string { return "kiothi annotate " + LimitsText(l) }

// Report reviews the games (Review) and writes each to w as it is done:
// as annotated PGN, or with asJSON the JSON of docs/api.md
// ({"games": [...], "players": [...]}, indented by two spaces), and
// returns the per-player totals. On an error w holds the games done
// before it (and, as JSON, no closing part).
func Report(ctx context.Context, games Games, cfg Config, w io.Writer, asJSON bool) ([]PlayerSummary, error) {
	var totals Totals
	n := 0
	if asJSON {
		if _, err := io.WriteString(w, "{\n  \"games\": ["); err != nil {
			return nil, err
		}
	}
	annotator := Annotator(cfg.Limits)
	err := Review(ctx, games, cfg, func(g *Game) error {
		g.PGN = g.Annotated(annotator).String()
		totals.Add(g)
		n++
		if !asJSON {
			_, err := io.WriteString(w, g.PGN)
			return err
		}
		b, err := json.MarshalIndent(g, "    ", "  ")
		if err != nil {
			return err
		}
		sep := ",\n    "
		if n == 1 {
			sep = "\n    "
		}
		if _, err := io.WriteString(w, sep); err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	if err != nil {
		return nil, err
	}
	ps := totals.Players()
	if asJSON {
		b, err := json.MarshalIndent(ps, "  ", "  ")
		if err != nil {
			return nil, err
		}
		end := "\n  ],\n  \"players\": "
		if n == 0 {
			end = "],\n  \"players\": "
		}
		if _, err := fmt.Fprintf(w, "%s%s\n}\n", end, b); err != nil {
			return nil, err
		}
	}
	return ps, nil
}
