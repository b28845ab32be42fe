// Flag kinds shared by commands: times (settings.DurationVar), bounds
// checked by the table when a flag was given, and the default thread
// count (limits.DefaultThreads).

package main

import (
	"time"

	"github.com/kiothi/kiothi/internal/named"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/pflag"
)

// durationVar declares a time flag with default def (settings.DurationVar).
func durationVar(f *pflag.FlagSet, p *time.Duration, name string, def time.Duration, usage string) {
	settings.DurationVar(f, p, name, def, usage)
}

// defaultThreads returns the CPUs this process may use (limits.DefaultThreads).
func defaultThreads() int { return limits.DefaultThreads() }

// checkFlag checks a numeric flag against its range when it was given.
func checkFlag(f *pflag.FlagSet, name string, r limits.Range, v int64) error {
	if !f.Changed(name) {
		return nil
	}
	return r.Check("--"+name, v)
}

// flagWords is err with the settings an engine package's error names
// (internal/named) worded as the command's flags: flags maps each field
// to its flag.
func flagWords(err error, flags map[string]string) error {
	return named.Words(err, func(field string) string {
		if f, ok := flags[field]; ok {
			return f
		}
		return field
	})
}
