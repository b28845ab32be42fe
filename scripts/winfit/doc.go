// Winfit fits the review's win-chance constant (annotate.WinK) to
// training records: the logistic curve that turns a search score into
// the side to move's chance of winning (docs/review.md).
//
// Usage:
//
//	go run ./scripts/winfit DATAFILE...
//
// Each DATAFILE is a record file of kiothi datagen (package record). A
// record counts when its score is a heuristic one (not proven) within
// ±3000 centi-warriors, as kiothi tune keeps them; its result is 1, 0.5
// or 0 by the sign of the game's final margin for the side to move.
// Winfit prints one line: the records read and kept, the fitted k with
// its standard error (annotate.FitWinK), and the annotate.WinK the
// program has, to compare. A file that cannot be read exits 1; no
// argument exits 2.
package main
