// kiothi play: its flags checked in their words and turned into a Config.

package play

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/progress"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Flags are kiothi play's settings as its flags give them.
type Flags struct {
	Side       string // south (s) or north (n)
	MoveTime   time.Duration
	Depth      int
	DepthGiven bool
	Setup      int
	Color      string // auto, always or never
	Start      string // a position to start from instead of the setup's
	Multiplier int
	EGDB       string // the endgame database setting (egdb.OpenSetting)
	Rules      movegen.Rules
	In         io.Reader
	Out        io.Writer
	// Terminal says whether Out is a terminal that takes colour (Color auto).
	Terminal bool
	// OpenBook, if set, opens the book for games from start (nil: none).
	OpenBook func(start position.Position, r movegen.Rules) (Book, error)
}

// Config checks f and returns the session's Config.
func (f *Flags) Config() (Config, error) {
	cfg := Config{In: f.In, Out: f.Out, Rules: f.Rules, MoveTime: f.MoveTime, Depth: f.Depth, Multiplier: f.Multiplier}
	switch f.Side {
	case "south", "s":
		cfg.Human = position.South
	case "north", "n":
		cfg.Human = position.North
	default:
		return cfg, fmt.Errorf("--side %s: want south or north", excerpt.Quote(f.Side))
	}
	switch f.Setup {
	case 30, 25:
		cfg.Setup = position.Setup(f.Setup)
	default:
		return cfg, fmt.Errorf("--setup %d: want 30 or 25", f.Setup)
	}
	if f.Start != "" {
		p, err := position.ParseStart(f.Start)
		if err != nil {
			return cfg, err
		}
		cfg.Start = &p
	}
	if f.DepthGiven {
		if err := limits.Depth.Check("--depth", int64(f.Depth)); err != nil {
			return cfg, err
		}
	}
	if err := limits.MoveTimeMS.CheckDuration("--movetime", f.MoveTime); err != nil {
		return cfg, err
	}
	if err := limits.Multiplier.Check("--multiplier", int64(f.Multiplier)); err != nil {
		return cfg, err
	}
	var err error
	if cfg.DB, err = egdb.OpenFor(f.EGDB, f.Rules); err != nil {
		return cfg, fmt.Errorf("--egdb: %v", err)
	}
	switch f.Color {
	case "auto":
		cfg.Color = f.Terminal
	case "always":
		cfg.Color = true
	case "never":
	default:
		return cfg, fmt.Errorf("--color %s: want auto, always or never", excerpt.Quote(f.Color))
	}
	if f.OpenBook != nil {
		start := position.Start(cfg.Setup)
		if cfg.Start != nil {
			start = *cfg.Start
		}
		b, err := f.OpenBook(start, cfg.Rules)
		if err != nil {
			return cfg, err
		}
		cfg.Book = b
	}
	return cfg, nil
}

// ColorTerminal reports whether w is a terminal that takes ANSI colour
// (Flags.Terminal): a character device, TERM set and not dumb, and
// NO_COLOR unset.
func ColorTerminal(w io.Writer) bool {
	if _, no := os.LookupEnv("NO_COLOR"); no {
		return false
	}
	t := os.Getenv("TERM")
	return t != "" && t != "dumb" && progress.IsTerminal(w)
}
