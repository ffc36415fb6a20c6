package ludo

// Tracks is the position's track masks by colour: bit s of the mask of
// colour c is set when c has a piece on track square s (1-40). It is At
// for all squares at once, for the learned evaluation (package nneval),
// which reads every square millions of times a second.
func (p Position) Tracks() [Colors]uint64 { return p.track }
