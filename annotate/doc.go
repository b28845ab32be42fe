// Package annotate reviews games: it searches every position of a game,
// scores each move by what it lost against the engine's best, classifies
// it (inaccuracy, mistake, blunder, only move), writes the game back as
// PGN with comments, and sums the review up per player. The command
// `kiothi annotate` is a thin front to it.
package annotate
