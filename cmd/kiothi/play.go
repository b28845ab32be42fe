// The play command: a person against the engine in the terminal.

package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/play"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

type playOptions struct {
	side       string
	movetime   time.Duration
	depth      int
	setup      int
	color      string
	start      string
	multiplier int
	book       bookFlags
}

func newPlayCmd(g *globalOptions) *cobra.Command {
	o := &playOptions{}
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play against the engine in the terminal",
		Long: `Play a game against the engine in the terminal. The board is drawn after
every move; type moves in notation (e5, or ij:a3b2F5 at the opening), or two
pit letters at the opening for a guided redistribution. Type help at the
prompt for hint, undo, level, swap, new and quit. With --book the engine
plays the book's moves while the game is in book, and says so.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg := play.Config{In: g.in, Out: g.out, Rules: g.rules(), MoveTime: o.movetime,
				Depth: o.depth, Multiplier: o.multiplier}
			switch o.side {
			case "south", "s":
				cfg.Human = position.South
			case "north", "n":
				cfg.Human = position.North
			default:
				return fmt.Errorf("--side %s: want south or north", excerpt.Quote(o.side))
			}
			switch o.setup {
			case 30, 25:
				cfg.Setup = position.Setup(o.setup)
			default:
				return fmt.Errorf("--setup %d: want 30 or 25", o.setup)
			}
			if o.start != "" {
				p, err := parsePosition(o.start)
				if err != nil {
					return err
				}
				cfg.Start = &p
			}
			f := cmd.Flags()
			if err := checkFlag(f, "depth", limits.Depth, int64(o.depth)); err != nil {
				return err
			}
			if err := limits.MoveTimeMS.CheckDuration("--movetime", o.movetime); err != nil {
				return err
			}
			if err := limits.Multiplier.Check("--multiplier", int64(o.multiplier)); err != nil {
				return err
			}
			switch o.color {
			case "auto":
				cfg.Color = colorTerminal(g.out)
			case "always":
				cfg.Color = true
			case "never":
			default:
				return fmt.Errorf("--color %s: want auto, always or never", excerpt.Quote(o.color))
			}
			start := position.Start(cfg.Setup)
			if cfg.Start != nil {
				start = *cfg.Start
			}
			bp, err := o.book.open(start, cfg.Rules)
			if err != nil {
				return err
			}
			if bp != nil {
				cfg.Book = bp
			}
			return play.Run(cfg)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.side, "side", "south", "your side: south (moves first) or north")
	durationVar(f, &o.movetime, "movetime", time.Second, "engine time a move")
	f.IntVar(&o.depth, "depth", 0, "engine depth a move instead of a time")
	settings.Flag(f, settings.Setup, &o.setup, "starting setup: 30 or 25")
	f.StringVar(&o.start, "position", "", "start from this position instead (startpos, startpos25 or four fields)")
	f.StringVar(&o.color, "color", "auto", "colour: auto, always or never")
	settings.Flag(f, settings.Multiplier, &o.multiplier, "one-warrior multiplier (2 to 10)")
	addBookFlags(cmd, &o.book)
	return cmd
}

// colorTerminal reports whether w is a terminal that takes ANSI colour:
// a character device, TERM set and not dumb, and NO_COLOR unset.
func colorTerminal(w io.Writer) bool {
	if _, no := os.LookupEnv("NO_COLOR"); no {
		return false
	}
	t := os.Getenv("TERM")
	return t != "" && t != "dumb" && isTerminal(w)
}
