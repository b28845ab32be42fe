// The evaluation's weights: their layout, the feature vector they multiply,
// and their compilation into the tables Evaluate reads.

package eval

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/kiothi/kiothi/internal/strictjson"
	"github.com/kiothi/kiothi/position"
)

// NumBuckets is the number of count buckets of a pit.
const NumBuckets = 9

// bucketOf[c] is the bucket of a pit holding c >= 1 warriors: 1, 2, 3, 4,
// 5, 6, 7-8, 9-12, 13 and more.
var bucketOf = func() (t [64]uint8) {
	for c := 1; c < 64; c++ {
		switch {
		case c <= 6:
			t[c] = uint8(c - 1)
		case c <= 8:
			t[c] = 6
		case c <= 12:
			t[c] = 7
		default:
			t[c] = 8
		}
	}
	return t
}()

// PhaseMax is the board count at which a position is all "full board": the
// phase of a position is min(warriors on the board, PhaseMax).
const PhaseMax = 60

// Phase indices of a weight.
const (
	Full  = 0 // a full board
	Empty = 1 // an empty board
)

// Weights are every number of the evaluation but the prison's 100. Each
// term has a Full and an Empty value; a position's value mixes them by its
// phase.
type Weights struct {
	// Pit[phase][rel][nki][bucket] is the value of one warrior in pit rel
	// (the side to move's pits 0..9 from its leftmost, the opponent's
	// 10..19 from theirs), nki or not, holding a count in bucket.
	Pit        [2][position.NumPits][2][NumBuckets]int
	ThreatUs   [2]int // per warrior of the side to move's best capture
	ThreatThem [2]int // per warrior of the opponent's best capture
	Tempo      [2]int // for having the move
	// Provenance says where the numbers come from (data, command, date,
	// loss).
	Provenance string
}

// Term layout of the feature vector: for each phase, the pit terms, then
// the threats and the tempo.
const (
	termPit        = 0
	termThreatUs   = position.NumPits * 2 * NumBuckets
	termThreatThem = termThreatUs + 1
	termTempo      = termThreatThem + 1
	numTerms       = termTempo + 1
	// NumFeatures is the length of the weight and feature vectors.
	NumFeatures = 2 * numTerms
)

func pitTerm(rel, nki, bucket int) int { return termPit + (rel*2+nki)*NumBuckets + bucket }

// Vector returns w as a feature-length vector (Full terms, then Empty).
func (w *Weights) Vector() []float64 {
	v := make([]float64, NumFeatures)
	for ph := 0; ph < 2; ph++ {
		o := ph * numTerms
		for rel := 0; rel < position.NumPits; rel++ {
			for n := 0; n < 2; n++ {
				for b := 0; b < NumBuckets; b++ {
					v[o+pitTerm(rel, n, b)] = float64(w.Pit[ph][rel][n][b])
				}
			}
		}
		v[o+termThreatUs] = float64(w.ThreatUs[ph])
		v[o+termThreatThem] = float64(w.ThreatThem[ph])
		v[o+termTempo] = float64(w.Tempo[ph])
	}
	return v
}

// FromVector returns the weights of a feature-length vector, each rounded
// to the nearest integer.
func FromVector(v []float64, provenance string) (Weights, error) {
	if len(v) != NumFeatures {
		return Weights{}, fmt.Errorf("weight vector of %d values, want %d", len(v), NumFeatures)
	}
	round := func(x float64) int {
		if x < 0 {
			return -int(-x + 0.5)
		}
		return int(x + 0.5)
	}
	w := Weights{Provenance: provenance}
	for ph := 0; ph < 2; ph++ {
		o := ph * numTerms
		for rel := 0; rel < position.NumPits; rel++ {
			for n := 0; n < 2; n++ {
				for b := 0; b < NumBuckets; b++ {
					w.Pit[ph][rel][n][b] = round(v[o+pitTerm(rel, n, b)])
				}
			}
		}
		w.ThreatUs[ph] = round(v[o+termThreatUs])
		w.ThreatThem[ph] = round(v[o+termThreatThem])
		w.Tempo[ph] = round(v[o+termTempo])
	}
	return w, w.Check()
}

// maxWeight bounds every weight, so no sum can overflow the compiled
// tables or the score range.
const maxWeight = 2000

// Check reports a weight out of range.
func (w *Weights) Check() error {
	for i, x := range w.Vector() {
		if x < -maxWeight || x > maxWeight {
			return fmt.Errorf("weight %d is %v, outside -%d..%d", i, x, maxWeight, maxWeight)
		}
	}
	return nil
}

// Feature is one non-zero entry of a position's feature vector.
type Feature struct {
	Index int
	Value float64
}

// AppendFeatures appends p's non-zero features to dst: the model is
// Evaluate(p) = 100 * (prison difference) + sum of Value * weight[Index]
// (up to rounding), side to move's view. This is the plain definition
// that Evaluate's tables must match.
func AppendFeatures(dst []Feature, p *position.Position) []Feature {
	us := p.Side()
	ph := phaseOf(p)
	full, empty := float64(ph)/PhaseMax, float64(PhaseMax-ph)/PhaseMax
	add := func(term int, x float64) {
		if x == 0 {
			return
		}
		if full != 0 {
			dst = append(dst, Feature{term, x * full})
		}
		if empty != 0 {
			dst = append(dst, Feature{numTerms + term, x * empty})
		}
	}
	for i := 0; i < position.NumPits; i++ {
		c := p.Count(i)
		if c == 0 {
			continue
		}
		n := 0
		if p.Nki(i) {
			n = 1
		}
		add(pitTerm(relPit(i, us), n, int(bucketOf[c])), float64(c))
	}
	add(termThreatUs, float64(Threat(p, us)))
	add(termThreatThem, float64(Threat(p, us.Other())))
	add(termTempo, 1)
	return dst
}

// relPit is pit i seen from side us: its own pits 0..9, the other's
// 10..19, each row from its owner's leftmost.
func relPit(i int, us position.Side) int {
	return (i + position.NumPits - position.RowPits*int(us)) % position.NumPits
}

// phaseOf is min(warriors on the board, PhaseMax).
func phaseOf(p *position.Position) int { return min(p.BoardTotal(), PhaseMax) }

// Threat is the largest opposite capture side s could make with a lift
// whose single lap ends in one of its own empty pits facing a loaded,
// unmarked enemy pit (part of a pit may be lifted, so a pit reaches every
// pit to its right within its count). Plain definition; Evaluate has a
// table form.
func Threat(p *position.Position, s position.Side) int {
	first := position.Leftmost(s)
	best := 0
	for j := first; j < first+position.RowPits; j++ {
		for n := 1; n <= p.Count(j) && j+n < first+position.RowPits; n++ {
			i := j + n
			if p.Count(i) != 0 {
				continue
			}
			if f := position.Facing(i); !p.Nki(f) {
				best = max(best, p.Count(f))
			}
		}
	}
	return best
}

// MaxJSONBytes bounds a weights file read back (a written one is about
// 6 KB).
const MaxJSONBytes = 1 << 20

// ReadJSON reads weights written by WriteJSON, checking their range. The
// file must be whole: every field present in its own spelling, every
// array full, nothing after the object (internal/strictjson), so that a
// cut or hand-edited file is an error naming the field, never silent zero
// weights.
func ReadJSON(r io.Reader) (Weights, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxJSONBytes+1))
	if err != nil {
		return Weights{}, fmt.Errorf("weights: %w", err)
	}
	if len(data) > MaxJSONBytes {
		return Weights{}, fmt.Errorf("weights: over %d bytes: not a weights file", MaxJSONBytes)
	}
	var w Weights
	if err := strictjson.Decode(data, &w, strictjson.Complete); err != nil {
		return Weights{}, fmt.Errorf("weights: %w", err)
	}
	return w, w.Check()
}

// WriteJSON writes w as JSON (the form `kiothi tune --out FILE.json`
// writes and an engine spec's eval=FILE reads, for trying weights without
// a rebuild).
func WriteJSON(out io.Writer, w Weights) error {
	b, err := json.Marshal(w)
	if err != nil {
		return err
	}
	_, err = out.Write(append(b, '\n'))
	return err
}
