// Package settings is the one table of engine settings (Stockfish's
// options table, in Go): each setting's name on every face, its type, its
// range (from package limits), its default, its help and how it applies to
// the engine's configuration. The command flags, the UGI options, the
// engine specs of kiothi match, the HTTP API and the cluster wire read it,
// so that every face accepts and refuses the same values and says the
// same about a bad one, in its own spelling (--hash, setoption name Hash,
// hash=, "hash").
//
// The case rule, one for every face: setting names and word values
// (margin, match, true, false) are compared without regard to case; file
// names are taken as written. A new setting is one entry in Table (and its
// case in the test of the faces).
package settings

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// Kind is a setting's type.
type Kind uint8

const (
	Int      Kind = iota // a whole number in Range
	Bool                 // true or false (also 1, 0, t, f)
	Enum                 // one of Words
	Duration             // a time in Range (milliseconds): 30, or 30ms, 1s
	File                 // a file name (or a name such as nn), not empty
	Param                // param.NAME=V: a search knob (search.Tunables) in its range
)

// Face is a front end that carries a setting.
type Face uint8

const (
	FaceFlag Face = 1 << iota // a command flag (--Flag)
	FaceUGI                   // a UGI option (setoption name UGI)
	FaceSpec                  // a key of an engine spec (engine:Key=V)
	FaceHTTP                  // a field or parameter of the HTTP API
	FaceWire                  // a field of a cluster job
)

// Engine is what the settings set: the search engine's options and the
// choices around the search that the faces make.
type Engine struct {
	Search       search.Options // Threads, HashMB, MultiPV, Objective, Multiplier, Rules.FreeFirstLap, Params
	Setup        position.Setup // the start of startpos
	MoveOverhead time.Duration  // kept back from every time limit
	OwnBook      bool           // play the book's moves (UGI's switch; a book given to a spec or flag is played)
	Book         string         // opening book file ("": none)
	Eval         string         // evaluation: linear, nn, FILE.knn or weights FILE ("": the engine's)
	EGDB         string         // endgame database: FILE, auto or none (egdb.OpenSetting); a face opens it into Search.DB
}

// Value is a parsed value: the field of its kind is set.
type Value struct {
	N int64         // Int
	B bool          // Bool
	S string        // Enum (the word as Words spells it), File, Param (the knob)
	D time.Duration // Duration
	F float64       // Param
}

// Setting is one entry of the table.
type Setting struct {
	Key   string // the spec key and the HTTP and wire name: "hash"
	UGI   string // the UGI option's name: "Hash"
	Flag  string // the command flag's name when not Key
	Kind  Kind
	Range limits.Range // Int; Duration (in milliseconds)
	Words []string     // Enum: the values, in the order UGI lists them; File: the forms a value takes, for messages
	// Default is the value an engine takes when the setting is not
	// given, as it is written ("" for a File: none).
	Default string
	Help    string
	Faces   Face // the faces that carry it
	// Memory: the setting changes what the engine takes in memory, so a
	// face checks the total (limits.EngineMB) after setting it.
	Memory bool
	apply  func(e *Engine, v Value)
	get    func(e *Engine) string // the current value, as it is written
}

// The table.
var (
	Hash = &Setting{Key: "hash", UGI: "Hash", Kind: Int, Range: limits.HashMB,
		Default: strconv.Itoa(limits.DefaultHashMB), Help: "transposition table size in MB",
		Faces: FaceFlag | FaceUGI | FaceSpec | FaceWire, Memory: true,
		apply: func(e *Engine, v Value) { e.Search.HashMB = int(v.N) },
		get:   func(e *Engine) string { return strconv.Itoa(e.Search.HashMB) }}
	Threads = &Setting{Key: "threads", UGI: "Threads", Kind: Int, Range: limits.Threads,
		Default: "1", Help: "search threads", Faces: FaceFlag | FaceUGI | FaceSpec, Memory: true,
		apply: func(e *Engine, v Value) { e.Search.Threads = int(v.N) },
		get:   func(e *Engine) string { return strconv.Itoa(e.Search.Threads) }}
	MultiPV = &Setting{Key: "multipv", UGI: "MultiPV", Kind: Int, Range: limits.MultiPV,
		Default: "1", Help: "number of best lines to show", Faces: FaceFlag | FaceUGI | FaceHTTP | FaceWire,
		apply: func(e *Engine, v Value) { e.Search.MultiPV = int(v.N) },
		get:   func(e *Engine) string { return strconv.Itoa(e.Search.MultiPV) }}
	MoveOverhead = &Setting{Key: "moveoverhead", UGI: "MoveOverhead", Flag: "move-overhead", Kind: Duration,
		Range: limits.MoveOverheadMS, Default: strconv.Itoa(limits.DefaultMoveOverheadMS), Help: "time kept back from every time limit for the transport",
		Faces: FaceUGI,
		apply: func(e *Engine, v Value) { e.MoveOverhead = v.D },
		get:   func(e *Engine) string { return strconv.FormatInt(e.MoveOverhead.Milliseconds(), 10) }}
	Objective = &Setting{Key: "objective", UGI: "Objective", Kind: Enum, Words: []string{"margin", "match"},
		Default: "margin", Help: "what to maximise: margin or match", Faces: FaceFlag | FaceUGI | FaceSpec | FaceWire,
		apply: func(e *Engine, v Value) { e.Search.Objective = objectives[v.S] },
		get: func(e *Engine) string {
			for w, o := range objectives {
				if o == e.Search.Objective {
					return w
				}
			}
			return ""
		}}
	Multiplier = &Setting{Key: "multiplier", UGI: "OneWarriorMultiplier", Kind: Int, Range: limits.Multiplier,
		Default: strconv.Itoa(movegen.DefaultMultiplier), Help: "one-warrior win multiplier for match points (RULES.md §6)",
		Faces: FaceFlag | FaceUGI | FaceSpec | FaceWire,
		apply: func(e *Engine, v Value) { e.Search.Multiplier = int(v.N) },
		get:   func(e *Engine) string { return strconv.Itoa(e.Search.Multiplier) }}
	Setup = &Setting{Key: "setup", UGI: "Setup", Kind: Enum, Words: []string{"30", "25"},
		Default: "30", Help: "warriors a side at the start: 30 or 25", Faces: FaceFlag | FaceUGI | FaceWire,
		apply: func(e *Engine, v Value) { n, _ := strconv.Atoi(v.S); e.Setup = position.Setup(n) },
		get:   func(e *Engine) string { return strconv.Itoa(int(e.Setup)) }}
	FreeFirstLap = &Setting{Key: "freefirstlap", UGI: "FreeFirstLap", Flag: "free-first-lap", Kind: Bool,
		Default: "false", Help: "play variant free-first-lap (no first-lap restriction)",
		Faces: FaceFlag | FaceUGI | FaceHTTP | FaceWire,
		apply: func(e *Engine, v Value) { e.Search.Rules.FreeFirstLap = v.B },
		get:   func(e *Engine) string { return strconv.FormatBool(e.Search.Rules.FreeFirstLap) }}
	OwnBook = &Setting{Key: "ownbook", UGI: "OwnBook", Kind: Bool, Default: "false",
		Help: "play the moves of the book BookFile", Faces: FaceUGI,
		apply: func(e *Engine, v Value) { e.OwnBook = v.B },
		get:   func(e *Engine) string { return strconv.FormatBool(e.OwnBook) }}
	Book = &Setting{Key: "book", UGI: "BookFile", Kind: File, Words: []string{"FILE"},
		Help: "opening book file: play its move while in book", Faces: FaceFlag | FaceUGI | FaceSpec,
		apply: func(e *Engine, v Value) { e.Book = v.S },
		get:   func(e *Engine) string { return e.Book }}
	Eval = &Setting{Key: "eval", Kind: File, Words: []string{"FILE", "nn", "FILE.knn"},
		Help: "evaluation: linear, nn, FILE.knn or FILE.json (default: the engine's)", Faces: FaceFlag | FaceSpec,
		apply: func(e *Engine, v Value) { e.Eval = v.S },
		get:   func(e *Engine) string { return e.Eval }}
	EGDB = &Setting{Key: "egdb", UGI: "EGDBFile", Kind: File, Words: []string{"FILE", egdb.Auto, egdb.None},
		Default: egdb.Auto,
		Help: "endgame database (kiothi egdb build): FILE, auto (" + egdb.AutoName + " beside the program, else the built-in one) or none; " +
			"the exact values of the positions it holds, under the margin objective",
		Faces: FaceFlag | FaceUGI | FaceSpec,
		apply: func(e *Engine, v Value) { e.EGDB = v.S },
		get:   func(e *Engine) string { return e.EGDB }}
	Params = &Setting{Key: "param.", Kind: Param,
		Help: "a search knob (search.Tunables), checked against its range", Faces: FaceSpec,
		apply: func(e *Engine, v Value) { _ = e.Search.Params.Set(v.S, v.F) }}
)

// objectives maps Objective's words to the search's objectives: the one
// place "margin" and "match" are read.
var objectives = map[string]movegen.Objective{"margin": movegen.Margin, "match": movegen.Match}

// Table lists every setting, in the order UGI announces them.
var Table = []*Setting{Hash, Threads, MultiPV, Setup, FreeFirstLap, Multiplier, Objective, MoveOverhead, OwnBook, Book, EGDB, Eval, Params}

// FlagName is the setting's command flag, without the dashes.
func (s *Setting) FlagName() string {
	if s.Flag != "" {
		return s.Flag
	}
	return s.Key
}

// Has reports whether face f carries s.
func (s *Setting) Has(f Face) bool { return s.Faces&f != 0 }

// Lookup returns the setting whose key (a spec key, an HTTP or wire
// name) is key, ignoring case; param.NAME is Params.
func Lookup(key string) *Setting {
	if len(key) >= len(Params.Key) && strings.EqualFold(key[:len(Params.Key)], Params.Key) {
		return Params
	}
	for _, s := range Table {
		if s.Kind != Param && strings.EqualFold(s.Key, key) {
			return s
		}
	}
	return nil
}

// LookupUGI returns the setting whose UGI option is name, ignoring case
// as UCI asks.
func LookupUGI(name string) *Setting {
	for _, s := range Table {
		if s.UGI != "" && strings.EqualFold(s.UGI, name) {
			return s
		}
	}
	return nil
}

// Parse reads v as a value of s and checks it against its range. name is
// the setting as the face spells it ("--hash", "setting hash", "value"),
// and errors start with it: "--hash 0: must be from 1 to 65536 MB".
// Params takes its knob from v's S: use ParseParam.
func (s *Setting) Parse(name, v string) (Value, error) {
	t := strings.TrimSpace(v)
	switch s.Kind {
	case Int:
		n, err := strconv.ParseInt(t, 10, 64)
		if err != nil {
			return Value{}, fmt.Errorf("%s %s: want a whole number; %s", name, show(v), s.Range.Want())
		}
		return Value{N: n}, s.Range.Check(name, n)
	case Bool:
		switch strings.ToLower(t) {
		case "true", "1", "t":
			return Value{B: true}, nil
		case "false", "0", "f":
			return Value{B: false}, nil
		}
		return Value{}, fmt.Errorf("%s %s: want true or false", name, show(v))
	case Enum:
		for _, w := range s.Words {
			if strings.EqualFold(w, t) {
				return Value{S: w}, nil
			}
		}
		return Value{}, fmt.Errorf("%s %s: want %s", name, show(v), s.Want(""))
	case Duration:
		d, err := limits.ParseDuration(t)
		if err != nil {
			return Value{}, fmt.Errorf("%s %v", name, err)
		}
		return Value{D: d}, s.Range.CheckDuration(name, d)
	case File:
		if v == "" {
			return Value{}, fmt.Errorf("%s: want %s", name, s.Want(""))
		}
		return Value{S: v}, nil
	}
	return Value{}, fmt.Errorf("%s: want %sNAME=V", name, Params.Key)
}

// ParseParam reads knob's value v (param.knob=v); name as for Parse.
func ParseParam(name, knob, v string) (Value, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil {
		return Value{}, fmt.Errorf("%s=%s: want a number", name, excerpt.Quote(v))
	}
	var p search.ParamSet
	if err := p.Set(knob, f); err != nil {
		return Value{}, fmt.Errorf("%s: %v", name, err)
	}
	return Value{S: knob, F: f}, nil
}

// Set parses v (Parse) and applies it to e.
func (s *Setting) Set(e *Engine, name, v string) error {
	val, err := s.Parse(name, v)
	if err != nil {
		return err
	}
	s.Apply(e, val)
	return nil
}

// Apply gives e the value v (parsed by Parse or ParseParam).
func (s *Setting) Apply(e *Engine, v Value) { s.apply(e, v) }

// Get returns s's value in e as it is written ("" for Params).
func (s *Setting) Get(e *Engine) string {
	if s.get == nil {
		return ""
	}
	return s.get(e)
}

// Check checks a whole number already read (a JSON or wire field, a
// server's configuration) against s's range (a Duration's in
// milliseconds), or for an Enum of numbers (Setup) its words; name as for
// Parse.
func (s *Setting) Check(name string, n int64) error {
	switch s.Kind {
	case Enum:
		_, err := s.Parse(name, strconv.FormatInt(n, 10))
		return err
	case Int, Duration:
		return s.Range.Check(name, n)
	}
	return fmt.Errorf("%s: not a number (%s)", name, s.Key)
}

// Defaults returns the engine that every setting's default makes.
func Defaults() Engine { return defaults }

var defaults = makeDefaults()

func makeDefaults() Engine {
	var e Engine
	for _, s := range Table {
		if s.Default == "" || s.Kind == Param {
			continue
		}
		if err := s.Set(&e, s.Key, s.Default); err != nil {
			panic("settings: the table's default: " + err.Error()) // a table error, caught by the tests
		}
	}
	return e
}

// ParseObjective reads an objective word (margin or match, in any case);
// name as for Parse.
func ParseObjective(name, v string) (movegen.Objective, error) {
	val, err := Objective.Parse(name, v)
	return objectives[val.S], err
}

// Want says what values an Enum or File takes, each after prefix: Want("")
// is "margin or match", Eval.Want("eval=") "eval=FILE, eval=nn or
// eval=FILE.knn".
func (s *Setting) Want(prefix string) string {
	w := make([]string, len(s.Words))
	for i, word := range s.Words {
		w[i] = prefix + word
	}
	switch len(w) {
	case 0:
		return "a value"
	case 1:
		return w[0]
	}
	return strings.Join(w[:len(w)-1], ", ") + " or " + w[len(w)-1]
}

// show writes a value for a message: as it is when it is a short plain
// word or number (--setup 20), else quoted and cut short.
func show(v string) string {
	if v == "" || len(v) > 40 {
		return excerpt.Quote(v)
	}
	for _, r := range v {
		if r <= ' ' || r > '~' || r == '"' {
			return excerpt.Quote(v)
		}
	}
	return v
}
