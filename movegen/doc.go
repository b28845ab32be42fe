// Package movegen knows the moves of Kiothi: relay sowing with its limits,
// captures, opening redistributions, the end of the game, and perft.
//
// Play moves are generated into a buffer the caller owns (for searches,
// staged with their captures and children: Staged); opening moves
// (hundreds of millions of them) are counted by formula and visited by
// callback, never collected.
package movegen
