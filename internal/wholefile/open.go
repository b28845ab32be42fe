// Opening a file the engine reads or appends to: a regular file only,
// checked before and after the open, with opens that cannot block and
// reads bounded by what the format allows.

package wholefile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// Kind names the type of a file mode: "a regular file", "a folder", "a
// FIFO (named pipe)", "a character device", and so on.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "not a regular file"
}

// notRegular is the error for path, of mode m, where a regular file is
// wanted.
func notRegular(path string, m fs.FileMode) error {
	return fmt.Errorf("%s: it is %s, not a regular file", path, Kind(m))
}

// CheckRegular returns an error when path is there and is not a regular
// file (a symbolic link is followed); a missing path is os.Stat's error.
// It opens nothing, so it cannot block on a FIFO or touch a device.
func CheckRegular(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return notRegular(path, fi.Mode())
	}
	return nil
}

// Open opens path for reading when it is a regular file (a symbolic link
// is followed to one), and refuses anything else with an error naming
// path and what it is: a folder, a FIFO, a device, a socket. The type is
// checked before the open (which so never opens a device or waits for a
// FIFO's writer), by an open that cannot block (O_NONBLOCK, no effect on
// a regular file), and again on what was opened (the path may have been
// replaced in between).
func Open(path string) (*os.File, error) {
	return open(path, os.O_RDONLY, 0)
}

// OpenWrite opens path with flag (os.O_WRONLY or os.O_RDWR, with
// os.O_CREATE, os.O_APPEND, os.O_EXCL as wanted) and perm, for a file
// the engine appends to or locks, when path is missing or a regular
// file; anything else is refused as Open refuses it. A write to a FIFO
// or a device never reaches it.
func OpenWrite(path string, flag int, perm fs.FileMode) (*os.File, error) {
	return open(path, flag, perm)
}

func open(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK, perm)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = notRegular(path, fi.Mode())
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadFile reads path whole when it is a regular file (Open) of at most
// max bytes; a larger one is refused, before it is read, with an error
// naming path, its size and the bound for what (what the file should
// be: "a match state file").
func ReadFile(path string, max int64, what string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f, path, max, what)
}

// ReadAll reads f (named path) to its end, at most max bytes: a file
// larger than max is refused (its size, when Stat tells it, before any
// read) with an error as ReadFile's.
func ReadAll(f *os.File, path string, max int64, what string) ([]byte, error) {
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > max {
		return nil, tooLarge(path, fi.Size(), max, what)
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, tooLarge(path, -1, max, what)
	}
	return b, nil
}

func tooLarge(path string, size, max int64, what string) error {
	if size < 0 {
		return fmt.Errorf("%s: more than %d bytes, the most %s can hold", path, max, what)
	}
	return fmt.Errorf("%s: %d bytes, more than the %d %s can hold", path, size, max, what)
}
