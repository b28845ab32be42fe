// kiothi analyse --book: the book's moves instead of a search while in book.

package main

// analyseBook prints the book moves of the position to analyse and the
// book's choice as bestmove, and reports true, when --book is given and
// the position is in it (book.Player.WriteAnalysis); otherwise it prints
// nothing and the search runs.
func analyseBook(g *globalOptions, o *analyseOptions, su *searchSetup) (bool, error) {
	if o.book.path == "" {
		return false, nil
	}
	pl, err := o.book.open(su.game.Start, su.game.Rules)
	if err != nil {
		return false, err
	}
	return pl.WriteAnalysis(g.out, su.game.Current(), su.game.Rules, o.JSON)
}
