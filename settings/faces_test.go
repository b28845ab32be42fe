// The faces test: every face that carries a setting accepts and refuses
// the same values as the table, for every setting of the table.

package settings_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/syncbuf"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/serve"
	"github.com/kiothi/kiothi/settings"
	"github.com/kiothi/kiothi/ugi"
	"github.com/spf13/pflag"
)

const testBook = "../testdata/book.kbk"

// probes are the values each setting is tried with, derived from its
// kind, range and words: in range, at the bounds, just outside, not of
// the kind, and words in another case.
func probes(s *settings.Setting) []string {
	switch s.Kind {
	case settings.Int:
		r := s.Range
		return []string{s.Default, fmt.Sprint(r.Min), fmt.Sprint(r.Max), fmt.Sprint(r.Min - 1), fmt.Sprint(r.Max + 1),
			fmt.Sprint((r.Min + r.Max) / 2), "x", "1.5", "", " " + fmt.Sprint(r.Min) + " "}
	case settings.Duration:
		r := s.Range
		return []string{s.Default, fmt.Sprint(r.Min), fmt.Sprint(r.Max), fmt.Sprint(r.Min - 1), fmt.Sprint(r.Max + 1),
			fmt.Sprintf("%dms", r.Max), fmt.Sprintf("%dms", r.Max+1), "1s", "x", ""}
	case settings.Bool:
		return []string{"true", "false", "TRUE", "False", "1", "0", "yes", "", "x"}
	case settings.Enum:
		v := []string{"", "x", s.Words[0] + "x"}
		for _, w := range s.Words {
			v = append(v, w, strings.ToUpper(w), strings.ToUpper(w[:1])+w[1:])
		}
		return v
	case settings.File:
		// Files that exist and open: a book for Book, names for Eval.
		if s == settings.Book {
			return []string{testBook}
		}
		if s == settings.EGDB {
			return []string{testEGDB()}
		}
		return []string{"linear", "nn", "LINEAR"}
	}
	return nil
}

// testEGDB returns an endgame database file of layers 0 to 3, written
// once to a temporary folder the process removes at exit (TestMain).
var testEGDB = sync.OnceValue(func() string {
	d, err := egdb.Build(context.Background(), 3, movegen.Rules{}, nil)
	if err != nil {
		panic(err)
	}
	path := filepath.Join(tempDir, "egdb3.kdb")
	if err := d.WriteFile(path); err != nil {
		panic(err)
	}
	return path
})

var tempDir string

func TestMain(m *testing.M) {
	var err error
	if tempDir, err = os.MkdirTemp("", "settings-test"); err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(tempDir)
	os.Exit(code)
}

// tableSays is the table's answer for s and v.
func tableSays(s *settings.Setting, v string) error {
	_, err := s.Parse(s.Key, v)
	return err
}

func TestFacesAgree(t *testing.T) {
	for _, s := range settings.Table {
		if s.Kind == settings.Param {
			continue // TestParamsFaces
		}
		t.Run(s.Key, func(t *testing.T) {
			vals := probes(s)
			if s == settings.MultiPV { // and the stream's cap
				vals = append(vals, fmt.Sprint(serve.MaxStreamLines), fmt.Sprint(serve.MaxStreamLines+1))
			}
			for _, v := range vals {
				want := tableSays(s, v) == nil
				face := func(name string, err error) {
					t.Helper()
					if (err == nil) != want {
						t.Errorf("%s %q: %s says %v, the table %v", s.Key, v, name, err, tableSays(s, v))
					}
				}
				if s.Has(settings.FaceFlag) {
					face("the flag", flagSays(s, v, s.FlagName()))
					face("the flag in upper case", flagSays(s, v, strings.ToUpper(s.FlagName())))
				}
				if s.Has(settings.FaceUGI) {
					if want && s.Memory && limits.CheckMemory("", memoryWith(s, v)) != nil {
						want = false // more than this machine has: UGI checks the memory at once
					}
					face("setoption", ugiSays(t, s.UGI, v))
					face("setoption in lower case", ugiSays(t, strings.ToLower(s.UGI), v))
					want = tableSays(s, v) == nil
				}
				if s.Has(settings.FaceSpec) && !strings.ContainsAny(v, ",=") {
					face("the spec", specSays(s.Key, v))
					face("the spec in upper case", specSays(strings.ToUpper(s.Key), v))
				}
				if s.Has(settings.FaceHTTP) {
					if want && s == settings.MultiPV {
						n, _ := strconv.Atoi(strings.TrimSpace(v))
						want = n <= serve.MaxStreamLines // the stream's cap on its lines
					}
					face("the stream query", httpSays(t, s.Key, v))
					face("the stream query in upper case", httpSays(t, strings.ToUpper(s.Key), v))
					want = tableSays(s, v) == nil
				}
			}
		})
	}
}

// TestFacesName: each face's error names the setting in its spelling.
func TestFacesName(t *testing.T) {
	if err := flagSays(settings.Hash, "0", "hash"); err == nil || !strings.Contains(err.Error(), "--hash 0: must be from 1 to 65536 MB") {
		t.Errorf("--hash 0: %v", err)
	}
	if err := ugiSays(t, "Hash", "0"); err == nil || !strings.Contains(err.Error(), "setoption Hash: value 0: must be from 1 to 65536") {
		t.Errorf("setoption name Hash value 0: %v", err)
	}
	if err := specSays("hash", "0"); err == nil || !strings.Contains(err.Error(), "setting hash 0: must be from 1 to 65536 MB") {
		t.Errorf("engine:hash=0: %v", err)
	}
	if err := httpSays(t, "multipv", "0"); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("multipv 0: must be from 1 to %d", serve.MaxStreamLines)) {
		t.Errorf("multipv=0: %v", err)
	}
	if err := specSays("objective", "win"); err == nil || !strings.Contains(err.Error(), "setting objective win: want margin or match") {
		t.Errorf("engine:objective=win: %v", err)
	}
}

// TestParamsFaces: each search knob at its bounds and beyond, by the spec
// (the one face that carries knobs).
func TestParamsFaces(t *testing.T) {
	for _, p := range search.Tunables() {
		for _, v := range []float64{p.Min, p.Max, p.Min - 1, p.Max + 1} {
			text := strconv.FormatFloat(v, 'g', -1, 64)
			_, terr := settings.ParseParam("setting param."+p.Name, p.Name, text)
			serr := specSays("param."+p.Name, text)
			if (terr == nil) != (serr == nil) {
				t.Errorf("param.%s=%s: the spec says %v, the table %v", p.Name, text, serr, terr)
			}
		}
	}
	if _, err := settings.ParseParam("setting param.x", "x", "1"); err == nil {
		t.Error("an unknown knob accepted")
	}
}

// TestDefaultsAreTheEngines: the table's defaults are what a spec with no
// settings and a fresh UGI session search with.
func TestDefaultsAreTheEngines(t *testing.T) {
	d := settings.Defaults()
	for _, s := range settings.Table {
		if s.Kind == settings.Param || s.Default == "" {
			continue
		}
		if got := s.Get(&d); !strings.EqualFold(got, s.Default) {
			t.Errorf("%s: default %q, the engine has %q", s.Key, s.Default, got)
		}
	}
	f, err := match.ParseSpec("engine")
	if err != nil {
		t.Fatal(err)
	}
	if f.MemoryMB != limits.EngineMB(d.Search.Threads, d.Search.HashMB) {
		t.Errorf("engine: %d MB, want the defaults' %d", f.MemoryMB, limits.EngineMB(d.Search.Threads, d.Search.HashMB))
	}
}

// memoryWith is what an engine takes with s set to v and the rest the
// UGI defaults.
func memoryWith(s *settings.Setting, v string) int64 {
	e := settings.Defaults()
	e.Search.HashMB = limits.SessionHashMB
	if err := s.Set(&e, s.Key, v); err != nil {
		return 0
	}
	return limits.EngineMB(e.Search.Threads, e.Search.HashMB)
}

func flagSays(s *settings.Setting, v, name string) error {
	f := pflag.NewFlagSet("test", pflag.ContinueOnError)
	f.SetOutput(&strings.Builder{})
	f.SetNormalizeFunc(settings.NormalizeFlag)
	var (
		n int
		b bool
		w string
		d time.Duration
	)
	switch s.Kind {
	case settings.Int:
		settings.Flag(f, s, &n, "")
	case settings.Bool:
		settings.Flag(f, s, &b, "")
	case settings.Duration:
		settings.Flag(f, s, &d, "")
	case settings.Enum:
		if s == settings.Setup {
			settings.Flag(f, s, &n, "")
		} else {
			settings.Flag(f, s, &w, "")
		}
	default:
		settings.Flag(f, s, &w, "")
	}
	return f.Parse([]string{"--" + name + "=" + v})
}

// idle is a searcher that takes no memory: the faces test sets tables of
// gigabytes.
type idle struct{}

func (idle) Search(context.Context, position.Position, []uint64, search.Limits, func(search.Info)) search.Result {
	return search.Result{}
}
func (idle) NewGame() {}

// outOfBook is a book that has no move.
type outOfBook struct{}

func (outOfBook) Probe(position.Position, []uint64, movegen.Rules) (position.GameMove, bool) {
	return position.GameMove{}, false
}

func ugiSays(t *testing.T, name, v string) error {
	var out syncbuf.Buffer
	s := ugi.NewSession(&out, ugi.Config{
		NewSearcher: func(search.Options) (search.GameSearcher, error) { return idle{}, nil },
		OpenBook: func(path string) (ugi.Book, error) {
			if _, err := book.Open(path); err != nil {
				return nil, err
			}
			return outOfBook{}, nil
		},
	})
	s.Handle("setoption name " + name + " value " + v)
	s.Handle("quit")
	for _, l := range strings.Split(out.String(), "\n") {
		if e, ok := strings.CutPrefix(l, "info string error: "); ok {
			return fmt.Errorf("%s", e)
		}
	}
	return nil
}

func specSays(key, v string) error {
	_, err := match.ParseSpec("engine:" + key + "=" + v)
	return err
}

var (
	server     http.Handler
	serverOnce sync.Once
)

func httpSays(t *testing.T, key, v string) error {
	serverOnce.Do(func() { server = serve.New(serve.Config{HashMB: 1}).Handler() })
	req := httptest.NewRequest("GET", "/api/v1/analyse/stream?position=startpos&depth=1&"+url.QueryEscape(key)+"="+url.QueryEscape(v), nil)
	w := httptest.NewRecorder()
	server.ServeHTTP(w, req)
	if w.Code == http.StatusOK {
		return nil
	}
	return fmt.Errorf("%d %s", w.Code, strings.TrimSpace(w.Body.String()))
}
