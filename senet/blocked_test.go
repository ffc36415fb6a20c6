package senet

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"passage/game"
)

// TestBlocks: each rule that removes a move a piece would otherwise have
// is named with the move and, for a wall, its squares; a move that is
// impossible for another reason (its destination) is not blamed on a
// wall.
func TestBlocks(t *testing.T) {
	jq := MustNew("senet-jequier", nil)
	sz := MustNew("senet-szenet", nil)
	ak := MustNew("senet-apokrif", nil)
	tests := []struct {
		name string
		r    *Rules
		pos  string
		roll int
		want []game.Block
	}{
		{"J9 the wall on 12-14 stops 11-15; 1-5 is still legal", jq,
			szPos("1w 11w 12b 13b 14b 20b 22b", "w off=www"), 4,
			[]game.Block{{Move: "11-15", Kind: "wall", Wall: "12-14", Rule: "J9"}}},
		{"J9 landing on a wall is not passing it: nothing to report", jq,
			szPos("1w 11w 12b 13b 14b 20b 22b", "w off=www"), 3, nil},
		{"J9, J10 the wall stops the only forward move, so the piece goes back", jq,
			szPos("5b 6b 20w 21b 22b 23b", "w off=wwww"), 4,
			[]game.Block{{Move: "20-24", Kind: "wall", Wall: "21-23", Rule: "J9"}}},
		{"J9 a wall of four is reported whole", jq,
			szPos("20w 21b 22b 23b 24b", "w off=wwwwb"), 6,
			[]game.Block{{Move: "20-26", Kind: "wall", Wall: "21-24", Rule: "J9"}}},
		{"J9 own pieces never block", jq,
			szPos("11w 12w 13w 14w 20b 22b", "w off=wbbb"), 4, nil},
		{"S11 the unit on 6-8 stops 5-9: no legal move, and the waiting pieces need a 1 (S6)", sz,
			szPos("5w 6b 7b 8b", "w hand=wwwWbB"), 4,
			[]game.Block{{Move: "5-9", Kind: "wall", Wall: "6-8", Rule: "S11"}, {Move: "in-1", Kind: "needs-throw", Throw: 1, Rule: "S6"}}},
		{"S6 the start: every piece waits, and a 2 does not enter", sz,
			".............................. w hand=wwwwWbbbbB", 2,
			[]game.Block{{Move: "in-1", Kind: "needs-throw", Throw: 1, Rule: "S6"}}},
		{"S6 a 1 enters: nothing to explain", sz,
			".............................. w hand=wwwwWbbbbB", 1, nil},
		{"S6 a bonus throw for the piece just entered, blocked by its own piece on 3: a 1 would not enter another either", sz,
			szPos("1w 3w", "w hand=wwWbbbbB bonus=1"), 2, nil},
		{"S6 pieces wait, but one on the board moves: no pass to explain", sz,
			szPos("5w", "w hand=wwwWbbbbB"), 2, nil},
		{"S11, S20 a unit on 28-30 stops bearing off from 26", sz,
			szPos("26W 28b 29b 30b", "w hand=bB off=wwww"), 5,
			[]game.Block{{Move: "26-off", Kind: "wall", Wall: "28-30", Rule: "S11"}}},
		{"S20 an ordinary piece waits for its BA, which needs a 1 to enter (S6)", sz,
			szPos("28w", "w hand=WbbbbB off=www"), 3,
			[]game.Block{{Move: "28-off", Kind: "ba-waits", Rule: "S20"}, {Move: "in-1", Kind: "needs-throw", Throw: 1, Rule: "S6"}}},
		{"S20 the BA waits for its pieces, and the one waiting needs a 1 (S6)", sz,
			szPos("28W", "w hand=wbbbbB off=www"), 3,
			[]game.Block{{Move: "28-off", Kind: "pieces-wait", Rule: "S20"}, {Move: "in-1", Kind: "needs-throw", Throw: 1, Rule: "S6"}}},
		{"S20 nothing waits: the BA bears off", sz,
			szPos("28W", "w hand=bbbbB off=wwww"), 3, nil},
		{"A8 two adjacent pieces of either colour cannot be passed", ak,
			szPos("3b 5b 7b 9b 11w 12b 13w 20w 22w 24w", "w"), 4,
			[]game.Block{{Move: "11-15", Kind: "pair", Wall: "12-13", Rule: "A8"}}},
		{"A14 four opponent pieces are a wall", ak,
			szPos("3w 5w 7w 9w 11w 12b 13b 14b 15b 20b", "w"), 5,
			[]game.Block{{Move: "11-16", Kind: "wall", Wall: "12-15", Rule: "A14"}}},
		{"the start: nothing blocked", jq, "wbwbwbwbw.b................... b opening=w", 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tt.r.Parse(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			got := tt.r.Blocks(p, tt.roll)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Blocks(%s, %d) = %+v, want %+v (moves %v)", tt.pos, tt.roll, got, tt.want, tt.r.Moves(p, tt.roll, nil))
			}
			for _, b := range got {
				m, _ := ParseMove(b.Move)
				if slices.Contains(tt.r.Moves(p, tt.roll, nil), m) {
					t.Errorf("%s is reported blocked but is legal", b.Move)
				}
			}
		})
	}
}

// TestBlocksInPlay: over random games of every ruleset, every move
// reported blocked is illegal, has its rule, and a wall's squares hold a
// run of opponent pieces as long as the ruleset's walls (a pair's: two
// or more pieces side by side) that the move would pass.
func TestBlocksInPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	for name, r := range everyRuleset() {
		seen := 0
		for range 30 {
			p := r.Start()
			for step := 0; step < 400 && !r.Over(p); step++ {
				roll := game.Sample(r.Outcomes(p), rng)
				moves := r.Moves(p, roll, nil)
				for _, b := range r.Blocks(p, roll) {
					seen++
					m, err := ParseMove(b.Move)
					if err != nil || slices.Contains(moves, m) || b.Rule == "" {
						t.Fatalf("%s %s throw %d: %+v is legal, unreadable or has no rule (moves %v)", name, r.Format(p), roll, b, moves)
					}
					checkObstacle(t, name, r, p, roll, m, b)
				}
				p = r.Apply(p, roll, moves[rng.IntN(len(moves))])
			}
		}
		if seen == 0 {
			t.Errorf("%s: no move was ever blocked in 30 random games", name)
		}
	}
}

// checkObstacle checks block b of move m: its squares are on the move's
// way and hold what its kind says.
func checkObstacle(t *testing.T, name string, r *Rules, p Position, roll int, m Move, b game.Block) {
	t.Helper()
	if b.Kind == "needs-throw" {
		// S6: a pass (no move at all) with pieces waiting, and a throw
		// that does not enter them.
		if m.From != 0 || m.To != 1 || roll == b.Throw || p.bonus != 0 || p.Hand(int(p.turn)) == 0 || !onlyPass(r.Moves(p, roll, nil)) {
			t.Fatalf("%s %s throw %d: %+v explains no pass of waiting pieces", name, r.Format(p), roll, b)
		}
		return
	}
	if b.Kind != "wall" && b.Kind != "pair" {
		if m.To != OffSq {
			t.Fatalf("%s %s: %+v does not bear off", name, r.Format(p), b)
		}
		return
	}
	var lo, hi int
	if n, err := fmt.Sscanf(b.Wall, "%d-%d", &lo, &hi); n != 2 || err != nil || hi-lo < 1 {
		t.Fatalf("%s %s: %+v: bad wall", name, r.Format(p), b)
	}
	side := int(p.turn)
	for s := lo; s <= hi; s++ {
		occ := p.occ[side^1]
		if b.Kind == "pair" {
			occ |= p.occ[side]
		}
		if occ&(1<<s) == 0 {
			t.Fatalf("%s %s: %+v: square %d is not part of it", name, r.Format(p), b, s)
		}
	}
	if b.Kind == "wall" && hi-lo+1 < r.WallSize {
		t.Fatalf("%s %s: %+v: shorter than a wall of %d", name, r.Format(p), b, r.WallSize)
	}
	if r.passed(roll, m)&span(lo, hi) == 0 {
		t.Fatalf("%s %s: %+v: not on the way of %s", name, r.Format(p), b, m)
	}
}
