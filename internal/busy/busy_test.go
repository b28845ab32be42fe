// Tests of busy marks: a mark is held until cleared, another owner's mark
// is busy and one's own is not unless asked, a taken slot is not
// overwritten, and nothing allocates.
package busy

import "testing"

// sameSlot is a key other than k in k's slot.
func sameSlot(t *Table, k uint64) uint64 {
	other := k + 1
	for t.slot(other) != t.slot(k) {
		other++
	}
	return other
}

func TestMarkHeldClear(t *testing.T) {
	b := New(10)
	k := uint64(0x0123456789abcdef)
	if b.Held(k, 0) || b.Owner(k) != 0 || b.Count() != 0 {
		t.Fatal("an empty table has a mark")
	}
	if !b.Mark(k, 2) {
		t.Fatal("a free slot not marked")
	}
	if !b.Held(k, 0) || !b.Held(k, 1) || b.Owner(k) != 2 || b.Count() != 1 {
		t.Fatalf("after Mark(k, 2): Held(k, 0) %v, Held(k, 1) %v, Owner %d, Count %d",
			b.Held(k, 0), b.Held(k, 1), b.Owner(k), b.Count())
	}
	if b.Held(k, 2) {
		t.Fatal("the owner's own mark is busy to it")
	}
	// Another key in the same slot: not marked, and cannot take the slot.
	other := sameSlot(b, k)
	if b.Held(other, 0) || b.Owner(other) != 0 {
		t.Fatal("another key in the slot reads as marked")
	}
	if b.Mark(other, 1) || b.Mark(k, 1) {
		t.Fatal("a taken slot was marked again")
	}
	if b.Owner(k) != 2 {
		t.Fatalf("the slot's mark changed: owner %d, want 2", b.Owner(k))
	}
	b.Clear(k)
	if b.Held(k, 0) || b.Owner(k) != 0 || b.Count() != 0 {
		t.Fatal("a cleared mark is still seen")
	}
	if !b.Mark(other, 1) || !b.Held(other, 0) || b.Held(k, 0) {
		t.Fatal("a cleared slot not free for another key")
	}
}

func TestNoAllocation(t *testing.T) {
	b := New(10)
	k := uint64(0xfeedface)
	if n := testing.AllocsPerRun(100, func() {
		if b.Mark(k, 1) && !b.Held(k, 2) {
			t.Fatal("mark not held")
		}
		b.Clear(k)
	}); n != 0 {
		t.Errorf("%v allocations a mark", n)
	}
}
