package ludo

import "passage/game"

var _ game.Blocker[Position] = (*Rules)(nil)

// Blocks explains a pass of a colour whose pieces wait in the yard for
// the 6 that brings them in (K3): with every piece there, a Ludo game
// begins with throw after throw of nothing to do. A throw whose only
// move is the pass for another reason (a third 6, H3; pieces on the
// track that cannot move) while the yard is empty lists nothing.
func (r *Rules) Blocks(p Position, roll int) []game.Block {
	c := int(p.turn)
	if c < 0 || roll == 6 || p.Yard(c) == 0 {
		return nil
	}
	for _, m := range r.Moves(p, roll, nil) {
		if !m.IsPass() {
			return nil
		}
	}
	enter := Move{From: 0, To: int8(StartSquare[c])}
	return []game.Block{{Move: enter.String(), Kind: "needs-throw", Throw: 6, Rule: "K3"}}
}
