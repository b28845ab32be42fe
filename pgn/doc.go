// Package pgn reads and writes games in the PGN form the cutegames runner
// writes for Kiothi: tags (Event, Site, Date, Round, South, North, Result,
// FEN with startpos or a position string, PlyCount, and TimeControl and
// Termination), a blank line, then the moves in the engine's notation
// numbered by move pair ("1. a3 b2 2. ..."), each optionally followed by
// a {comment}, and the result. It is the one home of that form for
// `kiothi match --pgnout`, `kiothi annotate` and the page.
package pgn
