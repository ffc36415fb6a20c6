package senet

import (
	"slices"
	"testing"
)

// TestEffects checks the special rules reported for single moves, for
// the simulation lab's counts.
func TestEffects(t *testing.T) {
	jq := MustNew("senet-jequier", nil)
	sz := MustNew("senet-szenet", nil)
	tests := []struct {
		name string
		r    *Rules
		pos  string
		roll int
		move string
		want []string
	}{
		{"J7 attack, J5 extra throw", jq, "wbwbwbwbw.b................... b opening=w", 1, "2-3", []string{"attack (swap)", "extra or bonus throw"}},
		{"J11 drowning, J5 extra throw", jq, ".....b......www...w.b.b..b.bw. b", 1, "26-27", []string{"drowning (27)", "extra or bonus throw"}},
		{"J14 bounce", jq, "....bb..w.ww.bb....ww........b b", 2, "30-28", []string{"bounce at 30"}},
		// A bounce that still ends ahead of where it began (25, 26, 27...
		// 30, 29) is a bounce too: "25-29 with 6" alone reads as a miscount.
		{"J14 bounce ending ahead", jq, "....b...w...............w..... w off=wwwbbbb", 6, "25-29", []string{"bounce at 30", "extra or bonus throw"}},
		{"J10 backward", jq, ".......b..b..b....b...w.wb.ww. w off=w", 3, "25-22", []string{"backward move"}},
		{"J10 backward from 28 (not a bounce), J5 extra throw", jq, "....................b......w.. w off=wwwwbbbb", 4, "28-24", []string{"backward move", "extra or bonus throw"}},
		{"J10 backward past 30 with overshoot=block", MustNew("senet-jequier", map[string]string{"overshoot": "block"}), "....................b.......w. w off=wwwwbbbb", 3, "29-26", []string{"backward move"}},
		{"A16 backward from 29", MustNew("senet-apokrif", nil), "bbwbw...w....b......ww......b. b", 3, "29-26", []string{"backward move"}},
		{"S13 the other side missing its turn is no extra throw", sz, ".....w...............b........ w hand=wwwWbbbB skip=b", 2, "6-8", nil},
		{"S14 bonus throw while the other side is to miss a turn", sz, ".............w.........b...... w hand=wwwWbbbB skip=b", 1, "14-15", []string{"extra or bonus throw"}},
		{"S6 entering", sz, ".............................. w hand=wwwwWbbbbB", 1, "in-1", []string{"entering", "extra or bonus throw"}},
		{"S6 the BA enters last", sz, ".....w...w...w.....w.......... w hand=WbbbbB", 1, "in-1", []string{"entering", "extra or bonus throw", "BA entering (S6)"}},
		{"S17 the BA drowns, its pieces with it", sz, szPos("6w 10w 22W 25w", "w hand=bbbbB off=w"), 5, "22-27", []string{"drowning (27)", "BA drowning (S17)"}},
		{"S17 an ordinary piece drowns alone", sz, szPos("6w 10w 22W 25w", "w hand=bbbbB off=w"), 2, "25-27", []string{"drowning (27)"}},
		{"pass", sz, ".............................. w hand=wwwwWbbbbB", 2, "pass", []string{"throw lost (pass)"}},
		{"A13 the middle of three attacked", MustNew("senet-apokrif", nil), "...w.bbb...................... w off=wwwwbb", 3, "4-7", []string{"attack (swap)", "middle of three attacked (A13)"}},
		{"A10 a lone piece attacked is no triple", MustNew("senet-apokrif", nil), "...w..b....................... w off=wwwwbbbb", 3, "4-7", []string{"attack (swap)"}},
		{"A20 a move ending on 15 throws again", MustNew("senet-apokrif", nil), "...........w.................b w off=wwwwbbbb", 3, "12-15", []string{"extra or bonus throw", "extra throw on 15 (A20)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tt.r.Parse(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			m, err := ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(tt.r.Moves(p, tt.roll, nil), m) {
				t.Fatalf("%s is not legal with %d in %s: %v", tt.move, tt.roll, tt.pos, tt.r.Moves(p, tt.roll, nil))
			}
			bits := tt.r.Effects(p, tt.roll, m)
			var got []string
			for i, name := range tt.r.EffectNames() {
				if bits&(1<<i) != 0 {
					got = append(got, name)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("effects = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestEffectNamesFollowOptions: overshoot=block has no bounce to count.
func TestEffectNamesFollowOptions(t *testing.T) {
	bounce := MustNew("senet-jequier", nil).EffectNames()
	block := MustNew("senet-jequier", map[string]string{"overshoot": "block"}).EffectNames()
	if !slices.Contains(bounce, "bounce at 30") || slices.Contains(block, "bounce at 30") {
		t.Errorf("effects with bounce %q, with block %q", bounce, block)
	}
}
