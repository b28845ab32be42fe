// Checking a setting that arrives as an unsigned 64-bit number.

package limits

import "fmt"

// CheckUint is Check for a value read as a uint64 (a node count from
// JSON): one above the int64 range is out of range and the error quotes
// it as given, not as a clamped or wrapped int64.
func (r Range) CheckUint(name string, v uint64) error {
	if v > 1<<63-1 {
		return fmt.Errorf("%s %d: %s", name, v, r.Want())
	}
	return r.Check(name, int64(v))
}
