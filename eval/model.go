// Another evaluation in the search's place: a Model wrapped as an
// Evaluator, and the threats it may read as inputs.

package eval

import "github.com/kiothi/kiothi/position"

// Model is an evaluation other than the linear weights' (a network, package
// eval/nn). EvaluateOccupied must return what Evaluate would: a score in
// centi-warriors, side to move's view, within -Max..Max, without
// allocating, and be safe for concurrent use.
type Model interface {
	EvaluateOccupied(p *position.Position, occ uint32) int
}

// FromModel returns an Evaluator that evaluates with m.
func FromModel(m Model) *Evaluator { return &Evaluator{model: m} }

// Threats returns Threat(p, side to move) and Threat(p, opponent) given
// occ = p.Occupied(), by tables (Evaluate's threat terms): own empty pits
// facing capturable enemy pits, in row-local indices.
func Threats(p *position.Position, occ uint32) (us, them int) {
	s := p.Side()
	o := s.Other()
	rowUs, rowThem := p.Row(s), p.Row(o)
	nki := p.NkiMask()
	shUs, shThem := position.RowPits*uint(s), position.RowPits*uint(o)
	occUs, occThem := occ>>shUs&rowBits, occ>>shThem&rowBits
	nkiUs, nkiThem := nki>>shUs&rowBits, nki>>shThem&rowBits
	if t := ^occUs & reverse10[occThem&^nkiThem] & rowBits; t != 0 {
		us = threatFast(rowUs, rowThem, t)
	}
	if t := ^occThem & reverse10[occUs&^nkiUs] & rowBits; t != 0 {
		them = threatFast(rowThem, rowUs, t)
	}
	return us, them
}
