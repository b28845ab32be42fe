// The sentence each face (analyse, UGI, the page) shows once: which
// database the engine reads, and how to get the larger one.

package egdb

import "fmt"

// BuildTime is how long building layers 0..DefaultMax takes once on a
// two-core machine, as the sentence and the docs quote it.
const BuildTime = "about 30 minutes"

// Says returns the sentence that tells a user which database d is (as
// OpenSetting returned it; nil for none) and, when it covers fewer
// warriors than DefaultMax, how to get the larger one: make egdb from the
// source tree, or kiothi egdb build writing the file auto reads.
func Says(d *DB) string {
	var s string
	switch {
	case d == nil:
		return "endgame database: none"
	case d.name == embeddedName:
		s = fmt.Sprintf("endgame database: the built-in one, up to %d warriors", d.Max())
	case d.name == "":
		s = fmt.Sprintf("endgame database: built in this process, up to %d warriors", d.Max())
	default:
		s = fmt.Sprintf("endgame database: %s, up to %d warriors", d.name, d.Max())
	}
	if d.Max() >= DefaultMax {
		return s
	}
	out, _ := AutoPath()
	if out == "" {
		out = AutoName
	}
	from := ""
	if d.name != embeddedName && d.name != "" {
		from = " --from " + d.name
	}
	return fmt.Sprintf("%s; up to %d warriors (%d MB, %s to build once): make egdb, or kiothi egdb build%s --out %s",
		s, DefaultMax, (Bytes(DefaultMax)+headerSize+4+500_000)/1_000_000, BuildTime, from, out)
}
