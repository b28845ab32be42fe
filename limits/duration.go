// Times as users write them: milliseconds or Go durations.

package limits

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
)

// ParseDuration reads a time: a plain whole number is milliseconds
// ("100"), anything else a Go duration ("100ms", "20s", "1m30s").
func ParseDuration(s string) (time.Duration, error) {
	t := strings.TrimSpace(s)
	if n, err := strconv.ParseInt(t, 10, 64); err == nil {
		if n > int64(time.Duration(1<<63-1)/time.Millisecond) || n < -int64(time.Duration(1<<63-1)/time.Millisecond) {
			return 0, fmt.Errorf("%s: too long a time", excerpt.Quote(s))
		}
		return time.Duration(n) * time.Millisecond, nil
	}
	d, err := time.ParseDuration(t)
	if err != nil {
		return 0, fmt.Errorf("%s: want milliseconds (100) or a duration (100ms, 20s, 1m30s)", excerpt.Quote(s))
	}
	return d, nil
}

// CheckDuration is Check for a time; r is in milliseconds.
func (r Range) CheckDuration(name string, d time.Duration) error {
	if d >= time.Duration(r.Min)*time.Millisecond && d <= time.Duration(r.Max)*time.Millisecond {
		return nil
	}
	return fmt.Errorf("%s %v: %s", name, d, r.Want())
}
