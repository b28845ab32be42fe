// Package book reads, writes, builds and merges Kiothi opening books.
//
// A book maps positions to the moves analysed there. It is built by growing
// a tree best-first from a root position (Build), written as one file of
// fixed-size records sorted by position key, found by binary search (Probe,
// Pick), and can be built in independent shards and merged (Merge).
//
// # File format, version 1
//
// All integers are little-endian. The file is a 32-byte header, the root
// positions (32 bytes each) and the records (40 bytes each):
//
//	header
//	  0  [8]byte  magic "KIOTHIBK"
//	  8  uint16   format version (1)
//	 10  uint8    setup: 30, 25, or 0 for a root that is neither start's
//	              material (60 or 50 warriors in all)
//	 11  uint8    rule flags: bit 0 set = variant free-first-lap
//	 12  uint32   position.KeyTableChecksum() of the build that wrote it
//	 16  uint32   number of roots R (at least 1)
//	 20  uint32   number of records N
//	 24  uint32   CRC-32 (IEEE) of the whole file with these 4 bytes zeroed
//	 28  uint32   reserved, 0
//	root (R times), the positions the book's tree grows from
//	  0  [20]uint8 pit counts a..j, A..J
//	 20  uint32   nki marks, bit i for pit i
//	 24  [2]uint8 prisons, South then North
//	 26  uint8    side to move (0 South, 1 North)
//	 27  uint8    reserved, 0
//	 28  uint16   turn
//	 30  uint16   reserved, 0
//	record (N times), sorted by key, then best first (see below)
//	  0  uint64   position key: Position.KeyWithPrisons
//	  8  [22]byte move:
//	              play move:    [0] pit 0..19, [1] count 1..63, [2:22] zero
//	              redistribution: [0] 0x80|first emptied pit, [1] second
//	              emptied pit (greater, same row), [2:22] drops into a..J
//	 30  int16    value in centi-warriors, mover's view: the final prison
//	              difference expected after this move (negamax of the tree)
//	 32  uint16   weight for random play, 0 = never play (1000 for the best
//	              move, halved for every warrior a move is worse)
//	 34  uint8    depth: plies of the line below the move plus the depth of
//	              the search that scored its leaf
//	 35  uint8    flags: bit 0 = value is proven (exact game value)
//	 36  uint32   count: how often the build's best-first selection went
//	              through this move (how often the line was reached)
//
// Within one key the records are in probe order: value descending, then
// weight, then count descending, then the move bytes ascending.
//
// The key is KeyWithPrisons rather than Key: a value is a final prison
// difference, so two positions with the same board but different prisons
// have different values (and under the match-points objective even
// different best moves); the price is fewer transpositions.
//
// Loading checks the header (magic, version, rules, key table), the size
// against the header's counts (a truncated file), the CRC (any flipped
// byte), every record's form and order, and then replays the tree: every
// record must be reached from a root by the book's own moves and its move
// must be legal in the position so reconstructed. A book is refused when
// its rules (setup and first-lap restriction) are not the game's.
//
// The tree is fully recoverable from the records: a position with records
// was expanded, a position reached by a record's move without records of
// its own is a leaf whose search value is minus that record's value. That is
// what lets Build resume a book and Merge re-propagate values across shards.
package book
