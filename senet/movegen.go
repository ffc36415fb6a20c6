package senet

import "math/bits"

// span is the mask of squares lo..hi inclusive (empty when lo > hi).
func span(lo, hi int) uint32 {
	if lo > hi {
		return 0
	}
	return (^uint32(0) >> (31 - hi)) & (^uint32(0) << lo)
}

// beforeLastRow is squares 1-20: a side with a piece there may not bear
// off (J13).
var beforeLastRow = span(1, 20)

// runs returns the squares of m that lie in a run of at least n
// contiguous squares of m.
func runs(m uint32, n int) uint32 {
	t := m
	for i := 1; i < n; i++ {
		t &= m >> i
	}
	r := t
	for i := 1; i < n; i++ {
		r |= t << i
	}
	return r
}

// Moves appends the legal moves of the side to throw in p for throw roll
// to buf, in canonical order (one move per piece, by start square), and
// returns it. With no legal move it appends Pass. It does not allocate
// when buf has room for six moves, and one per piece.
func (v *Variant) Moves(p Position, roll int, buf []Move) []Move {
	side := int(p.turn)
	own, opp := p.occ[side], p.occ[side^1]
	all := own | opp
	var block uint32 // opponent squares that may not be passed over (J9)
	if v.WallSize > 0 {
		block = runs(opp, v.WallSize)
	}
	prot := v.Safe | block // J12, J9
	if v.PairProtects {
		prot |= opp & (opp<<1 | opp>>1) // J8
	}
	target := opp &^ prot // J7: opponent pieces that may be attacked
	if v.BreakTriple {
		target |= tripleMiddles(opp) &^ v.Safe // A13, A21
	}
	bearing := v.BearOff == BearOffLastRow && own&beforeLastRow == 0
	start := len(buf)
	for m := own; m != 0; m &= m - 1 {
		s := bits.TrailingZeros32(m)
		if to, ok := v.forward(s, roll, all, block, target, bearing); ok {
			buf = append(buf, Move{From: int8(s), To: int8(to)})
		} else if v.Backward == BackwardPerPiece {
			if to, ok := v.backward(s, roll, all, block, target); ok {
				buf = append(buf, Move{From: int8(s), To: int8(to)}) // A16
			}
		}
	}
	if len(buf) == start && v.Backward == BackwardWhenNoForward {
		// J10: no forward move, so one piece must move backward to an
		// empty square without passing an opponent wall.
		for m := own; m != 0; m &= m - 1 {
			s := bits.TrailingZeros32(m)
			d := s - roll
			if d >= 1 && all&(1<<d) == 0 && span(d+1, s-1)&block == 0 {
				buf = append(buf, Move{From: int8(s), To: int8(d)})
			}
		}
	}
	if v.OpeningSquare != 0 && side == White && p.flags&flagOpening != 0 {
		// J4: White's first move is made with the piece on the opening
		// square if it has a legal move.
		for _, mv := range buf[start:] {
			if int(mv.From) == v.OpeningSquare {
				buf = append(buf[:start], mv)
				break
			}
		}
	}
	if len(buf) == start {
		buf = append(buf, Pass) // J10, J17: the throw is lost
	}
	return buf
}

// forward returns the destination of the forward move of the piece on
// square s with throw roll, if it is legal.
func (v *Variant) forward(s, roll int, all, block, target uint32, bearing bool) (int, bool) {
	d := s + roll
	if v.CompulsoryStop != 0 && s < v.CompulsoryStop && d > v.CompulsoryStop {
		return 0, false // A23: no forward move passes the stop square
	}
	if v.BearOff == BearOffKendall && (s == Squares || d == OffSq) {
		return v.exitKendall(s, all, block)
	}
	if bearing {
		if s == Squares {
			return OffSq, true // J13: a piece waiting on 30 leaves with any throw
		}
		if d == Squares {
			// J13: reaching 30 exactly bears off; 30 must be empty.
			if all&(1<<Squares) != 0 || span(s+1, Squares-1)&block != 0 {
				return 0, false
			}
			return OffSq, true
		}
	}
	if d > Squares {
		if v.Overshoot != OvershootBounce {
			return 0, false // J14 overshoot=block
		}
		// J14: up to 30 and back by the rest; never to its own start, and
		// never touching an opponent wall on the way out or back.
		d = 2*Squares - d
		if d == s || (span(s+1, Squares)|span(d, Squares))&block != 0 {
			return 0, false
		}
	} else if !v.passable(s+1, d-1, all, block) {
		return 0, false // J9, A8, A14
	}
	if bit := uint32(1) << d; all&bit != 0 && target&bit == 0 {
		return 0, false // J6, J7, J8, J12
	}
	return d, true
}

// Apply plays m after throw roll and returns the next position, with
// every automatic consequence applied: the swap of an attack (J7),
// drowning (J11), bearing off (J13), the end of the game (J16) and the
// next side to throw (J5). p is unchanged. m must come from Moves.
func (v *Variant) Apply(p Position, roll int, m Move) Position {
	side := int(p.turn)
	q := p
	if m != Pass {
		from := uint32(1) << m.From
		q.occ[side] &^= from
		if m.To == OffSq {
			q.off[side]++
		} else {
			to := uint32(1) << m.To
			if q.occ[side^1]&to != 0 {
				q.occ[side^1] ^= to | from // J7: the attacked piece takes the attacker's square
			}
			if m.To == Water {
				to = v.drown(q.occ[White] | q.occ[Black]) // J11, A22
			}
			q.occ[side] |= to
		}
		if side == White {
			q.flags &^= flagOpening // J4: a pass does not clear it
		}
	}
	if q.Off(side) == v.Pieces {
		q.turn, q.winner = -1, int8(side) // J16
		return q
	}
	// J5, A5: extra throw by value; A20: by the square a move ends on
	// (a drowned piece's move ends on 27, so drowning earns nothing).
	if v.ExtraThrow&(1<<roll) == 0 && v.ExtraSquares&(1<<m.To) == 0 {
		q.turn = int8(side ^ 1)
	}
	return q
}

// drown returns the square a drowned piece goes to (J11, A22): the return
// square or the first empty square after it (or before it, A22); all
// holds the other pieces.
func (v *Variant) drown(all uint32) uint32 {
	r := v.Return
	if v.Drown == DrownReturnDown {
		return drownDown(r, all)
	}
	for all&(1<<r) != 0 || r == Water {
		r++
	}
	return 1 << r
}

// passable reports whether a piece may pass over squares lo..hi (none when
// lo > hi): none of them in a wall (J9, A14) and, with PassingSpaced, no
// two adjacent occupied squares among them (A8).
func (v *Variant) passable(lo, hi int, all, block uint32) bool {
	if span(lo, hi)&block != 0 {
		return false
	}
	return v.Passing != PassingSpaced || span(lo, hi-1)&all&(all>>1) == 0
}

// tripleMiddles returns the middle squares of the runs of exactly three
// contiguous squares of m (A13).
func tripleMiddles(m uint32) uint32 {
	t := runs(m, 3) &^ runs(m, 4)
	return t & (t << 1) & (t >> 1)
}

// backward returns the destination of the backward move of the piece on
// square s with throw roll under BackwardPerPiece (A16): by the same rules
// as a forward move, so it may pass (A8), attack (A10-A13) and is
// refused by safe squares (A21), but it never goes below square 1.
func (v *Variant) backward(s, roll int, all, block, target uint32) (int, bool) {
	d := s - roll
	if d < 1 || !v.passable(d+1, s-1, all, block) {
		return 0, false
	}
	if bit := uint32(1) << d; all&bit != 0 && target&bit == 0 {
		return 0, false // A9, A12-A15, A21
	}
	return d, true
}

// exitKendall is the bearing-off move of the piece on square s under
// BearOffKendall (A24), called when the throw ends exactly one past 30 or
// the piece stands on 30: it leaves unless the squares it passes up to 30
// cannot be passed (A8).
func (v *Variant) exitKendall(s int, all, block uint32) (int, bool) {
	if !v.passable(s+1, Squares, all, block) {
		return 0, false
	}
	return OffSq, true
}

// drownDown returns the square a drowned piece goes to under
// DrownReturnDown (A22): r or the first empty square before it. all holds
// the other pieces; at most 13 of them can stand on 1-15, so there is
// always room.
func drownDown(r int, all uint32) uint32 {
	for r >= 1 && all&(1<<r) != 0 {
		r--
	}
	if r < 1 {
		panic("senet: no empty square for a drowned piece")
	}
	return 1 << r
}

// Touched returns, appended to buf, the legal moves for throw roll that
// touching square sq commits the side to throw to (A18, touch-move): the
// move of its own piece on sq, or, when sq holds an opponent piece, the
// moves that attack it. It returns buf unchanged when the touch commits
// to nothing (an empty square, or no legal move of that kind), and the
// player then chooses freely among Moves.
func (v *Variant) Touched(p Position, roll, sq int, buf []Move) []Move {
	if p.turn < 0 || sq < 1 || sq > Squares {
		return buf
	}
	var tmp [2 * Squares]Move
	bit := uint32(1) << sq
	own := p.occ[p.turn]&bit != 0
	opp := p.occ[p.turn^1]&bit != 0
	for _, m := range v.Moves(p, roll, tmp[:0]) {
		if m != Pass && ((own && int(m.From) == sq) || (opp && int(m.To) == sq)) {
			buf = append(buf, m)
		}
	}
	return buf
}
