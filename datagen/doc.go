// Package datagen makes the training data of the evaluation: seeded
// self-play games between search players (Run, PlayGame), written as
// records of play positions with the search's score, its depth and the
// game's final margin in the format of package record, after a header of
// the settings that define the games (Config.Header): a resume with other
// settings is refused, and a file being written is locked against a
// second writer (OpenOutput). CheckGame checks a game's records made
// elsewhere (a worker's): a legal game from its start, with labels that
// agree with its end.
//
// Game k of a run depends only on the Config and k, so a run is the same
// whatever its concurrency, a resumed run plays the missing games exactly
// as an uninterrupted one would, and the cluster package can farm games
// out one job each. Package tune fits eval's weights to the records; the
// format and the commands are in docs/tuning.md.
package datagen
