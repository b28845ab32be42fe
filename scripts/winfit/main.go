// The win-chance fit: read datagen records, keep the undecided ones, fit annotate.WinK.

package main

import (
	"fmt"
	"os"

	"github.com/kiothi/kiothi/annotate"
	"github.com/kiothi/kiothi/record"
)

// maxScore drops positions already decided, as kiothi tune does.
const maxScore = 3000

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: winfit DATAFILE...")
		os.Exit(2)
	}
	var scores, results []float64
	total := 0
	for _, path := range os.Args[1:] {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		recs, err := record.ReadAll(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", path, err)
			os.Exit(1)
		}
		total += len(recs)
		for _, r := range recs {
			if r.Proven || r.Score > maxScore || r.Score < -maxScore {
				continue
			}
			y := 0.5
			switch {
			case r.Margin > 0:
				y = 1
			case r.Margin < 0:
				y = 0
			}
			scores, results = append(scores, float64(r.Score)), append(results, y)
		}
	}
	k, se := annotate.FitWinK(scores, results)
	fmt.Printf("records %d, kept %d (not proven, |score| <= %d): k = %.6f ± %.6f (annotate.WinK = %g)\n", total, len(scores), maxScore, k, se, annotate.WinK)
}
