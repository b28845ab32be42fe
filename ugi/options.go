// The engine options a front-end sets with setoption, and their declaration.

package ugi

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// settings are the current option values.
type settings struct {
	hashMB, threads, multiPV int
	setup                    position.Setup
	freeFirstLap             bool
	multiplier               int
	objective                movegen.Objective
	moveOverhead             time.Duration
	ownBook                  bool
	bookFile                 string
}

func defaultSettings(r movegen.Rules) settings {
	return settings{
		hashMB: limits.SessionHashMB, threads: 1, multiPV: 1, setup: 30,
		freeFirstLap: r.FreeFirstLap, multiplier: movegen.DefaultMultiplier,
		objective: movegen.Margin, moveOverhead: DefaultMoveOverhead,
	}
}

// Defaults of the numeric options; their bounds are package limits'.
const (
	DefaultMoveOverhead = 30 * time.Millisecond
)

func (st *settings) searchOptions() search.Options {
	return search.Options{
		Threads: st.threads, HashMB: st.hashMB, MultiPV: st.multiPV,
		Rules:     movegen.Rules{FreeFirstLap: st.freeFirstLap},
		Objective: st.objective, Multiplier: st.multiplier,
	}
}

// option is one declared option: how it is announced and how it is set.
type option struct {
	name    string
	declare func(st *settings) string // the text after "option name <name> "
	set     func(s *Session, v string) error
	book    bool // declared only when the session can open books
}

func spin(def int, r limits.Range) func(*settings) string {
	return func(*settings) string { return fmt.Sprintf("type spin default %d min %d max %d", def, r.Min, r.Max) }
}

// setSpin parses an integer in r.
func setSpin(v string, r limits.Range, dst *int) error {
	n, err := strconv.Atoi(v)
	if err != nil || !r.Contains(int64(n)) {
		return fmt.Errorf("value %s: want an integer from %d to %d", excerpt.Quote(v), r.Min, r.Max)
	}
	*dst = n
	return nil
}

// checkMemory refuses a Hash and Threads pair whose engine would take more
// memory than this process may use.
func (st *settings) checkMemory() error {
	return limits.CheckMemory(fmt.Sprintf("Hash %d with Threads %d", st.hashMB, st.threads), limits.EngineMB(st.threads, st.hashMB))
}

func setCheck(v string, dst *bool) error {
	switch strings.ToLower(v) {
	case "true":
		*dst = true
	case "false":
		*dst = false
	default:
		return fmt.Errorf("value %q: want true or false", v)
	}
	return nil
}

func checkDecl(def bool) func(*settings) string {
	return func(*settings) string { return fmt.Sprintf("type check default %t", def) }
}

// options lists every option in the order it is announced.
var options = []option{
	{name: "Hash", declare: spin(limits.SessionHashMB, limits.HashMB),
		set: func(s *Session, v string) error {
			if err := setSpin(v, limits.HashMB, &s.st.hashMB); err != nil {
				return err
			}
			return s.st.checkMemory()
		}},
	{name: "Threads", declare: spin(1, limits.Threads),
		set: func(s *Session, v string) error {
			if err := setSpin(v, limits.Threads, &s.st.threads); err != nil {
				return err
			}
			return s.st.checkMemory()
		}},
	{name: "MultiPV", declare: spin(1, limits.MultiPV),
		set: func(s *Session, v string) error { return setSpin(v, limits.MultiPV, &s.st.multiPV) }},
	{name: "Setup", declare: func(*settings) string { return "type combo default 30 var 30 var 25" },
		set: func(s *Session, v string) error {
			switch v {
			case "30":
				s.st.setup = 30
			case "25":
				s.st.setup = 25
			default:
				return fmt.Errorf("value %q: want 30 or 25", v)
			}
			return nil
		}},
	{name: "FreeFirstLap", declare: func(st *settings) string { return checkDecl(st.freeFirstLap)(st) },
		set: func(s *Session, v string) error { return setCheck(v, &s.st.freeFirstLap) }},
	{name: "OneWarriorMultiplier", declare: spin(movegen.DefaultMultiplier, limits.Multiplier),
		set: func(s *Session, v string) error {
			return setSpin(v, limits.Multiplier, &s.st.multiplier)
		}},
	{name: "Objective", declare: func(*settings) string { return "type combo default margin var margin var match" },
		set: func(s *Session, v string) error {
			switch strings.ToLower(v) {
			case "margin":
				s.st.objective = movegen.Margin
			case "match":
				s.st.objective = movegen.Match
			default:
				return fmt.Errorf("value %q: want margin or match", v)
			}
			return nil
		}},
	{name: "MoveOverhead", declare: spin(int(DefaultMoveOverhead/time.Millisecond), limits.MoveOverheadMS),
		set: func(s *Session, v string) error {
			var ms int
			if err := setSpin(v, limits.MoveOverheadMS, &ms); err != nil {
				return err
			}
			s.st.moveOverhead = time.Duration(ms) * time.Millisecond
			return nil
		}},
	{name: "OwnBook", book: true, declare: checkDecl(false),
		set: func(s *Session, v string) error { return setCheck(v, &s.st.ownBook) }},
	{name: "BookFile", book: true, declare: func(*settings) string { return "type string default <empty>" },
		set: func(s *Session, v string) error {
			if v == "" || v == "<empty>" {
				s.st.bookFile, s.book = "", nil
				return nil
			}
			// Whether the book suits the rules is checked when it is
			// used (isready, go): runners send options in any order.
			b, err := s.cfg.OpenBook(v)
			if err != nil {
				return fmt.Errorf("book %q: %v", v, err)
			}
			s.st.bookFile, s.book = v, b
			return nil
		}},
}

// findOption looks an option up by name, ignoring case as UCI asks.
func (s *Session) findOption(name string) (*option, bool) {
	for i := range options {
		o := &options[i]
		if strings.EqualFold(o.name, name) && (!o.book || s.cfg.OpenBook != nil) {
			return o, true
		}
	}
	return nil, false
}

// setOption handles "setoption name <N...> value <V...>".
func (s *Session) setOption(args []string) error {
	if len(args) == 0 || args[0] != "name" {
		return fmt.Errorf("setoption: want setoption name <name> value <value>")
	}
	var name, value []string
	inValue := false
	for _, a := range args[1:] {
		switch {
		case !inValue && a == "value":
			inValue = true
		case inValue:
			value = append(value, a)
		default:
			name = append(name, a)
		}
	}
	if len(name) == 0 {
		return fmt.Errorf("setoption: no option name")
	}
	o, ok := s.findOption(strings.Join(name, " "))
	if !ok {
		return fmt.Errorf("setoption: unknown option %q", strings.Join(name, " "))
	}
	if !inValue {
		return fmt.Errorf("setoption %s: no value", o.name)
	}
	if s.busy() {
		return fmt.Errorf("setoption %s during a search: send stop first", o.name)
	}
	old := s.st
	if err := o.set(s, strings.Join(value, " ")); err != nil {
		s.st = old
		return fmt.Errorf("setoption %s: %v", o.name, err)
	}
	if s.st.searchOptions() != old.searchOptions() {
		s.prepare(false)
	}
	return nil
}
