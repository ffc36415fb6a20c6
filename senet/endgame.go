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

// SideState is one side's pieces that are not borne off, as the endgame
// tables of rulesets with a hand and a BA number them (Szenet): the
// squares it holds, where its BA is, and how many ordinary pieces wait to
// enter. Its pieces borne off are the rest.
type SideState struct {
	Board uint32 // squares holding the side's pieces, bit s for square s
	BA    int    // the BA's square (in Board), or BAOff or BAInHand; BAOff without a BA
	Hand  int    // ordinary pieces waiting to enter (the BA not counted)
}

// Where a BA is when it is not on the board (SideState.BA).
const (
	BAOff    = 0  // borne off, or the ruleset has no BA
	BAInHand = -1 // waiting to enter (S6, S17)
)

// Left is the number of the side's pieces not borne off, BA included.
func (s SideState) Left() int {
	n := bits.OnesCount32(s.Board) + s.Hand
	if s.BA == BAInHand {
		n++
	}
	return n
}

// TurnState is what a position carries besides the pieces, from the side
// to throw's view.
type TurnState struct {
	SkipOther bool   // the other side misses its next turn (S13)
	Bonus     int    // the square whose piece a pending bonus throw must move (S6, S14, S16), or 0
	Asleep    uint32 // squares holding a sleeping piece (S15)
}

// Sides splits p into the pieces of the side to throw, those of the other
// side and the turn's state. ok is false for what these do not describe:
// a finished game, the opening rule (J4) pending, or the side to throw
// listed in skip= (the rules never leave that: a side's missed turn is
// used up when the turn reaches it).
func (p Position) Sides() (mover, other SideState, st TurnState, ok bool) {
	t := int(p.turn)
	if t < 0 || p.flags&(flagOpening|flagSkipW<<t) != 0 {
		return mover, other, st, false
	}
	side := func(s int) SideState {
		out := SideState{Board: p.occ[s], Hand: int(p.hand[s]), BA: BAOff}
		if ba := p.occ[s] & p.ba; ba != 0 {
			out.BA = bits.TrailingZeros32(ba)
		} else if p.flags&(flagBAHandW<<s) != 0 {
			out.BA = BAInHand
		}
		return out
	}
	st = TurnState{SkipOther: p.flags&(flagSkipW<<(1-t)) != 0, Bonus: int(p.bonus), Asleep: p.asleep}
	return side(t), side(1 - t), st, true
}

// Compose is the position with turn to throw, mover's pieces for that
// side, other's for the other side and the turn's state st: the inverse
// of Sides. Ordinary pieces not on the board or in the hand are borne
// off. It does not check its arguments: the caller passes disjoint boards
// of squares 1-30 without 27, at most Pieces pieces a side, a BA only
// where the ruleset has one, and a state the ruleset can hold.
func (v *Variant) Compose(turn int, mover, other SideState, st TurnState) Position {
	p := Position{turn: int8(turn), winner: -1, bonus: uint8(st.Bonus), asleep: st.Asleep}
	ordinary := v.Pieces
	if v.BA {
		ordinary--
	}
	for i, s := range [2]SideState{mover, other} {
		side := turn ^ i
		p.occ[side] = s.Board
		p.hand[side] = uint8(s.Hand)
		onBoard := bits.OnesCount32(s.Board)
		switch {
		case s.BA > 0:
			p.ba |= 1 << s.BA
			onBoard--
		case s.BA == BAInHand:
			p.flags |= flagBAHandW << side
		case v.BA:
			p.flags |= flagBAOffW << side
		}
		p.off[side] = uint8(ordinary - onBoard - s.Hand)
	}
	if st.SkipOther {
		p.flags |= flagSkipW << (1 - turn)
	}
	return p
}
