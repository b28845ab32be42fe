// Command genopenings regenerates testdata/openings.txt: balanced
// play-phase start positions for kiothi match, datagen and spsa (read by
// package openings).
//
// Usage:
//
//	go run ./cmd/genopenings [flags] > testdata/openings.txt
//
// Each candidate plays the two redistributions from the standard start
// in seeded styles; it is kept when greedy self-play games from it
// (-playouts of them) end near even (-max-margin) and, unless
// -engine-depth is 0, an engine search at that depth agrees
// (-engine-max-score). The file it writes holds a header comment naming
// the settings, startpos, and one position a line (match.GenerateOpenings,
// match.WriteOpenings); progress goes to standard error. With its
// defaults (match.DefaultGen) it writes the file the repository holds,
// which match's TestOpeningsFile checks when KIOTHI_OPENINGS_REGEN is set.
//
// The flags:
//
//	-n N                     positions to generate
//	-seed S                  seed of every choice
//	-playouts N              greedy self-play games per candidate
//	-max-margin M            largest |mean South margin| kept
//	-engine-depth D          engine balance search depth (0: no engine)
//	-engine-opening-depth D  depth of the engine's own redistributions
//	-engine-max-score S      largest |engine score| kept, centi-warriors
//
// An error exits 1 and says what failed.
package main
