// Package search finds strong Kiothi moves: a negamax alpha-beta search
// with principal variation search, iterative deepening, aspiration
// windows, reverse futility and null-move pruning, late move reductions,
// a capture quiescence search, a shared lock-free transposition table
// (package tt) and Lazy SMP threads; at the opening (turns 1 and 2) a
// candidate-and-refine search over redistributions (opening.go).
//
// # Scores
//
// A score is from the side to move's view, in centi-warriors of expected
// final margin (the side to move's final prison minus the opponent's,
// times 100). With Objective movegen.Match, game ends score match points times 100
// instead (RULES.md §6); the heuristic part stays a margin estimate.
//
// Heuristic scores lie in [-MaxHeuristic, MaxHeuristic]. Game ends that
// the search has reached (no legal move, or a third repetition) are
// proven and live in their own band, so no heuristic score is confused
// with them:
//
//	proven value v > 0  ->  ProvenBase + v   (a forced win)
//	proven value v < 0  -> -ProvenBase + v   (a forced loss)
//	proven value 0      ->  0                (a draw; not told apart from
//	                                          a heuristic 0)
//
// so any forced win ranks above any estimate and any forced loss below.
// Decode turns a score back into (value, proven). As with mate scores in
// chess, a proven value is a guarantee for the winning side, not always
// the exact value: "proven +4" means the side to move can force a win by
// at least 4 (its opponent might, with more search, be shown to lose by
// more); "proven -4", that the opponent can force a win by at least 4.
// When every line reaches a game end it is exact. The band carries no
// distance, so transposition table scores need no ply adjustment.
//
// The search is fail-soft: search(alpha, beta) returns a value s with
// s <= alpha meaning the true value is at most s (fail low), s >= beta
// meaning it is at least s (fail high), and alpha < s < beta exact for
// the searched depth. The table stores s with that bound.
//
// Repetition (RULES.md §6): a position whose KeyWithPrisons occurs for the
// third time counting the game history passed to Search and the search
// path ends the game, each side taking its own row; it scores as a proven
// game end. Since a capture changes the prisons, only the positions since
// the last capture are compared. As in chess engines, a value that a
// repetition decided may reach the transposition table and be reused on
// another path (the usual graph-history compromise).
//
// # Determinism
//
// With one thread and a depth or node limit, a search from a cleared
// table (NewGame) gives the same nodes, best move and score every time:
// nothing in the search depends on time or on goroutine scheduling.
package search
