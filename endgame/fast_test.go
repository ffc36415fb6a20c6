package endgame

import (
	"context"
	"math"
	"testing"
)

// solveValues solves c with opt and returns the unquantized values.
func solveValues(t *testing.T, c *Class, opt Options) []float32 {
	t.Helper()
	s, err := newSolver(c, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.run(context.Background(), opt); err != nil {
		t.Fatal(err)
	}
	return s.vals
}

// TestFastMatchesPlain: the move graph, the analytic self-loops and the
// aggregation steps give the values plain value iteration gives (which
// generates the moves in every sweep and has none of them), to two
// quanta: the plain method's own stopping error on these classes is
// below one quantum.
func TestFastMatchesPlain(t *testing.T) {
	cases := []struct {
		name string
		opts map[string]string
		k    int
	}{
		{"senet-jequier", nil, 1},
		{"senet-jequier", map[string]string{"water": "15", "overshoot": "block"}, 1},
		{"senet-apokrif", nil, 1},
		{"senet-jequier", nil, 2},
	}
	for _, tc := range cases {
		c := mustClass(t, tc.name, tc.opts, tc.k)
		fast := solveValues(t, c, Options{})
		plain := solveValues(t, c, Options{plain: true})
		worst, at := 0.0, 0
		for i := range fast {
			if d := math.Abs(float64(fast[i]) - float64(plain[i])); d > worst {
				worst, at = d, i
			}
		}
		t.Logf("%s K=%d: largest difference %.2g", c.Rules.ID(), tc.k, worst)
		if worst > 2*Quantum {
			i := int64(at)
			t.Errorf("%s K=%d: %s: fast %v, plain %v", c.Rules.ID(), tc.k,
				c.Rules.Format(c.Position(c.layerOf(i), i)), fast[at], plain[at])
		}
	}
}
