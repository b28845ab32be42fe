// Command kiothi is the Kiothi engine: perft, analysis, solving, matches,
// protocols and books. Each subcommand lives in its own file.
package main

import (
	"fmt"
	"os"
)

func main() {
	if err := newRootCmd(os.Stdin, os.Stdout, os.Stderr).Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "kiothi:", err)
		os.Exit(exitCode(err))
	}
}
