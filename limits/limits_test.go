// Tests of the limits table, the time parser, the memory check and the
// bounded line reader.

package limits

import (
	"bufio"
	"strings"
	"testing"
	"time"
)

func TestCheckNamesTheSettingAndRange(t *testing.T) {
	if err := Threads.Check("--threads", Threads.Max); err != nil {
		t.Errorf("the largest thread count refused: %v", err)
	}
	err := Threads.Check("--threads", 100000)
	if err == nil || err.Error() != "--threads 100000: must be from 1 to 256" {
		t.Errorf("--threads 100000: %v", err)
	}
	err = HashMB.Check("setting hash", 0)
	if err == nil || err.Error() != "setting hash 0: must be from 1 to 65536 MB" {
		t.Errorf("hash 0: %v", err)
	}
}

func TestParseDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"100": 100 * time.Millisecond, "0": 0, " 250 ": 250 * time.Millisecond,
		"100ms": 100 * time.Millisecond, "20s": 20 * time.Second, "1m30s": 90 * time.Second, "-5": -5 * time.Millisecond,
	} {
		got, err := ParseDuration(in)
		if err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "fast", "1.5", "99999999999999999999", "9223372036854775807", strings.Repeat("9", 100000)} {
		_, err := ParseDuration(in)
		if err == nil || len(err.Error()) > 200 {
			t.Errorf("ParseDuration(%.20q): error %v", in, err)
		}
	}
}

func TestCheckDuration(t *testing.T) {
	if err := MoveTimeMS.CheckDuration("--movetime", 20*time.Second); err != nil {
		t.Error(err)
	}
	for _, d := range []time.Duration{0, time.Microsecond, 25 * time.Hour, -time.Second} {
		if err := MoveTimeMS.CheckDuration("--movetime", d); err == nil || !strings.HasPrefix(err.Error(), "--movetime ") {
			t.Errorf("--movetime %v: %v", d, err)
		}
	}
}

func TestCheckMemory(t *testing.T) {
	total := MemoryMB()
	if total == 0 {
		t.Skip("this process's memory is unknown here")
	}
	if err := CheckMemory("a little", 1); err != nil {
		t.Errorf("1 MB: %v", err)
	}
	err := CheckMemory("--threads 256 × --hash 65536", int64(total))
	if err == nil || !strings.Contains(err.Error(), "--threads 256 × --hash 65536") {
		t.Errorf("all of memory: %v", err)
	}
}

func TestReadLine(t *testing.T) {
	in := "short\r\n" + strings.Repeat("x", MaxLine+1) + "\nafter\nlast"
	r := bufio.NewReader(strings.NewReader(in))
	for _, want := range []struct {
		line    string
		tooLong bool
	}{{"short", false}, {"", true}, {"after", false}, {"last", false}} {
		line, tooLong, err := ReadLine(r)
		if err != nil || line != want.line || tooLong != want.tooLong {
			t.Errorf("ReadLine = %.20q, %v, %v; want %q, %v", line, tooLong, err, want.line, want.tooLong)
		}
	}
	if _, _, err := ReadLine(r); err == nil {
		t.Error("no error at the end of input")
	}
}
