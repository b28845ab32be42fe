// Command genbench generates a bench position list: play-phase positions
// picked by kind (early, middle, late, nki, big pit, long sowing) from
// seeded self-play games whose moves today's search chooses. It does not
// reproduce bench/positions.txt: that list was made with the search of its
// time, the games follow the search, and so a rerun picks other positions
// (no flag can bring the old list back; it is kept as a file for that
// reason). By default the list goes to standard output or -out; with
// -replace-bench it replaces bench/positions.txt and its copy
// testdata/bench.txt, which changes the bench signature: the commit that
// does so must say so, with the new count in bench/signature.txt (make
// signature).
//
//	go run ./cmd/genbench [-out FILE] [-replace-bench]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "genbench:", err)
		os.Exit(2)
	}
}

// benchFiles are the bench's list and its copy, replaced by -replace-bench.
var benchFiles = []string{"bench/positions.txt", "testdata/bench.txt"}

// run generates the list and writes it where the flags say.
func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("genbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "write the list to this file (default: standard output)")
	replace := fs.Bool("replace-bench", false, "replace "+strings.Join(benchFiles, " and ")+" (changes the bench signature)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *replace && *out != "" {
		return errors.New("give -out or -replace-bench, not both")
	}
	text, err := generate(stderr)
	if err != nil {
		return err
	}
	switch {
	case *replace:
		for _, path := range benchFiles {
			if err := wholefile.WriteBytes(path, []byte(text)); err != nil {
				return err
			}
		}
		fmt.Fprintln(stderr, "genbench: replaced "+strings.Join(benchFiles, " and ")+": the bench signature changes; "+
			"write the new count to bench/signature.txt (make signature prints it) and say so in the commit")
	case *out != "":
		return wholefile.WriteBytes(*out, []byte(text))
	default:
		_, err = io.WriteString(stdout, text)
	}
	return err
}

// maxLaps counts the laps of the longest legal sowing of p (the relay
// loop replayed lap by lap, up to the rules' limit).
func maxLaps(p *position.Position, r movegen.Rules) int {
	var list movegen.MoveList
	n := movegen.Generate(p, r, &list)
	best := 0
	for i := 0; i < n; i++ {
		q := *p
		pit, k := list[i].Pit(), list[i].Count()
		q.Lift(pit, k)
		last := q.Lap((pit+1)%position.NumPits, k)
		laps := 1
		for q.Count(last) >= 2 && laps < movegen.MaxLaps {
			c := q.LiftAll(last)
			last = q.Lap((last+1)%position.NumPits, c)
			laps++
		}
		best = max(best, laps)
	}
	return best
}

// generate plays seeded games (random openings, then depth-3 searches
// with 15% random moves) and picks positions by phase and kind; it
// returns the file's text.
func generate(log io.Writer) (string, error) {
	eng, err := search.NewEngine(search.Options{HashMB: limits.DefaultHashMB})
	if err != nil {
		return "", err
	}
	rules := movegen.Rules{}
	var lines []string
	seen := map[string]bool{}
	addLine := func(p position.Position, why string) {
		s := p.String()
		if !seen[s] {
			seen[s] = true
			lines = append(lines, s+" ; "+why)
		}
	}
	want := map[string]int{"early": 8, "middle": 10, "late": 7, "nki": 4, "bigpit": 4, "longsow": 4}
	got := map[string]int{}
	// The two long sowings of RULES.md §4: North's J1 never ends, North's
	// H4 ends after 2,376 laps.
	for _, s := range []string{
		"2.5.2.5.2.1.0.1.0.1/6.3.2.3.2.3.0.1.2.2 0-17 n 3",
		"2.3.0.1.2.3.1.2.5.1/3.2.1.2.3.4.3.6.2.1 13-1 n 12",
	} {
		p, err := position.Parse(s)
		if err != nil {
			return "", err
		}
		addLine(p, "longsow, RULES.md section 4")
	}
	for seed := uint64(1); seed <= 1000 && len(lines) < 35; seed++ {
		rng, g := movegen.SeededGame(seed, 0x6b696f, rules)
		perSeed := 0
		_, _, err := movegen.PlayOut(g, 300, movegen.ScatterOpenings(rng, func(g *movegen.Game, ply int) (position.GameMove, error) {
			p := g.Current()
			kind := ""
			nkiCount := 0
			for m := p.NkiMask(); m != 0; m &= m - 1 {
				nkiCount++
			}
			big := 0
			for i := 0; i < position.NumPits; i++ {
				big = max(big, p.Count(i))
			}
			bt := p.BoardTotal()
			switch {
			case ply >= 4 && perSeed < 2 && maxLaps(&p, rules) >= 30:
				kind = "longsow"
			case big >= 15 && ply%5 == 0:
				kind = "bigpit"
			case nkiCount >= 5 && ply > 8 && ply%6 == 0:
				kind = "nki"
			case ply >= 3 && ply <= 12 && ply%4 == int(seed%4):
				kind = "early"
			case ply > 12 && bt >= 28 && bt <= 48 && ply%3 == 0:
				kind = "middle"
			case bt >= 8 && bt <= 20:
				kind = "late"
			}
			if kind != "" && got[kind] < want[kind] && perSeed < 2 && rng.IntN(3) == 0 {
				got[kind]++
				perSeed++
				addLine(p, fmt.Sprintf("%s, seed %d ply %d", kind, seed, ply))
			}
			var list movegen.MoveList
			n := movegen.Generate(&p, rules, &list)
			if rng.IntN(100) < 15 {
				return position.PlayMove(list[rng.IntN(n)]), nil
			}
			eng.NewGame()
			return eng.Search(context.Background(), p, g.History(), search.Limits{Depth: 3}, nil).Best, nil
		}))
		if err != nil {
			return "", err
		}
	}
	fmt.Fprintf(log, "kinds: %v\n", got)
	header := `# Bench positions for kiothi bench: play-phase positions picked from
# seeded self-play games by cmd/genbench with the search of its commit (a
# later search plays other games: a rerun picks other positions). Each game
# starts from the standard setup (every fourth from variant 25) with random
# redistributions at turns 1 and 2, then plays depth-3 searches with 15%
# random moves; positions are kept by kind: early (plies 3..12), middle
# (28..48 warriors on the board after ply 12), late (8..20 on the board),
# nki (5 or more nki pits), bigpit (a pit of 15 or more) and longsow (a
# legal move whose sowing takes 30 laps or more), plus the two long
# sowings of RULES.md section 4. One position a line; text after ';' is
# a comment.
`
	return header + strings.Join(lines, "\n") + "\n", nil
}
