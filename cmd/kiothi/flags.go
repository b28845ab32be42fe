// Flag kinds shared by commands: times, and bounds checked by the table.

package main

import (
	"time"

	"github.com/kiothi/kiothi/limits"
	"github.com/spf13/pflag"
)

// durationValue is a time flag: a plain number is milliseconds, anything
// else a Go duration (limits.ParseDuration), so --movetime 100 and
// --movetime 100ms mean the same everywhere.
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

// durationVar declares a time flag with default def.
func durationVar(f *pflag.FlagSet, p *time.Duration, name string, def time.Duration, usage string) {
	*p = def
	f.Var((*durationValue)(p), name, usage+" (a number is milliseconds; or 500ms, 20s, 1m)")
}

// checkFlag checks a numeric flag against its range when it was given.
func checkFlag(f *pflag.FlagSet, name string, r limits.Range, v int64) error {
	if !f.Changed(name) {
		return nil
	}
	return r.Check("--"+name, v)
}

// checkTimeFlag checks a time flag against its range (in milliseconds)
// when it was given.
func checkTimeFlag(f *pflag.FlagSet, name string, r limits.Range, d time.Duration) error {
	if !f.Changed(name) {
		return nil
	}
	return r.CheckDuration("--"+name, d)
}
