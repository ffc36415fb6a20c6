package ludo

import "math/bits"

// goalSpan is the mask of goal squares ga..gb inclusive (empty when a > b).
func goalSpan(a, b int) uint8 {
	if a > b {
		return 0
	}
	return uint8((1<<b - 1) &^ (1<<(a-1) - 1))
}

// thirdSix reports whether roll is a six that may not be played (H3).
func (v *Variant) thirdSix(p Position, roll int) bool {
	return v.SixesLimit > 0 && roll == Six && int(p.sixes) == v.SixesLimit-1
}

// Moves appends the legal moves of the colour to roll in p for roll to
// buf, in canonical order (entering first, then by square: track 1-40,
// then g1-g4; each piece has at most one move), and returns it. With no
// legal move it appends Pass (K8). It does not allocate when buf has room
// for five moves.
func (v *Variant) Moves(p Position, roll int, buf []Move) []Move {
	start := len(buf)
	c := int(p.turn)
	if c < 0 || v.thirdSix(p, roll) {
		return append(buf, Pass) // H3: the third 6 is not played
	}
	own := p.track[c]
	var others uint64
	for o := range Colors {
		if o != c {
			others |= p.track[o]
		}
	}
	// Squares no move may end on: own pieces (K5) and opponents that
	// cannot be captured (H1). Other opponents are captured (K6).
	blocked := own | others&v.Safe
	sq0 := StartSquare[c]
	if roll == Six && p.Yard(c) > 0 && blocked&(1<<sq0) == 0 {
		buf = append(buf, Move{From: 0, To: int8(sq0)}) // K3
	}
	goal := p.goal[c]
	for m := own; m != 0; m &= m - 1 {
		s := bits.TrailingZeros64(m)
		to, passed, ok := v.step(c, s, roll)
		switch {
		case !ok:
		case to <= TrackLen: // K5
			if blocked&(1<<to) == 0 {
				buf = append(buf, Move{From: int8(s), To: int8(to)})
			}
		case v.goalFree(goal, passed, to-goalBase): // K7, H4
			buf = append(buf, Move{From: int8(s), To: int8(to)})
		}
	}
	for j := 1; j+roll <= GoalLen; j++ {
		// K7: inside the goal only forward by an exact roll.
		if k := j + roll; goal&(1<<(j-1)) != 0 && v.goalFree(goal, goalSpan(j+1, k-1), k) {
			buf = append(buf, Move{From: int8(goalBase + j), To: int8(goalBase + k)})
		}
	}
	if len(buf) == start {
		buf = append(buf, Pass) // K8: the roll is lost
	}
	return buf
}

// step is where a piece of colour c on track square s goes with roll,
// whatever stands there: a track square (K5), or a goal square goalBase+k
// with the goal squares passed over on the way (K7: an exact roll; H4:
// to g4 and back, every goal square counted passed over); ok is false
// when the roll carries it beyond g4 (K7).
func (v *Variant) step(c, s, roll int) (to int, passed uint8, ok bool) {
	t := (s-StartSquare[c]+TrackLen)%TrackLen + roll // progress after the move
	switch {
	case t < TrackLen:
		return (s+roll-1)%TrackLen + 1, 0, true
	case t <= lastStep:
		k := t - TrackLen + 1
		return goalBase + k, goalSpan(1, k-1), true
	case v.Overshoot == OvershootBounce:
		k := 2*lastStep - t - TrackLen + 1
		return goalBase + k, fullGoal &^ (1 << (k - 1)), true
	}
	return 0, 0, false
}

// goalFree reports whether a piece may end on goal square gk passing over
// the goal squares in passed, given the own pieces in goal (K7).
func (v *Variant) goalFree(goal, passed uint8, k int) bool {
	if goal&(1<<(k-1)) != 0 {
		return false
	}
	return v.GoalJump || goal&passed == 0
}

// Apply plays m after roll and returns the next position with every
// automatic consequence applied: captures (K6), the third six (H3),
// finishing and the end of the game (K9), tries towards a 6 (H5), extra
// rolls after a 6 (K4, H2) and the turn passing in colors= order. p is
// unchanged. m must come from Moves.
func (v *Variant) Apply(p Position, roll int, m Move) Position {
	c := int(p.turn)
	q := p
	if c < 0 {
		return q
	}
	if v.thirdSix(p, roll) {
		// H3: the piece moved last this turn, if on the track, goes back
		// to its yard, and the turn passes.
		if q.last != 0 {
			q.track[c] &^= 1 << q.last
		}
		return v.passTurn(q)
	}
	if m != Pass {
		switch {
		case m.From > goalBase:
			q.goal[c] &^= 1 << (m.From - goalBase - 1)
		case m.From > 0:
			q.track[c] &^= 1 << m.From
		}
		if m.To > goalBase {
			q.goal[c] |= 1 << (m.To - goalBase - 1)
			q.last = 0 // H3: a piece in the goal is not sent back
		} else {
			bit := uint64(1) << m.To
			for o := range Colors {
				q.track[o] &^= bit // K6: a captured piece goes back to its yard
			}
			q.track[c] |= bit
			if v.SixesLimit > 0 {
				q.last = uint8(m.To)
			}
		}
		if q.goal[c] == fullGoal {
			return v.finish(q, c) // K4: no extra roll after the last piece home
		}
	}
	if v.SixesLimit > 0 {
		if roll == Six {
			q.sixes++
		} else {
			q.sixes = 0
		}
	}
	if roll == Six {
		q.tries = 0 // H5: a 6 ends the tries
	} else if v.Tries > 1 {
		if m == Pass && p.track[c] == 0 {
			// H5: a failed try; it spends no roll until the last one.
			if q.tries++; int(q.tries) < v.Tries {
				return q
			}
		}
		q.tries = 0
	}
	due := int(p.extra)
	if due == 0 {
		due = 1 // the ordinary roll of a turn
	}
	due--
	if roll == Six {
		due += v.SixRolls // K4, H2
	}
	if due == 0 {
		return v.passTurn(q)
	}
	if v.SixRolls > 1 {
		q.extra = uint8(min(due, maxExtra))
	}
	return q
}

// clearTurn resets the keys that describe a turn in progress.
func clearTurn(q *Position) {
	q.sixes, q.last, q.extra, q.tries = 0, 0, 0, 0
}

// passTurn gives the roll to the next colour in turn order that has not
// finished.
func (v *Variant) passTurn(q Position) Position {
	clearTurn(&q)
	i := v.seat(int(q.turn))
	for range v.NColors {
		i = (i + 1) % v.NColors
		if c := v.Order[i]; !q.finished(int(c)) {
			q.turn = c
			return q
		}
	}
	panic("ludo: no colour left to roll")
}

// finished reports whether colour c is listed in done=.
func (q *Position) finished(c int) bool {
	for _, d := range q.done {
		if int(d) == c+1 {
			return true
		}
	}
	return false
}

// finish records that colour c has brought all its pieces home (K9).
func (v *Variant) finish(q Position, c int) Position {
	clearTurn(&q)
	if v.Finish == FinishFirst {
		q.turn, q.winner = -1, int8(c)
		return q
	}
	n := 0
	for n < Colors && q.done[n] != 0 {
		n++
	}
	q.done[n] = uint8(c + 1)
	if n+1 < v.NColors-1 {
		return v.passTurn(q)
	}
	// One colour is left: it takes the last place and the game ends.
	for i := range v.NColors {
		if o := int(v.Order[i]); !q.finished(o) {
			q.done[n+1] = uint8(o + 1)
		}
	}
	q.turn, q.winner = -1, int8(q.done[0]-1)
	return q
}

// seat is the index of colour c in turn order.
func (v *Variant) seat(c int) int {
	for i := range v.NColors {
		if int(v.Order[i]) == c {
			return i
		}
	}
	panic("ludo: colour not in play")
}
