// The wire format: versioned JSON jobs and results, their subjects and parsers.

package cluster

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// WireVersion is the version of the job and result messages. A message of
// another version is refused: its fields may mean something else.
const WireVersion = 1

// MaxMessageBytes bounds a job or result message. The largest real one, a
// game of a thousand moves, is about 8 KB.
const MaxMessageBytes = 256 << 10

// Job kinds.
const (
	KindGame    = "game"    // a game of a match (GameJob)
	KindSearch  = "search"  // one search (SearchJob)
	KindPerft   = "perft"   // a perft subtree (PerftJob)
	KindDatagen = "datagen" // a self-play game of datagen (DatagenJob)
)

// Subjects: jobs of run R go on kiothi.jobs.R, their results on
// kiothi.results.R.
const (
	jobsPrefix    = "kiothi.jobs."
	resultsPrefix = "kiothi.results."
)

// JobsSubject returns the subject of run's jobs.
func JobsSubject(run string) string { return jobsPrefix + run }

// ResultsSubject returns the subject of run's results.
func ResultsSubject(run string) string { return resultsPrefix + run }

// CheckRunID checks a run id: 1 to 64 letters, digits, '-' or '_' (it is
// a token of the subjects).
func CheckRunID(run string) error {
	if run == "" || len(run) > 64 {
		return fmt.Errorf("run id %s: want 1 to 64 letters, digits, '-' or '_'", excerpt.Quote(run))
	}
	for i := 0; i < len(run); i++ {
		c := run[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("run id %s: character %q at %d: want letters, digits, '-' or '_'", excerpt.Quote(run), c, i)
		}
	}
	return nil
}

// Build is a build fingerprint: the engine's version, its commit and the
// node count of its bench at depth 10 (package bench's FingerprintNodes).
// Workers run only jobs of their own build, and coordinators count only
// results of theirs, so results of two builds never mix.
type Build struct {
	Version string `json:"version"`
	Commit  string `json:"commit,omitempty"`
	Nodes   uint64 `json:"fingerprint_nodes"`
}

func (b Build) String() string {
	c := ""
	if b.Commit != "" && !strings.Contains(b.Version, b.Commit) {
		c = " commit " + b.Commit
	}
	return fmt.Sprintf("build fingerprint kiothi %s%s (depth-10 bench: %d nodes)", b.Version, c, b.Nodes)
}

// Job is one unit of work, self-contained: a worker needs nothing else.
type Job struct {
	V     int    `json:"v"`
	Run   string `json:"run"`
	N     int    `json:"n"`                 // the job's number in its run, from 0
	Try   int    `json:"attempt,omitempty"` // republications after a refusal
	Build Build  `json:"build"`             // the coordinator's
	Kind  string `json:"kind"`

	Game    *GameJob    `json:"game,omitempty"`
	Search  *SearchJob  `json:"search,omitempty"`
	Perft   *PerftJob   `json:"perft,omitempty"`
	Datagen *DatagenJob `json:"datagen,omitempty"`
}

// ID returns "run/n", the job's key in results.
func (j *Job) ID() string { return j.Run + "/" + strconv.Itoa(j.N) }

// GameJob is game Number of a match, as match.PlayNumbered plays it.
type GameJob struct {
	Player1       string `json:"player1"` // player specs (match.ParseSpec)
	Player2       string `json:"player2"`
	Start         string `json:"start"` // the opening (RULES.md §7)
	Number        int    `json:"number"`
	Seed          uint64 `json:"seed"` // the match's seed
	FreeFirstLap  bool   `json:"free_first_lap,omitempty"`
	MaxPlies      int    `json:"max_plies"`
	MoveTimeMS    int64  `json:"movetime_ms,omitempty"`
	MoveTimeoutMS int64  `json:"move_timeout_ms,omitempty"`
	// TC is a game clock in cutechess's syntax (match.ParseTimeControl;
	// "": none), TimeMarginMS how far past it a player may go.
	TC           string `json:"tc,omitempty"`
	TimeMarginMS int64  `json:"time_margin_ms,omitempty"`
	// Adjudication's rules (nil: none).
	Adjudication *AdjudicationJob `json:"adjudication,omitempty"`
	// Notes asks for each move's note (time, score, depth) in the result.
	Notes bool `json:"notes,omitempty"`
}

// MaxNotedPlies bounds the moves of a game whose notes come back: a move
// and its note take at most about 100 bytes of the result message.
const MaxNotedPlies = 2000

// AdjudicationJob is a game's match.Adjudication (scores in
// centi-warriors).
type AdjudicationJob struct {
	ResignMoves int  `json:"resign_moves,omitempty"`
	ResignScore int  `json:"resign_score,omitempty"`
	DrawFrom    int  `json:"draw_from,omitempty"`
	DrawMoves   int  `json:"draw_moves,omitempty"`
	DrawScore   int  `json:"draw_score,omitempty"`
	Proven      bool `json:"proven,omitempty"`
}

// SearchJob is one search from a cleared table.
type SearchJob struct {
	Position     string   `json:"position"`
	History      []uint64 `json:"history,omitempty"` // keys of the game's positions before (search.Engine.Search)
	HashMB       int      `json:"hash_mb,omitempty"` // 0: the worker's --hash
	FreeFirstLap bool     `json:"free_first_lap,omitempty"`
	Depth        int      `json:"depth,omitempty"`
	Nodes        uint64   `json:"nodes,omitempty"`
	MoveTimeMS   int64    `json:"movetime_ms,omitempty"`
	Objective    string   `json:"objective,omitempty"` // margin (default) or match
	Multiplier   int      `json:"multiplier,omitempty"`
	MultiPV      int      `json:"multipv,omitempty"` // lines searched (0: 1); lines 2 on come back in SearchOut.Lines
}

// PerftJob counts the move paths of a position to a depth.
type PerftJob struct {
	Position     string `json:"position"`
	Depth        int    `json:"depth"`
	FreeFirstLap bool   `json:"free_first_lap,omitempty"`
}

// DatagenJob is game Number of a datagen run, as datagen.PlayGame plays
// it: the fields of datagen.Config a game depends on (datagenConfig).
type DatagenJob struct {
	Number       int      `json:"number"`
	Seed         uint64   `json:"seed"`
	Depth        int      `json:"depth,omitempty"`
	Nodes        uint64   `json:"nodes,omitempty"`
	HashMB       int      `json:"hash_mb,omitempty"` // 0: limits.DefaultHashMB
	Setup        int      `json:"setup"`
	FreeFirstLap bool     `json:"free_first_lap,omitempty"`
	RandomPlies  int      `json:"random_plies,omitempty"`
	RandomProb   float64  `json:"random_prob,omitempty"`
	MaxPlies     int      `json:"max_plies"`
	Starts       []string `json:"starts,omitempty"` // turn-3 positions, the run's whole list
	StartShare   float64  `json:"start_share,omitempty"`
}

// Result answers one job. Error set means no payload: the job could not be
// run (Refused: it came from another build).
type Result struct {
	V       int    `json:"v"`
	Run     string `json:"run"`
	N       int    `json:"n"`                 // -1: the job message could not be read
	Try     int    `json:"attempt,omitempty"` // the job's
	Build   Build  `json:"build"`             // the worker's
	Worker  string `json:"worker"`            // its name, for messages
	Kind    string `json:"kind,omitempty"`
	Error   string `json:"error,omitempty"`
	Refused bool   `json:"refused,omitempty"`

	Game    *GameOut    `json:"game,omitempty"`
	Search  *SearchOut  `json:"search,omitempty"`
	Perft   *PerftOut   `json:"perft,omitempty"`
	Datagen *DatagenOut `json:"datagen,omitempty"`

	Machine *machine.Info `json:"machine,omitempty"` // the worker's (speeds depend on it)
}

// GameOut is a played game (match.GameResult).
type GameOut struct {
	Start      string   `json:"start"`
	Moves      []string `json:"moves"`
	South      int      `json:"south"`
	North      int      `json:"north"`
	Repetition bool     `json:"repetition,omitempty"`
	End        string   `json:"end"`
	Forfeit    string   `json:"forfeit,omitempty"` // south or north
	Reason     string   `json:"reason,omitempty"`
	OnTime     bool     `json:"on_time,omitempty"` // the forfeit was a clock that ran out
	// Notes, when the job asked for them: one a move (match.MoveNote).
	Notes []NoteOut `json:"notes,omitempty"`
}

// NoteOut is what the runner saw of one move: its time and, when the
// player searched, the search's score for the side that moved and depth.
type NoteOut struct {
	TimeUS int64 `json:"time_us"`
	Search bool  `json:"search,omitempty"`
	Score  int   `json:"score,omitempty"`
	Proven bool  `json:"proven,omitempty"`
	Depth  int   `json:"depth,omitempty"`
}

// SearchOut is a search's result.
type SearchOut struct {
	Best    string   `json:"best,omitempty"` // empty: no legal move
	Score   int      `json:"score"`
	Proven  bool     `json:"proven,omitempty"`
	Depth   int      `json:"depth"`
	Nodes   uint64   `json:"nodes"`
	PV      []string `json:"pv,omitempty"`
	HashMB  int      `json:"hash_mb"`
	Elapsed int64    `json:"elapsed_ms"`
	// Lines are lines 2 on of a MultiPV search, each as last reported;
	// First is line 1 as last reported (the result may be a later,
	// stopped iteration's move), with its first moves.
	Lines []LineOut `json:"lines,omitempty"`
	First *LineOut  `json:"first,omitempty"`
}

// LineOut is one line of a MultiPV search beyond the first.
type LineOut struct {
	Score  int  `json:"score"`
	Proven bool `json:"proven,omitempty"`
	Depth  int  `json:"depth"`
	// Move and Reply are the line's first two moves ("" if none): a
	// review values the played move by its line (annotate).
	Move  string `json:"move,omitempty"`
	Reply string `json:"reply,omitempty"`
}

// PerftOut is a perft count.
type PerftOut struct {
	Nodes uint64 `json:"nodes"`
}

// DatagenOut is a datagen game's records in the file's encoding
// (datagen.AppendRecords; base64 in the JSON), all of the game's in order.
type DatagenOut struct {
	Records []byte `json:"records"`
}

// Marshal encodes a job or a result.
func Marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err == nil && len(b) > MaxMessageBytes {
		err = fmt.Errorf("message of %d bytes: over the %d-byte limit", len(b), MaxMessageBytes)
	}
	return b, err
}

// decode reads one JSON object of at most MaxMessageBytes with no unknown
// fields and nothing after it.
func decode(what string, b []byte, v any) error {
	if len(b) > MaxMessageBytes {
		return fmt.Errorf("%s message of %d bytes: over the %d-byte limit", what, len(b), MaxMessageBytes)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return fmt.Errorf("%s message is empty", what)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("%s message: %s", what, shortError(err))
	}
	if _, err := d.Token(); err != io.EOF {
		return fmt.Errorf("%s message: data after the JSON object", what)
	}
	return nil
}

// ParseJob reads and checks a job message. The error names the field.
func ParseJob(b []byte) (*Job, error) {
	var j Job
	if err := decode("job", b, &j); err != nil {
		return nil, err
	}
	if j.V != WireVersion {
		return nil, fmt.Errorf("job: wire version %d, this build reads version %d", j.V, WireVersion)
	}
	if err := CheckRunID(j.Run); err != nil {
		return nil, fmt.Errorf("job: %v", err)
	}
	if j.N < 0 || j.Try < 0 {
		return nil, fmt.Errorf("job %s: number %d, attempt %d: must not be negative", j.ID(), j.N, j.Try)
	}
	n := 0
	for _, p := range []bool{j.Game != nil, j.Search != nil, j.Perft != nil, j.Datagen != nil} {
		if p {
			n++
		}
	}
	if n != 1 {
		return nil, fmt.Errorf("job %s: %d payloads, want exactly one", j.ID(), n)
	}
	var err error
	switch {
	case j.Kind == KindGame && j.Game != nil:
		err = j.Game.check()
	case j.Kind == KindSearch && j.Search != nil:
		err = j.Search.check()
	case j.Kind == KindPerft && j.Perft != nil:
		err = j.Perft.check()
	case j.Kind == KindDatagen && j.Datagen != nil:
		err = j.Datagen.check()
	default:
		err = fmt.Errorf("kind %s does not match its payload (kinds: game, search, perft, datagen)", excerpt.Quote(j.Kind))
	}
	if err != nil {
		return nil, fmt.Errorf("job %s: %v", j.ID(), err)
	}
	return &j, nil
}

// maxMillis bounds a time in a job: limits.MoveTimeMS.
var maxMillis = limits.MoveTimeMS.Max

func (g *GameJob) check() error {
	if strings.TrimSpace(g.Player1) == "" || strings.TrimSpace(g.Player2) == "" {
		return errors.New("game: player1 and player2 specs are required")
	}
	if _, err := position.Parse(g.Start); err != nil {
		return fmt.Errorf("game: start: %v", err)
	}
	switch {
	case g.Number < 0:
		return fmt.Errorf("game: number %d: must not be negative", g.Number)
	case g.MaxPlies < 0 || g.MaxPlies > 1_000_000:
		return fmt.Errorf("game: max_plies %d: want 0 to 1000000", g.MaxPlies)
	case g.MoveTimeMS < 0 || g.MoveTimeMS > maxMillis:
		return fmt.Errorf("game: movetime_ms %d: want 0 to %d", g.MoveTimeMS, maxMillis)
	case g.MoveTimeoutMS < 0 || g.MoveTimeoutMS > maxMillis:
		return fmt.Errorf("game: move_timeout_ms %d: want 0 to %d", g.MoveTimeoutMS, maxMillis)
	case len(g.TC) > 64:
		return fmt.Errorf("game: tc of %d bytes: at most 64", len(g.TC))
	case g.Notes && (g.MaxPlies < 1 || g.MaxPlies > MaxNotedPlies):
		return fmt.Errorf("game: max_plies %d with notes: want 1 to %d (a game's notes travel in one message)", g.MaxPlies, MaxNotedPlies)
	}
	_, err := g.config()
	return err
}

// config is the game's match.GameConfig, checked: the clock as
// match.ParseTimeControl reads it, the margin within
// limits.MoveOverheadMS, the adjudication as match.Adjudication.Check
// bounds it.
func (g *GameJob) config() (match.GameConfig, error) {
	c := match.GameConfig{
		Rules:       movegen.Rules{FreeFirstLap: g.FreeFirstLap},
		MaxPlies:    g.MaxPlies,
		MoveTime:    time.Duration(g.MoveTimeMS) * time.Millisecond,
		MoveTimeout: time.Duration(g.MoveTimeoutMS) * time.Millisecond,
		TimeMargin:  time.Duration(g.TimeMarginMS) * time.Millisecond,
	}
	if g.TC != "" {
		tc, err := match.ParseTimeControl(g.TC)
		if err != nil {
			return c, fmt.Errorf("game: tc: %v", err)
		}
		if !tc.On() {
			return c, fmt.Errorf("game: tc %s: no clock (leave tc out)", excerpt.Quote(g.TC))
		}
		c.TC = tc
	}
	if err := limits.MoveOverheadMS.Check("game: time_margin_ms", g.TimeMarginMS); err != nil {
		return c, err
	}
	if a := g.Adjudication; a != nil {
		c.Adjudication = match.Adjudication{ResignMoves: a.ResignMoves, ResignScore: a.ResignScore,
			DrawFrom: a.DrawFrom, DrawMoves: a.DrawMoves, DrawScore: a.DrawScore, Proven: a.Proven}
		if err := c.Adjudication.Check(); err != nil {
			return c, fmt.Errorf("game: adjudication: %v", err)
		}
		if !c.Adjudication.On() {
			return c, errors.New("game: adjudication with no rule (leave it out)")
		}
	}
	return c, nil
}

func (s *SearchJob) check() error {
	if _, err := position.Parse(s.Position); err != nil {
		return fmt.Errorf("search: position: %v", err)
	}
	switch {
	case s.Depth != 0 && !limits.Depth.Contains(int64(s.Depth)):
		return fmt.Errorf("search: depth %d: want 0 (none) or %d to %d", s.Depth, limits.Depth.Min, limits.Depth.Max)
	case s.MoveTimeMS < 0 || s.MoveTimeMS > maxMillis:
		return fmt.Errorf("search: movetime_ms %d: want 0 to %d", s.MoveTimeMS, maxMillis)
	case s.Depth == 0 && s.Nodes == 0 && s.MoveTimeMS == 0:
		return errors.New("search: no limit: set depth, nodes or movetime_ms")
	case s.Objective != "" && s.Objective != "margin" && s.Objective != "match":
		return fmt.Errorf("search: objective %s: want margin or match", excerpt.Quote(s.Objective))
	case s.Multiplier != 0 && !limits.Multiplier.Contains(int64(s.Multiplier)):
		return fmt.Errorf("search: multiplier %d: want 0 (the default) or %d to %d", s.Multiplier, limits.Multiplier.Min, limits.Multiplier.Max)
	case len(s.History) > maxHistory:
		return fmt.Errorf("search: history of %d positions: at most %d", len(s.History), maxHistory)
	case s.HashMB != 0 && !limits.HashMB.Contains(int64(s.HashMB)):
		return fmt.Errorf("search: hash_mb %d: want 0 (the worker's) or %d to %d", s.HashMB, limits.HashMB.Min, limits.HashMB.Max)
	case s.MultiPV != 0 && !limits.MultiPV.Contains(int64(s.MultiPV)):
		return fmt.Errorf("search: multipv %d: want 0 (one line) or %d to %d", s.MultiPV, limits.MultiPV.Min, limits.MultiPV.Max)
	}
	return nil
}

// maxHistory bounds a search job's history (a book line is at most 256).
const maxHistory = 4096

// maxPerftDepth bounds a perft job; deeper subtrees are split into jobs.
const maxPerftDepth = 30

func (p *PerftJob) check() error {
	if _, err := position.Parse(p.Position); err != nil {
		return fmt.Errorf("perft: position: %v", err)
	}
	if p.Depth < 0 || p.Depth > maxPerftDepth {
		return fmt.Errorf("perft: depth %d: want 0 to %d", p.Depth, maxPerftDepth)
	}
	return nil
}

// Bounds of a datagen job. A game's records must fit one result message:
// MaxDatagenPlies records of 32 bytes are about 213 KB in base64. The
// starts travel in every job: MaxDatagenStarts positions are at most
// about 100 KB (a typical one is 65 bytes).
const (
	MaxDatagenPlies  = 5000
	MaxDatagenStarts = 1000
)

func (d *DatagenJob) check() error {
	switch {
	case d.Number < 0 || uint64(d.Number) > math.MaxUint32:
		return fmt.Errorf("datagen: number %d: want 0 to %d", d.Number, uint32(math.MaxUint32))
	case d.Depth != 0 && !limits.Depth.Contains(int64(d.Depth)):
		return fmt.Errorf("datagen: depth %d: want 0 (none) or %d to %d", d.Depth, limits.Depth.Min, limits.Depth.Max)
	case d.Depth == 0 && d.Nodes == 0:
		return errors.New("datagen: no limit: set depth or nodes")
	case d.HashMB != 0 && !limits.HashMB.Contains(int64(d.HashMB)):
		return fmt.Errorf("datagen: hash_mb %d: want 0 (the default) or %d to %d", d.HashMB, limits.HashMB.Min, limits.HashMB.Max)
	case d.Setup != 30 && d.Setup != 25:
		return fmt.Errorf("datagen: setup %d: want 30 or 25", d.Setup)
	case d.RandomPlies < 0:
		return fmt.Errorf("datagen: random_plies %d: must not be negative", d.RandomPlies)
	case !(d.RandomProb >= 0 && d.RandomProb <= 1):
		return fmt.Errorf("datagen: random_prob %v: want 0 to 1", d.RandomProb)
	case d.MaxPlies < 1 || d.MaxPlies > MaxDatagenPlies:
		return fmt.Errorf("datagen: max_plies %d: want 1 to %d (a game's records travel in one message)", d.MaxPlies, MaxDatagenPlies)
	case len(d.Starts) > MaxDatagenStarts:
		return fmt.Errorf("datagen: %d starts: at most %d", len(d.Starts), MaxDatagenStarts)
	case !(d.StartShare >= 0 && d.StartShare <= 1):
		return fmt.Errorf("datagen: start_share %v: want 0 to 1", d.StartShare)
	}
	_, err := d.starts()
	return err
}

// starts parses the job's starts, each a play position.
func (d *DatagenJob) starts() ([]position.Position, error) {
	if len(d.Starts) == 0 {
		return nil, nil
	}
	ps := make([]position.Position, len(d.Starts))
	for i, s := range d.Starts {
		p, err := position.Parse(s)
		if err != nil {
			return nil, fmt.Errorf("datagen: start %d: %v", i+1, err)
		}
		if p.Phase() != position.Play {
			return nil, fmt.Errorf("datagen: start %d %s: not a play position (turn 3 or later)", i+1, excerpt.Quote(s))
		}
		ps[i] = p
	}
	return ps, nil
}

// ParseResult reads and checks a result message. The error names the field.
func ParseResult(b []byte) (*Result, error) {
	var r Result
	if err := decode("result", b, &r); err != nil {
		return nil, err
	}
	if r.V != WireVersion {
		return nil, fmt.Errorf("result: wire version %d, this build reads version %d", r.V, WireVersion)
	}
	if err := CheckRunID(r.Run); err != nil {
		return nil, fmt.Errorf("result: %v", err)
	}
	if r.N < -1 {
		return nil, fmt.Errorf("result %s/%d: number must be -1 or more", r.Run, r.N)
	}
	payloads := 0
	for _, p := range []bool{r.Game != nil, r.Search != nil, r.Perft != nil, r.Datagen != nil} {
		if p {
			payloads++
		}
	}
	if r.Error != "" {
		if payloads != 0 {
			return nil, fmt.Errorf("result %s/%d: an error and a payload", r.Run, r.N)
		}
		return &r, nil
	}
	if r.Refused {
		return nil, fmt.Errorf("result %s/%d: refused without an error message", r.Run, r.N)
	}
	ok := payloads == 1 && (r.Kind == KindGame && r.Game != nil || r.Kind == KindSearch && r.Search != nil ||
		r.Kind == KindPerft && r.Perft != nil || r.Kind == KindDatagen && r.Datagen != nil)
	if !ok || r.N < 0 {
		return nil, fmt.Errorf("result %s/%d: kind %s with %d payloads: want one payload of its kind", r.Run, r.N, excerpt.Quote(r.Kind), payloads)
	}
	if r.Game != nil {
		if _, err := position.Parse(r.Game.Start); err != nil {
			return nil, fmt.Errorf("result %s/%d: game start: %v", r.Run, r.N, err)
		}
		if len(r.Game.Moves) > 1_000_000 {
			return nil, fmt.Errorf("result %s/%d: %d moves", r.Run, r.N, len(r.Game.Moves))
		}
	}
	if r.Datagen != nil && len(r.Datagen.Records)%datagen.RecordSize != 0 {
		return nil, fmt.Errorf("result %s/%d: datagen records of %d bytes: not a multiple of %d", r.Run, r.N, len(r.Datagen.Records), datagen.RecordSize)
	}
	return &r, nil
}

// maxErrorText bounds a decoder's error message in ours: it may quote a
// field name of any length from the message.
const maxErrorText = 200

func shortError(err error) string {
	t := err.Error()
	if len(t) > maxErrorText {
		t = strings.ToValidUTF8(t[:maxErrorText], "") + "..."
	}
	return t
}
