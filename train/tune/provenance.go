// The provenance of fitted weights: the command, its data, what it kept,
// the errors and the day.

package tune

import (
	"fmt"
	"time"
)

// Settings are a fit's settings, as kiothi tune's flags give them.
type Settings struct {
	Lambda   float64
	Ridge    float64
	MaxScore int
	Holdout  int
	Quiet    bool
	Data     []string // the --data files and folders
	Note     string   // added at the end (e.g. the datagen command)
}

// Provenance returns the text of fitted weights' Provenance field: the
// command, the data and how many of their positions were kept, the root
// mean squared errors on the training and the held-out positions (held of
// them; none is said as such) and day.
func Provenance(s Settings, st Stats, trainRMSE, heldRMSE float64, held int, day time.Time) string {
	heldOut := "no held-out position"
	if held > 0 {
		heldOut = fmt.Sprintf("held-out %.1f", heldRMSE)
	}
	p := fmt.Sprintf("kiothi tune --lambda %g --ridge %g --max-score %d --holdout %d --quiet=%v on %v (%d positions kept of %d): RMSE train %.1f, %s; %s",
		s.Lambda, s.Ridge, s.MaxScore, s.Holdout, s.Quiet, s.Data, st.Kept, st.Read, trainRMSE, heldOut, day.UTC().Format("2006-01-02"))
	if s.Note != "" {
		p += "; " + s.Note
	}
	return p
}
