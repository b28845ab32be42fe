// The match report as one SVG image (--report FILE.svg): per match, its
// score line, the Elo line, the score over time and the SPRT's LLR.

package match

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"strings"
)

// WriteReportSVG writes the report's charts, one match under another, as
// a standalone SVG.
func WriteReportSVG(w io.Writer, title string, sections []ReportSection) error {
	var body strings.Builder
	y := 30
	text := func(class, s string) {
		fmt.Fprintf(&body, `<text x="8" y="%d" class="%s">%s</text>`, y, class, template.HTMLEscapeString(s))
		y += 22
	}
	text("head", title)
	for _, rs := range sections {
		s := rs.Summary
		y += 10
		text("head", s.Name1+" vs "+s.Name2)
		text("text", s.ScoreLine())
		elo, lo, hi := s.Counts.Elo()
		text("text", fmt.Sprintf("Elo of player 1: %s, 95%% interval [%s, %s]", fmtElo(elo), fmtElo(lo), fmtElo(hi)))
		body.WriteString(string(eloChartAt(fmt.Sprintf(`x="0" y="%d" width="%d" height="%d"`, y, chartW, eloH), elo, lo, hi)))
		y += eloH + 10
		scores, llrs := make([]float64, len(s.Games)), make([]float64, len(s.Games))
		sum := 0
		for i, g := range s.Games {
			sum += g.HalfPoints
			scores[i], llrs[i] = float64(sum)/float64(2*(i+1)), g.LLR
		}
		text("text", "Score over time")
		body.WriteString(string(lineChartAt(fmt.Sprintf(`x="0" y="%d" width="%d" height="%d"`, y-12, chartW, chartH), scores, 0, 1, []float64{0.5}, "player 1's score", "%.2f")))
		y += chartH
		if s.SPRT != nil {
			lo, hi := s.SPRT.Bounds()
			text("text", fmt.Sprintf("SPRT elo0=%g elo1=%g: LLR %.3f, bounds [%.3f, %.3f]: %s", s.SPRT.Elo0, s.SPRT.Elo1, s.LLR, lo, hi, s.Decision))
			min, max := lo, hi
			for _, v := range llrs {
				min, max = math.Min(min, v), math.Max(max, v)
			}
			body.WriteString(string(lineChartAt(fmt.Sprintf(`x="0" y="%d" width="%d" height="%d"`, y-12, chartW, chartH), llrs, min, max, []float64{lo, 0, hi}, "LLR", "%.2f")))
			y += chartH
		}
	}
	_, err := fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">
<title>%s</title><style>%s</style><rect width="100%%" height="100%%" fill="#fff"/>
%s
</svg>
`, chartW, y, chartW, y, template.HTMLEscapeString(title), template.HTMLEscapeString(title), chartCSS, body.String())
	return err
}
