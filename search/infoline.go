// The text form of an Info report, shared by `kiothi analyse` and UGI.

package search

import (
	"strconv"
	"strings"
)

// String returns the report as one protocol line:
//
//	info depth D seldepth S multipv K score cp X nodes N nps N hashfull H time MS pv M...
//
// with "score proven V" (V in whole warriors, or match points) in place of
// "score cp X" when the score is a proven game value. The pv field is left
// out when the PV is empty.
func (i Info) String() string {
	var b strings.Builder
	b.Grow(96 + 8*len(i.PV))
	multiPV := i.MultiPV
	if multiPV < 1 {
		multiPV = 1
	}
	b.WriteString("info depth ")
	b.WriteString(strconv.Itoa(i.Depth))
	b.WriteString(" seldepth ")
	b.WriteString(strconv.Itoa(i.SelDepth))
	b.WriteString(" multipv ")
	b.WriteString(strconv.Itoa(multiPV))
	if i.Proven {
		// A proven game value, in whole warriors (or match points).
		b.WriteString(" score proven ")
		b.WriteString(strconv.Itoa(i.Score / 100))
	} else {
		b.WriteString(" score cp ")
		b.WriteString(strconv.Itoa(i.Score))
	}
	b.WriteString(" nodes ")
	b.WriteString(strconv.FormatUint(i.Nodes, 10))
	b.WriteString(" nps ")
	b.WriteString(strconv.FormatUint(i.NPS, 10))
	b.WriteString(" hashfull ")
	b.WriteString(strconv.Itoa(i.Hashfull))
	b.WriteString(" time ")
	b.WriteString(strconv.FormatInt(i.Time.Milliseconds(), 10))
	if len(i.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range i.PV {
			b.WriteByte(' ')
			b.WriteString(m.String())
		}
	}
	return b.String()
}
