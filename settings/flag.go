// Command flags made from the table: one declaration per setting entry.

package settings

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/spf13/pflag"
)

// Flag declares s's flag (--FlagName) on f with the table's default,
// storing into p: an *int (Int, or an Enum of numbers such as Setup),
// *bool, *string, *time.Duration or *movegen.Objective. usage "" is the
// table's help. The value is parsed and checked when the flag is read, so
// a bad one is refused with the flag's name and the setting's range.
func Flag(f *pflag.FlagSet, s *Setting, p any, usage string) {
	FlagDefault(f, s, p, s.Default, usage)
}

// FlagDefault is Flag for a command whose default differs from the
// table's (solve's table, perft's threads); def is written as a value of
// s (strconv.Itoa(limits.SolveHashMB)).
func FlagDefault(f *pflag.FlagSet, s *Setting, p any, def, usage string) {
	v := &flagValue{s: s, p: p}
	switch p.(type) {
	case *int, *bool, *string, *time.Duration, *movegen.Objective:
	default:
		panic(fmt.Sprintf("settings: flag --%s stores into a %T", s.FlagName(), p))
	}
	if def != "" {
		if err := v.Set(def); err != nil {
			panic("settings: flag default: " + err.Error())
		}
	}
	if usage == "" {
		usage = s.Help
	}
	fl := f.VarPF(v, s.FlagName(), "", usage)
	if s.Kind == Bool {
		fl.NoOptDefVal = "true"
	}
	if _, ok := p.(*time.Duration); ok {
		fl.Usage += " (a number is milliseconds; or 500ms, 20s, 1m)"
	}
}

// DurationVar declares a time flag that is no setting of the table
// (--move-timeout, --checkpoint) with default def, read as the table's
// time settings are: a plain number is milliseconds, anything else a Go
// duration (limits.ParseDuration), so --movetime 100 and --movetime 100ms
// mean the same everywhere.
func DurationVar(f *pflag.FlagSet, p *time.Duration, name string, def time.Duration, usage string) {
	*p = def
	f.Var((*durationValue)(p), name, usage+" (a number is milliseconds; or 500ms, 20s, 1m)")
}

// durationValue is DurationVar's pflag.Value.
type durationValue time.Duration

func (d *durationValue) Set(s string) error {
	v, err := limits.ParseDuration(s)
	if err != nil {
		return err
	}
	*d = durationValue(v)
	return nil
}

func (d *durationValue) Type() string { return "time" }

// String prints the zero time as 0, so help leaves out a zero default.
func (d *durationValue) String() string {
	if *d == 0 {
		return "0"
	}
	return time.Duration(*d).String()
}

// flagValue is a pflag.Value that parses with the table.
type flagValue struct {
	s *Setting
	p any
}

func (v *flagValue) Set(text string) error {
	val, err := v.s.Parse("--"+v.s.FlagName(), text)
	if err != nil {
		return err
	}
	switch p := v.p.(type) {
	case *int:
		if v.s.Kind == Enum {
			n, err := strconv.Atoi(val.S)
			if err != nil {
				return fmt.Errorf("--%s %s: not a number", v.s.FlagName(), val.S)
			}
			*p = n
		} else {
			*p = int(val.N)
		}
	case *bool:
		*p = val.B
	case *string:
		*p = val.S
	case *time.Duration:
		*p = val.D
	case *movegen.Objective:
		*p = objectives[val.S]
	}
	return nil
}

func (v *flagValue) String() string {
	switch p := v.p.(type) {
	case *int:
		return strconv.Itoa(*p)
	case *bool:
		return strconv.FormatBool(*p)
	case *string:
		return *p
	case *time.Duration:
		if *p == 0 {
			return "0"
		}
		return p.String()
	case *movegen.Objective:
		e := Engine{}
		e.Search.Objective = *p
		return Objective.Get(&e)
	}
	return ""
}

func (v *flagValue) Type() string {
	switch v.p.(type) {
	case *int:
		return "int"
	case *bool:
		return "bool"
	case *time.Duration:
		return "time"
	}
	return "string"
}

// IsBoolFlag lets a bool setting's flag be given without a value.
func (v *flagValue) IsBoolFlag() bool { return v.s.Kind == Bool }

// NormalizeFlag is a pflag.NormalizeFunc that applies the case rule to
// flag names: --HASH is --hash.
func NormalizeFlag(_ *pflag.FlagSet, name string) pflag.NormalizedName {
	return pflag.NormalizedName(strings.ToLower(name))
}
