package ludo

import (
	"slices"
	"strings"
	"testing"
)

// TestEffects checks the special rules reported for single moves, for
// the simulation lab's counts.
func TestEffects(t *testing.T) {
	tests := []struct {
		name string
		opts map[string]string
		pos  string
		roll int
		move string
		want []string
	}{
		{"K3 entering, K4 again", nil, "........................................ ..../..../..../.... r", 6, "in-1", []string{"entering (K3)", "roll again after a 6 (K4, H2)"}},
		{"K6 capture", nil, "r.y..................................... ..../..../..../.... r", 2, "1-3", []string{"capture (K6)"}},
		{"K7 into the goal", nil, ".......................................r ..../..../..../.... r", 2, "40-g2", []string{"into the goal (K7)"}},
		{"H3 third six", map[string]string{"three-sixes": "on"}, "....r" + "..................................." + " ..../..../..../.... r sixes=2 last=5", 6, "pass", []string{"third six: turn lost (H3)", "roll lost (pass)"}},
		{"pass", nil, "........................................ ..../..../..../.... r", 3, "pass", []string{"roll lost (pass)"}},
		{"H1 start square safe", map[string]string{"safe-start": "on"}, "g....................................... ..../..../..../.... r", 6, "pass", []string{"roll again after a 6 (K4, H2)", "start square safe (H1)", "roll lost (pass)"}},
		{"H1 off: the 6 captures", nil, "g....................................... ..../..../..../.... r", 6, "in-1", []string{"entering (K3)", "capture (K6)", "roll again after a 6 (K4, H2)"}},
		{"H4 goal bounce", map[string]string{"goal-bounce": "on"}, ".......................................r ..../..../..../.... r", 6, "40-g2", []string{"into the goal (K7)", "roll again after a 6 (K4, H2)", "goal bounce (H4)"}},
		{"H5 another try", map[string]string{"three-tries": "on"}, "........................................ ..../..../..../.... r", 3, "pass", []string{"another try for a 6 (H5)", "roll lost (pass)"}},
		{"H5: the third failure passes the turn", map[string]string{"three-tries": "on"}, "........................................ ..../..../..../.... r tries=2", 3, "pass", []string{"roll lost (pass)"}},
	}
	// A house rule's row only where it is on.
	if got := MustNew("kinevet", nil).EffectNames(); slices.ContainsFunc(got, func(n string) bool { return strings.Contains(n, "(H") && !strings.Contains(n, "K4") }) {
		t.Errorf("without house rules the effects are %q", got)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := MustNew("kinevet", tt.opts)
			p, err := r.Parse(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			m, err := ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(r.Moves(p, tt.roll, nil), m) {
				t.Fatalf("%s is not legal with %d: %v", tt.move, tt.roll, r.Moves(p, tt.roll, nil))
			}
			bits := r.Effects(p, tt.roll, m)
			var got []string
			for i, name := range r.EffectNames() {
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
