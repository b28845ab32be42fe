// Tests of the version a build reports.

package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestBuildVersion(t *testing.T) {
	setting := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	cases := []struct {
		name          string
		tag, stamped  string
		info          *debug.BuildInfo
		ok            bool
		version, comm string
	}{
		{"no build info", "", "", nil, false, "devel", ""},
		{"tagged module", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, true, "v1.2.3", ""},
		{"pseudo-version wins over vcs", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261130-0123456789ab"},
			Settings: setting("vcs.revision", "fedcba9876543210", "vcs.modified", "true")}, true, "v0.0.0-20261130-0123456789ab", "fedcba987654+dirty"},
		{"devel with clean commit", "", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: setting("vcs.revision", "0123456789abcdef0123", "vcs.modified", "false")}, true, "devel-0123456789ab", "0123456789ab"},
		{"devel with dirty tree", "", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: setting("vcs.revision", "0123456789abcdef0123", "vcs.modified", "true")}, true, "devel-0123456789ab+dirty", "0123456789ab+dirty"},
		{"devel without vcs", "", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "devel", ""},
		{"make build stamp, no vcs (-buildvcs=false)", "", "50d4748abcde", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "devel-50d4748abcde", "50d4748abcde"},
		{"stamp wins over vcs", "", "50d4748abcde+dirty", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: setting("vcs.revision", "0123456789abcdef0123")}, true, "devel-50d4748abcde+dirty", "50d4748abcde+dirty"},
		{"stamped tag", "v0.4.0", "50d4748abcde", nil, false, "v0.4.0", "50d4748abcde"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, cm := Version(c.tag, c.stamped, c.info, c.ok)
			if v != c.version || cm != c.comm {
				t.Errorf("Version = %q, %q; want %q, %q", v, cm, c.version, c.comm)
			}
		})
	}
}
