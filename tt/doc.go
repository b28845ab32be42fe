// Package tt is the search's shared, lock-free transposition table.
//
// Concurrency policy: any number of goroutines may Probe and Store at once,
// with no lock. Each entry is two 64-bit words, written and read with
// sync/atomic: w0 = key XOR data and w1 = data. Two writers can race on the
// same entry and a reader can meet an entry half rewritten (w0 from one
// store, w1 from another); such an entry fails the check w0^w1 == key, so
// the reader sees a miss, never another position's data. The only races
// are therefore lost stores (an entry overwritten by a concurrent store),
// which cost search effort, never correctness. Clear, Resize and NewSearch
// must not run while a search is probing (the engine calls them between
// searches). Because every access is atomic, the table is clean under
// go test -race.
package tt
