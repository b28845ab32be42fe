// The evaluation's default weights.

package eval

// Default is the evaluation the engine plays with.
var Default = legacy()

// legacy is the five-term hand-set evaluation in the pit form: 35 a
// warrior on one's own row, 9 more in an nki pit, 55 a warrior of one's
// best capture, -85 of the opponent's, the same at every phase.
func legacy() Weights {
	var w Weights
	for ph := 0; ph < 2; ph++ {
		for rel := 0; rel < 20; rel++ {
			sign := 1
			if rel >= 10 {
				sign = -1
			}
			for b := 0; b < NumBuckets; b++ {
				w.Pit[ph][rel][0][b] = 35 * sign
				w.Pit[ph][rel][1][b] = 44 * sign
			}
		}
		w.ThreatUs[ph], w.ThreatThem[ph] = 55, -85
	}
	w.Provenance = "hand-set: row 35, nki 9, threats 55 and -85"
	return w
}
