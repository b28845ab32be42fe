// The root command: the options every command shares and the list of
// subcommands.

package main

import (
	"errors"
	"fmt"
	"github.com/kiothi/kiothi/internal/interrupt"
	"io"
	"strings"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

// globalOptions are the persistent flags every command accepts.
type globalOptions struct {
	freeFirstLap bool
	in           io.Reader
	out, errOut  io.Writer
}

// rules returns the rules the flags select.
func (g *globalOptions) rules() movegen.Rules {
	return movegen.Rules{FreeFirstLap: g.freeFirstLap}
}

// subcommands builds every subcommand, one constructor from each command's
// file (help lists them sorted by name).
func subcommands(g *globalOptions) []*cobra.Command {
	return []*cobra.Command{
		// The rules.
		newPerftCmd(g), newMovesCmd(g), newShowCmd(g),
		// The search.
		newAnalyseCmd(g), newBenchCmd(g), newSolveCmd(g), newEgdbCmd(g), newAccuracyCmd(g),
		// Playing and front-ends.
		newPlayCmd(g), newUGICmd(g), newServeCmd(g),
		// Games between engines, books, training data, and their workers.
		newMatchCmd(g), newAnnotateCmd(g), newBookCmd(g), newDatagenCmd(g), newTuneCmd(g), newTrainCmd(g), newSPSACmd(g), newWorkerCmd(g),
	}
}

// newRootCmd builds the command tree on the given streams (tests pass
// buffers instead of a process's streams).
func newRootCmd(in io.Reader, out, errOut io.Writer) *cobra.Command {
	g := &globalOptions{in: in, out: out, errOut: errOut}
	root := &cobra.Command{
		Use:           "kiothi",
		Short:         "Kiothi engine: the Meru two-row mancala",
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(in)
	root.SetOut(out)
	root.SetErr(errOut)
	settings.Flag(root.PersistentFlags(), settings.FreeFirstLap, &g.freeFirstLap, "")
	root.AddCommand(subcommands(g)...)
	root.SetGlobalNormalizationFunc(settings.NormalizeFlag) // the case rule: --HASH is --hash
	root.SetFlagErrorFunc(flagError)
	withUsage(root)
	return root
}

// withUsage makes the argument errors of c and its subcommands end with
// the command's usage line, so that a missing argument says what to give.
func withUsage(c *cobra.Command) {
	if args := c.Args; args != nil {
		c.Args = func(cmd *cobra.Command, a []string) error {
			if err := args(cmd, a); err != nil {
				return fmt.Errorf("%v\nusage: %s (see %s --help)", err, cmd.UseLine(), cmd.CommandPath())
			}
			return nil
		}
	}
	for _, sub := range c.Commands() {
		withUsage(sub)
	}
}

// flagError adds the usage line to a flag error and, for an unknown
// flag, how to pass an argument that starts with '-' (a position or a
// move is never a flag).
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	if strings.HasPrefix(msg, "unknown shorthand flag") || strings.HasPrefix(msg, "unknown flag") {
		msg += "\n(an argument that starts with '-' goes after --, as in: " + cmd.CommandPath() + " [flags] -- ARG...)"
	}
	return fmt.Errorf("%s\nusage: %s (see %s --help)", msg, cmd.UseLine(), cmd.CommandPath())
}

// parsePosition reads a position argument: the four-field string of
// RULES.md §7, or startpos (standard setup) or startpos25 (variant 25).
// Its errors start "position <the input>: ".
func parsePosition(s string) (position.Position, error) { return position.ParseStart(s) }

// parsePositionArgs reads the position from the first argument, or from
// the first four when it was given unquoted; the rest are moves
// (position.ParseArgs).
func parsePositionArgs(args []string) (position.Position, []string, error) {
	return position.ParseArgs(args)
}

// playMoves plays moves (game-move notation) from p (movegen.PlayMoves).
func playMoves(p position.Position, r movegen.Rules, moves []string) (*movegen.Game, error) {
	return movegen.PlayMoves(p, r, moves)
}

// exitError carries a process exit status other than 1 (an
// *interrupt.Stopped has 130).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }

func exitCode(err error) int {
	var x *exitError
	if errors.As(err, &x) {
		return x.code
	}
	if errors.As(err, new(*interrupt.Stopped)) {
		return 130
	}
	return 1
}
