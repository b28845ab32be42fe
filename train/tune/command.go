// kiothi tune (and the data flags kiothi train shares): the flags checked
// in their words, the fit run, its lines and its output file.

package tune

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/movegen"
)

// DataFlags are the flags that select and label datagen positions, as
// kiothi tune and train give them.
type DataFlags struct {
	Data     []string // datagen files, or folders of them
	Lambda   float64
	MaxScore int
	Holdout  int
	Quiet    bool
	Exclude  []string        // the accuracy set files
	Keys     map[uint64]bool // the keys of their positions (accuracy.Keys)
	Rules    movegen.Rules
}

// Check refuses a flag out of range, naming it.
func (d *DataFlags) Check() error {
	switch {
	case len(d.Data) == 0:
		return errors.New("--data: at least one datagen file is required")
	case !(d.Lambda >= 0 && d.Lambda <= 1):
		return fmt.Errorf("--lambda %v: must be from 0 to 1", d.Lambda)
	case d.MaxScore < 1:
		return fmt.Errorf("--max-score %d: must be at least 1", d.MaxScore)
	case d.Holdout < 0 || d.Holdout == 1:
		return fmt.Errorf("--holdout %d: must be 0 or at least 2", d.Holdout)
	}
	return nil
}

// Options are the reading options d selects.
func (d *DataFlags) Options() Options {
	return Options{Lambda: d.Lambda, MaxScore: d.MaxScore, Rules: d.Rules, Loud: !d.Quiet, Exclude: d.Keys}
}

// FitFlags are kiothi tune's settings as its flags give them.
type FitFlags struct {
	DataFlags
	Ridge float64
	Out   string // Go source, or JSON for a name ending in .json; empty: Go source to out
	Note  string
}

// Check refuses a flag out of range, naming it, or an Out that cannot be
// written (before the fit, which may take long).
func (f *FitFlags) Check() error {
	if err := f.DataFlags.Check(); err != nil {
		return err
	}
	if !(f.Ridge > 0 && f.Ridge <= 1e12) {
		return fmt.Errorf("--ridge %v: must be above 0 and at most 1e12", f.Ridge)
	}
	if f.Out != "" {
		if err := wholefile.CheckWritable(f.Out); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
	}
	return nil
}

// Run fits the weights to the data (after Check), writes what it kept and
// the errors to out, and the weights, their provenance included, to Out
// (replaced whole) or, without Out, to out.
func (f *FitFlags) Run(out io.Writer) error {
	var st Stats
	samples, err := LoadFiles(f.Data, f.Options(), &st)
	if err != nil {
		return fmt.Errorf("--data: %w", err)
	}
	fmt.Fprintf(out, "positions %d: kept %d, dropped %d proven, %d over --max-score, %d with a capture to play, %d of --exclude\n",
		st.Read, st.Kept, st.Proven, st.Large, st.Loud, st.Excluded)
	if w := st.Warning(); w != "" {
		fmt.Fprintln(out, w)
	}
	train, held := Split(samples, f.Holdout)
	if len(train) == 0 {
		return errors.New("no position left to fit")
	}
	prior := Prior()
	cur := eval.Default
	began := time.Now()
	v, err := Fit(train, prior.Vector(), f.Ridge)
	if err != nil {
		return fmt.Errorf("--ridge %g: %w", f.Ridge, err)
	}
	trainMSE, heldMSE := MSE(train, v), MSE(held, v)
	heldOut := "no held-out position"
	if len(held) > 0 {
		curHeld, priorHeld := MSE(held, cur.Vector()), MSE(held, prior.Vector())
		heldOut = fmt.Sprintf("held-out %.1f (current weights %.1f, prior %.1f)", math.Sqrt(heldMSE), math.Sqrt(curHeld), math.Sqrt(priorHeld))
	}
	fmt.Fprintf(out, "fit in %v: RMSE train %.1f, %s centi-warriors, %d train / %d held-out positions\n",
		time.Since(began).Round(time.Millisecond), math.Sqrt(trainMSE), heldOut, len(train), len(held))
	prov := Provenance(Settings{Lambda: f.Lambda, Ridge: f.Ridge, MaxScore: f.MaxScore, Holdout: f.Holdout,
		Quiet: f.Quiet, Data: f.Data, Note: f.Note}, st, math.Sqrt(trainMSE), math.Sqrt(heldMSE), len(held), time.Now())
	w, err := eval.FromVector(v, prov)
	if err != nil {
		return fmt.Errorf("fitted weights: %w (raise --ridge)", err)
	}
	write := WriteGo
	if strings.HasSuffix(f.Out, ".json") {
		write = eval.WriteJSON
	}
	if f.Out == "" {
		return write(out, w)
	}
	if err := wholefile.Write(f.Out, func(file io.Writer) error { return write(file, w) }); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	return nil
}
