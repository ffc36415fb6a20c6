package senet

// What the learned evaluation (package nneval) reads of a ruleset and a
// position, besides Features and Board.

// FittedWeights is the ruleset's fitted linear evaluation (Value), or
// nil when it has none. The learned evaluation starts from it; the
// weights must not be modified.
func (r *Rules) FittedWeights() *Weights { return r.weights }

// BA is the set of squares holding a BA, bit s for square s: with Board,
// At for all squares at once, for code that reads every square millions
// of times a second.
func (p Position) BA() uint32 { return p.ba }
