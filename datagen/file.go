// Opening a data file for writing: a new file, or an interrupted one to
// resume.

package datagen

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// OpenOutput opens path for appending records. Without resume the file
// must not exist yet (a finished run is never overwritten). With resume an
// existing file is checked and cut back to whole games: the last game
// written is dropped too, since only it can be cut short, and played
// again; done holds the games the file keeps.
func OpenOutput(path string, resume bool) (f *os.File, done map[uint32]bool, err error) {
	done = map[uint32]bool{}
	if !resume {
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return nil, nil, fmt.Errorf("%s exists: continue it with --resume, or write another file", path)
		}
		if err != nil {
			return nil, nil, err
		}
		if _, err := f.Write([]byte(Magic)); err != nil {
			f.Close()
			return nil, nil, err
		}
		return f, done, nil
	}
	f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	keep, done, err := scanGames(f)
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

// scanGames reads a data file (writing the header of an empty one) and
// returns the length to keep and the games it holds, the last one
// excluded.
func scanGames(f *os.File) (keep int64, done map[uint32]bool, err error) {
	done = map[uint32]bool{}
	st, err := f.Stat()
	if err != nil {
		return 0, nil, err
	}
	if st.Size() == 0 {
		_, err := f.Write([]byte(Magic))
		return int64(len(Magic)), done, err
	}
	rd, err := NewReader(f)
	if err != nil {
		return 0, nil, err
	}
	off := int64(len(Magic))
	lastStart, last, any := off, uint32(0), false
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
			lastStart, last, any = off, rec.Game, true
		}
		off += RecordSize
	}
	return lastStart, done, nil
}
