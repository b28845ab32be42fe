// The engine options a front-end sets with setoption: the settings table's
// entries that UGI carries (package settings), announced and set from it.

package ugi

import (
	"fmt"
	"strings"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/settings"
)

// defaultSettings are a session's option values before any setoption:
// the table's defaults, the session's table size and the rules' variant.
func defaultSettings(r movegen.Rules) settings.Engine {
	e := settings.Defaults()
	e.Search.HashMB = limits.SessionHashMB
	e.Search.Rules.FreeFirstLap = r.FreeFirstLap
	return e
}

// DefaultMoveOverhead is the MoveOverhead option's default.
const DefaultMoveOverhead = limits.DefaultMoveOverheadMS * time.Millisecond

// options lists the settings UGI carries, in the order they are announced.
var options = func() []*settings.Setting {
	var o []*settings.Setting
	for _, s := range settings.Table {
		if s.Has(settings.FaceUGI) {
			o = append(o, s)
		}
	}
	return o
}()

// bookOption reports whether o is declared only when the session can open
// books.
func bookOption(o *settings.Setting) bool { return o == settings.Book || o == settings.OwnBook }

// declare is the text of o's option line after "option name <name> ",
// with the current value st as the default.
func declare(o *settings.Setting, st *settings.Engine) string {
	switch o.Kind {
	case settings.Int, settings.Duration:
		return fmt.Sprintf("type spin default %s min %d max %d", o.Get(st), o.Range.Min, o.Range.Max)
	case settings.Bool:
		return "type check default " + o.Get(st)
	case settings.Enum:
		return fmt.Sprintf("type combo default %s var %s", o.Get(st), strings.Join(o.Words, " var "))
	}
	if v := o.Get(st); v != "" {
		return "type string default " + v
	}
	return "type string default <empty>"
}

// checkMemory refuses a Hash and Threads pair whose engine would take more
// memory than this process may use.
func checkMemory(st *settings.Engine) error {
	return limits.CheckMemory(fmt.Sprintf("Hash %d with Threads %d", st.Search.HashMB, st.Search.Threads),
		limits.EngineMB(st.Search.Threads, st.Search.HashMB))
}

// set gives option o the value v.
func (s *Session) set(o *settings.Setting, v string) error {
	if o == settings.Book && (v == "" || v == "<empty>") {
		s.st.Book, s.book = "", nil // UGI's spelling of no book
		return nil
	}
	if o == settings.EGDB {
		if v == "" || v == "<empty>" {
			v = egdb.None // UGI's spelling of none
		}
		d, err := egdb.OpenSetting(v)
		if err != nil {
			return fmt.Errorf("endgame database %q: %v", v, err)
		}
		s.st.EGDB, s.st.Search.DB, s.saidDB = v, d, false
		return nil
	}
	if err := o.Set(&s.st, "value", v); err != nil {
		return err
	}
	if o.Memory {
		return checkMemory(&s.st)
	}
	if o == settings.Book {
		// Whether the book suits the rules is checked when it is
		// used (isready, go): runners send options in any order.
		b, err := s.cfg.OpenBook(v)
		if err != nil {
			return fmt.Errorf("book %q: %v", v, err)
		}
		s.book = b
	}
	return nil
}

// findOption looks an option up by name, ignoring case as UCI asks.
func (s *Session) findOption(name string) (*settings.Setting, bool) {
	o := settings.LookupUGI(name)
	if o == nil || !o.Has(settings.FaceUGI) || (bookOption(o) && s.cfg.OpenBook == nil) {
		return nil, false
	}
	return o, true
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
		return fmt.Errorf("setoption %s: no value", o.UGI)
	}
	if s.busy() {
		return fmt.Errorf("setoption %s during a search: send stop first", o.UGI)
	}
	old, oldBook := s.st, s.book
	if err := s.set(o, strings.Join(value, " ")); err != nil {
		s.st, s.book = old, oldBook
		return fmt.Errorf("setoption %s: %v", o.UGI, err)
	}
	if s.st.Search != old.Search {
		s.prepare(false)
	}
	return nil
}
