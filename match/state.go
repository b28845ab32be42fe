// A local match's state file (--state, --resume): the settings it was
// made with and every game counted, replaced whole after each game and
// locked against a second process, so a stopped match goes on where it
// stopped and ends with the table of an uninterrupted one.

package match

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/kiothi/kiothi/internal/filelock"
	"github.com/kiothi/kiothi/internal/wholefile"
)

// stateFormat is the state file's format version.
const stateFormat = 1

// Setting is one of a match's settings, as the state file and the report
// list them.
type Setting struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Settings lists what decides a match's games and their count: the
// players (spec and name), the games planned, the openings, the seed and
// the game rules. Concurrency and output files are not among them: they
// do not change a game.
func (cfg *Config) Settings() []Setting {
	player := func(f Factory) string {
		spec := f.Spec
		if spec == "" {
			spec = f.Name
		}
		return spec + " (name " + f.Name + ")"
	}
	h := fnv.New64a()
	for _, p := range cfg.Openings {
		io.WriteString(h, p.String()+"\n")
	}
	sprt := "none"
	if cfg.SPRT != nil {
		sprt = fmt.Sprintf("%g,%g,%g,%g", cfg.SPRT.Elo0, cfg.SPRT.Elo1, cfg.SPRT.Alpha, cfg.SPRT.Beta)
	}
	g := cfg.Game
	tc := "none"
	if g.TC.On() {
		tc = g.TC.Text
	}
	rules := "standard"
	if g.Rules.FreeFirstLap {
		rules = "free-first-lap"
	}
	orNone := func(d time.Duration, none string) string {
		if d == 0 {
			return none
		}
		return d.String()
	}
	adj := "off"
	if g.Adjudication.On() {
		adj = fmt.Sprintf("%+v", g.Adjudication)
	}
	return []Setting{
		{"player 1", player(cfg.Player1)},
		{"player 2", player(cfg.Player2)},
		{"games", strconv.Itoa(cfg.PlannedGames())},
		{"openings", fmt.Sprintf("%d (fnv64a %016x)", max(len(cfg.Openings), 1), h.Sum64())},
		{"seed", strconv.FormatUint(cfg.Seed, 10)},
		{"multiplier", strconv.Itoa(cfg.multiplier())},
		{"sprt", sprt},
		{"rules", rules},
		{"max plies", strconv.Itoa(g.MaxPlies)},
		{"move time", orNone(g.MoveTime, "none (the players' own limits)")},
		{"move timeout", orNone(g.MoveTimeout, "default")},
		{"time control", tc},
		{"time margin", g.TimeMargin.String()},
		{"adjudication", adj},
	}
}

// StateFile is an open, locked state file.
type StateFile struct {
	path     string
	lock     *filelock.Held
	settings []Setting
}

// maxStateBytes bounds the state file read on --resume: a game takes
// about 300 bytes of it, so this is some 800,000 games.
const maxStateBytes = 256 << 20

type stateJSON struct {
	Format   int         `json:"format"`
	Settings []Setting   `json:"settings"`
	Games    []GamePoint `json:"games"`
}

// OpenState opens path as cfg's state file, locked (path+".lock")
// against a second process. Without resume a file that exists is
// refused, never overwritten; with resume it must exist and have been
// made with cfg's Settings (the first that differs is named), and the
// games it holds are returned for Config.Done.
func OpenState(path string, resume bool, cfg *Config) (*StateFile, []GamePoint, error) {
	lk, err := filelock.Beside(path)
	if err != nil {
		if errors.Is(err, filelock.ErrLocked) {
			return nil, nil, fmt.Errorf("--state %s: another match is using it (%v)", path, err)
		}
		return nil, nil, fmt.Errorf("--state: %v", err)
	}
	st := &StateFile{path: path, lock: lk, settings: cfg.Settings()}
	fail := func(err error) (*StateFile, []GamePoint, error) { lk.Unlock(); return nil, nil, err }
	if !resume {
		if _, err := os.Stat(path); err == nil {
			return fail(fmt.Errorf("--state %s exists: give --resume to continue that match, or another file", path))
		}
		if err := st.save(&Summary{}); err != nil { // a rerun without --resume is refused from now on
			return fail(fmt.Errorf("--state: %v", err))
		}
		return st, nil, nil
	}
	// Everything the match will need of the file is checked before the
	// first game: that it can be replaced (a regular file, not a link,
	// in a folder that can be written), and, read within its bound, its
	// settings.
	if err := wholefile.CheckWritable(path); err != nil {
		return fail(fmt.Errorf("--state: %v", err))
	}
	b, err := wholefile.ReadFile(path, maxStateBytes, "a match state file")
	if err != nil {
		return fail(fmt.Errorf("--resume: %v", err))
	}
	var sj stateJSON
	if err := json.Unmarshal(b, &sj); err != nil {
		return fail(fmt.Errorf("--resume: %s: not a match state file: %v", path, err))
	}
	if sj.Format != stateFormat {
		return fail(fmt.Errorf("--resume: %s: state format %d, want %d", path, sj.Format, stateFormat))
	}
	if err := settingsDiffer(sj.Settings, st.settings); err != nil {
		return fail(fmt.Errorf("--resume: %s is another match's state: %v (give the flags it was made with, or another --state file)", path, err))
	}
	planned := cfg.PlannedGames()
	seen := map[int]bool{}
	for i, gp := range sj.Games {
		if gp.Number < 0 || gp.Number >= planned || seen[gp.Number] {
			return fail(fmt.Errorf("--resume: %s: game %d of the file: number %d is out of range or repeated", path, i+1, gp.Number+1))
		}
		seen[gp.Number] = true
		_, p1South := cfg.GameStart(gp.Number)
		if gp.HalfPoints != halfPoints(gp.Points) || gp.Forfeit < 0 || gp.Forfeit > 2 || gp.P1South != p1South ||
			gp.Opening != (gp.Number/2)%max(len(cfg.Openings), 1) {
			return fail(fmt.Errorf("--resume: %s: game %d of the file (number %d) does not add up (points, forfeit, colour or opening)", path, i+1, gp.Number+1))
		}
	}
	return st, sj.Games, nil
}

// settingsDiffer names the first setting that differs.
func settingsDiffer(were, is []Setting) error {
	for i := range max(len(were), len(is)) {
		switch {
		case i >= len(were):
			return fmt.Errorf("it has no %s", is[i].Key)
		case i >= len(is):
			return fmt.Errorf("it has a setting %s this match lacks", were[i].Key)
		case were[i] != is[i]:
			return fmt.Errorf("it was made with %s %s, not %s", were[i].Key, were[i].Value, is[i].Value)
		}
	}
	return nil
}

// save replaces the file with s's games.
func (st *StateFile) save(s *Summary) error {
	b, err := json.Marshal(stateJSON{Format: stateFormat, Settings: st.settings, Games: s.Games})
	if err != nil {
		return fmt.Errorf("state file: %v", err)
	}
	if err := wholefile.WriteBytes(st.path, b); err != nil {
		return fmt.Errorf("state file: %v", err)
	}
	return nil
}

// Close releases the lock (the state file stays for --resume).
func (st *StateFile) Close() error {
	if st == nil {
		return nil
	}
	return st.lock.Unlock()
}
