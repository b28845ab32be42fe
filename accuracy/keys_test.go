// Tests of the keys of a set's positions.

package accuracy

import (
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// TestKeys: a set's keys are its positions and the positions after each
// of their moves, nothing else; an illegal move is an error.
func TestKeys(t *testing.T) {
	items := shippedSet(t, "accuracy-27-32.txt", 27, 32, 13)
	keys := map[uint64]bool{}
	if err := Keys(items, rules, keys); err != nil {
		t.Fatal(err)
	}
	want := map[uint64]bool{}
	for _, it := range items {
		want[it.Pos.KeyWithPrisons()] = true
		var list movegen.MoveList
		n := movegen.Generate(&it.Pos, rules, &list)
		if n != len(it.Moves) {
			t.Fatalf("%s: %d moves in the set, %d legal", it.Pos, len(it.Moves), n)
		}
		for _, m := range list[:n] {
			q, _ := movegen.MakeMove(it.Pos, m, rules)
			want[q.KeyWithPrisons()] = true
		}
	}
	if len(keys) != len(want) {
		t.Fatalf("%d keys, want %d", len(keys), len(want))
	}
	for k := range want {
		if !keys[k] {
			t.Fatalf("key %x missing", k)
		}
	}
	start := position.Start(30)
	if keys[start.KeyWithPrisons()] {
		t.Fatal("the start position's key is among the set's")
	}
	bad := []Item{{Pos: items[0].Pos, Moves: []position.Move{position.NewMove(0, 63)}, Values: []int{0}}}
	if err := Keys(bad, rules, map[uint64]bool{}); err == nil || !strings.Contains(err.Error(), "not legal") {
		t.Fatalf("an illegal move: %v", err)
	}
}

// TestFileKeys: the keys of set files are Keys of their items together;
// a file that cannot be read is an error.
func TestFileKeys(t *testing.T) {
	got, err := FileKeys([]string{"../testdata/accuracy-27-32.txt"}, rules)
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint64]bool{}
	if err := Keys(shippedSet(t, "accuracy-27-32.txt", 27, 32, 13), rules, want); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Errorf("%d keys, want %d", len(got), len(want))
	}
	if _, err := FileKeys([]string{"../testdata/no-such-set.txt"}, rules); err == nil {
		t.Error("a missing file: no error")
	}
}
