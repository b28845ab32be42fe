// Tests of the version a build reports.

package main

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
		name string
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{"no build info", nil, false, "devel"},
		{"tagged module", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, true, "v1.2.3"},
		{"pseudo-version wins over vcs", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261130-0123456789ab"},
			Settings: setting("vcs.revision", "fedcba9876543210", "vcs.modified", "true")}, true, "v0.0.0-20261130-0123456789ab"},
		{"devel with clean commit", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: setting("vcs.revision", "0123456789abcdef0123", "vcs.modified", "false")}, true, "devel-0123456789ab"},
		{"devel with dirty tree", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: setting("vcs.revision", "0123456789abcdef0123", "vcs.modified", "true")}, true, "devel-0123456789ab+dirty"},
		{"devel without vcs", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "devel"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := buildVersion(c.info, c.ok); got != c.want {
				t.Errorf("buildVersion = %q, want %q", got, c.want)
			}
		})
	}
}
