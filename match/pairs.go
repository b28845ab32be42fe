// Game pairs: each opening is played twice with colours swapped, and the
// SPRT counts the pair, not the game (the pentanomial model).

package match

import "fmt"

// Pentanomial counts game pairs by player 1's points over the pair:
// index i holds the pairs that scored i/2 (0, ½, 1, 1½, 2 points).
type Pentanomial [5]int

// Pairs returns the number of pairs counted.
func (p Pentanomial) Pairs() int {
	n := 0
	for _, c := range p {
		n += c
	}
	return n
}

// String lists the counts from the pairs lost twice to the pairs won
// twice: "0:3 ½:1 1:4 1½:0 2:2".
func (p Pentanomial) String() string {
	return fmt.Sprintf("0:%d ½:%d 1:%d 1½:%d 2:%d", p[0], p[1], p[2], p[3], p[4])
}

// halfPoints is player 1's score of a game in half points (2 a win, 1 a
// draw, 0 a loss).
func halfPoints(pts int) int {
	switch {
	case pts > 0:
		return 2
	case pts < 0:
		return 0
	}
	return 1
}

// pairUp counts game k's half points h: games 2i and 2i+1 form pair i,
// counted once both are in, whatever order they finish in.
func (s *Summary) pairUp(k, h int) {
	if s.halfPair == nil {
		s.halfPair = map[int]int{}
	}
	pair := k / 2
	if first, ok := s.halfPair[pair]; ok {
		delete(s.halfPair, pair)
		s.Pairs[first+h]++
		return
	}
	s.halfPair[pair] = h
}
