package senet

import (
	"math"
	"math/bits"

	"passage/game"
)

// Evaluation weights, in squares of progress. They were tuned by playing
// the greedy player against the random one and against variations of
// itself; the only aim is a sound ordering of positions.
const (
	evalOffBonus  = 6   // a piece borne off is worth more than standing on 31
	evalPairBonus = 1.5 // a piece protected by a neighbour (J8, S10, A12)
	evalWallBonus = 1   // each piece of a wall blocks the opponent (J9, S11)
	evalTempo     = 2.5 // the side to throw is about one throw ahead
	evalScale     = 12  // squares of lead that make a 73% favourite
)

// Evaluate estimates the payoffs of an unfinished position from White's
// and Black's progress: every piece counts the square it stands on
// (waiting pieces 0, borne-off pieces 31 and a bonus), protected pieces
// and walls earn a bonus, and a lone piece that an opponent piece could
// hit with one throw loses the expected swing of that swap. The lead,
// turned into a probability by a logistic curve, is White's share.
func (r *Rules) Evaluate(p Position) game.Payoffs {
	var score [2]float64
	for side := range 2 {
		score[side] = r.progress(p, side)
	}
	if p.turn >= 0 {
		score[p.turn] += evalTempo
	}
	w := 1 / (1 + math.Exp(-(score[White]-score[Black])/evalScale))
	return game.Payoffs{w, 1 - w}
}

// progress scores one side's position in squares.
func (r *Rules) progress(p Position, side int) float64 {
	own, opp := p.occ[side], p.occ[side^1]
	score := float64(p.Off(side)) * (OffSq + evalOffBonus)
	for m := own; m != 0; m &= m - 1 {
		score += float64(bits.TrailingZeros32(m))
	}
	pairs := own & (own<<1 | own>>1)
	if r.PairProtects {
		score += evalPairBonus * float64(bits.OnesCount32(pairs))
	}
	if r.WallSize > 0 {
		score += evalWallBonus * float64(bits.OnesCount32(runs(own, r.WallSize)))
	}
	// A lone piece off the safe squares can be hit by an opponent piece
	// t squares behind it with a throw of t: the two swap, a swing of 2t.
	lone := own &^ r.Safe
	if r.PairProtects {
		lone &^= pairs
	}
	return score - r.swing(lone, opp)
}

// swing is the expected loss of the pieces in lone to opponent pieces
// (opp) behind them next throw: a piece t squares behind hits with a
// throw of t, and the two swap, a swing of 2t squares.
func (r *Rules) swing(lone, opp uint32) float64 {
	s := 0.0
	for _, o := range r.Throws {
		if hits := lone & (opp << o.Roll); hits != 0 {
			s += o.Prob() * 2 * float64(o.Roll*bits.OnesCount32(hits))
		}
	}
	return s
}
