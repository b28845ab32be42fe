// Reading the data files a fit is made from: files, or folders of them.

package tune

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/record"
)

// Files returns the data files names stand for: a file itself, a folder
// the files in it (not its subfolders nor names starting with a dot), in
// name order. A folder without a file is an error.
func Files(names []string) ([]string, error) {
	var out []string
	for _, name := range names {
		fi, err := os.Stat(name)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			out = append(out, name)
			continue
		}
		es, err := os.ReadDir(name) // sorted by name
		if err != nil {
			return nil, err
		}
		n := len(out)
		for _, e := range es {
			if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
				out = append(out, filepath.Join(name, e.Name()))
			}
		}
		if len(out) == n {
			return nil, fmt.Errorf("%s is a folder without a data file", name)
		}
	}
	return out, nil
}

// LoadFiles reads the records of the data files names stand for (Files)
// into samples; an error names the file.
func LoadFiles(names []string, o Options, st *Stats) ([]Sample, error) {
	var samples []Sample
	err := VisitFiles(names, o, st, func(rec *record.Record, target float64) {
		samples = append(samples, sampleOf(rec, target))
	})
	return samples, err
}

// VisitFiles is Visit over the data files names stand for (Files), in
// order; an error names the file.
func VisitFiles(names []string, o Options, st *Stats, fn func(rec *record.Record, target float64)) error {
	files, err := Files(names)
	if err != nil {
		return err
	}
	for _, name := range files {
		f, err := wholefile.Open(name)
		if err != nil {
			return err
		}
		err = Visit(f, o, st, fn)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}
