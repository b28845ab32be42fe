// The review's comments in a PGN: recognised (ReviewComment) so that a
// review of a reviewed game replaces the earlier review's comments and
// keeps the others.

package annotate

import (
	"regexp"
	"strings"
)

// reviewComment matches a comment Describe writes, in full: the scores
// before and after, then the class, "only move" and the best move, each
// where Describe gives it. It is built from Describe's parts, so a
// user's words are not taken for a review's.
var reviewComment = func() *regexp.Regexp {
	sc := `[+-]\d+\.\d\d(?: proven)?`
	class := `(?:, (?:inaccuracy \?!|mistake \?|blunder \?\?) \(expected score \d+\.\d\d -> \d+\.\d\d\))?`
	only := `(?:, only move)?`
	best := `(?:, best \S+ \(` + sc + `\))?`
	return regexp.MustCompile(`(?:^|\s*;\s*|\s+)` + sc + ` -> ` + sc + class + only + best + `(?:$|\s)`)
}()

// reviewSeparator joins a move's own comment and the review's.
const reviewSeparator = "; "

// OwnComment returns comment without the review's comments in it (a
// comment Describe wrote, alone or after the move's own comment, as
// Annotated writes them): the move's own comment, "" if it had none.
func OwnComment(comment string) string {
	for reviewComment.MatchString(comment) {
		comment = reviewComment.ReplaceAllString(comment, " ")
	}
	// The reader gives a comment's words one space apart; so does this.
	return strings.Join(strings.Fields(comment), " ")
}

// withReview returns a move's own comment followed by the review's.
func withReview(own, review string) string {
	switch {
	case own == "":
		return review
	case review == "":
		return own
	}
	return own + reviewSeparator + review
}
