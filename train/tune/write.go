// Writing fitted weights as the Go source of eval.Default, and the prior
// they are fitted from.

package tune

import (
	"fmt"
	"go/format"
	"io"
	"strconv"
	"strings"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/position"
)

// Prior is where a fit starts from and what the ridge pulls rarely seen
// weights towards: 35 a warrior on one's own row, 44 in an own nki pit,
// the opposite for the opponent's, 55 a warrior of one's best capture and
// -85 of the opponent's, at every phase (the hand-set evaluation the
// engine had before it was tuned).
func Prior() eval.Weights {
	var w eval.Weights
	for ph := 0; ph < 2; ph++ {
		for rel := 0; rel < position.NumPits; rel++ {
			sign := 1
			if rel >= position.RowPits {
				sign = -1
			}
			for b := 0; b < eval.NumBuckets; b++ {
				w.Pit[ph][rel][0][b] = 35 * sign
				w.Pit[ph][rel][1][b] = 44 * sign
			}
		}
		w.ThreatUs[ph], w.ThreatThem[ph] = 55, -85
	}
	w.Provenance = "tune.Prior: the hand-set evaluation"
	return w
}

// WriteGo writes the Go source of package eval's default.go holding w.
func WriteGo(out io.Writer, w eval.Weights) error {
	var b strings.Builder
	b.WriteString("// The evaluation's default weights, written by `kiothi tune` (docs/tuning.md).\n\n")
	b.WriteString("package eval\n\n")
	b.WriteString("// Default is the linear model's weights (eval=linear; the search's default is the network, eval/nn).\n")
	b.WriteString("var Default = Weights{\n\tPit: [2][20][2][NumBuckets]int{\n")
	for ph, name := range []string{"Full", "Empty"} {
		fmt.Fprintf(&b, "\t\t{ // %s board\n", name)
		for rel := 0; rel < position.NumPits; rel++ {
			owner, pit := "own", rel
			if rel >= position.RowPits {
				owner, pit = "their", rel-position.RowPits
			}
			fmt.Fprintf(&b, "\t\t\t{%s, %s}, // %s pit %d: plain, nki\n",
				ints(w.Pit[ph][rel][0][:]), ints(w.Pit[ph][rel][1][:]), owner, pit+1)
		}
		b.WriteString("\t\t},\n")
	}
	b.WriteString("\t},\n")
	fmt.Fprintf(&b, "\tThreatUs:   [2]int{%d, %d},\n", w.ThreatUs[0], w.ThreatUs[1])
	fmt.Fprintf(&b, "\tThreatThem: [2]int{%d, %d},\n", w.ThreatThem[0], w.ThreatThem[1])
	fmt.Fprintf(&b, "\tTempo:      [2]int{%d, %d},\n", w.Tempo[0], w.Tempo[1])
	fmt.Fprintf(&b, "\tProvenance: %s,\n}\n", strconv.Quote(w.Provenance))
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return err
	}
	_, err = out.Write(src)
	return err
}

func ints(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return "{" + strings.Join(s, ", ") + "}"
}
