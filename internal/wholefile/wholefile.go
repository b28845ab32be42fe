// Package wholefile replaces a file whole: the new content goes to a
// temporary file in the same folder, which is renamed over the target only
// once it is complete, so an error, a full disk or a crash never leaves a
// partial file where the old one was. A path that is a symbolic link is
// refused rather than replaced by a file.
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

// notLink refuses a path that is a symbolic link: the rename would
// replace the link itself, not the file it names (or, dangling, create a
// file where the user pointed elsewhere).
func notLink(path string) error {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		return fmt.Errorf("cannot write %s: it is a symbolic link (give the path of the file itself)", path)
	}
	return nil
}

// CheckWritable returns an error, before any work, when Write could not
// write path: its folder is missing or not writable, path is a folder, or
// path is a symbolic link. It creates and removes a temporary file as
// Write would.
func CheckWritable(path string) error {
	if err := notLink(path); err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("cannot write %s: it is a folder", path)
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
// left as it was and the temporary file is removed. A path that is a
// symbolic link is refused (notLink).
func Write(path string, write func(w io.Writer) error) error {
	if err := notLink(path); err != nil {
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
