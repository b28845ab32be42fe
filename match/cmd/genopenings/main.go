// Command genopenings regenerates testdata/openings.txt: balanced
// play-phase start positions for kiothi match (see match.GenerateOpenings).
//
//	go run ./match/cmd/genopenings > testdata/openings.txt
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
	flag.IntVar(&cfg.EngineDepth, "engine-depth", 0, "also require an engine search to this depth to score within -engine-max-score (0: off)")
	flag.IntVar(&cfg.EngineMaxScore, "engine-max-score", 200, "largest |engine score| kept, centi-warriors")
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
