// Merging books built under the same rules (shards of one build, or
// books of different roots).

package book

import (
	"fmt"
	"slices"

	"github.com/kiothi/kiothi/internal/wholefile"
)

// MergeFiles merges the books at paths into out (written atomically; on
// any error nothing is written). It returns the merged book.
func MergeFiles(out string, paths ...string) (*Book, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("no books to merge")
	}
	if err := wholefile.CheckWritable(out); err != nil {
		return nil, err
	}
	books := make([]*Book, len(paths))
	for i, p := range paths {
		b, err := Open(p)
		if err != nil {
			return nil, err
		}
		if i > 0 && b.rules != books[0].rules {
			return nil, fmt.Errorf("cannot merge books of different rules: %s is %s, %s is %s", paths[0], books[0].rules, p, b.rules)
		}
		books[i] = b
	}
	data, err := Merge(books...)
	if err != nil {
		return nil, err
	}
	if err := wholefile.WriteBytes(out, data); err != nil {
		return nil, err
	}
	return Decode(data)
}

// Merge joins books of the same rules and returns the merged file: the
// union of their roots and of their records (where two books hold the
// same move of the same position, the one reached more often, then the
// deeper, wins), with every value propagated afresh through the joined
// tree and the weights recomputed.
func Merge(books ...*Book) ([]byte, error) {
	if len(books) == 0 {
		return nil, fmt.Errorf("no books to merge")
	}
	u := &Book{rules: books[0].rules}
	roots := map[uint64]bool{}
	type mk struct {
		key uint64
		mv  [moveSize]byte
	}
	best := map[mk]int{} // index into recs
	var recs []record
	for i, b := range books {
		if b.rules != u.rules {
			return nil, fmt.Errorf("cannot merge books of different rules: book 1 is %s, book %d is %s", u.rules, i+1, b.rules)
		}
		for _, p := range b.roots {
			if k := p.KeyWithPrisons(); !roots[k] {
				roots[k] = true
				u.roots = append(u.roots, p)
			}
		}
		for j, e := range b.entries {
			id := mk{b.keys[j], encodeMove(e.Move)}
			x, ok := best[id]
			if !ok {
				best[id] = len(recs)
				recs = append(recs, record{b.keys[j], e})
				continue
			}
			if o := recs[x].e; e.Count > o.Count || (e.Count == o.Count && e.Depth > o.Depth) {
				recs[x].e = e
			}
		}
	}
	slices.SortFunc(recs, compareRecords)
	for _, r := range recs {
		u.keys = append(u.keys, r.key)
		u.entries = append(u.entries, r.e)
	}
	return treeFromBook(u).encode(), nil
}
