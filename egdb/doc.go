// Package egdb holds Kiothi's endgame databases: the exact value of every
// play position of few warriors on the board, without nki marks, under
// the margin objective, built layer by layer from the fewest warriors up.
//
// # What a value is
//
// An entry is what the side to move still wins under perfect play by
// both sides: the final prison difference (side to move's view) less the
// current one, a number in [-n, n] for n warriors on the board. It does
// not depend on the prisons, the turn number or which side is to move (a
// North-to-move board is stored turned half round, as South would see
// it: RULES.md §1's board is symmetric under that turn), so one entry
// serves every position of that board. The margin objective's value is
// the current prison difference plus the entry.
//
// Repetition (RULES.md §6) makes a value depend on the game's history
// when a line from the position can come back to a position it passed.
// The build marks a board tainted when a line from it reaches a board
// that is on the line being followed (the board may lie on a cycle or
// lead into one), and counts a tainted child as one of unknown value:
// anything in [-k, k] for its k warriors, as a repetition's ending is
// too. A board is stored as Unknown unless its untainted children already
// win at least as much as the others could; its value is then secured by
// a line that cannot repeat and bounded on every other. So a known entry
// is the value for any game that reaches the position, whatever came
// before in it, once the position itself has not ended the game by
// repetition (which the solver and the search check first). "Any game":
// a history that no play can give (positions the game has still to
// reach, put in its past, as a test may) can make the value wrong.
//
// # Index
//
// The boards of n warriors are the compositions of n into 20 pit counts
// (c0 .. c19, pit a first, as RULES.md §1 numbers them), C(n+19, 19) of
// them, ranked in lexicographic order by the combinatorial number
// system, which is how the solved mancalas indexed theirs (Awari, Kalah):
//
//	rank(c0..c19) = sum over pits i of  sum over c < c_i of  N(19-i, r_i - c)
//
// where r_i is n less the warriors in pits before i and N(k, r) =
// C(r+k-1, k-1) counts the ways r warriors fill k pits. Layer n is an
// array indexed by the rank, four bits an entry up to 14 warriors and a
// signed byte above (pack.go):
//
//	n:        0  1   2    3     4      5       6       7       8       9      10
//	entries:  1  20  210  1540  8855   42504   177100  657800  2220075 6906900 20030010
//
// # Build order
//
// A capture leaves fewer warriors on the board, so every capture's child
// is in a layer already built (the order of retrograde analysis); a move
// that captures nothing stays in its layer. Within a layer the values
// come from a memoized depth-first pass over the moves, not from
// un-moves: a relay sowing's predecessors would mean running sowings of
// thousands of laps backwards. The pass marks the positions on its
// current line; reaching one again is a line that can repeat, and every
// board the pass was following then is tainted (the rule above).
package egdb
