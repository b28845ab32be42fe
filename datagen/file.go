// Opening a data file for writing: a new file, or an interrupted one to
// resume, locked against a second writer.

package datagen

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/kiothi/kiothi/internal/filelock"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/record"
)

// OpenOutput opens path for appending records of the games h defines,
// locked (an advisory lock, flock on Unix) until it is closed: a second
// writer of the same file, in this process or another, is refused.
// Without resume the file must not exist yet (a finished run is never
// overwritten). With resume an existing file must have been written with
// the same header (a refusal names each setting that differs); it is cut
// back to whole games: the last game written is dropped too, since only it
// can be cut short, and played again; done holds the games the file keeps.
func OpenOutput(path string, h *record.Header, resume bool) (f *os.File, done map[uint32]bool, err error) {
	done = map[uint32]bool{}
	if !resume {
		f, err = wholefile.OpenWrite(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return nil, nil, fmt.Errorf("%s exists: continue it with --resume, or write another file", path)
		}
		if err != nil {
			return nil, nil, err
		}
		if err := lockOutput(f, path); err != nil {
			f.Close()
			return nil, nil, err
		}
		if err := record.WriteHeader(f, h); err != nil {
			f.Close()
			return nil, nil, err
		}
		return f, done, nil
	}
	f, err = wholefile.OpenWrite(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if err := lockOutput(f, path); err != nil {
		f.Close()
		return nil, nil, err
	}
	keep, done, err := scanGames(f, h)
	if err == nil {
		err = f.Truncate(keep)
	}
	if err == nil {
		_, err = f.Seek(keep, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, done, nil
}

// lockOutput locks f, the data file path, against a second writer (the
// lock goes with f's close; internal/filelock).
func lockOutput(f *os.File, path string) error {
	_, err := filelock.File(f)
	if errors.Is(err, filelock.ErrLocked) {
		return fmt.Errorf("%s is being written by another datagen (it holds the file's lock): wait for it to end, or write another file", path)
	}
	if err != nil {
		return fmt.Errorf("%s: lock: %w", path, err)
	}
	return nil
}

// scanGames reads a data file to resume with header h (writing the
// header of an empty one) and returns the length to keep and the games it
// holds, the last one excluded.
func scanGames(f *os.File, h *record.Header) (keep int64, done map[uint32]bool, err error) {
	done = map[uint32]bool{}
	st, err := f.Stat()
	if err != nil {
		return 0, nil, err
	}
	if st.Size() == 0 {
		if err := record.WriteHeader(f, h); err != nil {
			return 0, nil, err
		}
		off, err := f.Seek(0, io.SeekCurrent)
		return off, done, err
	}
	rd, err := record.NewReader(f)
	if err != nil {
		return 0, nil, err
	}
	if rd.Header == nil {
		return 0, nil, errors.New("a data file of format 1, without the header that records its settings, cannot be resumed: write a new file (tune reads every format)")
	}
	if !rd.Checksummed() {
		return 0, nil, fmt.Errorf("a data file of format %d, without checksums, cannot be resumed in format %d: write a new file (tune reads every format)", rd.Version, record.Version)
	}
	if rd.Header.Exact != nil {
		return 0, nil, errors.New("a file of exact labels (kiothi datagen exact), not of games, cannot be resumed: write another file")
	}
	if diff := rd.Header.Diff(h); len(diff) > 0 {
		return 0, nil, fmt.Errorf("written with other settings (%s): resume with the file's settings, or write another file", strings.Join(diff, "; "))
	}
	lastStart, last, any := rd.Start, uint32(0), false
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, nil, err
		}
		if !any || rec.Game != last {
			if any {
				done[last] = true
			}
			lastStart, last, any = rd.BlockStart(), rec.Game, true
		}
	}
	return lastStart, done, nil
}
