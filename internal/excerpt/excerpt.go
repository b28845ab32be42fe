// Package excerpt quotes user input in error messages, never more than a
// short prefix of it, so a megabyte of bad input gets a line-long error.
package excerpt

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// MaxRunes is how much of an input an error message shows.
const MaxRunes = 64

// Prefix returns s when it is at most MaxRunes long; otherwise its first
// MaxRunes characters, then "..." and the input's length in bytes.
func Prefix(s string) string {
	cut := cutAt(s)
	if cut == len(s) {
		return s
	}
	return fmt.Sprintf("%s... (%d bytes)", s[:cut], len(s))
}

// cutAt returns the byte offset after s's first MaxRunes characters.
func cutAt(s string) int {
	n := 0
	for i := range s {
		if n == MaxRunes {
			return i
		}
		n++
	}
	return len(s)
}

// Quote returns s quoted as Go's %q does when it is at most MaxRunes
// long; otherwise its first MaxRunes characters quoted, then "..." and
// the input's length in bytes.
func Quote(s string) string {
	cut := cutAt(s)
	if cut == len(s) {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%s... (%d bytes)", strconv.Quote(s[:cut]), len(s))
}

// Char quotes the character that starts s: a whole UTF-8 character where
// s starts with one, not its first byte alone.
func Char(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size <= 1 {
		if s == "" {
			return `""`
		}
		return strconv.Quote(s[:1])
	}
	return strconv.QuoteRune(r)
}
