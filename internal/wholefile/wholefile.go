// Package wholefile is how the engine opens, reads and writes its files.
// A write replaces a file whole: the new content goes to a temporary file
// in the same folder, which is renamed over the target only once it is
// complete, so an error, a full disk or a crash never leaves a partial
// file where the old one was. A path that is a symbolic link, a folder, a
// device, a FIFO or a socket is refused rather than replaced by a file. A
// read (open.go) opens only a regular file, without blocking, and reads
// no more than the format allows.
package wholefile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// temp creates the temporary file Write writes beside path.
func temp(path string) (*os.File, error) {
	return os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
}

// checkTarget refuses a path that is not a regular file. A symbolic link:
// the rename would replace the link itself, not the file it names (or,
// dangling, create a file where the user pointed elsewhere). A folder,
// device, FIFO or socket: the rename would replace a node other programs
// use (/dev/null) by a regular file.
func checkTarget(path string) error {
	fi, err := os.Lstat(path)
	switch {
	case err != nil || fi.Mode().IsRegular():
		return nil
	case fi.Mode()&os.ModeSymlink != 0:
		return fmt.Errorf("cannot write %s: it is a symbolic link (give the path of the file itself)", path)
	case fi.IsDir():
		return fmt.Errorf("cannot write %s: it is a folder", path)
	}
	return fmt.Errorf("cannot write %s: it is %s, which a written file would replace (give a regular file's path)", path, Kind(fi.Mode()))
}

// CheckWritable returns an error, before any work, when Write could not
// write path: its folder is missing or not writable, or path is there
// and not a regular file (checkTarget). It creates and removes a temporary
// file as Write would.
func CheckWritable(path string) error {
	if err := checkTarget(path); err != nil {
		return err
	}
	f, err := temp(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// Write replaces path by what write writes (mode 0644): into a temporary
// file beside path, synced, then renamed over path. On any error path is
// left as it was and the temporary file is removed. A path that is not a
// regular file is refused (checkTarget).
func Write(path string, write func(w io.Writer) error) error {
	if err := checkTarget(path); err != nil {
		return err
	}
	f, err := temp(path)
	if err != nil {
		return fmt.Errorf("writing %s: %v", path, err)
	}
	tmp := f.Name()
	err = f.Chmod(0o644)
	if err == nil {
		err = write(f)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %v", path, err)
	}
	return nil
}

// WriteBytes replaces path by data, as Write does.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
