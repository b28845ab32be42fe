// Package solve proves the exact value of a play-phase position under
// perfect play by both sides, by null-window alpha-beta searches over the
// whole game tree that narrow the value's bounds (bisection, in the manner
// of MTD(f)), sharing a transposition table between threads: with two or
// more, every thread searches each test, and a thread puts off a child
// another thread is searching (busy marks, busy.go). SolveMoves
// (moves.go) proves every legal move's value with one solver.
//
// Values are from the side to move's view: under Margin the final prison
// difference, under Match the match points of RULES.md §6 (1 a win, M a
// one-warrior win, 0 a draw, and the negatives).
//
// Repetition (RULES.md §6): a position that occurs for the third time,
// counting the history given before the root and the line being searched,
// ends the game, each prison receiving the warriors of its own row. This
// makes a value depend on the path (the graph-history interaction), which
// a transposition table ignores. The solver assumes what engines commonly
// assume: a value is path-independent unless a repetition ending was
// scored inside its subtree. Values that a repetition influenced are never
// stored in the table, so every stored bound comes from a subtree where no
// repetition ended the game. (A stored value can still be wrong for a
// later path on which one of its subtree's positions would repeat, which
// needs a capture-free cycle through the stored position; the tests check
// the solver against a plain path-based minimax without a table.)
// Repetition needs equal prisons, so only positions since the last capture
// are compared.
package solve
