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
// to buf, in canonical order (entering first, then one move per piece, by
// start square), and returns it. With no legal move it appends Pass. It
// does not allocate when buf has room for one move per piece and one to
// enter.
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
	bearers := v.bearers(p, own)
	movers := v.movers(p, own)
	start := len(buf)
	buf = v.enterMoves(p, roll, buf)
	plain, plainOK := v.plainMoves(movers, roll, all, block, target)
	for m := movers; m != 0; m &= m - 1 {
		s := bits.TrailingZeros32(m)
		bit := uint32(1) << s
		to, ok := s+roll, plainOK&bit != 0
		if plain&bit == 0 {
			to, ok = v.forward(s, roll, all, block, target, bearers&bit != 0)
		}
		if ok {
			buf = append(buf, Move{From: int8(s), To: int8(to)})
		} else if v.Backward == BackwardPerPiece {
			if to, ok := v.backward(s, roll, all, block, target); ok {
				buf = append(buf, Move{From: int8(s), To: int8(to)}) // A16
			}
		}
	}
	buf = v.mustLeave(buf, start)
	if len(buf) == start && v.Backward == BackwardWhenNoForward {
		// J10: no forward move, so one piece must move backward to an
		// empty square without passing an opponent wall.
		for m := movers; m != 0; m &= m - 1 {
			s := bits.TrailingZeros32(m)
			d := s - roll
			if d >= 1 && all&(1<<d) == 0 && span(d+1, s-1)&block == 0 {
				buf = append(buf, Move{From: int8(s), To: int8(d)})
			}
		}
	}
	if p.flags&flagOpening != 0 && side == White && v.OpeningSquare != 0 {
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

// plainMoves decides the forward moves of the pieces in movers that no
// special rule touches, all at once with shifts: those that land on 1-29
// without reaching 30, jumping the water (S16) or crossing the compulsory
// stop (A23). It returns those pieces (plain) and the ones among them
// whose move is legal: no square passed over is in an opponent wall (J9,
// S11, A14) or, with spaced passing, next to another occupied square
// passed over (A8), and the destination is empty or may be attacked (J6,
// J7). The other pieces go through forward, one by one.
func (v *Variant) plainMoves(movers uint32, roll int, all, block, target uint32) (plain, ok uint32) {
	plain = movers & span(1, Squares-1-roll)
	if v.JumpFrom != 0 && roll == 1 {
		plain &^= 1 << v.JumpFrom
	}
	if v.CompulsoryStop != 0 {
		plain &^= span(v.CompulsoryStop-roll+1, v.CompulsoryStop-1)
	}
	var blocked uint32 // pieces whose path crosses a wall or a pair
	for k := 1; k < roll; k++ {
		blocked |= block >> k
	}
	if v.Passing == PassingSpaced {
		pairs := all & (all >> 1) // t with t and t+1 occupied
		for k := 1; k < roll-1; k++ {
			blocked |= pairs >> k
		}
	}
	dests := ((plain &^ blocked) << roll) & (^all | target)
	return plain, dests >> roll
}

// forward returns the destination of the forward move of the piece on
// square s with throw roll, if it is legal.
func (v *Variant) forward(s, roll int, all, block, target uint32, bearing bool) (int, bool) {
	d := s + roll
	if s == v.JumpFrom && roll == 1 {
		d = Water + 1 // S16: from 26 a 1 jumps the water to 28
	}
	if v.CompulsoryStop != 0 && s < v.CompulsoryStop && d > v.CompulsoryStop {
		return 0, false // A23: no forward move passes the stop square
	}
	if v.BearOff == BearOffKendall && (s == Squares || d == OffSq) {
		return v.exitKendall(s, all, block) // A24
	}
	if bearing && v.BearOff == BearOffExact {
		if d == OffSq && span(s+1, Squares)&block == 0 {
			return OffSq, true // S20: exactly 31 - s, no opponent unit passed
		}
	} else if bearing {
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
// every automatic consequence applied: entering (S6), the swap of an
// attack (J7, S9), drowning (J11, S17), bearing off (J13, S20), house
// effects (S13-S16), the end of the game (J16, S21) and the next side to
// throw (J5, S5, S13). p is unchanged. m must come from Moves.
func (v *Variant) Apply(p Position, roll int, m Move) Position {
	side := int(p.turn)
	q := p
	q.bonus = 0 // S6, S14, S16: a pending bonus throw is used or lost now
	if m != Pass {
		if m.From == 0 {
			v.enter(&q, side)
		} else {
			v.move(&q, side, m)
		}
		if side == White {
			q.flags &^= flagOpening // J4: a pass does not clear it
		}
	}
	if m.To == OffSq && q.Off(side) == v.Pieces {
		q.turn, q.winner = -1, int8(side) // J16, S21: only bearing off ends a game
		return q
	}
	q.turn = v.next(&q, side, roll, m)
	return q
}

// move plays the piece move m of side in q: the swap of an attack (J7,
// S9), drowning (J11, S17), bearing off (J13, S20), waking a sleeper that
// is passed over (S15) and the house the piece ends on (S13-S16).
func (v *Variant) move(q *Position, side int, m Move) {
	from := uint32(1) << m.From
	isBA := q.ba&from != 0
	q.occ[side] &^= from
	q.ba &^= from
	q.asleep &^= span(int(m.From)+1, int(m.To)-1) // S15: passing over wakes
	if m.To == OffSq {
		if isBA {
			q.flags |= flagBAOffW << side
		} else {
			q.off[side]++
		}
		return
	}
	to := uint32(1) << m.To
	if q.occ[side^1]&to != 0 {
		// J7, S9: the attacked piece takes the attacker's square, awake
		// (S15); the attacker's square gives it no house effect (S22).
		q.occ[side^1] ^= to | from
		if q.ba&to != 0 {
			q.ba ^= to | from
		}
		q.asleep &^= to
	}
	if m.To == Water {
		v.drown(q, side, isBA)
		return
	}
	q.occ[side] |= to
	if isBA {
		q.ba |= to
	}
	v.houseEffects(q, side, to)
}

// enter puts a waiting piece of side on square 1 (S6): ordinary pieces
// before the BA. Entering gives the bonus throw of EnterBonus.
func (v *Variant) enter(q *Position, side int) {
	const sq1 = uint32(1) << 1
	if q.hand[side] > 0 {
		q.hand[side]--
	} else {
		q.flags &^= flagBAHandW << side
		q.ba |= sq1
	}
	q.occ[side] |= sq1
	if v.EnterBonus {
		q.bonus = 1
	}
	v.houseEffects(q, side, sq1)
}

// houseEffects applies the house a piece of side has just ended its own
// move or entry on, to (a one-bit mask). Swaps and drowning never call it
// (S22).
func (v *Variant) houseEffects(q *Position, side int, to uint32) {
	if v.SkipHouses&to != 0 {
		q.flags |= flagSkipW << side // S13: the owner misses its next turn
	}
	if v.BonusHouses&to != 0 {
		q.bonus = uint8(bits.TrailingZeros32(to)) // S14, S16: a bonus throw for this piece
	}
	if v.SleepHouses&to != 0 {
		q.asleep |= to // S15: the piece falls asleep
	}
}

// drown handles a piece of side that ended its move on the House of
// Water, isBA when it is the BA; q no longer holds it on the board.
func (v *Variant) drown(q *Position, side int, isBA bool) {
	switch v.Drown {
	case DrownReturnUp:
		q.occ[side] |= v.returnSquare(q.occ[White] | q.occ[Black]) // J11
	case DrownReturnDown:
		q.occ[side] |= drownDown(v.Return, q.occ[White]|q.occ[Black]) // A22
	case DrownToHand:
		if !isBA {
			q.hand[side]++ // S17: it waits to enter again
			return
		}
		// S17: the BA drags every piece of its owner on the board along;
		// pieces borne off stay off.
		board := q.occ[side]
		q.hand[side] += uint8(bits.OnesCount32(board))
		q.flags |= flagBAHandW << side
		q.occ[side] = 0
		q.ba &^= board
		q.asleep &^= board
	}
}

// returnSquare returns the square a drowned piece goes to (J11): the
// return square or the first empty square after it; all holds the other
// pieces.
func (v *Variant) returnSquare(all uint32) uint32 {
	r := v.Return
	for all&(1<<r) != 0 || r == Water {
		r++
	}
	return 1 << r
}

// next returns the side to throw after side's move m with throw roll, and
// clears the missed turns it uses up: side again for a bonus throw (S6,
// S14, S16) or an extra throw (J5); otherwise the other side, except that
// a side listed in skip= is taken off the list and the turn passes on
// (S13; with both listed each side loses one turn).
func (v *Variant) next(q *Position, side, roll int, m Move) int8 {
	// A20: a move ending on an extra-throw square throws again; a
	// drowned piece's move ends on 27, so drowning earns nothing.
	if q.bonus != 0 || v.ExtraThrow&(1<<roll) != 0 || v.ExtraSquares&(1<<m.To) != 0 {
		return int8(side)
	}
	n := side ^ 1
	for q.flags&(flagSkipW<<n) != 0 {
		q.flags &^= flagSkipW << n
		n ^= 1
	}
	return int8(n)
}

// bearers returns the squares of own (the pieces of the side to throw in
// p) whose pieces may bear off now.
func (v *Variant) bearers(p Position, own uint32) uint32 {
	switch v.BearOff {
	case BearOffLastRow:
		if own&beforeLastRow == 0 {
			return own // J13: every piece on the board stands in 21-30
		}
	case BearOffExact:
		if !v.BAGatesBearOff {
			return own
		}
		var m uint32
		if p.flags&(flagBAHandW<<p.turn) == 0 {
			m |= own &^ p.ba // S20: the BA has entered
		}
		if p.hand[p.turn] == 0 {
			m |= own & p.ba // S20: none of the BA's side waits to enter
		}
		return m
	}
	return 0
}

// movers returns the squares of own (the pieces of the side to throw in
// p) whose pieces may move with this throw: none asleep (S15), and during
// a bonus throw only the piece it belongs to (S6, S14, S16).
func (v *Variant) movers(p Position, own uint32) uint32 {
	m := own &^ p.asleep
	if p.bonus != 0 {
		m &= 1 << p.bonus
	}
	return m
}

// enterMoves appends in-1 when the throw is EnterThrow, a piece of the
// side to throw waits and square 1 is empty (S6). During a bonus throw
// nothing enters: only the bonus piece may move.
func (v *Variant) enterMoves(p Position, roll int, buf []Move) []Move {
	if v.EnterThrow == 0 || roll != v.EnterThrow || p.bonus != 0 ||
		p.Hand(int(p.turn)) == 0 || (p.occ[White]|p.occ[Black])&(1<<1) != 0 {
		return buf
	}
	return append(buf, Move{To: 1})
}

// mustLeave enforces S19 on the moves buf[start:]: when a piece on a
// MustLeave house has a legal move, only such moves remain (entering
// included in the moves dropped). It filters in place.
func (v *Variant) mustLeave(buf []Move, start int) []Move {
	if v.MustLeave == 0 {
		return buf
	}
	n := start
	for _, mv := range buf[start:] {
		if mv.From != 0 && v.MustLeave&(1<<mv.From) != 0 {
			buf[n] = mv
			n++
		}
	}
	if n == start {
		return buf
	}
	return buf[:n]
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

// FirstMoveSquare is the square White's first move must start from
// while the opening flag is set (J4), 0 where the ruleset has no
// opening rule.
func (v *Variant) FirstMoveSquare() int { return v.OpeningSquare }

// TouchMoveRule returns the ID of the ruleset's touch-move rule, or ""
// where its source has none.
func (v *Variant) TouchMoveRule() string { return v.TouchMove }

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
