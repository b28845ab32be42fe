// Package record is the format of the training data files: fixed 32-byte
// records of labelled play positions (Record: the position, the search's
// score and depth, the game's final margin, the game number) in blocks
// with a CRC-32C each, after a header of the settings that made them
// (Header), read by Reader and written by WriteHeader and AppendBlocks
// (of AppendRecords' encoding). It imports position alone, so
// that what reads the data (package tune, the network trainer) depends on
// no search: package datagen, which plays the games, writes them with it.
// The format is in docs/tuning.md.
package record
