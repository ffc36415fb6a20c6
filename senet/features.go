package senet

import (
	"fmt"
	"math"
	"math/bits"

	"passage/game"
)

// Features of a position for the fitted evaluation, each White's value
// minus Black's, so that the model is symmetric between the sides.
const (
	FeatTempo      = iota // +1 when White throws next, -1 when Black does
	FeatProgress          // squares travelled, in tens (waiting 0, borne off 31)
	FeatOff               // pieces borne off
	FeatPairs             // pieces protected by a neighbour (J8, S10, A12)
	FeatWall              // pieces in a wall (J9, S11, A14)
	FeatDanger            // expected swing of the opponent's hits next throw
	FeatLastRow           // pieces in the last row, 21-30
	FeatSafe              // pieces on safe squares (J12, S19, A21)
	FeatWaiting           // pieces waiting to enter (S6)
	FeatAsleep            // pieces asleep (S15)
	FeatSkip              // a missed turn pending (S13)
	FeatCanBearOff        // pieces that may bear off now (J13, S20)
	FeatLateLead          // progress in tens times how far the game is (0 at the start, 1 at the end)
	FeatWater             // expected squares lost to the water next throw, when drowned pieces leave the board (S17)
	FeatBAWaiting         // the BA waits to enter (S6, S20)
	FeatBonus             // a bonus throw is pending (S6, S14, S16)
	// FeatSquare+s-1 counts the ordinary pieces on square s (1-30) and
	// FeatBASquare+s-1 the BA there, White's minus Black's: fitted
	// together they are a table of what each square is worth.
	FeatSquare
	FeatBASquare = FeatSquare + Squares
	NumFeatures  = FeatBASquare + Squares
)

// FeatureNames names the features, for the fitting tool's report.
var FeatureNames = featureNames()

func featureNames() [NumFeatures]string {
	n := [NumFeatures]string{
		"tempo", "progress", "off", "pairs", "wall", "danger", "last-row", "safe", "waiting", "asleep", "skip", "can-bear-off",
		"late-lead", "water", "ba-waiting", "bonus",
	}
	for s := 1; s <= Squares; s++ {
		n[FeatSquare+s-1] = fmt.Sprintf("piece on %d", s)
		n[FeatBASquare+s-1] = fmt.Sprintf("BA on %d", s)
	}
	return n
}

// Features computes the features of p (see FeatTempo...).
func (r *Rules) Features(p Position) [NumFeatures]float64 {
	var f [NumFeatures]float64
	switch p.turn {
	case White:
		f[FeatTempo] = 1
	case Black:
		f[FeatTempo] = -1
	}
	if p.bonus != 0 {
		f[FeatBonus] = f[FeatTempo]
	}
	total := 0.0 // both sides' progress, for FeatLateLead
	for side := range 2 {
		sign := 1.0
		if side == Black {
			sign = -1
		}
		own, opp := p.occ[side], p.occ[side^1]
		board := 0.0 // squares of the side's pieces on the board
		for m := own; m != 0; m &= m - 1 {
			s := bits.TrailingZeros32(m)
			board += float64(s)
			if p.ba&(1<<s) != 0 {
				f[FeatBASquare+s-1] += sign
			} else {
				f[FeatSquare+s-1] += sign
			}
		}
		progress := float64(p.Off(side)*OffSq) + board
		pairs := own & (own<<1 | own>>1)
		danger := r.swing(own&^r.Safe&^pairs, opp)
		wall := 0
		if r.WallSize > 0 {
			wall = bits.OnesCount32(runs(own, r.WallSize))
		}
		bear := 0
		if p.turn >= 0 {
			q := p
			q.turn = int8(side)
			bear = bits.OnesCount32(r.bearers(q, own))
		}
		f[FeatProgress] += sign * progress / 10
		f[FeatOff] += sign * float64(p.Off(side))
		f[FeatPairs] += sign * float64(bits.OnesCount32(pairs&^r.Safe))
		f[FeatWall] += sign * float64(wall)
		f[FeatDanger] += sign * danger
		f[FeatLastRow] += sign * float64(bits.OnesCount32(own&span(21, Squares)))
		f[FeatSafe] += sign * float64(bits.OnesCount32(own&r.Safe))
		f[FeatWaiting] += sign * float64(p.Hand(side))
		f[FeatAsleep] += sign * float64(bits.OnesCount32(own&p.asleep))
		if p.flags&(flagSkipW<<side) != 0 {
			f[FeatSkip] += sign
		}
		f[FeatCanBearOff] += sign * float64(bear)
		f[FeatLateLead] += sign * progress / 10
		total += progress
		if r.Drown == DrownToHand {
			f[FeatWater] += sign * r.waterLoss(p, side, board)
		}
		if p.flags&(flagBAHandW<<side) != 0 {
			f[FeatBAWaiting] += sign
		}
	}
	f[FeatLateLead] *= total / float64(2*r.Pieces*OffSq)
	return f
}

// waterLoss is the expected progress, in tens of squares, that side's
// pieces lose to the House of Water with the next throw when drowned
// pieces leave the board (S17): a piece 27-s squares before the water
// loses its square s, and a drowned BA takes every piece of its side on
// the board (board squares in all) with it. It counts every piece that
// could reach the water, whether or not the throw forces it there.
func (r *Rules) waterLoss(p Position, side int, board float64) float64 {
	own := p.occ[side]
	loss := 0.0
	for _, o := range r.Throws {
		s := Water - o.Roll
		if s < 1 || s == r.JumpFrom || own&(1<<s) == 0 {
			continue
		}
		if p.ba&(1<<s) != 0 {
			loss += o.Prob() * board
		} else {
			loss += o.Prob() * float64(s)
		}
	}
	return loss / 10
}

// Weights is a fitted evaluation: White's chance of winning is the
// logistic function of the weighted sum of the features.
type Weights [NumFeatures]float64

// winChance is the logistic model's estimate that White wins.
func (w *Weights) winChance(f [NumFeatures]float64) float64 {
	z := 0.0
	for i, x := range f {
		z += w[i] * x
	}
	return 1 / (1 + math.Exp(-z))
}

// Value is the fitted evaluation used by search (expectimax, MCTS): the
// estimated payoffs of an unfinished position, from a logistic model of
// the features whose weights were fitted to the results of self-play
// games (cmd/fiteval). Rulesets without fitted weights use Evaluate.
func (r *Rules) Value(p Position) game.Payoffs {
	if r.weights == nil {
		return r.Evaluate(p)
	}
	x := r.weights.winChance(r.Features(p))
	return game.Payoffs{x, 1 - x}
}
