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
