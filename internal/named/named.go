// Package named words an engine package's errors about its own settings
// with the names its caller knows them by: the package writes N("Depth")
// where its message names its Depth field, Error says "Depth" (a Go
// program's name for it), and a command line says "--depth" (Words).
package named

import (
	"errors"
	"fmt"
	"strings"
)

// mark delimits a name in an error's text: a noncharacter, which no
// setting's name and no message's own words contain.
const mark = "\uFFFF"

// N is name as it stands in the text of an Errorf or Wrap error.
func N(name string) string { return mark + name + mark }

// Error is an error whose text names settings (N).
type Error struct{ text string }

// Errorf is fmt.Errorf's text as an Error: its N names are worded by
// Error and Words.
func Errorf(format string, a ...any) error {
	return &Error{text: fmt.Sprintf(format, a...)}
}

// Wrap is err (whose text holds N names) as an Error; nil for nil.
func Wrap(err error) error {
	if err == nil {
		return nil
	}
	return &Error{text: err.Error()}
}

// Error names the settings by their own names.
func (e *Error) Error() string { return e.Words(func(name string) string { return name }) }

// Words is the text with each name as word gives it.
func (e *Error) Words(word func(name string) string) string {
	var b strings.Builder
	rest := e.text
	for {
		i := strings.Index(rest, mark)
		if i < 0 {
			break
		}
		j := strings.Index(rest[i+len(mark):], mark)
		if j < 0 {
			break
		}
		b.WriteString(rest[:i])
		b.WriteString(word(rest[i+len(mark) : i+len(mark)+j]))
		rest = rest[i+len(mark)+j+len(mark):]
	}
	b.WriteString(rest)
	return b.String()
}

// Words is err with the names of the *Error it is or wraps worded by
// word (err itself when it names none).
func Words(err error, word func(name string) string) error {
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	return errors.New(strings.Replace(err.Error(), e.Error(), e.Words(word), 1))
}
