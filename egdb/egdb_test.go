// Tests: index round trips, values against the solver on random
// positions, the probe's allocations, and the file's checks.

package egdb_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
)

// testMax is the largest layer the tests build (under a second).
const testMax = 7

var (
	buildOnce sync.Once
	built     [2]*egdb.DB // standard rules, free-first-lap
)

// testDB returns the layers 0..testMax under r, built once.
func testDB(t testing.TB, r movegen.Rules) *egdb.DB {
	t.Helper()
	buildOnce.Do(func() {
		for i, r := range []movegen.Rules{{}, {FreeFirstLap: true}} {
			d, err := egdb.Build(context.Background(), testMax, r, nil)
			if err != nil {
				panic(err)
			}
			built[i] = d
		}
	})
	if r.FreeFirstLap {
		return built[1]
	}
	return built[0]
}

func TestRankRoundTrip(t *testing.T) {
	for n := 0; n <= 5; n++ {
		var prev [position.NumPits]int
		for idx := 0; idx < egdb.Size(n); idx++ {
			var c [position.NumPits]int
			egdb.Unrank(idx, n, &c)
			sum := 0
			for _, x := range c {
				sum += x
			}
			if sum != n {
				t.Fatalf("layer %d index %d: %v holds %d warriors", n, idx, c, sum)
			}
			if got := egdb.Rank(&c, n); got != idx {
				t.Fatalf("layer %d: Unrank(%d) = %v, ranked %d", n, idx, c, got)
			}
			// Lexicographic order: each board after the one before.
			if idx > 0 && !less(prev, c) {
				t.Fatalf("layer %d: board %d %v does not follow %v", n, idx, c, prev)
			}
			prev = c
		}
	}
	// The first board of each layer holds everything in the last pit,
	// the last everything in pit a.
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= egdb.MaxWarriors; n++ {
		var first, last [position.NumPits]int
		first[position.NumPits-1], last[0] = n, n
		if a, b := egdb.Rank(&first, n), egdb.Rank(&last, n); a != 0 || b != egdb.Size(n)-1 {
			t.Fatalf("layer %d: the first and last boards rank %d and %d of %d", n, a, b, egdb.Size(n))
		}
		for k := 0; k < 200; k++ {
			var r [position.NumPits]int
			for w := 0; w < n; w++ {
				r[rng.IntN(position.NumPits)]++
			}
			idx := egdb.Rank(&r, n)
			var back [position.NumPits]int
			egdb.Unrank(idx, n, &back)
			if idx < 0 || idx >= egdb.Size(n) || back != r {
				t.Fatalf("layer %d: %v ranks %d, which unranks to %v", n, r, idx, back)
			}
		}
	}
}

func less(a, b [position.NumPits]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// noNki returns p without its nki marks.
func noNki(t testing.TB, p position.Position) position.Position {
	var c [position.NumPits]int
	for i := range c {
		c[i] = p.Count(i)
	}
	q, err := position.New(c, 0, [2]int{p.Prison(position.South), p.Prison(position.North)}, p.Side(), p.Turn())
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestValuesAgreeWithSolve: on seeded random positions of up to testMax
// warriors, either side to move, random prisons and both rule sets, the
// database's value plus the prison difference is what kiothi solve
// proves; positions with an nki mark are not held. Under the standard
// rules every position is held (no line of these layers can repeat);
// under free-first-lap some are not.
func TestValuesAgreeWithSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 1))
	count := 400
	if testing.Short() {
		count = 100
	}
	unknown := 0
	for k := 0; k < count; k++ {
		r := movegen.Rules{FreeFirstLap: k%4 == 3}
		d := testDB(t, r)
		marked := testgame.RandomPlay(rng, 1+rng.IntN(testMax), 20)
		p := noNki(t, marked)
		if _, ok := d.Probe(&marked, r); ok && marked.NkiMask() != 0 {
			t.Fatalf("%s: held, but it has nki marks", marked)
		}
		v, ok := d.Probe(&p, r)
		if !ok && !r.FreeFirstLap {
			t.Fatalf("%s: not held (%d warriors, no nki)", p, p.BoardTotal())
		}
		res, err := solve.Solve(context.Background(), p, solve.Options{Rules: r, HashMB: 1})
		if err != nil || !res.Exact {
			t.Fatalf("%s: %v %+v", p, err, res)
		}
		diff := p.Prison(p.Side()) - p.Prison(p.Side().Other())
		if !ok {
			unknown++
			continue
		}
		if diff+v != res.Value {
			t.Fatalf("%s (rules %+v): database %d + prisons %d, solve %d", p, r, v, diff, res.Value)
		}
	}
	// A quarter of the positions are free-first-lap's; a third of those
	// may lie on or lead into a line that comes back (32 of 100 with
	// this seed).
	if unknown > count/4/2 {
		t.Errorf("%d of the %d free-first-lap positions not held: more than half", unknown, count/4)
	}
	t.Logf("%d of %d positions not held (free-first-lap)", unknown, count)
	// Other rules than the database's are not held.
	p := noNki(t, testgame.RandomPlay(rng, 5, 5))
	if _, ok := testDB(t, movegen.Rules{}).Probe(&p, movegen.Rules{FreeFirstLap: true}); ok {
		t.Error("a standard database answered for free-first-lap")
	}
}

// TestValuesHoldAfterRepetitions: under free-first-lap (whose small
// layers have lines that come back), games that go round a cycle of
// capture-free moves three times, found from boards the database does
// not hold: at each position of the second and third rounds, every
// child the database holds (and the game has not ended by repetition)
// is worth what kiothi solve proves with the game's history.
func TestValuesHoldAfterRepetitions(t *testing.T) {
	r := movegen.Rules{FreeFirstLap: true}
	d := testDB(t, r)
	rng := rand.New(rand.NewPCG(31, 2))
	want, cycles, checked := 12, 0, 0
	if testing.Short() {
		want = 4
	}
	for tries := 0; cycles < want && tries < 100*want; tries++ {
		p := noNki(t, testgame.RandomPlay(rng, 3+rng.IntN(testMax-2), 10))
		if _, ok := d.Probe(&p, r); ok {
			continue
		}
		var line []position.Position
		if !findCycle(p, r, map[uint64]bool{}, map[uint64]bool{}, &line, 40) {
			continue
		}
		cycles++
		// line ends with a position it held before: the cycle is from
		// there on.
		last := line[len(line)-1].KeyWithPrisons()
		start := 0
		for line[start].KeyWithPrisons() != last {
			start++
		}
		game := append([]position.Position{}, line[:len(line)-1]...)
		for round := 0; round < 2; round++ {
			game = append(game, line[start:len(line)-1]...)
		}
		seen := map[uint64]int{}
		var hist []uint64
		for ply, x := range game {
			k := x.KeyWithPrisons()
			seen[k]++
			if ply < len(line)-1 {
				hist = append(hist, k)
				continue // the first round
			}
			var list movegen.MoveList
			n := movegen.Generate(&x, r, &list)
			for _, m := range list[:n] {
				y, _ := movegen.MakeMove(x, m, r)
				v, ok := d.Probe(&y, r)
				if !ok || seen[y.KeyWithPrisons()] == 2 {
					continue
				}
				res, err := solve.Solve(context.Background(), y, solve.Options{Rules: r, HashMB: 1, History: append(hist, k)})
				if err != nil || !res.Exact {
					t.Fatalf("%s: %v %+v", y, err, res)
				}
				if diff := y.Prison(y.Side()) - y.Prison(y.Side().Other()); diff+v != res.Value {
					t.Fatalf("%s, reached in round %d of a cycle of %d: database %d + prisons %d, solve with the history %d",
						y, 1+(ply-start)/(len(line)-1-start), len(line)-1-start, v, diff, res.Value)
				}
				checked++
			}
			hist = append(hist, k)
		}
	}
	t.Logf("%d cycles, %d held positions checked", cycles, checked)
	if cycles < want || checked == 0 {
		t.Errorf("%d cycles of %d wanted, %d positions checked: the test does not exercise repetition", cycles, want, checked)
	}
}

// findCycle follows the capture-free moves from p depth first, up to
// depth positions, and returns true with line from p to a position that
// occurred on it before; on and done are the positions on the line and
// those already left.
func findCycle(p position.Position, r movegen.Rules, on, done map[uint64]bool, line *[]position.Position, depth int) bool {
	k := p.KeyWithPrisons()
	if on[k] {
		*line = append(*line, p)
		return true
	}
	if done[k] || depth == 0 {
		return false
	}
	on[k] = true
	*line = append(*line, p)
	var list movegen.MoveList
	n := movegen.Generate(&p, r, &list)
	for _, m := range list[:n] {
		if q, _ := movegen.MakeMove(p, m, r); q.BoardTotal() == p.BoardTotal() &&
			findCycle(q, r, on, done, line, depth-1) {
			return true
		}
	}
	*line = (*line)[:len(*line)-1]
	on[k], done[k] = false, true
	return false
}

func TestProbeDoesNotAllocate(t *testing.T) {
	d := testDB(t, movegen.Rules{})
	p := noNki(t, testgame.RandomPlay(rand.New(rand.NewPCG(1, 2)), testMax, 5))
	if a := testing.AllocsPerRun(100, func() { d.Probe(&p, movegen.Rules{}) }); a != 0 {
		t.Errorf("Probe allocates %v times", a)
	}
}

func TestFileRoundTripAndChecks(t *testing.T) {
	d := testDB(t, movegen.Rules{FreeFirstLap: true})
	dir := t.TempDir()
	path := filepath.Join(dir, "eg.kdb")
	if err := d.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	back, err := egdb.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Max() != d.Max() || back.Rules() != d.Rules() {
		t.Fatalf("read back max %d rules %+v, wrote %d %+v", back.Max(), back.Rules(), d.Max(), d.Rules())
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for k := 0; k < 200; k++ {
		p := noNki(t, testgame.RandomPlay(rng, rng.IntN(testMax+1), 5))
		a, aok := d.Probe(&p, d.Rules())
		b, bok := back.Probe(&p, d.Rules())
		if a != b || aok != bok {
			t.Fatalf("%s: wrote %d %v, read %d %v", p, a, aok, b, bok)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A good checksum over a value layer 3 cannot hold: read, and refused
	// by CheckValues. Layer 3's first entry is the low half of its first
	// byte; code 5 there is the value 2*5-3 = 7.
	forged := append([]byte(nil), data...)
	at := 20 + egdb.LayerBytes(0) + egdb.LayerBytes(1) + egdb.LayerBytes(2)
	forged[at] = forged[at]&0xf0 | 5
	binary.LittleEndian.PutUint32(forged[len(forged)-4:], crc32.Checksum(forged[:len(forged)-4], crc32.MakeTable(crc32.Castagnoli)))
	fp := filepath.Join(dir, "forged")
	if err := os.WriteFile(fp, forged, 0o644); err != nil {
		t.Fatal(err)
	}
	fd, err := egdb.ReadFile(fp)
	if err != nil {
		t.Fatalf("a file with a good checksum: %v", err)
	}
	if err := fd.CheckValues(context.Background()); err == nil || !strings.Contains(err.Error(), "layer 3 entry 0: value 7") {
		t.Errorf("CheckValues of a forged value: %v", err)
	}
	// Layer 0's one entry is the low half of its byte; the high half is
	// no entry and must be 0.
	pad := append([]byte(nil), data...)
	pad[20] |= 3 << 4
	binary.LittleEndian.PutUint32(pad[len(pad)-4:], crc32.Checksum(pad[:len(pad)-4], crc32.MakeTable(crc32.Castagnoli)))
	if err := os.WriteFile(fp, pad, 0o644); err != nil {
		t.Fatal(err)
	}
	if pd, err := egdb.ReadFile(fp); err != nil {
		t.Fatalf("a file with a good checksum: %v", err)
	} else if err := pd.CheckValues(context.Background()); err == nil || !strings.Contains(err.Error(), "layer 0: the high half of its last byte is 3") {
		t.Errorf("CheckValues of a forged padding: %v", err)
	}
	if err := back.CheckValues(context.Background()); err != nil {
		t.Errorf("CheckValues of the file written: %v", err)
	}
	for _, c := range []struct {
		name string
		edit func([]byte) []byte
		want string
	}{
		{"flipped entry", func(b []byte) []byte { b[len(b)/2] ^= 1; return b }, "checksum"},
		{"cut short", func(b []byte) []byte { return b[:len(b)-1] }, "bytes, its header says"},
		{"other magic", func(b []byte) []byte { b[0] = 'X'; return b }, "does not start with"},
		{"future version", func(b []byte) []byte { b[8] = 9; return b }, "format version 9"},
		{"too many layers", func(b []byte) []byte { b[16] = 99; return b }, "at most 16"},
		{"empty", func(b []byte) []byte { return nil }, "header is cut short"},
	} {
		bad := filepath.Join(dir, "bad")
		if err := os.WriteFile(bad, c.edit(append([]byte(nil), data...)), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := egdb.ReadFile(bad); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// FuzzReadFile: any file is read or refused with an error, never a panic;
// one that is read can be checked, counted and probed.
func FuzzReadFile(f *testing.F) {
	d, err := egdb.Build(context.Background(), 2, movegen.Rules{}, nil)
	if err != nil {
		f.Fatal(err)
	}
	path := filepath.Join(f.TempDir(), "seed")
	if err := d.WriteFile(path); err != nil {
		f.Fatal(err)
	}
	seed, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte("KIOTHIEG"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "db")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := egdb.ReadFile(p)
		if err != nil {
			return
		}
		_ = d.CheckValues(context.Background())
		for n := 0; n <= d.Max(); n++ {
			d.Known(n)
		}
		var c [position.NumPits]int
		c[0] = d.Max()
		if q, err := position.New(c, 0, [2]int{}, position.South, 3); err == nil {
			d.Probe(&q, d.Rules())
		}
	})
}

// TestOpenSetting: the egdb setting's words. none and "" open nothing;
// auto opens kiothi.egdb beside the running program when it is there
// (here the test binary's folder), the built-in database when it is not,
// and refuses a file there that is no database; any other value is a
// file to open.
func TestOpenSetting(t *testing.T) {
	for _, v := range []string{"", "none", "NONE"} {
		if d, err := egdb.OpenSetting(v); d != nil || err != nil {
			t.Errorf("OpenSetting(%q) = layers 0 to %d, %v; want none", v, d.Max(), err)
		}
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no executable path:", err)
	}
	auto := filepath.Join(filepath.Dir(exe), egdb.AutoName)
	if _, err := os.Stat(auto); err == nil {
		t.Skipf("%s is there already", auto)
	}
	builtIn, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	if d, err := egdb.OpenSetting("auto"); d != builtIn || err != nil {
		t.Fatalf("auto with no %s: layers 0 to %d, %v; want the built-in database", auto, d.Max(), err)
	}
	d := testDB(t, movegen.Rules{})
	if err := d.WriteFile(auto); err != nil {
		t.Skip("cannot write beside the test binary:", err)
	}
	defer os.Remove(auto)
	got, err := egdb.OpenSetting("Auto")
	if err != nil || got == nil || got.Max() != d.Max() {
		t.Fatalf("auto with %s there: layers 0 to %d, %v", auto, got.Max(), err)
	}
	if named, err := egdb.OpenSetting(auto); err != nil || named != got {
		t.Errorf("the file by name: %v, %v; want the database auto opened (one copy a process)", named, err)
	}
	// Its ID (a cluster build's fingerprint) names the layers and the
	// file's checksum, its last four bytes.
	data, err := os.ReadFile(auto)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("layers 0-%d crc32c %08x", d.Max(), binary.LittleEndian.Uint32(data[len(data)-4:]))
	if id := got.ID(); id != want {
		t.Errorf("ID %q, want %q", id, want)
	}
	// A file there that is no database is an error, not silence.
	if err := os.WriteFile(auto, []byte("not a database"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d, err := egdb.OpenSetting("auto"); d != nil || err == nil || !strings.Contains(err.Error(), "not an endgame database") {
		t.Errorf("auto with a junk %s: layers 0 to %d, %v; want an error", auto, d.Max(), err)
	}
}

// TestEmbedded: the built-in database opens, holds layers 0 to
// EmbeddedMax of the standard rules, agrees with a fresh build on every
// board of the layers the tests build, and with the solver on random
// positions of its top layers.
func TestEmbedded(t *testing.T) {
	d, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	if d.Max() != egdb.EmbeddedMax || d.Rules() != (movegen.Rules{}) {
		t.Fatalf("built-in database: layers 0 to %d, rules %+v", d.Max(), d.Rules())
	}
	if again, _ := egdb.Embedded(); again != d {
		t.Error("Embedded read the database twice")
	}
	fresh := testDB(t, movegen.Rules{})
	for n := 0; n <= testMax; n++ {
		for idx := 0; idx < egdb.Size(n); idx++ {
			var c [position.NumPits]int
			egdb.Unrank(idx, n, &c)
			p, err := position.New(c, 0, [2]int{}, position.South, 3)
			if err != nil {
				t.Fatal(err)
			}
			a, aok := d.Probe(&p, movegen.Rules{})
			b, bok := fresh.Probe(&p, movegen.Rules{})
			if a != b || aok != bok {
				t.Fatalf("%s: built-in %d %v, built %d %v", p, a, aok, b, bok)
			}
		}
	}
	rng := rand.New(rand.NewPCG(40, 4))
	count := 30
	if testing.Short() {
		count = 8
	}
	for k := 0; k < count; k++ {
		p := noNki(t, testgame.RandomPlay(rng, egdb.EmbeddedMax-k%3, 20))
		v, ok := d.Probe(&p, movegen.Rules{})
		if !ok {
			t.Fatalf("%s: not held", p)
		}
		res, err := solve.Solve(context.Background(), p, solve.Options{HashMB: 4})
		if err != nil || !res.Exact {
			t.Fatalf("%s: %v %+v", p, err, res)
		}
		if diff := p.Prison(p.Side()) - p.Prison(p.Side().Other()); diff+v != res.Value {
			t.Fatalf("%s: built-in %d + prisons %d, solve %d", p, v, diff, res.Value)
		}
	}
}

// TestLine: from seeded random held positions of both rule sets, the
// database's line is legal, ends in a position without moves, and its
// outcome (movegen.NoMoveOutcome) is the value
// kiothi solve proves for the position.
func TestLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 4))
	count := 120
	if testing.Short() {
		count = 40
	}
	for k := 0; k < count; k++ {
		r := movegen.Rules{FreeFirstLap: k%3 == 2}
		d := testDB(t, r)
		p := noNki(t, testgame.RandomPlay(rng, 1+rng.IntN(testMax), 20))
		if _, ok := d.Probe(&p, r); !ok {
			continue
		}
		line := d.Line(p, r, 500, nil)
		q := p
		for i, m := range line {
			next, st := movegen.MakeMove(q, m, r)
			if st != movegen.Legal {
				t.Fatalf("%s: move %d of the line, %s, is not legal (%v)", p, i, m, st)
			}
			q = next
		}
		if movegen.HasMove(&q, r) {
			t.Fatalf("%s: the line %v stops at %s, which has moves", p, line, q)
		}
		end := movegen.NoMoveOutcome(&q).Margin() // South's view
		if p.Side() == position.North {
			end = -end
		}
		res, err := solve.Solve(context.Background(), p, solve.Options{Rules: r, HashMB: 1})
		if err != nil || !res.Exact {
			t.Fatalf("%s: %v %+v", p, err, res)
		}
		if end != res.Value {
			t.Fatalf("%s (rules %+v): the line %v ends %d, solve %d", p, r, line, end, res.Value)
		}
		if n := len(line); n > 1 {
			if got := d.Line(p, r, n-1, nil); len(got) != n-1 {
				t.Fatalf("%s: a line of at most %d moves has %d", p, n-1, len(got))
			}
		}
	}
}
