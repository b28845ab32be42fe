// Player specs: "random", "greedy", "engine[:key=value,...]"; each kind is
// one case of ParseSpec.

package match

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/settings"
	"github.com/kiothi/kiothi/ugiclient"
)

// ParseSpec reads a player spec (keys and word values in any case, the
// rule of package settings; file names as written):
//
//	random                     uniform over legal moves and redistributions
//	greedy                     the biggest capture now, ties at random
//	engine[:k=v,...]           the engine; settings:
//	    movetime=T             time a move: milliseconds (100) or a
//	                           duration (100ms); default 10 ms when no
//	                           depth or nodes limit is given
//	    depth=N, nodes=N       search limits
//	    threads=N, hash=MB     engine options (default 1 and limits.DefaultHashMB)
//	    opening=engine|random|putback  who plays the redistributions
//	                           (default engine; putback refills the two
//	                           pits as they were, a pass)
//	    objective=margin|match and multiplier=M (2..10): what it maximises
//	    eval=FILE              evaluation weights (JSON, kiothi tune --out)
//	    eval=nn, eval=FILE.knn the network evaluation: the embedded one,
//	                           or a file of kiothi train --out
//	    eval=linear            the linear model's default weights
//	    book=FILE              play the opening book's moves while in book
//	    bookrandom=0|1         draw book moves by weight (seeded by the
//	                           game) instead of playing the best
//	    egdb=FILE              an endgame database (kiothi egdb build):
//	                           exact values under the margin objective
//	    param.NAME=V           a search knob (search.Tunables), checked
//	                           against its range
//
//	ugi:<command line>         an external UGI engine (package ugi), one
//	                           process a game, thinking for the runner's
//	                           move time (GameConfig.MoveTime)
//
// Any spec may carry name=LABEL, the player's label (not an engine
// setting): engine:depth=3,name=deep, random:name=r, ugi:name=x,<command
// line> (the name first). Without it the label is the spec.
//
// A new kind is one more case in the switch. Errors name the bad kind,
// key or value.
func ParseSpec(spec string) (Factory, error) {
	rest0, name, err := cutName(spec)
	if err != nil {
		return Factory{}, err
	}
	f, err := parseSpec(spec, rest0)
	if err != nil {
		return Factory{}, err
	}
	f.Spec, f.Name = spec, spec
	if name != "" {
		f.Name = name
	}
	return f, nil
}

// nameKey is the spec setting that labels a player.
const nameKey = "name"

// cutName takes name=LABEL out of spec: anywhere in the comma-separated
// settings of random, greedy and engine, first in a ugi spec (ending at
// the first comma). It returns the spec without it.
func cutName(spec string) (rest, name string, err error) {
	kind, settings, ok := strings.Cut(strings.TrimSpace(spec), ":")
	if !ok {
		return spec, "", nil
	}
	var keep []string
	parts := strings.Split(settings, ",")
	if kind == "ugi" {
		if !strings.HasPrefix(strings.TrimSpace(settings), nameKey+"=") {
			return spec, "", nil
		}
		parts = strings.SplitN(settings, ",", 2)
	}
	for i, kv := range parts {
		k, v, _ := strings.Cut(kv, "=")
		if strings.TrimSpace(k) != nameKey || kind == "ugi" && i > 0 {
			keep = append(keep, kv)
			continue
		}
		if name != "" {
			return "", "", fmt.Errorf("player %s: setting name given twice", excerpt.Quote(spec))
		}
		if name = strings.TrimSpace(v); name == "" {
			return "", "", fmt.Errorf("player %s: name= is empty: want name=LABEL", excerpt.Quote(spec))
		}
	}
	if name != "" && strings.ContainsAny(name, "\"\n\r\t") {
		return "", "", fmt.Errorf("player %s: name %s: no quotes, tabs or line breaks (it goes into PGN tags)", excerpt.Quote(spec), excerpt.Quote(name))
	}
	if len(keep) == 0 {
		return kind, name, nil
	}
	return kind + ":" + strings.Join(keep, ","), name, nil
}

// parseSpec reads spec (as given, for errors) without its name (rest).
func parseSpec(spec, rest string) (Factory, error) {
	kind, rest, hasRest := strings.Cut(strings.TrimSpace(rest), ":")
	switch kind {
	case "random", "greedy":
		if hasRest {
			return Factory{}, fmt.Errorf("player %s: %s takes no settings", excerpt.Quote(spec), kind)
		}
		newP := func(seed uint64, r movegen.Rules) (Player, error) { return NewRandomPlayer(seed, r), nil }
		if kind == "greedy" {
			newP = func(seed uint64, r movegen.Rules) (Player, error) { return NewGreedyPlayer(seed, r), nil }
		}
		return Factory{Name: kind, New: newP, Deterministic: true}, nil
	case "engine":
		cfg, err := parseEngineSettings(rest)
		if err != nil {
			return Factory{}, fmt.Errorf("player %s: %v", excerpt.Quote(spec), err)
		}
		return Factory{Name: spec, MemoryMB: limits.EngineMB(cfg.Options.Threads, cfg.Options.HashMB),
			Deterministic: cfg.Limits.MoveTime == 0 && cfg.Options.Threads == 1,
			New:           func(seed uint64, r movegen.Rules) (Player, error) { return NewEnginePlayer(cfg, seed, r) }}, nil
	case "ugi":
		if strings.TrimSpace(rest) == "" {
			return Factory{}, fmt.Errorf("player %s: want ugi:<command line>", excerpt.Quote(spec))
		}
		if _, err := ugiclient.SplitCommandLine(rest); err != nil {
			return Factory{}, fmt.Errorf("player %s: command line: %v", excerpt.Quote(spec), err)
		}
		// One engine process a game; it thinks for the runner's budget.
		return Factory{Name: spec, External: true, New: func(_ uint64, r movegen.Rules) (Player, error) {
			p, err := ugiclient.NewPlayer(rest, r)
			if err != nil {
				return nil, err
			}
			return ugiPlayer{p}, nil
		}}, nil
	case "":
		return Factory{}, fmt.Errorf("player spec is empty: want random, greedy, engine[:settings] or ugi:<command line>")
	}
	return Factory{}, fmt.Errorf("player %s: unknown kind %s (want random, greedy, engine or ugi)", excerpt.Quote(spec), excerpt.Quote(kind))
}

// ugiPlayer is a UGI engine that also plays on a clock: "go p1time ...".
type ugiPlayer struct{ *ugiclient.Player }

// MoveClock asks for a move on the clocks c; ctx bounds the wait.
func (p ugiPlayer) MoveClock(ctx context.Context, g *movegen.Game, c Clock) (position.GameMove, error) {
	return p.Go(ctx, g, c.GoArgs())
}

// EngineConfig is what an engine spec sets.
type EngineConfig struct {
	Options    search.Options // Rules is filled in per game
	Limits     search.Limits
	Opening    OpeningPlayer // who plays the redistributions
	Book       *book.Book    // opening book, or nil
	BookRandom bool
	// MoveTimeDefault: the spec set no limit, so Limits.MoveTime is the
	// default 10 ms, which a game clock replaces.
	MoveTimeDefault bool
	EGDB            string // the egdb setting as given (Options.DB is what it opened)
}

// OpeningPlayer is who plays an engine player's redistributions.
type OpeningPlayer uint8

const (
	OpeningEngine  OpeningPlayer = iota // the engine's opening search
	OpeningRandom                       // RandomOpening
	OpeningPutBack                      // movegen.PutBack: a pass
)

func parseEngineSettings(s string) (EngineConfig, error) {
	c := EngineConfig{Options: settings.Defaults().Search}
	seen := map[string]bool{}
	if strings.TrimSpace(s) != "" {
		for _, kv := range strings.Split(s, ",") {
			k, v, ok := strings.Cut(kv, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if !ok || k == "" {
				return c, fmt.Errorf("setting %s: want key=value", excerpt.Quote(kv))
			}
			if seen[strings.ToLower(k)] {
				return c, fmt.Errorf("setting %s given twice", k)
			}
			seen[strings.ToLower(k)] = true
			if err := c.set(k, v); err != nil {
				return c, err
			}
		}
	}
	if !seen[settings.EGDB.Key] {
		if err := c.set(settings.EGDB.Key, settings.EGDB.Default); err != nil {
			return c, err
		}
	}
	if c.Limits.MoveTime == 0 && c.Limits.Depth == 0 && c.Limits.Nodes == 0 {
		c.Limits.MoveTime = 10 * time.Millisecond
		c.MoveTimeDefault = true
	}
	return c, nil
}

func (c *EngineConfig) set(k, v string) error {
	num := func(r limits.Range) (int64, error) {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("setting %s=%s: want a whole number; %s", k, excerpt.Quote(v), r.Want())
		}
		return n, r.Check("setting "+k, n)
	}
	if s := settings.Lookup(k); s != nil && s.Has(settings.FaceSpec) {
		return c.setEngine(s, k, v)
	}
	var err error
	var n int64
	switch strings.ToLower(k) {
	case "movetime":
		var d time.Duration
		if d, err = limits.ParseDuration(v); err != nil {
			return fmt.Errorf("setting movetime=%v", err)
		}
		err = limits.MoveTimeMS.CheckDuration("setting movetime", d)
		c.Limits.MoveTime = d
	case "depth":
		n, err = num(limits.Depth)
		c.Limits.Depth = int(n)
	case "nodes":
		n, err = num(limits.Nodes)
		c.Limits.Nodes = uint64(n)
	case "opening":
		switch strings.ToLower(v) {
		case "engine":
			c.Opening = OpeningEngine
		case "random":
			c.Opening = OpeningRandom
		case "putback":
			c.Opening = OpeningPutBack
		default:
			err = fmt.Errorf("setting opening=%s: want engine, random or putback", excerpt.Quote(v))
		}
	case "bookrandom":
		switch strings.ToLower(v) {
		case "0", "false":
			c.BookRandom = false
		case "1", "true":
			c.BookRandom = true
		default:
			err = fmt.Errorf("setting bookrandom=%s: want 0 or 1", excerpt.Quote(v))
		}
	default:
		err = fmt.Errorf("unknown setting %s (want movetime, depth, nodes, %s, opening, bookrandom or %sNAME)",
			excerpt.Quote(k), specKeys, settings.Params.Key)
	}
	return err
}

// specKeys lists the table's settings that specs carry, for messages.
var specKeys = func() string {
	var keys []string
	for _, s := range settings.Table {
		if s.Has(settings.FaceSpec) && s.Kind != settings.Param {
			keys = append(keys, s.Key)
		}
	}
	return strings.Join(keys, ", ")
}()

// setEngine sets a setting of the table (package settings): k is the key
// as the spec spells it, checked by the table; book= and eval= are opened
// here.
func (c *EngineConfig) setEngine(s *settings.Setting, k, v string) error {
	name := "setting " + k
	var val settings.Value
	var err error
	if s.Kind == settings.File && v == "" {
		return fmt.Errorf("%s: want %s", name, s.Want(k+"="))
	}
	if s.Kind == settings.Param {
		val, err = settings.ParseParam(name, k[len(settings.Params.Key):], v)
	} else {
		val, err = s.Parse(name, v)
	}
	if err != nil {
		return err
	}
	e := settings.Engine{Search: c.Options}
	s.Apply(&e, val)
	c.Options = e.Search
	switch s {
	case settings.Eval:
		c.Options.Eval, err = LoadEval(e.Eval)
	case settings.Book:
		c.Book, err = book.Open(e.Book)
	case settings.EGDB:
		c.EGDB = e.EGDB
		c.Options.DB, err = egdb.OpenSetting(e.EGDB)
	}
	if err != nil {
		return fmt.Errorf("%s=%s: %v", name, excerpt.Quote(v), err)
	}
	return nil
}

// LoadEval returns the evaluation an eval= setting names: "linear" the
// linear model's default weights, "nn" the embedded network, a name
// ending in .knn a network file, any other a JSON weights file.
func LoadEval(v string) (*eval.Evaluator, error) {
	switch {
	case strings.EqualFold(v, "linear"):
		return eval.Std(), nil
	case strings.EqualFold(v, "nn"):
		return nn.Evaluator()
	case strings.HasSuffix(v, ".knn"):
		q, err := nn.ReadFile(v)
		if err != nil {
			return nil, err
		}
		n, err := nn.New(q)
		if err != nil {
			return nil, err
		}
		return eval.FromModel(n), nil
	}
	f, err := wholefile.Open(v)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	w, err := eval.ReadJSON(f)
	if err != nil {
		return nil, err
	}
	return eval.New(w), nil
}
