package senet

import (
	"testing"

	"passage/game"
)

// TestOpening: the opening rule (J4) is said as Moves plays it. With
// White's piece on 9 behind Black's pair on 10-11 (player review), a 1
// or a 2 leaves that piece no move, so any piece may move ("stuck"), and
// the moves offered come from elsewhere; a 3 lets it jump the pair, and
// it is the only move ("forced").
func TestOpening(t *testing.T) {
	jq := MustNew("senet-jequier", nil)
	blocked := "wbwbwbw.wbb................... w opening=w"
	tests := []struct {
		name  string
		r     *Rules
		pos   string
		roll  int
		state string // "" for no opening
	}{
		{"the start, Black to throw", jq, jq.Variant.Start, 0, "pending"},
		{"White to throw, 9 behind the pair", jq, blocked, 0, "pending"},
		{"a 1: 9-10 would attack the pair", jq, blocked, 1, "stuck"},
		{"a 2: 9-11 would attack the pair, and no piece can move (a pass)", jq, blocked, 2, "stuck"},
		{"a 3: 9-12 jumps the pair", jq, blocked, 3, "forced"},
		{"a 6: 9-15", jq, blocked, 6, "forced"},
		{"Black attacked the piece on 9 away", jq, "wbwbwbwwb.b................... w opening=w", 1, "gone"},
		{"White has moved", jq, "wbwbwbw.w.b.b................. w", 1, ""},
		{"Szenet has no opening rule", MustNew("senet-szenet", nil), Szenet.Start, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tt.r.Parse(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			o := tt.r.Opening(p, tt.roll)
			if tt.state == "" {
				if o != nil {
					t.Fatalf("Opening = %+v, want none", o)
				}
				return
			}
			want := game.Opening{Square: 9, State: tt.state, Rule: "J4"}
			if o == nil || *o != want {
				t.Fatalf("Opening = %+v, want %+v", o, want)
			}
			if tt.roll == 0 {
				return
			}
			moves := tt.r.Moves(p, tt.roll, nil)
			from9 := 0
			for _, m := range moves {
				if m.From == 9 {
					from9++
				}
			}
			switch {
			case tt.state == "forced" && (len(moves) != 1 || from9 != 1):
				t.Errorf("forced, but the moves are %v", moves)
			case tt.state != "forced" && from9 != 0:
				t.Errorf("%s, but the moves are %v", tt.state, moves)
			}
			if tt.roll == 1 && len(moves) != 4 {
				t.Errorf("a 1 moves %v, want the pieces on 1, 3, 5 and 7", moves)
			}
		})
	}
}
