package catalog

import (
	"passage/game"
	"slices"
	"testing"
)

// TestKitEffects: a kit names the special rules a move sets off, in
// words the web page shows, and nothing for input it cannot read.
func TestKitEffects(t *testing.T) {
	tests := []struct {
		rules, pos string
		roll       int
		move       string
		want       []string
	}{
		// White's 9 lands on Black's lone 11: they swap (J7); a 2 ends the turn.
		{"senet-jequier", "wbwbwbwbw.b................... w opening=w", 2, "9-11", []string{"attack (swap)"}},
		// A 1 gives another throw (J5).
		{"senet-jequier", "wbwbwbwbw.b................... w opening=w", 1, "9-10", []string{"extra or bonus throw"}},
		{"senet-jequier", "wbwbwbwbw.b................... w opening=w", 2, "no-such-move", nil},
		{"senet-jequier", "not a position", 2, "9-11", nil},
	}
	for _, tt := range tests {
		kit, err := Open(tt.rules, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := kit.Effects(tt.pos, tt.roll, tt.move); !slices.Equal(got, tt.want) {
			t.Errorf("%s %q roll %d %s: effects %q, want %q", tt.rules, tt.pos, tt.roll, tt.move, got, tt.want)
		}
	}
}

// TestKitBlocks: a kit says which moves a wall removed, and nothing for
// a game without walls or a position it cannot read.
func TestKitBlocks(t *testing.T) {
	tests := []struct {
		rules, pos string
		roll       int
		want       []game.Block
	}{
		{"senet-jequier", "w.........wbbb.....b.b........ w off=www", 4, []game.Block{{Move: "11-15", Kind: "wall", Wall: "12-14", Rule: "J9"}}},
		{"senet-jequier", "not a position", 4, nil},
		{"kinevet", "", 6, nil},
	}
	for _, tt := range tests {
		kit, err := Open(tt.rules, nil)
		if err != nil {
			t.Fatal(err)
		}
		pos := tt.pos
		if pos == "" {
			pos = kit.Start()
		}
		if got := kit.Blocks(pos, tt.roll); !slices.Equal(got, tt.want) {
			t.Errorf("%s %q roll %d: blocks %+v, want %+v", tt.rules, pos, tt.roll, got, tt.want)
		}
	}
}
