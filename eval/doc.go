// Package eval is the static evaluation: the expected final margin, in
// centi-warriors, from the side to move's view. The search plays with the
// network of package eval/nn (an Evaluator of a Model, FromModel) unless
// told otherwise; this package's own model is the linear one below
// (Std, an engine spec's eval=linear).
//
// The prison difference is certain and counts 100 a warrior. The warriors
// still on the board are valued by a linear model whose weights live in
// one Weights value (Default, written by `kiothi tune` from self-play data;
// its Provenance says from what):
//
//   - Pits: for each pit, seen from the side to move (its own pits 0..9
//     from its leftmost, the opponent's 10..19 from theirs), whether it is
//     nki and its count's bucket, a value per warrior. This holds the row
//     terms (at a repetition each side keeps its row; a side that cannot
//     move has an empty row), protection (nki pits cannot be captured),
//     and the shape of each row (a pit's reach and what faces it).
//   - Threats: the largest opposite capture each side could make with one
//     single-lap sowing. The side to move can cash its threat now; the
//     other side's is one the side to move must parry.
//   - Tempo: a constant for having the move.
//
// Every weight has two values, one for a full board and one for an empty
// board, mixed by the warriors on the board (the phase), so the model can
// value a pit differently at the start and at the end of a game.
//
// AppendFeatures is the model's definition: the evaluation is the prison
// term plus the dot product of the weights and the features. Evaluate
// computes the same value from precompiled per-pit tables without building
// the features.
package eval
