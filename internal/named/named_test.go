// Tests of the names in errors: their own, and the caller's words.

package named

import (
	"errors"
	"fmt"
	"testing"
)

func TestWords(t *testing.T) {
	err := Errorf("give at most one of %s and %s (got %q)", N("Depth"), N("MoveTime"), "{x}")
	if got, want := err.Error(), `give at most one of Depth and MoveTime (got "{x}")`; got != want {
		t.Errorf("Error: %q, want %q", got, want)
	}
	flags := map[string]string{"Depth": "--depth", "MoveTime": "--movetime"}
	word := func(n string) string { return flags[n] }
	if got, want := Words(fmt.Errorf("analyse: %w", err), word).Error(), `analyse: give at most one of --depth and --movetime (got "{x}")`; got != want {
		t.Errorf("Words: %q, want %q", got, want)
	}
	plain := errors.New("no names")
	if Words(plain, word) != plain || Wrap(nil) != nil {
		t.Error("an error without names changed")
	}
	if got := Wrap(errors.New(N("Hash") + " 0: must be from 1 to 9")).Error(); got != "Hash 0: must be from 1 to 9" {
		t.Errorf("Wrap: %q", got)
	}
}
