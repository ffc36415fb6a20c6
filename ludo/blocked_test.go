package ludo

import (
	"slices"
	"testing"

	"passage/game"
)

// TestBlocks: a pass with pieces in the yard is explained by the 6 that
// brings them in (K3); a throw with a move, a 6, or a pass with the yard
// empty lists nothing.
func TestBlocks(t *testing.T) {
	r, err := New("kinevet", nil)
	if err != nil {
		t.Fatal(err)
	}
	start := r.Start()
	k3 := []game.Block{{Move: "in-1", Kind: "needs-throw", Throw: 6, Rule: "K3"}}
	for roll := 1; roll <= 6; roll++ {
		var want []game.Block
		if roll < 6 {
			want = k3
		}
		if got := r.Blocks(start, roll); !slices.Equal(got, want) {
			t.Errorf("the start, throw %d: %+v, want %+v", roll, got, want)
		}
	}
	// A piece on the track moves: nothing to explain, even with three
	// pieces in the yard.
	onTrack := r.Apply(r.Apply(start, 6, Move{From: 0, To: 1}), 6, Move{From: 1, To: 7})
	if r.ToMove(onTrack) != r.ToMove(start) {
		t.Fatalf("after two sixes %s is not to roll again", r.Format(onTrack))
	}
	if got := r.Blocks(onTrack, 3); got != nil {
		t.Errorf("%s throw 3: %+v, want none (7-10 is legal)", r.Format(onTrack), got)
	}
}

// TestBlocksPass: a pass is explained piece by piece, not only by the
// yard's wait for a 6 (a player review met "waiting pieces enter only
// with a 6" for a pass whose piece on the track could not move either).
func TestBlocksPass(t *testing.T) {
	needs6 := func(sq string) game.Block {
		return game.Block{Move: "in-" + sq, Kind: "needs-throw", Throw: 6, Rule: "K3"}
	}
	cases := []struct {
		opts map[string]string
		pos  string
		roll int
		want []game.Block
	}{
		// The review's pass: Green on 20, its last track square, throws
		// 5 with g3 and g4 taken; the goal's pieces have finished.
		{nil, "...................g.................... ..../..../..gg/.... g", 5,
			[]game.Block{needs6("21"), {Move: "20", Kind: "past-goal", Rule: "K7"}}},
		{nil, "...................g.................... ..../..../..gg/.... g", 4,
			[]game.Block{needs6("21"), {Move: "20-g4", Kind: "own-piece", Rule: "K7"}}},
		// g4 is free but the piece may not pass g3; the piece on g3 has
		// not finished, and 4 carries it beyond g4.
		{nil, "...................g.................... ..../..../..g./.... g", 4,
			[]game.Block{needs6("21"), {Move: "20-g4", Kind: "goal-pass", Rule: "K7"}, {Move: "g3", Kind: "past-goal", Rule: "K7"}}},
		// On the track an own piece stands where 35 would go (K5).
		{nil, "..................................r....r ..../..../..../.... r", 5,
			[]game.Block{needs6("1"), {Move: "35-40", Kind: "own-piece", Rule: "K5"}, {Move: "40", Kind: "past-goal", Rule: "K7"}}},
		// Inside the goal (K7), with the yard's pieces.
		{nil, "........................................ r.r./..../..../.... r", 2,
			[]game.Block{needs6("1"), {Move: "g1-g3", Kind: "own-piece", Rule: "K7"}, {Move: "g3", Kind: "past-goal", Rule: "K7"}}},
		// The yard empty: before, such a pass said nothing.
		{nil, ".......................................r .rrr/..../..../.... r", 2,
			[]game.Block{{Move: "40-g2", Kind: "own-piece", Rule: "K7"}}},
		// H1: Yellow on its start square 11 is safe from Red's 10.
		{map[string]string{"safe-start": "on"}, ".........ry............................. ..../..../..../.... r", 1,
			[]game.Block{needs6("1"), {Move: "10-11", Kind: "safe", Rule: "H1"}}},
		// H4: 40 throws 5, to g4 and back to g3, which is taken.
		{map[string]string{"goal-bounce": "on"}, ".......................................r ..r./..../..../.... r", 5,
			[]game.Block{needs6("1"), {Move: "40-g3", Kind: "own-piece", Rule: "K7"}, {Move: "g3", Kind: "past-goal", Rule: "K7"}}},
	}
	for _, c := range cases {
		r, err := New("kinevet", c.opts)
		if err != nil {
			t.Fatal(err)
		}
		p, err := r.Parse(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		if ms := r.Moves(p, c.roll, nil); len(ms) != 1 || !ms[0].IsPass() {
			t.Fatalf("%s throw %d: moves %v, want only the pass", c.pos, c.roll, ms)
		}
		if got := r.Blocks(p, c.roll); !slices.Equal(got, c.want) {
			t.Errorf("%s %v throw %d: %+v, want %+v", c.pos, c.opts, c.roll, got, c.want)
		}
	}
}
