// The bound of a game's length in plies: a match's --max-plies and every game that travels.

package limits

// GamePlies bounds a match game's ply cap (--max-plies; 0: no cap) and
// the moves of a game sent between processes (a cluster game job and its
// result).
var GamePlies = Range{Min: 0, Max: 1_000_000}
