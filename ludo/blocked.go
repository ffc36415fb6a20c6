package ludo

import (
	"math/bits"

	"passage/game"
)

var _ game.Blocker[Position] = (*Rules)(nil)

// Blocks explains a throw that leaves the colour to move no move but the
// pass (K8), piece by piece, so that a page can say why: pieces waiting
// in the yard enter only with a 6 (needs-throw, K3); a piece would land on
// an own piece (own-piece: K3 on the start square, K5 on the track, K7 in
// the goal) or on an opponent that cannot be captured there (safe, H1);
// it would pass an own piece in the goal (goal-pass, K7); or the throw
// carries it beyond g4 (past-goal, K7: Move is then the piece's square
// alone, as there is no such move). A piece in the goal with no empty
// goal square ahead of it has finished and is not listed. A throw with a
// move lists nothing (the Senet walls list what they remove at every
// throw; in Ludo an own piece in the way is no news when another move is
// made), nor does a third 6 (H3), which is not played at all.
func (r *Rules) Blocks(p Position, roll int) []game.Block {
	c := int(p.turn)
	if c < 0 || r.thirdSix(p, roll) {
		return nil
	}
	for _, m := range r.Moves(p, roll, nil) {
		if !m.IsPass() {
			return nil
		}
	}
	own := p.track[c]
	var others uint64
	for o := range Colors {
		if o != c {
			others |= p.track[o]
		}
	}
	goal := p.goal[c]
	var out []game.Block
	// why is the block of the move from..to that Moves left out.
	why := func(from, to int) game.Block {
		m := Move{From: int8(from), To: int8(to)}.String()
		switch {
		case to > goalBase && goal&(1<<(to-goalBase-1)) != 0:
			return game.Block{Move: m, Kind: "own-piece", Rule: "K7"}
		case to > goalBase:
			return game.Block{Move: m, Kind: "goal-pass", Rule: "K7"}
		case own&(1<<to) != 0 && from == 0:
			return game.Block{Move: m, Kind: "own-piece", Rule: "K3"}
		case own&(1<<to) != 0:
			return game.Block{Move: m, Kind: "own-piece", Rule: "K5"}
		}
		return game.Block{Move: m, Kind: "safe", Rule: "H1"}
	}
	if p.Yard(c) > 0 {
		if sq0 := StartSquare[c]; roll != Six {
			out = append(out, game.Block{Move: Move{To: int8(sq0)}.String(), Kind: "needs-throw", Throw: Six, Rule: "K3"})
		} else {
			out = append(out, why(0, sq0))
		}
	}
	for m := own; m != 0; m &= m - 1 {
		s := bits.TrailingZeros64(m)
		if to, _, ok := r.step(c, s, roll); ok {
			out = append(out, why(s, to))
		} else {
			out = append(out, game.Block{Move: squareName(s), Kind: "past-goal", Rule: "K7"})
		}
	}
	for j := 1; j <= GoalLen; j++ {
		if goal&(1<<(j-1)) == 0 || goal|goalSpan(1, j) == fullGoal {
			continue // no piece here, or one that has finished
		}
		if k := j + roll; k > GoalLen {
			out = append(out, game.Block{Move: squareName(goalBase + j), Kind: "past-goal", Rule: "K7"})
		} else {
			out = append(out, why(goalBase+j, goalBase+k))
		}
	}
	return out
}
