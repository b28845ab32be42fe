// Package plural writes a count with its noun in the right number: "1
// game", "2 games", "0 entries", the commands' one way to say how many.
package plural

import (
	"strconv"
	"strings"
)

// Count returns n and noun, the noun plural unless n is 1 or -1:
// Count(1, "game") is "1 game", Count(3, "search") "3 searches".
func Count(n int, noun string) string { return strconv.Itoa(n) + " " + Noun(n, noun) }

// Noun returns noun for a count of n: as given for 1 and -1, else its
// plural (Of).
func Noun(n int, noun string) string {
	if n == 1 || n == -1 {
		return noun
	}
	return Of(noun)
}

// Of returns the plural of an English noun in the singular by the
// regular rules: "entry" "entries", "ply" "plies", "search" "searches",
// "box" "boxes", otherwise an s. The nouns the commands count are
// regular; a phrase ("only move") takes the plural of its last word.
func Of(noun string) string {
	n := len(noun)
	switch {
	case n == 0:
		return noun
	case strings.HasSuffix(noun, "y") && n > 1 && !strings.ContainsRune("aeiou", rune(noun[n-2])):
		return noun[:n-1] + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "z"),
		strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	}
	return noun + "s"
}
