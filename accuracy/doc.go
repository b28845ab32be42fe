// Package accuracy measures a player against perfect play: a set of
// play-phase positions in which every legal move's exact value is proven
// by package solve, and the rate at which a player picks a best move and
// what its moves lose.
package accuracy
