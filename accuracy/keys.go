// The positions of a set as keys, to keep them out of training data.

package accuracy

import (
	"fmt"

	"github.com/kiothi/kiothi/movegen"
)

// Keys adds to keys the KeyWithPrisons of each item's position and of the
// position after each of its moves (whose value is the move's): the
// positions whose labels would give a set's answers away.
func Keys(items []Item, r movegen.Rules, keys map[uint64]bool) error {
	for i := range items {
		it := &items[i]
		keys[it.Pos.KeyWithPrisons()] = true
		for _, m := range it.Moves {
			q, st := movegen.MakeMove(it.Pos, m, r)
			if st != movegen.Legal {
				return fmt.Errorf("move %s of %s: not legal (%v)", m, it.Pos, st)
			}
			keys[q.KeyWithPrisons()] = true
		}
	}
	return nil
}

// FileKeys returns the Keys of the sets in the files names (ReadFile).
func FileKeys(names []string, r movegen.Rules) (map[uint64]bool, error) {
	keys := map[uint64]bool{}
	for _, name := range names {
		items, err := ReadFile(name, r)
		if err != nil {
			return nil, err
		}
		if err := Keys(items, r, keys); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return keys, nil
}
