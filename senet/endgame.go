package senet

import "math/bits"

// This file gives packages outside senet (the endgame tables) what they
// need to enumerate positions without going through notation: the
// squares a side holds and a constructor for plain positions.

// Board is the set of squares side holds, bit s for square s.
func (p Position) Board(side int) uint32 { return p.occ[side] }

// Plain reports whether p has nothing but ordinary pieces on the board
// and borne off: no piece in hand, no BA, no missed turn, bonus throw,
// sleeper or opening rule pending, and the game not over.
func (p Position) Plain() bool {
	return p.turn >= 0 && p.hand == [2]uint8{} && p.flags == 0 && p.ba == 0 &&
		p.bonus == 0 && p.asleep == 0
}

// PlainPosition is the plain position (see Plain) with the squares in
// board[side] occupied, every other piece of each side borne off, and
// turn to throw. It does not check the squares: the caller passes
// disjoint sets of at most Pieces squares from 1-30 without 27.
func (v *Variant) PlainPosition(board [2]uint32, turn int) Position {
	p := Position{occ: board, turn: int8(turn), winner: -1}
	for side := range 2 {
		p.off[side] = uint8(v.Pieces - bits.OnesCount32(board[side]))
	}
	return p
}
