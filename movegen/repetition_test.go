// Tests of the repetition rule's counting: Repeats' threshold and the
// Occurrences multiset.

package movegen

import "testing"

func TestRepeats(t *testing.T) {
	for earlier := 0; earlier < RepetitionCount+2; earlier++ {
		if got, want := Repeats(earlier), earlier+1 >= RepetitionCount; got != want {
			t.Errorf("Repeats(%d) = %v, want %v", earlier, got, want)
		}
	}
}

func TestOccurrences(t *testing.T) {
	var zero Occurrences
	if zero.Count(7) != 0 {
		t.Error("the zero value counts a key")
	}
	// Enough keys to grow the table several times, some repeated.
	var history []uint64
	want := map[uint64]int{}
	for i := uint64(0); i < 200; i++ {
		k := i * 0x100000001
		for j := uint64(0); j <= i%3; j++ {
			history = append(history, k)
			want[k]++
		}
	}
	built := NewOccurrences(history)
	var added Occurrences
	for _, k := range history {
		added.Add(k)
	}
	for k, n := range want {
		if built.Count(k) != n || added.Count(k) != n {
			t.Fatalf("key %#x: built %d, added %d, want %d", k, built.Count(k), added.Count(k), n)
		}
	}
	if built.Count(12345) != 0 || added.Count(12345) != 0 {
		t.Error("a key never added is counted")
	}
	if a := testing.AllocsPerRun(100, func() { built.Count(history[17]) }); a != 0 {
		t.Errorf("Count allocates %v times", a)
	}
}
