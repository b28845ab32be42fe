// Tests of the input excerpts in error messages.

package excerpt

import (
	"strings"
	"testing"
)

func TestQuoteShort(t *testing.T) {
	for _, s := range []string{"", "garbage", strings.Repeat("x", MaxRunes), "ð\n"} {
		if got, want := Quote(s), `"`+strings.ReplaceAll(s, "\n", `\n`)+`"`; got != want {
			t.Errorf("Quote(%q) = %s, want %s", s, got, want)
		}
	}
}

func TestQuoteLong(t *testing.T) {
	s := strings.Repeat("ð", 30000) // 60000 bytes
	got := Quote(s)
	if want := `"` + strings.Repeat("ð", MaxRunes) + `"... (60000 bytes)`; got != want {
		t.Errorf("Quote of 60000 bytes = %s, want %s", got, want)
	}
}

func TestChar(t *testing.T) {
	for in, want := range map[string]string{"ð1": `'ð'`, "a": `'a'`, "\xff": `"\xff"`, "": `""`} {
		if got := Char(in); got != want {
			t.Errorf("Char(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestPrefix(t *testing.T) {
	if got := Prefix("level"); got != "level" {
		t.Errorf("Prefix(level) = %q", got)
	}
	long := strings.Repeat("ab", 5000)
	if got, want := Prefix(long), long[:MaxRunes]+"... (10000 bytes)"; got != want {
		t.Errorf("Prefix of 10000 bytes = %q, want %q", got, want)
	}
}
