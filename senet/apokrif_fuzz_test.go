package senet

import (
	"math/bits"
	"testing"
)

// FuzzApokrifApply plays a game driven by fuzz bytes from a fuzzed
// position (or the initial position when it does not parse): each byte
// picks a throw and one of the legal moves. Every step checks the rules'
// invariants: the move list is non-empty, canonical and made of the
// mover's pieces; each move covers exactly the throw (A7, A16) or bears
// off exactly (A24); no forward move passes 26 from below (A23); Apply
// leaves its input unchanged and yields a valid position that round-trips
// through notation; the turn passes exactly when A5 and A20 say so.
func FuzzApokrifApply(f *testing.F) {
	f.Add("bwbwbwbwb.w................... w", []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 200, 17})
	f.Add("bwbwbwbwbwbwb.w............... w", []byte{9, 9, 9, 4, 4, 4, 250})
	f.Add("......................bbwb.wwb w off=wwb", []byte{0, 5, 10, 15, 20})
	f.Add("..w..ww.bbbw.b...w.b.......... w", []byte{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5})
	f.Add("...........wbwbb.........w.w.. w off=wbb", []byte{0, 0, 0, 0})
	rules := [2]*Rules{apokrifRules(f, "pieces=5"), apokrifRules(f, "pieces=7")}
	f.Fuzz(func(t *testing.T, pos string, data []byte) {
		r := rules[0]
		p, err := r.Parse(pos)
		if err != nil {
			r = rules[1]
			if p, err = r.Parse(pos); err != nil {
				r = rules[0]
				p = r.Start()
			}
		}
		var buf [2 * Squares]Move
		for _, b := range data {
			if r.Over(p) {
				return
			}
			roll := r.Throws[int(b)%len(r.Throws)].Roll
			moves := r.Moves(p, roll, buf[:0])
			checkApokrifMoves(t, r, p, roll, moves)
			m := moves[int(b)/len(r.Throws)%len(moves)]
			before := p
			q := r.Apply(p, roll, m)
			if p != before {
				t.Fatalf("Apply changed its input")
			}
			s := r.Format(q)
			back, err := r.Parse(s)
			if err != nil || back != q {
				t.Fatalf("%s throw %d %s: result %q does not round-trip: %v", r.Format(p), roll, m, s, err)
			}
			extra := roll == 1 || roll == 4 || roll == 5 || m.To == 15
			switch {
			case r.Over(q):
				if q.Off(int(p.turn)) != r.Pieces {
					t.Fatalf("%s: game over but the mover has not borne off", s)
				}
			case extra && q.turn != p.turn, !extra && q.turn == p.turn:
				t.Fatalf("%s throw %d %s: next to throw %s, extra throw %v (A5, A20)", r.Format(p), roll, m, s, extra)
			}
			p = q
		}
	})
}

// checkApokrifMoves checks a move list against the invariants of the
// rules that do not depend on the neighbourhood.
func checkApokrifMoves(t *testing.T, r *Rules, p Position, roll int, moves []Move) {
	t.Helper()
	at := r.Format(p)
	if len(moves) == 0 || (len(moves) > 1 && moves[0] == Pass) {
		t.Fatalf("%s throw %d: moves %v (want a pass alone or moves)", at, roll, moves)
	}
	if moves[0] == Pass {
		return
	}
	own := p.occ[p.turn]
	if len(moves) > bits.OnesCount32(own) {
		t.Fatalf("%s throw %d: %d moves for %d pieces (A16: one per piece)", at, roll, len(moves), bits.OnesCount32(own))
	}
	for i, m := range moves {
		from, to := int(m.From), int(m.To)
		if own&(1<<from) == 0 {
			t.Fatalf("%s throw %d: %s does not start on the mover's piece", at, roll, m)
		}
		if i > 0 && moves[i-1].From >= m.From {
			t.Fatalf("%s throw %d: moves %v not in canonical order", at, roll, moves)
		}
		switch {
		case to == OffSq:
			if from != Squares && from+roll != OffSq {
				t.Fatalf("%s throw %d: %s bears off inexactly (A24)", at, roll, m)
			}
		case to != from+roll && to != from-roll:
			t.Fatalf("%s throw %d: %s does not cover the throw (A7)", at, roll, m)
		case to > from && from < 26 && to > 26:
			t.Fatalf("%s throw %d: %s passes 26 (A23)", at, roll, m)
		case p.occ[p.turn]&(1<<to) != 0:
			t.Fatalf("%s throw %d: %s lands on its own piece (A15)", at, roll, m)
		case r.Safe&p.occ[p.turn^1]&(1<<to) != 0:
			t.Fatalf("%s throw %d: %s attacks a House (A21)", at, roll, m)
		}
	}
}
