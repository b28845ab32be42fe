// The engine's version and commit, stamped by make build or read from the build.

package main

import (
	"runtime/debug"

	"github.com/kiothi/kiothi/internal/buildinfo"
)

// Set by make build (-ldflags -X): the release tag at HEAD, if any, and
// the commit, with "+dirty" when the working tree had uncommitted changes.
var stampedTag, stampedCommit string

// version is printed by --version, by bench and the worker's start line,
// and in UGI's id line; commit is the commit alone ("" when unknown).
var version, commit = func() (string, string) {
	info, ok := debug.ReadBuildInfo()
	return buildinfo.Version(stampedTag, stampedCommit, info, ok)
}()
