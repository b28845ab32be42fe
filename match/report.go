// The match report: one self-contained HTML page (inline SVG and CSS, no
// script, nothing fetched): the command, settings, date and each player's
// build; a tournament's standings; per match the score over time, the Elo
// estimate and its interval, the SPRT's log-likelihood ratio between its
// bounds, the pentanomial pairs, the score by colour and by opening, the
// ends and forfeits, and every game with its PGN.

package match

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/position"
)

// ReportSection is one match of a report (a tournament has one a
// pairing) with the openings it used.
type ReportSection struct {
	Summary  *Summary
	Openings []position.Position
}

// ReportInfo is what the report says of the run as a whole.
type ReportInfo struct {
	Title    string
	Command  string    // the command line
	Date     time.Time // when the report was written
	Settings []Setting // Config.Settings (a tournament's first pairing's, players aside)
	Players  []PlayerInfo
}

// PlayerInfo is one player's name, spec and build (the program and
// version behind it).
type PlayerInfo struct{ Name, Spec, Build string }

// standingRow is one player's line of a tournament's standings.
type standingRow struct {
	Rank                       int
	Name                       string
	Games, Wins, Draws, Losses int
	Score, Elo, Interval       string
}

// WriteReport writes the page: the run's info, the tournament's
// standings when t is not nil, then one section a match.
func WriteReport(w io.Writer, info ReportInfo, t *Tournament, sections []ReportSection) error {
	data := struct {
		ReportInfo
		DateText  string
		ChartCSS  template.CSS
		Standings []standingRow
		Sections  []sectionData
	}{ReportInfo: info, ChartCSS: chartCSS}
	if !info.Date.IsZero() {
		data.DateText = info.Date.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	if t != nil {
		for i, st := range t.Standings {
			c := st.Counts
			elo, lo, hi := c.Elo()
			data.Standings = append(data.Standings, standingRow{Rank: i + 1, Name: st.Name, Games: c.Games(), Wins: c.Wins, Draws: c.Draws,
				Losses: c.Losses, Score: fmt.Sprintf("%.3f", c.Score()), Elo: fmtElo(elo), Interval: "[" + fmtElo(lo) + ", " + fmtElo(hi) + "]"})
		}
	}
	for _, s := range sections {
		data.Sections = append(data.Sections, sectionOf(s))
	}
	return reportPage.Execute(w, data)
}

type sectionData struct {
	Name1, Name2, ScoreLine string
	Elo                     string
	EloChart                template.HTML
	ScoreChart              template.HTML
	SPRT                    string
	LLRChart                template.HTML
	Colours                 []row
	Openings                []row
	Pairs                   string
	Ends                    []countRow
	Forfeits                string
	Games                   []gameRow
}

type countRow struct {
	Label string
	Count int
}

// gameRow is one game of the report's list.
type gameRow struct {
	Number                    int
	South, North, Result, End string
	Plies                     int
	Opening, PGN              string
}

type row struct {
	Label         string
	Wins, Draws   int
	Losses, Games int
	Score         string
}

func (r *row) add(h int) {
	r.Games++
	switch h {
	case 2:
		r.Wins++
	case 1:
		r.Draws++
	default:
		r.Losses++
	}
	r.Score = fmt.Sprintf("%.3f", (float64(r.Wins)+float64(r.Draws)/2)/float64(r.Games))
}

func sectionOf(rs ReportSection) sectionData {
	s := rs.Summary
	d := sectionData{Name1: s.Name1, Name2: s.Name2, ScoreLine: s.ScoreLine()}
	elo, lo, hi := s.Counts.Elo()
	d.Elo = fmt.Sprintf("%s, 95%% interval [%s, %s]", fmtElo(elo), fmtElo(lo), fmtElo(hi))
	d.EloChart = eloChart(elo, lo, hi)
	scores := make([]float64, len(s.Games))
	llrs := make([]float64, len(s.Games))
	sum := 0
	colours := []row{{Label: "player 1 South"}, {Label: "player 1 North"}}
	byOpening := map[int]*row{}
	var order []int
	for i, g := range s.Games {
		sum += g.HalfPoints
		scores[i] = float64(sum) / float64(2*(i+1))
		llrs[i] = g.LLR
		c := 1
		if g.P1South {
			c = 0
		}
		colours[c].add(g.HalfPoints)
		r := byOpening[g.Opening]
		if r == nil {
			label := fmt.Sprintf("%d", g.Opening+1)
			if g.Opening < len(rs.Openings) {
				label += ": " + openingName(rs.Openings[g.Opening])
			}
			r = &row{Label: label}
			byOpening[g.Opening] = r
			order = append(order, g.Opening)
		}
		r.add(g.HalfPoints)
	}
	d.ScoreChart = lineChart(scores, 0, 1, []float64{0.5}, "player 1's score", "%.2f")
	d.Pairs = s.Pairs.String()
	d.Forfeits = fmt.Sprintf("player 1 %d (on time %d), player 2 %d (on time %d)", s.Forfeits1, s.TimeLosses1, s.Forfeits2, s.TimeLosses2)
	ends := map[string]int{}
	var endOrder []string
	for _, g := range s.Games {
		if ends[g.Termination] == 0 {
			endOrder = append(endOrder, g.Termination)
		}
		ends[g.Termination]++
		row := gameRow{Number: g.Number + 1, South: g.South, North: g.North, Result: g.Result, End: g.Describe(), Plies: g.Plies,
			Opening: fmt.Sprintf("%d", g.Opening+1), PGN: g.PGN}
		if g.Opening < len(rs.Openings) {
			row.Opening += ": " + openingName(rs.Openings[g.Opening])
		}
		d.Games = append(d.Games, row)
	}
	slices.SortFunc(d.Games, func(a, b gameRow) int { return a.Number - b.Number })
	slices.Sort(endOrder)
	for _, e := range endOrder {
		d.Ends = append(d.Ends, countRow{e, ends[e]})
	}
	d.Colours = colours
	slices.Sort(order)
	for _, k := range order {
		d.Openings = append(d.Openings, *byOpening[k])
	}
	if s.SPRT != nil {
		lo, hi := s.SPRT.Bounds()
		d.SPRT = fmt.Sprintf("elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f, bounds [%.3f, %.3f]: %s", s.SPRT.Elo0, s.SPRT.Elo1, s.SPRT.Alpha, s.SPRT.Beta, s.LLR, lo, hi, s.Decision)
		min, max := lo, hi
		for _, v := range llrs {
			min, max = math.Min(min, v), math.Max(max, v)
		}
		d.LLRChart = lineChart(llrs, min, max, []float64{lo, 0, hi}, "LLR", "%.2f")
	}
	return d
}

func openingName(p position.Position) string {
	switch p {
	case position.Start(30):
		return "startpos"
	case position.Start(25):
		return "startpos25"
	}
	return p.String()
}

// chartCSS styles the charts, in the page and in the SVG report.
const chartCSS = `.frame{fill:#fafafa;stroke:#555}.guide{stroke:#555;stroke-dasharray:4 3}
.line{fill:none;stroke:#0b4f9c;stroke-width:2}.interval{stroke:#0b4f9c;stroke-width:6}
.point{fill:#b3261e}.tick{font:11px sans-serif;text-anchor:end;fill:#1a1a1a}.axis{font:11px sans-serif;fill:#1a1a1a}
.end{text-anchor:end}.mid{text-anchor:middle}.head{font:bold 15px sans-serif;fill:#1a1a1a}.text{font:12px sans-serif;fill:#1a1a1a}`

// Chart geometry, in SVG units.
const (
	chartW, chartH = 640, 220
	padL, padR     = 48, 24
	padT, padB     = 12, 28
	eloH           = 70
)

// lineChart draws ys (one a game) over [lo, hi] with dashed guide lines
// at guides, as an inline SVG with a title for screen readers.
func lineChart(ys []float64, lo, hi float64, guides []float64, label, format string) template.HTML {
	return lineChartAt(`class="chart"`, ys, lo, hi, guides, label, format)
}

// lineChartAt is lineChart with the svg element's placing attributes.
func lineChartAt(attrs string, ys []float64, lo, hi float64, guides []float64, label, format string) template.HTML {
	if hi <= lo {
		hi = lo + 1
	}
	n := len(ys)
	x := func(i int) float64 {
		if n <= 1 {
			return padL
		}
		return padL + float64(i)*(chartW-padL-padR)/float64(n-1)
	}
	y := func(v float64) float64 { return padT + (hi-v)*(chartH-padT-padB)/(hi-lo) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg %s viewBox="0 0 %d %d" role="img" aria-label="%s over %s"><title>%s over %s</title>`,
		attrs, chartW, chartH, template.HTMLEscapeString(label), plural.Count(n, "game"), template.HTMLEscapeString(label), plural.Count(n, "game"))
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" class="frame"/>`, padL, padT, chartW-padL-padR, chartH-padT-padB)
	for _, g := range guides {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" class="guide"/><text x="%d" y="%.1f" class="tick">`+format+`</text>`,
			padL, chartW-padR, y(g), y(g), padL-4, y(g)+4, g)
	}
	for _, v := range []float64{hi, lo} { // the ends, unless a guide is labelled near them
		near := false
		for _, g := range guides {
			near = near || math.Abs(g-v) < (hi-lo)/10
		}
		if !near {
			fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="tick">`+format+`</text>`, padL-4, y(v)+4, v)
		}
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="axis">game 1</text><text x="%d" y="%d" class="axis end">game %d</text>`,
		padL, chartH-8, chartW-padR, chartH-8, n)
	if n > 0 {
		b.WriteString(`<polyline class="line" points="`)
		for i, v := range ys {
			fmt.Fprintf(&b, "%.1f,%.1f ", x(i), y(v))
		}
		b.WriteString(`"/>`)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// eloChart draws the Elo estimate and its interval on a line from -800
// to +800 (an infinite end drawn at the edge, with an arrow).
func eloChart(elo, lo, hi float64) template.HTML {
	return eloChartAt(`class="chart small"`, elo, lo, hi)
}

// eloChartAt is eloChart with the svg element's placing attributes.
func eloChartAt(attrs string, elo, lo, hi float64) template.HTML {
	const span = 800.0
	x := func(v float64) float64 {
		v = math.Max(-span, math.Min(span, v))
		return padL + (v+span)*(chartW-padL-padR)/(2*span)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg %s viewBox="0 0 %d %d" role="img" aria-label="Elo %s, interval %s to %s"><title>Elo %s, 95%% interval %s to %s</title>`,
		attrs, chartW, eloH, fmtElo(elo), fmtElo(lo), fmtElo(hi), fmtElo(elo), fmtElo(lo), fmtElo(hi))
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="30" y2="30" class="guide"/>`, padL, chartW-padR)
	for _, t := range []float64{-800, -400, 0, 400, 800} {
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="25" y2="35" class="guide"/><text x="%.1f" y="55" class="axis mid">%+.0f</text>`, x(t), x(t), x(t), t)
	}
	fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="30" y2="30" class="interval"/><circle cx="%.1f" cy="30" r="6" class="point"/>`, x(lo), x(hi), x(elo))
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

var reportPage = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:1200px;padding:0 1em;color:#1a1a1a;background:#fff;box-sizing:border-box}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em;border-bottom:1px solid #999}
pre{font-size:12px;overflow-x:auto;background:#f3f3f3;padding:.5em;white-space:pre-wrap;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:.5em 0;max-width:100%}th,td{padding:2px 8px;text-align:right;border-bottom:1px solid #ccc}
th:first-child,td:first-child{text-align:left}td.name,th.name{text-align:left;max-width:30em;overflow-wrap:anywhere}
.chart{width:100%;max-width:820px;height:auto;display:block;margin:.5em 0}
details summary{cursor:pointer}code{overflow-wrap:anywhere}
{{.ChartCSS}}
</style></head><body>
<h1>{{.Title}}</h1>
{{if or .Command .DateText .Settings}}<table class="info">
{{with .Command}}<tr><th>command</th><td class="name"><code>{{.}}</code></td></tr>{{end}}
{{with .DateText}}<tr><th>date</th><td class="name">{{.}}</td></tr>{{end}}
{{range .Settings}}<tr><th>{{.Key}}</th><td class="name">{{.Value}}</td></tr>
{{end}}</table>{{end}}
{{with .Players}}<h2>Players</h2>
<table><tr><th class="name">name</th><th class="name">spec</th><th class="name">build</th></tr>
{{range .}}<tr><td class="name">{{.Name}}</td><td class="name"><code>{{.Spec}}</code></td><td class="name">{{.Build}}</td></tr>
{{end}}</table>{{end}}
{{with .Standings}}<h2>Standings</h2>
<table class="standings"><tr><th>rank</th><th class="name">player</th><th>games</th><th>wins</th><th>draws</th><th>losses</th><th>score</th><th>Elo</th><th>95% interval</th></tr>
{{range .}}<tr><td>{{.Rank}}</td><td class="name">{{.Name}}</td><td>{{.Games}}</td><td>{{.Wins}}</td><td>{{.Draws}}</td><td>{{.Losses}}</td><td>{{.Score}}</td><td>{{.Elo}}</td><td>{{.Interval}}</td></tr>
{{end}}</table>{{end}}
{{range .Sections}}<section>
<h2>{{.Name1}} vs {{.Name2}}</h2>
<p>{{.ScoreLine}}</p>
<h3>Elo of player 1</h3><p>{{.Elo}}</p>{{.EloChart}}
<h3>Score over time</h3>{{.ScoreChart}}
{{if .SPRT}}<h3>SPRT</h3><p>{{.SPRT}}</p>{{.LLRChart}}{{end}}
<p>Game pairs by player 1's points (pentanomial): {{.Pairs}}</p>
<h3>By colour</h3>
<table><tr><th>colour</th><th>wins</th><th>draws</th><th>losses</th><th>games</th><th>score</th></tr>
{{range .Colours}}<tr><td>{{.Label}}</td><td>{{.Wins}}</td><td>{{.Draws}}</td><td>{{.Losses}}</td><td>{{.Games}}</td><td>{{.Score}}</td></tr>
{{end}}</table>
<h3>By opening (player 1's results)</h3>
<table><tr><th class="name">opening</th><th>wins</th><th>draws</th><th>losses</th><th>games</th><th>score</th></tr>
{{range .Openings}}<tr><td class="name">{{.Label}}</td><td>{{.Wins}}</td><td>{{.Draws}}</td><td>{{.Losses}}</td><td>{{.Games}}</td><td>{{.Score}}</td></tr>
{{end}}</table>
<h3>Ends</h3>
<table class="ends"><tr><th>termination</th><th>games</th></tr>
{{range .Ends}}<tr><td>{{.Label}}</td><td>{{.Count}}</td></tr>
{{end}}</table>
<p>Forfeits: {{.Forfeits}}</p>
<h3>Games</h3>
<table class="games"><tr><th>game</th><th class="name">South</th><th class="name">North</th><th>result</th><th class="name">end</th><th>plies</th><th class="name">opening</th></tr>
{{range .Games}}<tr><td>{{.Number}}</td><td class="name">{{.South}}</td><td class="name">{{.North}}</td><td>{{.Result}}</td><td class="name">{{.End}}</td><td>{{.Plies}}</td><td class="name">{{.Opening}}</td></tr>
{{with .PGN}}<tr><td></td><td colspan="6" class="name"><details><summary>PGN</summary><pre>{{.}}</pre></details></td></tr>
{{end}}{{end}}</table>
</section>{{end}}
</body></html>
`))

// NewReportInfo describes a run for its report: the command line, now,
// cfg's settings (a tournament's without the players, listed apart), the
// games the sections played (gamesPlayed) and each player's build, self
// being this program's version. t is the tournament, nil for a match.
func NewReportInfo(command string, cfg *Config, players []Factory, self string, t *Tournament, secs []ReportSection) ReportInfo {
	info := ReportInfo{Title: "kiothi match", Command: command, Date: time.Now(), Settings: cfg.Settings()}
	for i := range info.Settings {
		if info.Settings[i].Key == "games" {
			info.Settings[i].Value = gamesPlayed(cfg.PlannedGames(), t, secs)
		}
	}
	if t != nil {
		info.Title, info.Settings = "kiothi match tournament", info.Settings[2:]
	}
	for _, p := range players {
		info.Players = append(info.Players, PlayerInfo{Name: p.Name, Spec: p.Spec, Build: p.Build(self)})
	}
	return info
}

// gamesPlayed is the report's count of games: those the sections played,
// with the plan when it differs ("7 played of 12 planned") and, in
// tournament t, the games a pairing (perPair, as the settings plan them).
func gamesPlayed(perPair int, t *Tournament, secs []ReportSection) string {
	played := 0
	for _, s := range secs {
		played += s.Summary.Counts.Games()
	}
	planned := perPair
	if t != nil {
		planned *= t.Planned
	}
	text := fmt.Sprint(played)
	if played != planned {
		text = fmt.Sprintf("%d played of %d planned", played, planned)
	}
	if t != nil {
		text += fmt.Sprintf(" (%s a pairing)", plural.Count(perPair, "game"))
	}
	return text
}

// ReportIsSVG reports whether a report file is the SVG image (a name
// ending in .svg) rather than the HTML page.
func ReportIsSVG(path string) bool { return strings.HasSuffix(strings.ToLower(path), ".svg") }

// WriteReportFile replaces path whole with the report: the HTML page, or
// the charts as one SVG image when ReportIsSVG.
func WriteReportFile(path string, info ReportInfo, t *Tournament, secs []ReportSection) error {
	var b strings.Builder
	var err error
	if ReportIsSVG(path) {
		err = WriteReportSVG(&b, info.Title, secs)
	} else {
		err = WriteReport(&b, info, t, secs)
	}
	if err == nil {
		err = wholefile.WriteBytes(path, []byte(b.String()))
	}
	return err
}
