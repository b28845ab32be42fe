// Package nn is a small neural-network evaluation: one hidden layer over
// sparse one-hot inputs, integer inference and its weights file (the
// trainer is package eval/nntrain).
//
// The inputs (Inputs) are seen from the side to move: for each of the 20
// pits (its own 0..9 from its leftmost, the opponent's 10..19 from
// theirs) one of 2 × NumBuckets, its nki mark and its count's bucket;
// the bucket of each side's best single-lap capture (eval.Threat); and the
// bucket of the warriors on the board. Exactly NumActive inputs are 1 and
// the rest 0.
//
// The network is
//
//	h_j   = clamp(B1_j + sum over active inputs i of W1_ij, 0, 1)   (Hidden units)
//	value = 100 × prison difference + B2 + sum_j W2_j h_j          (centi-warriors)
//
// as eval's linear model, the prison difference certain and the network
// valuing the board. Net computes it in integers: W1 and B1 as int16 with
// 1 = 2^ShiftA (four units packed in one int64, which Check keeps from
// overflowing; on amd64, in assembly, sixteen units a 256-bit AVX2 word or
// eight a 128-bit SSE2 word: hidden_amd64.s), W2 as int16 with 1
// centi-warrior = 2^ShiftB, sums in int32. A weights file (Read, Write)
// holds those integers and a Provenance; the one the binary embeds is
// Default. Float is the same network in float64, which
// package eval/nntrain fits to datagen data and Quantise turns into the
// integers.
package nn
