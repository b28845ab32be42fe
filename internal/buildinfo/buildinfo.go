// Package buildinfo names a build: its version and commit, from make
// build's stamp or what go build recorded.
package buildinfo

import "runtime/debug"

// Version names a build and its commit. The version is the tag make
// build stamped, else the module version when the binary was built from a
// tagged module (go install ...@v1.2.3), else "devel-" and the commit; plain
// "devel" when nothing says which commit (go run, go test, or a build
// outside a git checkout or with -buildvcs=false). The commit is the one
// stamped, else the one go build recorded, shortened to 12 digits, with
// "+dirty" for a working tree with uncommitted changes.
func Version(tag, stamped string, info *debug.BuildInfo, ok bool) (string, string) {
	c := stamped
	if c == "" && ok && info != nil {
		c = vcsCommit(info)
	}
	switch {
	case tag != "":
		return tag, c
	case ok && info != nil && info.Main.Version != "" && info.Main.Version != "(devel)":
		return info.Main.Version, c
	case c != "":
		return "devel-" + c, c
	}
	return "devel", c
}

// vcsCommit returns the commit go build recorded, "" if none.
func vcsCommit(info *debug.BuildInfo) string {
	var rev string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return ""
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}
