// Package atomicfile replaces a file whole: the data goes to a temporary
// file in the same folder, which is then renamed over the target, so an
// error or a crash never leaves a partial file.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
)

// CheckWritable returns an error, before any work, when a file could not
// be written at path: its folder is missing or not writable, or path is a
// folder. It writes and removes a temporary file as WriteFile would.
func CheckWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("cannot write %s: it is a folder", path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// WriteFile writes data to a temporary file beside path, syncs it and
// renames it into place.
func WriteFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = f.Chmod(0o644)
	if err == nil {
		_, err = f.Write(data)
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
