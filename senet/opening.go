package senet

import "passage/game"

var _ game.Opener[Position] = (*Rules)(nil)

// Opening tells how the opening rule (J4) stands in p with throw roll in
// hand, 0 before the throw (game.Opener): nil once White has made its
// first move or where the ruleset has no such rule. Whether the piece
// on the opening square must move is what Moves decides, so the two
// cannot disagree.
func (r *Rules) Opening(p Position, roll int) *game.Opening {
	sq := r.OpeningSquare
	if sq == 0 || p.flags&flagOpening == 0 || p.turn < 0 {
		return nil
	}
	o := &game.Opening{Square: sq, State: "pending", Rule: r.OpeningRule}
	switch {
	case p.occ[White]&(1<<sq) == 0:
		o.State = "gone" // Black attacked it away: nothing to move from sq
	case int(p.turn) == White && roll > 0:
		o.State = "stuck"
		for _, m := range r.Variant.Moves(p, roll, nil) {
			if int(m.From) == sq {
				o.State = "forced" // Moves kept that move alone
			}
		}
	}
	return o
}
