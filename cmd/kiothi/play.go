// The play command: a person against the engine in the terminal.

package main

import (
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/play"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

type playOptions struct {
	play.Flags
	book bookFlags
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
			f := &o.Flags
			f.DepthGiven, f.Rules, f.In, f.Out, f.Terminal = cmd.Flags().Changed("depth"), g.rules(), g.in, g.out, play.ColorTerminal(g.out)
			if o.book.path != "" {
				f.OpenBook = func(start position.Position, r movegen.Rules) (play.Book, error) { return o.book.open(start, r) }
			}
			cfg, err := f.Config()
			if err != nil {
				return err
			}
			return play.Run(cfg)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Side, "side", "south", "your side: south (moves first) or north")
	durationVar(f, &o.MoveTime, "movetime", time.Second, "engine time a move")
	f.IntVar(&o.Depth, "depth", 0, "engine depth a move instead of a time")
	settings.Flag(f, settings.Setup, &o.Setup, "starting setup: 30 or 25")
	f.StringVar(&o.Start, "position", "", "start from this position instead (startpos, startpos25 or four fields)")
	f.StringVar(&o.Color, "color", "auto", "colour: auto, always or never")
	settings.Flag(f, settings.Multiplier, &o.Multiplier, "one-warrior multiplier (2 to 10)")
	settings.Flag(f, settings.EGDB, &o.EGDB, "")
	addBookFlags(cmd, &o.book)
	return cmd
}
