// The engine's version, read from the build rather than kept as a constant.

package main

import "runtime/debug"

// version is printed by --version and in UGI's id line.
var version = buildVersion(debug.ReadBuildInfo())

// buildVersion names a build: the module version when the binary was built
// from a tagged module (go install ...@v1.2.3, or a checkout at a tag), else
// "devel" with the commit it was built from and "+dirty" when the working
// tree had uncommitted changes; plain "devel" when the build says nothing
// (go run, go test, or a build outside a git checkout).
func buildVersion(info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
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
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	v := "devel-" + rev
	if dirty {
		v += "+dirty"
	}
	return v
}
