package senet

import (
	"fmt"
	"math/bits"
	"slices"

	"passage/game"
)

var _ game.Blocker[Position] = (*Rules)(nil)

// Blocks lists the moves of the side to throw in p that throw roll would
// give but for a wall (J9, J10, J14, S11, S20, A14), for pieces that may
// not be passed together (A8), or for the BA's hold on bearing off
// (S20), each with what removed it (game.Blocker). A move is listed when
// the same rules without that obstacle have it and the real rules do
// not, so the list says exactly why the player has fewer moves (or
// none); nothing is listed when the obstacle changed nothing. A throw
// that leaves no move while pieces wait for the throw that enters them
// (S6) lists that entering too ("needs-throw").
func (r *Rules) Blocks(p Position, roll int) []game.Block {
	if p.turn < 0 {
		return nil
	}
	var out []game.Block
	legal := r.Variant.Moves(p, roll, nil)
	if r.WallSize > 0 || r.Passing == PassingSpaced {
		open := r.Variant
		open.WallSize, open.Passing = 0, PassingWalls
		for _, m := range removed(legal, open.Moves(p, roll, nil)) {
			if kind, lo, hi := r.obstacle(p, roll, m); kind != "" {
				out = append(out, game.Block{Move: m.String(), Kind: kind, Wall: fmt.Sprintf("%d-%d", lo, hi), Rule: r.BlockRules[kind]})
			}
		}
	}
	if r.BAGatesBearOff {
		open := r.Variant
		open.BAGatesBearOff = false
		for _, m := range removed(legal, open.Moves(p, roll, nil)) {
			if m.To != OffSq {
				continue
			}
			kind := "ba-waits" // S20: an ordinary piece waits for its BA to enter
			if p.ba&(1<<m.From) != 0 {
				kind = "pieces-wait" // S20: the BA waits for its pieces to enter
			}
			out = append(out, game.Block{Move: m.String(), Kind: kind, Rule: r.BlockRules[kind]})
		}
	}
	// Not during a bonus throw (S6, S14, S16): only its piece may move
	// then, and a 1 would not enter a piece either.
	if r.EnterThrow > 0 && roll != r.EnterThrow && p.bonus == 0 && p.Hand(int(p.turn)) > 0 && onlyPass(legal) {
		// S6: the pass of a side whose pieces wait for the throw that
		// enters them, at the start of Szenet most of all.
		out = append(out, game.Block{Move: Move{From: 0, To: 1}.String(), Kind: "needs-throw", Throw: r.EnterThrow, Rule: r.BlockRules["needs-throw"]})
	}
	return out
}

// onlyPass reports whether legal offers no move but the pass.
func onlyPass(legal []Move) bool {
	for _, m := range legal {
		if m != Pass {
			return false
		}
	}
	return true
}

// removed lists the moves of open that legal lacks, Pass aside.
func removed(legal, open []Move) []Move {
	var out []Move
	for _, m := range open {
		if m != Pass && !slices.Contains(legal, m) {
			out = append(out, m)
		}
	}
	return out
}

// obstacle finds what stops move m (legal were it not for walls and
// spaced passing) with throw roll in p: "wall" and the squares of the
// opponent wall on its way, or "pair" and the run of adjacent pieces it
// would pass together (A8); "" when nothing on its way stops it.
func (r *Rules) obstacle(p Position, roll int, m Move) (kind string, lo, hi int) {
	side := int(p.turn)
	opp, all := p.occ[side^1], (p.occ[White]|p.occ[Black])&^(1<<m.From) // the mover is not in its own way
	way := r.passed(roll, m)
	if r.WallSize > 0 {
		if hit := way & runs(opp, r.WallSize); hit != 0 {
			lo, hi := runAround(opp, bits.TrailingZeros32(hit))
			return "wall", lo, hi
		}
	}
	if r.Passing == PassingSpaced {
		if hit := way & all & (all >> 1) & (way >> 1); hit != 0 {
			lo, hi := runAround(all, bits.TrailingZeros32(hit))
			return "pair", lo, hi
		}
	}
	return "", 0, 0
}

// passed is the mask of squares move m passes over with throw roll: the
// squares strictly between its start and end, up to 30 when it bears
// off (S20, A24) or bounces (J14, both ways), none when it enters.
func (r *Rules) passed(roll int, m Move) uint32 {
	from, to := int(m.From), int(m.To)
	switch {
	case from == 0:
		return 0
	case to == OffSq:
		if r.BearOff == BearOffLastRow {
			return span(from+1, Squares-1) // J13: it reaches 30 exactly
		}
		return span(from+1, Squares)
	case r.Overshoot == OvershootBounce && from+roll > Squares && to == 2*Squares-from-roll:
		return span(from+1, Squares) | span(to+1, Squares) // J14: out to 30 and back
	case to < from:
		return span(to+1, from-1) // J10, A16
	}
	return span(from+1, to-1)
}

// runAround returns the ends of the run of contiguous squares of m that
// holds square s.
func runAround(m uint32, s int) (lo, hi int) {
	lo, hi = s, s
	for lo > 1 && m&(1<<(lo-1)) != 0 {
		lo--
	}
	for hi < Squares && m&(1<<(hi+1)) != 0 {
		hi++
	}
	return lo, hi
}
