// Tests of reading exact labels and excluded positions: the target of an
// exact record is its value whatever lambda, and excluded positions are
// dropped and counted.

package tune

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/record"
)

func TestExactTargetAndExclude(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var recs []record.Record
	for i := 0; i < 50; i++ {
		p := randomPlay(rng)
		recs = append(recs, datagen.ExactRecord(p, rng.IntN(61)-30, uint32(i)))
	}
	var buf bytes.Buffer
	h := record.Header{Exact: &record.ExactHeader{Lo: 1, Hi: 63, Nodes: 1}}
	if err := datagen.WriteExact(&buf, &h, recs); err != nil {
		t.Fatal(err)
	}
	exclude := map[uint64]bool{recs[3].Pos.KeyWithPrisons(): true, recs[7].Pos.KeyWithPrisons(): true}
	for _, lambda := range []float64{0, 0.3, 0.5, 1} {
		var st Stats
		i := 0
		err := Visit(bytes.NewReader(buf.Bytes()), Options{Lambda: lambda, MaxScore: 1 << 20, Loud: true, Exclude: exclude}, &st,
			func(rec *record.Record, target float64) {
				for exclude[recs[i].Pos.KeyWithPrisons()] {
					i++
				}
				p := &recs[i].Pos
				want := float64(100*recs[i].Margin - 100*(p.Prison(p.Side())-p.Prison(p.Side().Other())))
				if rec.Pos != *p || target != want {
					t.Fatalf("lambda %v, record %d %s: target %v, want %v", lambda, i, rec.Pos, target, want)
				}
				i++
			})
		if err != nil {
			t.Fatal(err)
		}
		if st.Excluded != 2 || st.Kept != len(recs)-2 || st.Read != len(recs) {
			t.Fatalf("lambda %v: stats %+v", lambda, st)
		}
	}
}
