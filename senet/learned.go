package senet

// What the learned evaluation (package nneval) reads of a ruleset and a
// position, besides Features.

// FittedWeights is the ruleset's fitted linear evaluation (Value), or
// nil when it has none. The learned evaluation starts from it; the
// weights must not be modified.
func (r *Rules) FittedWeights() *Weights { return r.weights }

// Board is the position's square masks: bit s of occ[side] is set when
// side has a piece on square s (1-30), and of ba when that piece is a
// BA. It is At for all squares at once, for code that reads every
// square millions of times a second.
func (p Position) Board() (occ [2]uint32, ba uint32) { return p.occ, p.ba }
