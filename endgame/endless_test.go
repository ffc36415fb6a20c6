package endgame

import (
	"context"
	"testing"

	"passage/senet"
)

// TestNoValueRestsOnEndlessPlay: in Apokrif a side holding 26 can keep
// the game going for ever (A23, A16), and there the Bellman equation
// has more than one solution; the solver must find the values of a side
// that ends the game. So with every best move allowed, every position
// must still be able to reach the end of the game (docs/endgame.md,
// "Endless play"). The K=3 tables are checked by passage solve --verify.
func TestNoValueRestsOnEndlessPlay(t *testing.T) {
	for _, name := range []string{"senet-apokrif", "senet-jequier"} {
		tab := mustSolve(t, mustClass(t, name, nil, 2))
		one, err := tab.Endless(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if one.Checked != tab.Class.Size() || one.Endless != 0 {
			t.Fatalf("%s: %+v", name, one)
		}
		// In Apokrif a side holding 26 can keep the game going, so
		// there are positions from which endless play is possible; in
		// Jéquier every line ends (docs/endgame.md, "Endless play").
		if prolong := one.Prolongable > 0; prolong != (name == "senet-apokrif") {
			t.Fatalf("%s: %d positions from which the game could go on for ever", name, one.Prolongable)
		}
		if two, err := tab.Endless(context.Background(), 2); err != nil || two != one {
			t.Fatalf("%s: with 2 workers %+v (%v), with 1 %+v", name, two, err, one)
		}
	}
}

// TestCanEnd: a position can end through a best move into a position
// that can end, not through a worse one. In senet-jequier, White on 10
// and 12 and Black on 5 and 20 (no move wins): its throw of 3 has two moves
// of different values; marking the worse one's successor as able to end
// changes nothing, marking the best one's makes the position able to
// end.
func TestCanEnd(t *testing.T) {
	tab := mustSolve(t, mustClass(t, "senet-jequier", nil, 2))
	c, r := tab.Class, tab.Class.Rules
	p := r.PlainPosition([2]uint32{1<<10 | 1<<12, 1<<5 | 1<<20}, senet.White)
	i, ok := c.Lookup(p)
	if !ok {
		t.Fatal("not in the class")
	}
	ends := make([]bool, c.Size())
	if can, _, msg := tab.canEnd(i, ends, nil); can || msg != "" {
		t.Fatalf("%s can end with nothing else able to: %v %q", r.Format(p), can, msg)
	}
	const roll = 3
	best, worst := int64(-1), int64(-1)
	bestV, worstV := -1.0, 2.0
	for _, m := range r.Moves(p, roll, nil) {
		q := r.Apply(p, roll, m)
		k, _ := c.Lookup(q)
		e, _ := tab.Exact(q)
		if v := e[senet.White]; v > bestV {
			best, bestV = k, v
		}
		if v := e[senet.White]; v < worstV {
			worst, worstV = k, v
		}
	}
	if bestV-worstV <= EndlessTie {
		t.Fatalf("throw %d: all moves worth %.5f", roll, bestV)
	}
	ends[worst] = true
	if can, _, _ := tab.canEnd(i, ends, nil); can {
		t.Fatalf("%s can end through a move worth %.5f < %.5f", r.Format(p), worstV, bestV)
	}
	ends[best] = true
	if can, _, _ := tab.canEnd(i, ends, nil); !can {
		t.Fatalf("%s cannot end through its best move", r.Format(p))
	}
}

// TestMustEnd: a position must end when one of its throws leaves only
// moves that win or lead to positions that must end.
func TestMustEnd(t *testing.T) {
	tab := mustSolve(t, mustClass(t, "senet-jequier", nil, 2))
	c, r := tab.Class, tab.Class.Rules
	none, all := make([]bool, c.Size()), make([]bool, c.Size())
	for i := range all {
		all[i] = true
	}
	for _, tc := range []struct {
		board     [2]uint32
		have      []bool
		want      bool
		situation string
	}{
		{[2]uint32{1 << 30, 1 << 5}, none, true, "White on 30 bears off by any throw"},
		{[2]uint32{1<<10 | 1<<12, 1<<5 | 1<<20}, none, false, "no move wins"},
		{[2]uint32{1<<10 | 1<<12, 1<<5 | 1<<20}, all, true, "every move leads to a position that must end"},
	} {
		i, ok := c.Lookup(r.PlainPosition(tc.board, senet.White))
		if !ok {
			t.Fatalf("%s: not in the class", tc.situation)
		}
		if got, _, msg := tab.mustEnd(i, tc.have, nil); got != tc.want || msg != "" {
			t.Errorf("%s: mustEnd %v %q, want %v", tc.situation, got, msg, tc.want)
		}
	}
}
