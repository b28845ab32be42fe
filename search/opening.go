// The opening (turns 1 and 2): structured candidate redistributions, each
// scored by a short search of the play position it leads to, then refined
// by moving warriors between pits while the limits allow.

package search

import (
	"context"
	"slices"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// The redistributions number hundreds of millions and more, so they are
// never enumerated. Instead:
//
//  1. Candidates: for each pair of the mover's occupied pits, the warriors
//     put back; all in one pit (each of the 20); spread one a pit over a
//     run of pits starting at each pit; spread evenly over the own row,
//     over the enemy row, over the own empty pits. Boards already seen are
//     dropped. The put-back (a pass in effect) comes first and is never
//     dropped: it is the baseline every other choice must beat.
//  2. Levels 1, 2, ...: level L scores the best candidates of the level
//     before at search depth L (all of them at level 1, then fewer).
//  3. Turn 2 (North) is scored by searching the play position it leads
//     to. The best is then hill-climbed (move one warrior, or a whole drop,
//     from one pit to another, keeping clear improvements), and played
//     only if it beats the put-back by openingMargin at the same depth.
//  4. Turn 1 (South) cannot be scored by one search: North answers with a
//     redistribution of its own. The candidates are ranked assuming North
//     puts back (one search each, an optimistic guess), then the put-back
//     and the best-ranked few are each scored against North's best reply
//     that the engine finds: every structured reply of North ranked by a
//     depth-1 search, the best few searched at the level's reply depth,
//     North taking the one best for it. A candidate is chosen only when
//     all its replies were searched and it beats the put-back by
//     openingMargin, so a search stopped early answers with the put-back
//     or with a fully verified choice, never with the optimistic guess.
//
// With a depth limit D the levels run 1..D, so the choice is deterministic.
// One thread scores (the table is still shared with later searches).

// openingMaxLevel caps the levels when no depth, time or node limit is set.
const openingMaxLevel = 6

// candidate is one redistribution and its score at a level.
type candidate struct {
	move  position.OpeningMove
	score int
	pv    []position.Move
	reply *position.OpeningMove // turn 1: North's best reply, if searched
}

// Opening search settings.
const (
	// replyTop is how many of South's best-ranked candidates (beside the
	// put-back) are scored against North's replies at each level.
	replyTop = 4
	// replyKeep is how many of North's replies, ranked by a depth-1
	// search, are searched at the reply depth.
	replyKeep = 6
	// openingMargin is what a redistribution must gain over the put-back
	// to be played instead: the best of many noisy scores is biased
	// upwards, and the put-back is a safe default.
	openingMargin = 20
)

// replyScore scores South's candidate c by North's best reply: North's
// structured candidates ranked at depth 1, the best replyKeep searched at
// depth. ok is false when the search stopped before every reply was
// scored (the score would then be optimistic for South).
func (w *worker) replyScore(root *position.Position, c candidate, depth int) (candidate, bool) {
	q := *root
	movegen.ApplyOpening(&q, &c.move)
	replies := openingCandidates(&q)
	if len(replies) == 0 {
		c.score, c.pv, c.reply = -w.s.gameValue(&q, movegen.NoMoveOutcome(&q)), nil, nil
		return c, true
	}
	for d := 1; d <= depth; d++ {
		if d > 1 {
			replies = replies[:min(replyKeep, len(replies))]
		}
		for i := range replies {
			replies[i].score, replies[i].pv = w.scoreOpening(&q, &replies[i].move, d)
			if w.abort {
				return c, false
			}
		}
		slices.SortStableFunc(replies, func(a, b candidate) int { return b.score - a.score })
	}
	m := replies[0].move
	c.score, c.pv, c.reply = -replies[0].score, replies[0].pv, &m
	return c, true
}

func (e *Engine) searchOpening(ctx context.Context, root position.Position, l Limits, info func(Info)) Result {
	s := e.newShared(ctx, &root, nil, l, info)
	// The candidates' short searches are compared with each other; with
	// null-move pruning in them the engine's choice scored -14 in 120
	// games against putting the warriors back, without it +10 (the play
	// after the opening searched with null move in both runs).
	s.noNull = true
	for _, x := range e.workers {
		x.s = s
		x.reset()
	}
	w := e.workers[0]
	w.done = 1 // a candidate is always at hand, so any limit may stop us
	e.tt.NewSearch()
	cands := openingCandidates(&root)
	if len(cands) == 0 {
		v, _ := Decode(s.gameValue(&root, movegen.NoMoveOutcome(&root)))
		return Result{Score: v, Proven: true}
	}
	maxLevel := s.maxDepth
	if l.Depth == 0 && !s.timed && s.nodeLimit == 0 && !s.infinite {
		maxLevel = openingMaxLevel
	}
	var best candidate
	var level int
	if root.Phase() == position.OpeningSouth {
		best, level = w.openingSouth(&root, cands, maxLevel)
	} else {
		best, level = w.openingNorth(&root, cands, maxLevel)
	}
	if s.infinite && ctx.Err() == nil {
		<-ctx.Done()
	}
	w.publishedNodes.Store(w.nodes)
	if s.totalNodes() > s.reported {
		// Stopped inside a level: the last level's lines again (the
		// choice alone if none was reported), with every node.
		lines := s.openingLines
		if len(lines) == 0 {
			lines = []candidate{best}
		}
		s.reportOpening(w, &root, lines, max(level, 1))
	}
	v, proven := Decode(best.score)
	if best.score == -Infinite {
		v, proven = 0, false
	}
	pv := openingPV(&root, best)
	res := Result{Best: pv[0], HasMove: true, Score: v, Proven: proven, Depth: level, Nodes: s.totalNodes(), PV: pv}
	if len(pv) > 1 {
		res.Ponder = pv[1]
	}
	return res
}

// keepAtLevel is how many candidates level lv scores.
func keepAtLevel(n, lv int) int {
	if lv == 1 {
		return n
	}
	return min(n, max(4, n>>(lv-1)))
}

// sortFrom sorts cands[1:] by score, best first, leaving the put-back in
// front.
func sortFrom(cands []candidate) {
	slices.SortStableFunc(cands[1:], func(a, b candidate) int { return b.score - a.score })
}

// openingNorth chooses turn 2's redistribution: candidates scored by the
// search of the play position they lead to, the best refined, the
// put-back kept unless beaten by openingMargin. It returns the choice and
// the last completed level (0 if none: the put-back, unscored).
func (w *worker) openingNorth(root *position.Position, cands []candidate, maxLevel int) (candidate, int) {
	best := candidate{move: cands[0].move, score: -Infinite}
	level := 0
	for lv := 1; lv <= maxLevel; lv++ {
		cands = cands[:max(keepAtLevel(len(cands), lv), min(w.s.multiPV, len(cands)))]
		scored := 0
		for i := range cands {
			cands[i].score, cands[i].pv = w.scoreOpening(root, &cands[i].move, lv)
			if w.abort {
				break
			}
			scored++
		}
		if w.abort {
			if level == 0 && scored > 1 {
				// Stopped inside level 1, the put-back scored: the best
				// scored so far, if it beats the put-back.
				sortFrom(cands[:scored])
				best, level = pick(cands[0], cands[1]), 1
				w.s.reportOpening(w, root, w.s.rankOpening(cands[:scored]), 1)
			}
			break
		}
		if len(cands) < 2 {
			best, level = cands[0], lv
			break
		}
		sortFrom(cands)
		top := w.refine(root, cands[1], lv)
		if w.abort {
			top = cands[1]
		}
		cands[1] = top
		best, level = pick(cands[0], top), lv
		w.s.reportOpening(w, root, w.s.rankOpening(cands), lv)
		if w.abort || w.s.stopAfterIteration(w) {
			break
		}
	}
	return best, level
}

// pick is c unless it fails to beat the put-back pb by openingMargin.
func pick(pb, c candidate) candidate {
	if c.score > pb.score+openingMargin {
		return c
	}
	return pb
}

// openingSouth chooses turn 1's redistribution: candidates ranked
// assuming North puts back, then the put-back and the best few scored
// against North's best reply; only fully scored candidates are chosen.
func (w *worker) openingSouth(root *position.Position, cands []candidate, maxLevel int) (candidate, int) {
	best := candidate{move: cands[0].move, score: -Infinite}
	level := 0
	for lv := 1; lv <= maxLevel; lv++ {
		cands = cands[:keepAtLevel(len(cands), lv)]
		// Put-back first: it is the baseline of the comparison below.
		pb, ok := w.replyScore(root, cands[0], lv)
		if !ok {
			break
		}
		for i := 1; i < len(cands); i++ {
			cands[i].score, cands[i].pv = w.scoreOpening(root, &cands[i].move, lv)
			if w.abort {
				break
			}
		}
		if w.abort {
			break
		}
		sortFrom(cands)
		top := pb
		verified := []candidate{pb}
		for i := 1; i < min(1+max(replyTop, w.s.multiPV-1), len(cands)); i++ {
			c, ok := w.replyScore(root, cands[i], lv)
			if !ok {
				break
			}
			verified = append(verified, c)
			if c.score > top.score {
				top = c
			}
		}
		// A stopped level still counts what it verified against the
		// put-back of the same depth, if that is every line shown (with
		// MultiPV, the lines of a completed level stand otherwise).
		if w.abort && level > 0 && len(verified) < min(w.s.multiPV, len(cands)) {
			break
		}
		best, level = pick(pb, top), lv
		w.s.reportOpening(w, root, w.s.rankOpening(verified), lv)
		if w.abort || w.s.stopAfterIteration(w) {
			break
		}
	}
	return best, level
}

// scoreOpening searches the play position after m (turn 1: after m and
// North putting back) to depth and returns the mover's score and the play
// line.
func (w *worker) scoreOpening(root *position.Position, m *position.OpeningMove, depth int) (int, []position.Move) {
	q := *root
	movegen.ApplyOpening(&q, m)
	sign := -1
	if root.Phase() == position.OpeningSouth {
		q = putBack(q)
		sign = 1
	}
	if !movegen.HasMove(&q, w.s.rules) {
		return sign * w.s.gameValue(&q, movegen.NoMoveOutcome(&q)), nil
	}
	w.keys[0], w.lastCap[0] = q.KeyWithPrisons(), 0
	var score int
	for d := 1; d <= depth; d++ {
		v := w.search(&q, -Infinite, Infinite, d, 0, true)
		if w.abort {
			if d == 1 {
				return -Infinite, nil
			}
			break
		}
		score = v
	}
	f := &w.stack[0]
	return sign * score, slices.Clone(f.pv[:f.pvLen])
}

// putBack plays North's turn-2 redistribution that leaves the board as it
// is (any two occupied North pits, emptied and refilled).
func putBack(q position.Position) position.Position {
	if m, ok := movegen.PutBack(&q); ok {
		movegen.ApplyOpening(&q, &m)
	}
	return q // unchanged when North has no move; the search scores that
}

// refineMargin is the gain a neighbour must show to replace the current
// choice: many neighbours are tried, so a small gain is mostly search
// noise (the best of many noisy scores is biased upwards).
const refineMargin = 25

// refine hill-climbs from c at depth: move one warrior, or a whole drop,
// from pit a to pit b; keep the first clear improvement and go on.
func (w *worker) refine(root *position.Position, c candidate, depth int) candidate {
	tries := 0
	maxTries := 400
	for improved := true; improved && tries < maxTries; {
		improved = false
		for a := 0; a < position.NumPits && !improved && tries < maxTries; a++ {
			if c.move.Drops[a] == 0 {
				continue
			}
			for b := 0; b < position.NumPits && !improved && tries < maxTries; b++ {
				if b == a {
					continue
				}
				for _, all := range [2]bool{false, true} {
					n := c.move.Drops[a]
					if !all {
						n = 1
					} else if n == 1 {
						continue
					}
					m := c.move
					m.Drops[a] -= n
					m.Drops[b] += n
					tries++
					v, pv := w.scoreOpening(root, &m, depth)
					if w.abort {
						return c
					}
					if v > c.score+refineMargin {
						c = candidate{move: m, score: v, pv: pv}
						improved = true
						break
					}
				}
			}
		}
	}
	return c
}

// openingCandidates builds the structured candidates of root, boards seen
// once, the put-back first.
func openingCandidates(root *position.Position) []candidate {
	var out []candidate
	seen := map[uint64]bool{}
	if m, ok := movegen.PutBack(root); ok {
		q := *root
		movegen.ApplyOpening(&q, &m)
		seen[q.KeyWithPrisons()] = true
		out = append(out, candidate{move: m})
	}
	side := root.Side()
	own := position.Leftmost(side)
	enemy := position.Leftmost(side.Other())
	add := func(i, j int, d *[position.NumPits]int) {
		m, err := movegen.NewOpening(root, i, j, *d)
		if err != nil {
			return
		}
		q := *root
		movegen.ApplyOpening(&q, &m)
		if k := q.KeyWithPrisons(); !seen[k] {
			seen[k] = true
			out = append(out, candidate{move: m})
		}
	}
	spread := func(d *[position.NumPits]int, pits []int, l int) {
		for k := 0; k < l; k++ {
			d[pits[k%len(pits)]]++
		}
	}
	movegen.ForEachPair(root, func(i, j, l int) {
		var d [position.NumPits]int
		d[i], d[j] = root.Count(i), root.Count(j)
		add(i, j, &d) // put back
		for k := 0; k < position.NumPits; k++ {
			d = [position.NumPits]int{}
			d[k] = l
			add(i, j, &d)
		}
		for start := 0; start < position.NumPits; start++ {
			d = [position.NumPits]int{}
			for k := 0; k < l; k++ {
				d[(start+k)%position.NumPits]++
			}
			add(i, j, &d)
		}
		var ownPits, enemyPits, ownEmpty []int
		for k := 0; k < position.RowPits; k++ {
			ownPits = append(ownPits, own+k)
			enemyPits = append(enemyPits, enemy+k)
			if p := own + k; p == i || p == j || root.Count(p) == 0 {
				ownEmpty = append(ownEmpty, p)
			}
		}
		for _, pits := range [][]int{ownPits, enemyPits, ownEmpty} {
			d = [position.NumPits]int{}
			spread(&d, pits, l)
			add(i, j, &d)
		}
	})
	return out
}

// openingPV is the line shown for an opening choice: the move, North's
// assumed put-back at turn 1, then the play line.
func openingPV(root *position.Position, c candidate) []position.GameMove {
	pv := []position.GameMove{position.Redistribute(c.move)}
	q := *root
	movegen.ApplyOpening(&q, &c.move)
	if root.Phase() == position.OpeningSouth && c.reply != nil {
		pv = append(pv, position.Redistribute(*c.reply))
	} else if root.Phase() == position.OpeningSouth {
		m, ok := movegen.PutBack(&q)
		if !ok {
			return pv
		}
		pv = append(pv, position.Redistribute(m))
	}
	for _, m := range c.pv {
		pv = append(pv, position.PlayMove(m))
	}
	return pv
}

// rankOpening returns the first lines (MultiPV) of scored candidates,
// the put-back first in cands: in the order of preference, so that the
// first is the choice (pick). A redistribution is preferred to the
// put-back only when it beats it by more than openingMargin, so the
// put-back can come above one that scored up to openingMargin more; among
// the others the higher score comes first.
func (s *shared) rankOpening(cands []candidate) []candidate {
	key := func(i int) int {
		if i == 0 {
			return cands[0].score
		}
		return cands[i].score - openingMargin
	}
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	// Stable: on a tie the put-back, or the earlier, stays first.
	slices.SortStableFunc(order, func(a, b int) int { return key(b) - key(a) })
	out := make([]candidate, 0, min(s.multiPV, len(cands)))
	for _, i := range order[:min(s.multiPV, len(cands))] {
		out = append(out, cands[i])
	}
	return out
}

// reportOpening reports a level's lines (rankOpening) and keeps them for
// the search's last report.
func (s *shared) reportOpening(w *worker, root *position.Position, lines []candidate, level int) {
	s.openingLines = lines
	if s.info == nil {
		return
	}
	w.publishedNodes.Store(w.nodes)
	el := s.elapsed()
	nodes := s.totalNodes()
	s.reported = nodes
	for k, c := range lines {
		v, proven := Decode(c.score)
		if c.score == -Infinite {
			v, proven = 0, false // the put-back, unscored
		}
		s.info(Info{
			Depth: level, SelDepth: max(level, w.sel), MultiPV: k + 1, Lines: len(lines), Score: v, Proven: proven,
			Nodes: nodes, NPS: nps(nodes, el), Hashfull: s.tt.Hashfull(), Time: el,
			PV: openingPV(root, c),
		})
	}
}
