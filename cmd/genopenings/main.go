// The openings generator's flags, its run (match.GenerateOpenings) and the file it writes.

package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/kiothi/kiothi/match"
)

func main() {
	var cfg match.GenConfig
	flag.IntVar(&cfg.Count, "n", match.DefaultGen.Count, "positions to generate")
	flag.Uint64Var(&cfg.Seed, "seed", match.DefaultGen.Seed, "seed of every choice")
	flag.IntVar(&cfg.Playouts, "playouts", match.DefaultGen.Playouts, "greedy self-play games per candidate")
	flag.IntVar(&cfg.MaxMargin, "max-margin", match.DefaultGen.MaxMargin, "largest |mean South margin| kept")
	flag.IntVar(&cfg.EngineDepth, "engine-depth", match.DefaultGen.EngineDepth, "engine balance search depth; 0 leaves the engine out (no engine style, no engine check)")
	flag.IntVar(&cfg.EngineOpeningDepth, "engine-opening-depth", match.DefaultGen.EngineOpeningDepth, "depth of the engine's own redistributions")
	flag.IntVar(&cfg.EngineMaxScore, "engine-max-score", match.DefaultGen.EngineMaxScore, "largest |engine score| kept, centi-warriors")
	flag.Parse()
	cs, err := match.GenerateOpenings(context.Background(), cfg, os.Stderr)
	if err == nil {
		err = match.WriteOpenings(os.Stdout, match.OpeningsHeader(cfg), cs)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genopenings:", err)
		os.Exit(1)
	}
}
