// A PGN file a run appends to: created when missing, kept when present
// (earlier games stay, as cutechess's -pgnout does), locked against a
// second writer for as long as it is open.

package pgn

import (
	"fmt"
	"os"

	"github.com/kiothi/kiothi/internal/filelock"
	"github.com/kiothi/kiothi/internal/wholefile"
)

// Append opens path for appending games, creating it when missing. The
// file is locked (an advisory lock) until it is closed; a second writer,
// in this process or another, is refused with an error naming the file.
// Write each game with Write (one write call a game), so a file cut by a
// crash holds whole games and at most one partial last game.
func Append(path string) (*os.File, error) {
	f, err := wholefile.OpenWrite(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	if _, err := filelock.File(f); err != nil { // released with f's close
		f.Close()
		return nil, fmt.Errorf("%s: another run is writing to it (%v)", path, err)
	}
	return f, nil
}
