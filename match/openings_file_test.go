// Checks of testdata/openings.txt: valid, as the issue asks, and (on
// request) exactly what the generator writes.

package match

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/openings"
	"github.com/kiothi/kiothi/position"
)

func TestOpeningsFile(t *testing.T) {
	data, err := os.ReadFile("../testdata/openings.txt")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := openings.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// Runners such as cutegames skip only lines that start with '#' and
	// pass the others verbatim: no position line may carry a comment.
	for n, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "#") && strings.Contains(line, "#") {
			t.Errorf("line %d has a trailing comment: %q", n+1, line)
		}
	}
	starts, play := 0, 0
	seen := map[uint64]bool{}
	for _, p := range ps {
		if p == position.Start(30) {
			starts++
			continue
		}
		if p.Turn() != 3 || p.Side() != position.South || p.Total() != 60 || p.NkiMask() != p.Occupied() {
			t.Errorf("%s: not a turn-3 position after both redistributions", p)
		}
		if !movegen.HasMove(&p, movegen.Rules{}) || seen[p.Key()] {
			t.Errorf("%s: no move or repeated", p)
		}
		seen[p.Key()] = true
		play++
	}
	if starts != 1 || play < 50 {
		t.Errorf("%d standard starts, %d play-phase positions", starts, play)
	}
	// Remaking the file runs about a minute of engine searches, and its
	// result changes whenever the engine does: only on request.
	if os.Getenv("KIOTHI_OPENINGS_REGEN") == "" {
		t.Skip("set KIOTHI_OPENINGS_REGEN=1 to check that the generator remakes the file")
	}
	cs, err := GenerateOpenings(context.Background(), DefaultGen, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteOpenings(&b, OpeningsHeader(DefaultGen), cs); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), data) {
		t.Error("testdata/openings.txt differs from what go run ./cmd/genopenings writes: regenerate it")
	}
}
